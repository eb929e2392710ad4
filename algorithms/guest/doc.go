// Package guest owns the communication graphs of parallel programs: the
// d-cube of "d-cube algorithms" (FFT, bitonic sort), 2-D and 3-D object
// grids with a 4- or 6-neighbour stencil (optionally periodic), and
// arbitrary weighted graphs.
//
// Every guest is a Graph in compressed sparse row (CSR) form: vertex v's
// neighbours are Adj[Offsets[v]:Offsets[v+1]], with the message volume of
// each arc in Weight (nil means every arc carries one unit) and a small label
// per arc in Label (the hypercube dimension, or the grid axis, used to colour
// drawings and to compute per-dimension distances). Volumes are directed
// (see Communication graphs below): arc v→u carries w(v→u), the volume v
// sends to u. Every undirected edge is stored as two arcs of the same
// volume; a graph built by FromArcs may have arcs whose reverse is absent
// or carries another volume. Vertex indices follow the product
// convention: a grid object (i1,...,ic) of an (O1,...,Oc) grid has index
// i1 + O1*(i2 + ...); a d-cube vertex's index is its label.
//
// Guest kinds that a spec string names are registered with Register (a
// name, the form of the strings, a parser, the canonical form, the order,
// a builder and examples, and what metrics read in closed form: the
// dimensions, diameter and bandwidth); Parse, which package spec calls,
// reads the registry, and a Spec describes a guest without building it. A
// new kind is one file and one registration line in kinds.go.
//
// The weighted graph is the kind "graph": graph:ID names a graph read
// from a file, ID the content hash of its canonical form (Canonical: arcs
// sorted, volumes explicit), so the same graph in any file format has one
// id. The package does no I/O: the caller's Resolver (the server's store,
// the command line's file loader, the page's fetch) attaches the graph to
// the Spec (Spec.Resolve) before Build. Such a graph has no dimensions.
//
// # Communication graphs
//
// A communication graph has n vertices, the processes (ranks 0..n−1), and
// directed volumes w(u→v) ≥ 0: bytes, or any unit the user chooses (a
// message count times a size). An undirected edge {u, v} of weight w
// means w(u→v) = w(v→u) = w. A self-loop carries no network traffic: it
// is dropped, and the readers say how many were. Parallel edges add up.
// Package metric's hop-bytes weigh each ordered pair's hops by w(u→v);
// the d-cube and grid guests are the special case of unit volumes both
// ways along their edges. Package graphfile reads and writes these
// graphs in the field's file formats.
package guest
