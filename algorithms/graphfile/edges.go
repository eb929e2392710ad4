package graphfile

import (
	"io"

	"topomap/algorithms/guest"
)

const edgesTitle = "edge list"

// edgeList is an edge list separated by blanks: lines "src dst volume"
// (spaces or tabs), read as csv reads its lines (0-based processes, or
// numbered from 1 when none is 0; an optional header; a missing volume
// means one unit); '#' and '%' start comment lines. It is told from a
// dense matrix by its 2 or 3 columns over more lines, and from a METIS
// file whose lines have 2 or 3 numbers by the count of lines the METIS
// header would promise.
var edgeList = Format{
	Name:       "edges",
	Title:      edgesTitle,
	Extensions: []string{".edges", ".el"},
	MediaType:  "text/x-edge-list",
	Sniff:      sniffEdges,
	Read:       readEdges,
	Write:      writeEdges,
}

func readEdges(r io.Reader, opt Options) (*guest.Graph, []string, error) {
	return readEdgeList(newParser(r, edgesTitle, opt.Limits, "#%"))
}

// sniffEdges accepts lines of 2 or 3 blank-separated numbers (every line
// as many, the first two integers ≥ 0), after an optional header, that
// are not a k×k dense matrix nor a METIS file of n+1 lines.
func sniffEdges(head []byte, whole bool) bool {
	lines, header, complete := edgeLines(head, whole)
	if lines == nil || !header && complete && len(lines) == len(lines[0]) {
		return false // a k×k dense matrix
	}
	n, _ := atoi(lines[0][0])
	return header || !(complete && sniffMETIS(head, whole) && int64(len(lines)) == n+1)
}

// squareEdgeList returns k when head, a whole input, is k lines of k
// numbers (k 2 or 3, no header) that read as an edge list too: a dense
// k×k matrix to the sniffers, which a reader should be told; 0 else.
func squareEdgeList(head []byte) int {
	lines, header, complete := edgeLines(head, true)
	if lines == nil || header || !complete || len(lines) != len(lines[0]) {
		return 0
	}
	return len(lines)
}

// edgeLines returns the lines of head, after an optional header, when
// they read as an edge list: at least 2 of 2 or 3 numbers each, as many
// on every line, the first two integers ≥ 0; nil when they do not.
func edgeLines(head []byte, whole bool) (lines [][][]byte, header, complete bool) {
	lines, complete = headLines(head, whole, "#%", false)
	if !complete && len(lines) > 1 {
		lines = lines[:len(lines)-1] // the last may continue past head
	}
	header = len(lines) > 0 && len(lines[0]) >= 2 && len(lines[0]) <= 3 && isHeader(lines[0])
	if header {
		lines = lines[1:]
	}
	if len(lines) < 2 {
		return nil, header, complete
	}
	k := len(lines[0])
	for _, l := range lines {
		src, ok1 := atoi(l[0])
		dst, ok2 := atoi(l[min(1, len(l)-1)])
		if k < 2 || k > 3 || len(l) != k || !ok1 || !ok2 || src < 0 || dst < 0 || k == 3 && !isNumber(l[2]) {
			return nil, header, complete
		}
	}
	return lines, header, complete
}

// writeEdges writes the header "src dst volume" and one line per arc.
func writeEdges(w io.Writer, g *guest.Graph) error {
	bw := newWriter(w)
	bw.str("src dst volume\n")
	for v := 0; v < g.Order() && bw.err == nil; v++ {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			bw.int(v).sp().int(int(g.Adj[e])).sp().num(g.Volume(int(e))).nl()
		}
	}
	return bw.flush()
}
