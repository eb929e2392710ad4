// Package graphfile reads and writes communication graphs in the file
// formats of the field: METIS/Chaco, Scotch source graphs (.grf), Matrix
// Market coordinate matrices, TreeMatch's dense N×N matrices and CSV edge
// lists src,dst,volume. The definitions are MACHINES.md §1 and FORMATS.md.
//
// Every format reads into a guest.Graph with directed volumes, w(u→v) on
// arc u→v: an undirected edge {u,v} of weight w (METIS, Scotch, a
// symmetric matrix) is two arcs of volume w, self-loops are dropped and
// counted (a process sending to itself uses no network), parallel arcs add
// up, and entries of volume 0 are no arcs. What was dropped or guessed
// comes back as warnings for people, beside the graph.
//
// The formats are one table (Formats) in the style of image.RegisterFormat:
// name, extensions, media type, reader, writer and content sniffer. Read
// takes the format from Options.Format, else from the extension of
// Options.Name, else from the content. The package is pure: it reads an
// io.Reader and writes an io.Writer, opens no file, and builds for
// GOOS=js GOARCH=wasm, so the browser parses uploads with the same code.
//
// Malformed input never panics: it gives an *Error naming the line, the
// field where useful, and what was expected, in words for the person who
// wrote the file. Resources are bounded: a header that claims more
// vertices or arcs than Options.Limits allow fails before anything is
// allocated (the error wraps ErrTooLarge), memory stays within the caps
// whatever the lines' lengths, and time is linear in the input;
// ReadContext also stops when its context is done.
//
// Formats that store undirected integer weights (METIS, Scotch) cannot be
// written from a directed graph or non-integer volumes; their writers say
// so rather than change the graph. Matrix Market, CSV and dense writers
// take any graph (dense ones up to MaxDenseOrder vertices), and every
// writer's output reads back to the same graph, but that a CSV edge list
// cannot hold the processes after the last one that communicates.
package graphfile
