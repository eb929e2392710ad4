package graphfile

const chacoTitle = "Chaco graph"

// chaco is the Chaco graph format (Chaco 2 user's guide, "Input file
// formats"): METIS's header and vertex lines, but the header is "n m
// [fmt]" (no ncon) and fmt 1xx starts each vertex line with the vertex's
// number: in order from 1, and a line that repeats the number before goes
// on with that vertex's neighbours. fmt x1x gives each vertex one weight
// (on its first line), xx1 each neighbour an edge weight, which may be
// real. Lines starting with '%' or '#' are comments; without vertex
// numbers a blank line is a vertex without neighbours, with them it is
// nothing. Its content cannot be told from METIS's: only a name selects it.
var chaco = Format{
	Name:       "chaco",
	Title:      chacoTitle,
	Extensions: []string{".chaco"},
	MediaType:  "text/x-chaco-graph",
	Read:       chacoDialect.read,
	Write:      chacoDialect.write,
}

// chacoDialect is how Chaco reads and writes the adjacency files.
var chacoDialect = adjacency{
	title:     chacoTitle,
	comments:  "%#",
	header:    `"n m [fmt]"`,
	fields:    "three fields n m fmt",
	fmtDigits: "vertex numbers, vertex weights, edge weights",
	numbered:  true,
	real:      true,
}
