// Package graphfile reads and writes communication graphs in the file
// formats of the field: METIS, Chaco, Scotch source graphs (.grf), Matrix
// Market coordinate matrices, TreeMatch's dense N×N matrices, edge lists
// src,dst,volume (CSV or blank-separated) and LogGOPSim's GOAL
// schedules; the section Formats below defines each.
//
// Every format reads into a guest.Graph with directed volumes, w(u→v) on
// arc u→v (package guest's doc, section Communication graphs): an
// undirected edge {u,v} of weight w (METIS, Scotch, a symmetric matrix)
// is two arcs of volume w, self-loops are dropped and counted (a process
// sending to itself uses no network), parallel arcs add up, and entries
// of volume 0 are no arcs. What was dropped or guessed comes back as
// warnings for people, beside the graph.
//
// The formats are one table (Formats) in the style of image.RegisterFormat:
// name, extensions, media type, reader, writer and content sniffer. Read
// takes the format from Options.Format, else from the extension of
// Options.Name, else from the content. The package is pure: it reads an
// io.Reader and writes an io.Writer and opens no file. The server parses
// every upload; the browser's client links no codec.
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
// written from a directed graph or non-integer volumes, Chaco (undirected,
// real weights) from a directed graph, nor GOAL, whose
// sizes are whole bytes, from non-integer volumes; their writers say so
// rather than change the graph. Matrix Market, CSV and dense writers
// take any graph (dense ones up to MaxDenseOrder vertices), and every
// writer's output reads back to the same graph, but that an edge list (CSV
// or blank-separated) cannot hold the processes after the last one that
// communicates, nor a silent process 0 (the list then reads as numbered
// from 1).
//
// # Formats
//
//   - metis (.graph, .metis; METIS 5 manual §4.1.1): a header "n m
//     [fmt [ncon]]", m counting undirected edges, then one line per vertex
//     listing its 1-based neighbours; fmt's digits say whether a line
//     starts with the vertex's size (1xx) and its ncon weights (x1x), and
//     whether each neighbour is followed by the edge's integer weight
//     (xx1). '%' starts a comment; a blank line is a vertex without
//     neighbours. When every line starts with its own vertex number (1,
//     2, …) under fmt 1xx, as a Chaco graph's do, a warning says so and
//     how to name the format chaco: the content alone never tells them
//     apart, so a .graph file is read as METIS.
//   - chaco (.chaco; Chaco 2 user's guide, "Input file formats"): METIS's
//     layout with a header "n m [fmt]" (no ncon); fmt's digits say whether
//     a line starts with the vertex's number (1xx) and its one weight
//     (x1x), and whether each neighbour is followed by the edge's weight
//     (xx1), which may be real. The numbers run in order from 1; a line
//     that repeats the number before goes on with that vertex's neighbours
//     (a blank line is then nothing; without numbers it is a vertex
//     without neighbours). '%' and '#' start comments. Scotch's gcv -oc
//     writes it, with numbers when its graph has labels (Chaco wants them
//     in order); only a name or the extension selects it.
//   - scotch (.grf, .src; Scotch manual, "Graph files"): the version 0,
//     "vertnbr arcnbr" (arcs count each edge twice), "baseval flag" (the
//     flag's three digits: labels, edge loads, vertex loads, as in 000,
//     011, 100), then per vertex "[label] [vload] degree {[eload] end}";
//     only the order of the numbers matters, not the line breaks.
//   - matrixmarket (.mtx, .mm; Matrix Market coordinate): the banner
//     "%%MatrixMarket matrix coordinate real|integer|pattern
//     general|symmetric", '%' comments, "rows columns entries", then one
//     1-based "i j [value]" per entry. A general matrix holds directed
//     volumes, entry (i,j) = w(i→j); a symmetric one stores each pair
//     once; a pattern entry is one unit.
//   - dense (.mat, .dense; TreeMatch's communication matrix): N lines of
//     N numbers, line i the volumes process i sends, w(i→j) in column j.
//     Its size grows with N², so reading one warns.
//   - csv (.csv, an edge list): lines "src,dst,volume" of 0-based
//     processes, each w(src→dst) (directed), after an optional header of
//     column names (a first line with no number in any field, whatever
//     its letters; a line with a number in it is an edge); a missing
//     volume means one unit. A list that names no process 0 is
//     read as numbered from 1 (process k is vertex k−1), with a warning,
//     rather than given an isolated vertex 0.
//   - edges (.edges, .el): the same edge list with blanks between the
//     columns, "src dst volume"; '#' and '%' start comments.
//   - goal (.goal; LogGOPSim's GOAL, as its txt2bin reads it): "num_ranks
//     N", then blocks "rank r {" … "}" of one operation a line: "[label:]
//     send Sb to t [tag x] [cpu c] [nic n]", "[label:] recv Sb from s
//     …", "[label:] calc T [cpu c]", "l1 requires l2", "l1 irequires
//     l2"; "//" and "/* … */" are comments. The volumes are the sends':
//     w(r→t) adds up the bytes rank r sends t. Receives, computations and
//     dependencies are checked but carry no volume (a warning says when
//     the receives' bytes differ from the sends'): each rank has one
//     block, a label names one operation of its block, a dependency names
//     labels defined above it in that block (as txt2bin resolves them),
//     and a rank's dependencies form no cycle. Written, a graph is one
//     exchange: each rank sends its arcs' bytes and receives its in-arcs'.
//
// Formats() gives each one's exact name, extensions and media type. Every
// syntax error names the line and what was expected there.
package graphfile
