package graphfile_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
)

// arcList is g's arcs as "u→v:w" in order of u then v, for comparisons.
func arcList(g *guest.Graph) string {
	var s []string
	for v := range g.Order() {
		var out []string
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			out = append(out, fmt.Sprintf("%d→%d:%v", v, g.Adj[e], g.Volume(int(e))))
		}
		slices.Sort(out)
		s = append(s, out...)
	}
	return strings.Join(s, " ")
}

// checkGraph checks the invariants of every graph a reader returns.
func checkGraph(t testing.TB, g *guest.Graph) {
	t.Helper()
	n := g.Order()
	if n < 1 || g.Offsets[0] != 0 || int(g.Offsets[n]) != len(g.Adj) || g.Weight != nil && len(g.Weight) != len(g.Adj) || g.Kind != guest.Custom {
		t.Fatalf("malformed CSR: %d vertices, offsets %d..%d, %d arcs, %d weights, kind %v", n, g.Offsets[0], g.Offsets[n], len(g.Adj), len(g.Weight), g.Kind)
	}
	last := make([]int32, n) // last[u] = v+1 once v→u is seen
	for v := range n {
		if g.Offsets[v] > g.Offsets[v+1] {
			t.Fatalf("offsets decrease at %d", v)
		}
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			u := g.Adj[e]
			if u < 0 || int(u) >= n || int(u) == v || last[u] == int32(v)+1 {
				t.Fatalf("arc %d→%d out of range, a self-loop or twice", v, u)
			}
			last[u] = int32(v) + 1
			if w := g.Volume(int(e)); !(w > 0) || math.IsInf(w, 1) {
				t.Fatalf("arc %d→%d has volume %v", v, u, w)
			}
		}
	}
}

var readTests = []struct {
	name, format, in string
	n                int
	arcs             string
	warnings         []string
}{
	// METIS: the triangle of the METIS 5 manual's figure 7(a), then weights
	{"metis triangle", "metis", "3 3\n2 3\n1 3\n1 2\n", 3, "0→1:1 0→2:1 1→0:1 1→2:1 2→0:1 2→1:1", nil},
	{"metis comments, blank vertex, no final newline", "metis", "% mesh\n\n3 1\n% vertex 1\n2\n1\n\n", 3, "0→1:1 1→0:1", nil},
	{"metis edge weights", "metis", "3 2 1\n2 5\n1 5 3 7\n2 7\n", 3, "0→1:5 1→0:5 1→2:7 2→1:7", nil},
	{"metis fmt 011", "metis", "3 2 011\n4 2 5\n1 1 5 3 7\n9 2 7\n", 3, "0→1:5 1→0:5 1→2:7 2→1:7",
		[]string{"vertex sizes and weights are read but not used: each vertex is one process"}},
	{"metis fmt 111 ncon 2", "metis", "2 1 111 2\n1 4 4 2 3\n1 0 0 1 3\n", 2, "0→1:3 1→0:3",
		[]string{"vertex sizes and weights are read but not used: each vertex is one process"}},
	{"metis sizes that number the lines, as Chaco's vertex numbers", "metis", "3 2 101\n1 2 4\n2 1 4 3 1\n3 2 1\n", 3, "0→1:4 1→0:4 1→2:1 2→1:1",
		[]string{"vertex sizes and weights are read but not used: each vertex is one process",
			"fmt 101: every vertex line starts with its own vertex number (1, 2, …), as in a Chaco graph, where fmt 1xx means vertex numbers; read as METIS, they are taken for vertex sizes. If it is a Chaco graph, name it: chaco"}},
	{"metis sizes that number all but one line", "metis", "3 2 100\n1 2\n2 1 3\n2 2\n", 3, "0→1:1 1→0:1 1→2:1 2→1:1",
		[]string{"vertex sizes and weights are read but not used: each vertex is one process"}},
	{"chaco as Scotch writes it", "metis", "3\t2\t000\n2\n1\t3\n2\n", 3, "0→1:1 1→0:1 1→2:1 2→1:1", nil},
	{"metis after a UTF-8 byte order mark", "metis", "\xEF\xBB\xBF2 1\n2\n1\n", 2, "0→1:1 1→0:1", nil},
	{"metis CRLF and tabs", "metis", "2 1\r\n2\t\r\n\t1\r\n", 2, "0→1:1 1→0:1", nil},
	{"metis parallel entries add up", "metis", "2 2 1\n2 1 2 2\n1 3 1 0\n", 2, "0→1:3 1→0:3",
		[]string{"1 entry of volume 0 ignored, the first on line 3"}},
	{"metis asymmetric", "metis", "3 2 1\n2 4\n3 1 1 2\n2 1\n", 3, "0→1:4 1→0:2 1→2:1 2→1:1",
		[]string{"2 neighbour entries have no reverse entry of the same weight (the first: vertex 1 on line 2 lists 2); each entry is read as the volume its vertex sends"}},
	{"metis one-sided entry", "metis", "3 1\n3\n\n2\n", 3, "0→2:1 2→1:1",
		[]string{"2 neighbour entries have no reverse entry of the same weight (the first: vertex 1 on line 2 lists 3); each entry is read as the volume its vertex sends"}},
	{"metis self-loop", "metis", "2 2\n1 2\n1 2\n", 2, "0→1:1 1→0:1",
		[]string{"2 self-loops dropped, the first on line 2: a process sending to itself uses no network"}},
	{"metis no edges", "metis", "4 0\n\n\n\n\n", 4, "", nil},
	{"metis last lines blank and dropped", "metis", "4 1\n2\n1", 4, "0→1:1 1→0:1",
		[]string{"the input ends after 2 of the 4 vertex lines: the last 2 vertices have no neighbours"}},
	{"metis last line dropped", "metis", "3 1\n2\n1\n", 3, "0→1:1 1→0:1",
		[]string{"the input ends after 2 of the 3 vertex lines: the last 1 vertex has no neighbours"}},

	// Chaco: METIS's lines, vertex numbers for fmt 1xx, real edge weights
	{"chaco without numbers, blank vertex", "chaco", "# mesh\n3 1\n2\n1\n\n", 3, "0→1:1 1→0:1", nil},
	{"chaco vertex numbers as gcv -oc writes them", "chaco", "3\t2\t100\n1\t2\n2\t1\t3\n3\t2\n", 3, "0→1:1 1→0:1 1→2:1 2→1:1", nil},
	{"chaco numbers, vertex and real edge weights", "chaco", "3 2 111\n1 5 2 2.5\n% a comment\n2 5 1 2.5 3 7\n\n3 9 2 7\n", 3, "0→1:2.5 1→0:2.5 1→2:7 2→1:7",
		[]string{"vertex weights are read but not used: each vertex is one process"}},
	{"chaco a vertex's neighbours over lines that repeat its number", "chaco", "3 3 110\n1 8 2\n1 3\n2 8 1\n2 3\n3 8 1 2\n", 3, "0→1:1 0→2:1 1→0:1 1→2:1 2→0:1 2→1:1",
		[]string{"vertex weights are read but not used: each vertex is one process"}},
	{"chaco isolated numbered vertices", "chaco", "3 0 100\n1\n2\n3\n", 3, "", nil},
	{"chaco edge weight 0 ignored", "chaco", "2 1 1\n2 0\n1 0.0\n", 2, "",
		[]string{"2 entries of volume 0 ignored, the first on line 2"}},

	// Scotch: the cube of the Scotch manual, then loads and labels
	{"scotch cube", "scotch", "0\n8 24\n0 000\n3 4 2 1\n3 5 3 0\n3 6 0 3\n3 7 1 2\n3 0 6 5\n3 1 7 4\n3 2 4 7\n3 3 5 6\n", 8,
		"0→1:1 0→2:1 0→4:1 1→0:1 1→3:1 1→5:1 2→0:1 2→3:1 2→6:1 3→1:1 3→2:1 3→7:1 4→0:1 4→5:1 4→6:1 5→1:1 5→4:1 5→7:1 6→2:1 6→4:1 6→7:1 7→3:1 7→5:1 7→6:1", nil},
	{"scotch base 1, free layout", "scotch", "0\n3 4\n1 000\n1 2 2 1\n3 1\n2", 3, "0→1:1 1→0:1 1→2:1 2→1:1",
		[]string{"the file numbers its vertices from 1; topomap numbers them from 0 (vertex k is the file's k+1), and so do its scotch mapping files: Scotch's tools read them against this graph as topomap writes it (format scotch: baseval 0)"}},
	{"scotch edge and vertex loads", "scotch", "0\n2 2\n0 011\n7 1 9 1\n7 1 9 0\n", 2, "0→1:9 1→0:9",
		[]string{"vertex loads are read but not used: each vertex is one process"}},
	{"scotch labels are ranks", "scotch", "0\n3 4\n0 100\n2 1 1\n1 2 2 0\n0 1 1\n", 3, "0→1:1 1→0:1 1→2:1 2→1:1", nil},
	// as a mapping file's vertex numbers are read: labels 1 to n, from 1
	{"scotch labels from 1 in base 0", "scotch", "0\n3 4\n0 100\n2 2 3 1\n3 1 2\n1 1 2\n", 3, "0→1:1 1→0:1 1→2:1 2→1:1",
		[]string{"the file numbers its vertices from 1; topomap numbers them from 0 (vertex k is the file's k+1), and so do its scotch mapping files: Scotch's tools read them against this graph as topomap writes it (format scotch: baseval 0)"}},
	{"scotch other labels", "scotch", "0\n2 2\n1 100\n10 1 20\n20 1 10\n", 2, "0→1:1 1→0:1",
		[]string{"the labels are not 0 to 1 or 1 to 2: vertices are numbered in file order"}},
	{"scotch asymmetric labels", "scotch", "0\n3 2\n0 110\n2 1 5 1\n1 0\n0 1 4 1\n", 3, "0→1:4 2→1:5",
		[]string{"2 arcs have no reverse entry of the same weight (the first: vertex 0 on line 6 lists 1); each entry is read as the volume its vertex sends"}},

	// Matrix Market
	{"mtx general", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n% traffic\n3 3 3\n1 2 2.5\n2 1 1e3\n3 1 0.125\n", 3, "0→1:2.5 1→0:1000 2→0:0.125", nil},
	{"mtx symmetric integer", "matrixmarket", "%%matrixmarket MATRIX Coordinate integer symmetric\n3 3 3\n2 1 4\n3 3 9\n\n3 2 1\n", 3, "0→1:4 1→0:4 1→2:1 2→1:1",
		[]string{"1 self-loop dropped, the first on line 4: a process sending to itself uses no network"}},
	{"mtx pattern general, duplicate entries", "matrixmarket", "%%MatrixMarket matrix coordinate pattern general\n2 2 3\n1 2\n1 2\n2 1\n", 2, "0→1:2 1→0:1", nil},
	{"mtx symmetric upper triangle", "matrixmarket", "%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 3\n", 2, "0→1:3 1→0:3", nil},
	{"mtx symmetric both triangles", "matrixmarket", "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n2 1 3\n1 2 3\n", 2, "0→1:6 1→0:6",
		[]string{"the symmetric matrix has entries on both sides of the diagonal (lines 3 and 4): each stands for both directions, so a pair given on both sides counts twice"}},
	{"mtx zero entries", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 0\n2 1 0.0\n", 2, "",
		[]string{"2 entries of volume 0 ignored, the first on line 3"}},

	// dense
	{"dense", "dense", "# TreeMatch\n0 10 0\n5 0 1.5\n\n0 0 0\n", 3, "0→1:10 1→0:5 1→2:1.5",
		[]string{"a dense 3×3 matrix holds 9 numbers for 3 arcs: a sparse format (Matrix Market, METIS, CSV) grows with the arcs, not with N²"}},
	{"dense diagonal", "dense", "7 1\n1 0\n", 2, "0→1:1 1→0:1",
		[]string{"a dense 2×2 matrix holds 4 numbers for 2 arcs: a sparse format (Matrix Market, METIS, CSV) grows with the arcs, not with N²",
			"1 self-loop dropped, the first on line 1: a process sending to itself uses no network"}},
	{"dense 1x1", "dense", "0\n", 1, "",
		[]string{"a dense 1×1 matrix holds 1 number for 0 arcs: a sparse format (Matrix Market, METIS, CSV) grows with the arcs, not with N²"}},

	// GOAL (LogGOPSim): the sends are the volumes
	{"goal ring", "goal", "// one exchange\nnum_ranks 3\nrank 0 {\n  l1: send 8b to 1 tag 0\n  l2: recv 4b from 2\n  l3: calc 100 cpu 0\n  calc 0\n  l3 requires l2\n}\nrank 1 { /* a comment\n over lines */\nl1: send 8 b to 2 tag -1 cpu 1 nic 0\nl2: recv 8b from -1\nl2 irequires l1\n}\nrank 2 {\nsend 4b to 0\nsend 2b to 0\nrecv 8b from 1\n}\n", 3, "0→1:8 1→2:8 2→0:6",
		[]string{"the receives total 20 bytes and the sends 22: the volumes are the sends'"}},
	{"goal comments longer than a field, glued to words", "goal", "/" + strings.Repeat("*", 80) + "/\nnum_ranks 2 // the count\nrank 0 {/* open */\nsend 3b to 1// glued\n/*" + strings.Repeat("-", 70) + "\n*/}\n", 2, "0→1:3", nil},
	{"goal blocks on one line, ranks silent, zero bytes", "goal", "num_ranks 4\nrank 0 {\nsend 0b to 1\n} rank 3 {\nsend 1b to 0\n}\n", 4, "3→0:1",
		[]string{"1 entry of volume 0 ignored, the first on line 3"}},

	// CSV
	{"csv with header", "csv", "src,dst,volume\n0,1,10\n1,0,2.5\n2,0,1\n0,1,5\n", 3, "0→1:15 1→0:2.5 2→0:1", nil},
	{"csv without header, spaces, quotes, comments", "csv", "# from a trace\n 0 , 3 , 1\r\n\n\"3\",\"0\",\"2\"\n", 4, "0→3:1 3→0:2", nil},
	{"csv two columns", "csv", "from,to\n0,1\n1,0\n", 2, "0→1:1 1→0:1", nil},
	{"edges with tabs and a header", "edges", "src\tdst\tvolume\n0\t1\t2\n1 0  2\n% comment\n2 1 4\n", 3, "0→1:2 1→0:2 2→1:4", nil},
	{"edges numbered from 1", "edges", "1 2 3\n2 1 3\n", 2, "0→1:3 1→0:3",
		[]string{"numbered from 1: no line names process 0, so process k is read as vertex k-1 (2 vertices, 0 to 1), not as 3 with an isolated vertex 0"}},
	{"csv self-loop and zero", "csv", "0,0,4\n0,1,0\n1,0,1\n", 2, "1→0:1",
		[]string{"1 self-loop dropped, the first on line 1: a process sending to itself uses no network", "1 entry of volume 0 ignored, the first on line 2"}},
}

func TestRead(t *testing.T) {
	for _, tt := range readTests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := graphfile.Read(strings.NewReader(tt.in), graphfile.Options{Format: tt.format})
			if err != nil {
				t.Fatal(err)
			}
			checkGraph(t, res.Graph)
			if res.Format != tt.format || res.Graph.Order() != tt.n || arcList(res.Graph) != tt.arcs {
				t.Errorf("got %s, %d vertices, arcs %q\nwant %s, %d vertices, arcs %q", res.Format, res.Graph.Order(), arcList(res.Graph), tt.format, tt.n, tt.arcs)
			}
			if !slices.Equal(res.Warnings, tt.warnings) {
				t.Errorf("warnings %q\nwant %q", res.Warnings, tt.warnings)
			}
		})
	}
}

// TestReadDetected reads every table input again without naming its
// format: the content alone must tell it, but for the formats no content
// tells (Chaco's is METIS's).
func TestReadDetected(t *testing.T) {
	for _, tt := range readTests {
		if f, _ := graphfile.Lookup(tt.format); f.Sniff == nil {
			continue
		}
		res, err := graphfile.Read(strings.NewReader(tt.in), graphfile.Options{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if res.Format != tt.format {
			t.Errorf("%s: detected %s, want %s", tt.name, res.Format, tt.format)
		}
	}
}

// TestUnitVolumes: unweighted inputs give a nil Weight like the generated
// guests; one volume other than 1 keeps them all.
func TestUnitVolumes(t *testing.T) {
	for in, unit := range map[string]bool{"2 1\n2\n1\n": true, "2 1 1\n2 1\n1 1\n": true, "2 1 1\n2 3\n1 3\n": false} {
		res, err := graphfile.Read(strings.NewReader(in), graphfile.Options{Format: "metis"})
		if err != nil {
			t.Fatal(err)
		}
		if (res.Graph.Weight == nil) != unit {
			t.Errorf("%q: Weight %v", in, res.Graph.Weight)
		}
	}
}

var errorTests = []struct {
	name, format, in, want string
	tooLarge               bool
}{
	// choosing the format
	{"unknown format", "gml", "x", `unknown format "gml"; known: goal, matrixmarket, scotch, csv, edges, dense, metis, chaco`, false},
	{"empty", "", " \n\n", "the input is empty", false},
	{"empty after a byte order mark", "", "\xEF\xBB\xBF", "the input is empty", false},
	{"gzip", "", "\x1f\x8b\x08\x00\x00\x00", "the input is compressed with gzip; decompress it first", false},
	{"gzip named", "metis", "\x1f\x8b\x08\x00\x00\x00", "the input is compressed with gzip; decompress it first", false},
	{"undetectable", "", "hello world\n", "cannot tell the format from the content; name it: goal, matrixmarket, scotch, csv, edges, dense, metis, chaco", false},

	// GOAL
	{"goal no num_ranks", "goal", "// empty\n", "GOAL schedule: no num_ranks line: a schedule starts with num_ranks N", false},
	{"goal rank before num_ranks", "goal", "rank 0 {\n}\n", "GOAL schedule, line 1, field 1: a rank block before num_ranks: a schedule starts with num_ranks N", false},
	{"goal zero ranks", "goal", "num_ranks 0\n", "GOAL schedule, line 1, field 2: expected the number of ranks, at least 1, got 0", false},
	{"goal two counts", "goal", "num_ranks 2\nnum_ranks 3\n", "GOAL schedule, line 2, field 2: num_ranks says 3, but an earlier line said 2", false},
	{"goal operation outside a block", "goal", "num_ranks 2\nsend 8b to 1\n", `GOAL schedule, line 2, field 1: expected num_ranks, rank or }, got "send": operations belong in a rank block`, false},
	{"goal destination out of range", "goal", "num_ranks 2\nrank 0 {\nsend 8b to 2\n}\n", `GOAL schedule, line 3, field 4: expected the destination rank from 0 to 1, got "2"`, false},
	{"goal rank out of range", "goal", "num_ranks 2\nrank 2 {\n}\n", `GOAL schedule, line 2, field 2: expected a rank from 0 to 1, got "2"`, false},
	{"goal size without b", "goal", "num_ranks 2\nrank 0 {\nsend 8 to 1\n}\n", `GOAL schedule, line 3, field 2: expected a size in bytes such as 8b, got "8"`, false},
	{"goal negative size", "goal", "num_ranks 2\nrank 0 {\nsend -8b to 1\n}\n", `GOAL schedule, line 3, field 2: expected a size in bytes (an integer from 0 to 2^53), got "-8"`, false},
	{"goal recv to", "goal", "num_ranks 2\nrank 0 {\nrecv 8b to 1\n}\n", `GOAL schedule, line 3, field 3: expected from, got "to"`, false},
	{"goal send to any", "goal", "num_ranks 2\nrank 0 {\nsend 8b to -1\n}\n", `GOAL schedule, line 3, field 4: expected the destination rank from 0 to 1, got "-1"`, false},
	{"goal options out of order", "goal", "num_ranks 2\nrank 0 {\nsend 8b to 1 cpu 0 tag 1\n}\n", `GOAL schedule, line 3, field 7: expected nic or the end of the line, got "tag"`, false},
	{"goal two operations on a line", "goal", "num_ranks 2\nrank 0 {\nl1: calc 5 l2: calc 6\n}\n", `GOAL schedule, line 3, field 4: expected cpu or the end of the line, got "l2"`, false},
	{"goal two statements on a line", "goal", "num_ranks 2\nrank 0 {\nl1 requires l0 l2\n}\n", `GOAL schedule, line 3, field 4: expected the end of the line (one operation a line), got "l2"`, false},
	{"goal dependency without label", "goal", "num_ranks 2\nrank 0 {\nl1 requires\n}\n", "GOAL schedule, line 3, field 2: expected a label after requires, got the end of the line", false},
	{"goal unknown word", "goal", "num_ranks 2\nrank 0 {\nbarrier\n}\n", `GOAL schedule, line 3, field 1: expected : (a label), requires or irequires after "barrier", got the end of the line`, false},
	{"goal nested block", "goal", "num_ranks 2\nrank 0 {\nrank 1 {\n}\n", "GOAL schedule, line 3, field 1: rank inside the block of rank 0, opened on line 2: a } is missing", false},
	{"goal stray brace", "goal", "num_ranks 2\n}\n", "GOAL schedule, line 2, field 1: this } closes no rank block", false},
	{"goal unclosed block", "goal", "num_ranks 2\nrank 1 {\nsend 1b to 0\n", "GOAL schedule, line 2: the block of rank 1 is not closed: a } is missing", false},
	{"goal stray slash", "goal", "num_ranks 2\nrank 0 {\nsend 8b/ to 1\n}\n", "GOAL schedule, line 3: a / that starts no comment (// or /*)", false},
	{"goal slash at the end", "goal", "num_ranks 2\n/", "GOAL schedule, line 2: a / that starts no comment (// or /*)", false},
	{"goal unclosed comment", "goal", "num_ranks 2\n/* rank 0 {\n", "GOAL schedule, line 2: a /* comment is not closed", false},

	// METIS header
	{"metis only comments", "metis", "% nothing\n", `METIS graph, line 1: expected the header "n m [fmt [ncon]]", the input holds only comments`, false},
	{"metis empty", "metis", "", `METIS graph: expected the header "n m [fmt [ncon]]", the input is empty`, false},
	{"metis one field", "metis", "3\n", "METIS graph, line 1, field 2: expected the number of edges m, the line ends", false},
	{"metis n not a number", "metis", "% c\nthree 2\n", `METIS graph, line 2, field 1: expected the number of vertices n (an integer ≥ 0), got "three"`, false},
	{"metis n negative", "metis", "-3 2\n", `METIS graph, line 1, field 1: expected the number of vertices n (an integer ≥ 0), got "-3"`, false},
	{"metis n zero", "metis", "0 0\n", "METIS graph, line 1, field 1: a graph needs at least one vertex, the header says 0", false},
	{"metis fmt", "metis", "3 2 2\n", `METIS graph, line 1, field 3: expected fmt, up to three digits 0 or 1 (vertex sizes, vertex weights, edge weights), got "2"`, false},
	{"metis fmt 1000", "metis", "3 2 1000\n", `METIS graph, line 1, field 3: expected fmt, up to three digits 0 or 1 (vertex sizes, vertex weights, edge weights), got "1000"`, false},
	{"metis ncon without weights", "metis", "3 2 1 2\n", "METIS graph, line 1, field 4: ncon is given, but fmt 1 says the vertices have no weights", false},
	{"metis five fields", "metis", "3 2 1 1 7\n", `METIS graph, line 1, field 4: ncon is given, but fmt 1 says the vertices have no weights`, false},
	{"metis five fields with weights", "metis", "3 2 10 1 7\n", `METIS graph, line 1, field 5: expected at most four fields n m fmt ncon, got "7"`, false},
	{"metis long field", "metis", "3 " + strings.Repeat("9", 70) + "\n", `METIS graph, line 1, field 2: expected the number of edges m (an integer ≥ 0), got "` + strings.Repeat("9", 64) + `…" (longer than 64 characters)`, false},
	{"metis huge number", "metis", "3 99999999999999999999\n", `METIS graph, line 1, field 2: expected the number of edges m (an integer ≥ 0), got "99999999999999999999"`, false},

	// METIS vertex lines
	{"metis neighbour out of range", "metis", "3 1\n2\n1 4\n\n", `METIS graph, line 3, field 2: expected a neighbour from 1 to 3, got "4"`, false},
	{"metis neighbour 0", "metis", "3 1\n0\n", `METIS graph, line 2, field 1: expected a neighbour from 1 to 3, got "0"`, false},
	{"metis neighbour real", "metis", "3 1\n2.0\n", `METIS graph, line 2, field 1: expected a neighbour from 1 to 3, got "2.0"`, false},
	{"metis missing edge weight", "metis", "2 1 1\n2 3\n1\n", "METIS graph, line 3, field 2: expected the weight of the edge to 1, the line ends", false},
	{"metis negative edge weight", "metis", "2 1 1\n2 -3\n1 3\n", `METIS graph, line 2, field 2: expected the weight of the edge to 2 (an integer from 0 to 2^53), got "-3"`, false},
	{"metis real edge weight", "metis", "2 1 1\n2 1.5\n1 3\n", `METIS graph, line 2, field 2: expected the weight of the edge to 2 (an integer from 0 to 2^53), got "1.5"`, false},
	{"metis missing vertex size", "metis", "2 1 100\n\n", "METIS graph, line 2, field 1: expected the size of vertex 1, the line ends", false},
	{"metis missing vertex weight", "metis", "2 1 10 2\n1 2\n1\n", "METIS graph, line 3, field 2: expected a weight of vertex 2, the line ends", false},
	{"metis too few lines", "metis", "3 2\n2\n1\n", "METIS graph, line 4: expected 3 vertex lines after the header, the input ends after 2", false},
	{"metis too many lines", "metis", "2 1\n2\n1\n\n% end\n1\n", "METIS graph, line 6: the header says 2 vertices, this line is one too many", false},
	{"metis more entries than the header says", "metis", "% c\n3 1\n2 3\n1\n", "METIS graph, line 4, field 1: the header says 1 edge, so 2 neighbour entries, and this is one more", false},
	{"metis lines lost", "metis", "3 2\n", "METIS graph, line 2: expected 3 vertex lines after the header, the input ends after 0", false},
	{"metis edges counted twice", "metis", "2 2\n2\n1\n", "METIS graph, line 1, field 2: the header says 2 edges, so 4 neighbour entries, but the vertex lines hold 2; the header counts each edge once, and each edge is listed on both of its vertices' lines", false},
	{"metis one-sided edge", "metis", "3 2\n2 3\n1\n\n", "METIS graph, line 1, field 2: the header says 2 edges, so 4 neighbour entries, but the vertex lines hold 3; an odd count means some edge is listed on one line only", false},

	// Chaco
	{"chaco empty", "chaco", "% nothing\n", `Chaco graph, line 1: expected the header "n m [fmt]", the input holds only comments`, false},
	{"chaco ncon", "chaco", "3 2 10 1\n", `Chaco graph, line 1, field 4: expected at most three fields n m fmt, got "1"; ncon, the number of weights of a METIS graph's vertices, has no place in a Chaco graph: a METIS graph is read as format metis`, false},
	{"chaco fmt", "chaco", "3 2 200\n", `Chaco graph, line 1, field 3: expected fmt, up to three digits 0 or 1 (vertex numbers, vertex weights, edge weights), got "200"`, false},
	{"chaco first number not 1", "chaco", "2 1 100\n2 1\n1 2\n", `Chaco graph, line 2, field 1: expected the number of vertex 1, got "2": the vertex lines start with their vertex's number, in order from 1 (a line that repeats the number before goes on with that vertex's neighbours)`, false},
	{"chaco number skipped", "chaco", "3 1 100\n1 3\n% c\n3 1\n", `Chaco graph, line 4, field 1: expected the number of vertex 2, or 1 going on with the neighbours of vertex 1, got "3": the vertex lines start with their vertex's number, in order from 1 (a line that repeats the number before goes on with that vertex's neighbours)`, false},
	{"chaco number not an integer", "chaco", "2 1 100\n1 2\nv2 1\n", `Chaco graph, line 3, field 1: expected the number of vertex 2, or 1 going on with the neighbours of vertex 1, got "v2": the vertex lines start with their vertex's number, in order from 1 (a line that repeats the number before goes on with that vertex's neighbours)`, false},
	{"chaco one vertex too many", "chaco", "2 1 100\n1 2\n2 1\n\n3\n", `Chaco graph, line 5, field 1: expected 2, going on with the neighbours of vertex 2, the last of the header's 2 vertices, got "3": the vertex lines start with their vertex's number, in order from 1 (a line that repeats the number before goes on with that vertex's neighbours)`, false},
	{"chaco numbered lines missing", "chaco", "3 1 100\n1 2\n", "Chaco graph, line 3: expected 3 vertex lines after the header, the input ends after 1", false},
	{"chaco missing vertex weight", "chaco", "2 1 110\n1\n", "Chaco graph, line 2, field 2: expected a weight of vertex 1, the line ends", false},
	{"chaco missing edge weight", "chaco", "2 1 101\n1 2 1.5\n2 1\n", "Chaco graph, line 3, field 3: expected the weight of the edge to 1, the line ends", false},
	{"chaco negative edge weight", "chaco", "2 1 1\n2 -1\n1 1\n", `Chaco graph, line 2, field 2: expected the weight of the edge to 2 (a finite number ≥ 0), got "-1"`, false},
	{"chaco neighbour out of range", "chaco", "2 1 100\n1 3\n2 1\n", `Chaco graph, line 2, field 2: expected a neighbour from 1 to 2, got "3"`, false},
	{"chaco more entries than the header says", "chaco", "2 1 100\n1 2\n1 2\n2 1\n", "Chaco graph, line 4, field 2: the header says 1 edge, so 2 neighbour entries, and this is one more", false},

	// Scotch
	{"scotch version", "scotch", "1\n2 2\n0 000\n", `Scotch graph, line 1, field 1: expected the version number 0, got "1"`, false},
	{"scotch truncated header", "scotch", "0\n2", "Scotch graph, line 2, field 2: expected the number of arcs, the input ends", false},
	{"scotch flag", "scotch", "0\n2 2\n0 002\n", `Scotch graph, line 3, field 2: expected the flag, three digits 0 or 1 (labels, edge loads, vertex loads), got "002"`, false},
	{"scotch neighbour", "scotch", "0\n2 2\n1 000\n1 2\n1 0\n", `Scotch graph, line 5, field 2: expected a neighbour from 1 to 2, got "0"`, false},
	{"scotch degree beyond arcs", "scotch", "0\n2 2\n0 000\n3 1 1 1\n", "Scotch graph, line 4, field 1: vertex 0 has degree 3, but only 2 of the header's 2 arcs are left", false},
	{"scotch fewer arcs", "scotch", "0\n2 4\n0 000\n1 1\n1 0\n", "Scotch graph, line 2, field 2: the header says 4 arcs, but the degrees add up to 2", false},
	{"scotch truncated", "scotch", "0\n3 4\n0 000\n1 1\n2 0", "Scotch graph, line 5, field 3: expected a neighbour of vertex 1, the input ends", false},
	{"scotch fewer arcs, free layout", "scotch", "0 2\n4 0\n000 1 1 1 0\n", "Scotch graph, line 2, field 1: the header says 4 arcs, but the degrees add up to 2", false},
	{"scotch base", "scotch", "0\n2 2\n-1 000\n", `Scotch graph, line 3, field 1: expected the base value (an integer ≥ 0), got "-1"`, false},
	{"scotch trailing", "scotch", "0\n2 2\n0 000\n1 1\n1 0\n7\n", "Scotch graph, line 6, field 1: expected the end of the input after the 2 vertices", false},
	{"scotch duplicate label", "scotch", "0\n2 2\n0 100\n5 1 5\n5 1 5\n", "Scotch graph, line 5, field 1: label 5 is already the label of the vertex on line 4", false},
	{"scotch unknown label", "scotch", "0\n2 2\n0 100\n5 1 6\n6 1 7\n", "Scotch graph, line 5: vertex 6 lists the label 7, which no vertex has", false},
	{"scotch missing edge load", "scotch", "0\n2 2\n0 010\n1 4", "Scotch graph, line 4, field 3: expected a neighbour of vertex 0, the input ends", false},

	// Matrix Market
	{"mtx banner", "matrixmarket", "%%MatrixMarket matrix coordinate real\n", `Matrix Market file, line 1, field 5: expected the banner "%%MatrixMarket matrix coordinate real|integer|pattern general|symmetric", the line ends`, false},
	{"mtx not a banner", "matrixmarket", "3 3 1\n", `Matrix Market file, line 1, field 1: expected the banner %%MatrixMarket, got "3"`, false},
	{"mtx array", "matrixmarket", "%%MatrixMarket matrix array real general\n", `Matrix Market file, line 1, field 3: expected the format "coordinate" (a dense matrix is read as the "dense" format), got "array"`, false},
	{"mtx complex", "matrixmarket", "%%MatrixMarket matrix coordinate complex general\n", `Matrix Market file, line 1, field 4: expected the field "real", "integer" or "pattern" (volumes are real numbers ≥ 0), got "complex"`, false},
	{"mtx skew", "matrixmarket", "%%MatrixMarket matrix coordinate real skew-symmetric\n", `Matrix Market file, line 1, field 5: expected the symmetry "general" or "symmetric" (volumes are ≥ 0), got "skew-symmetric"`, false},
	{"mtx vector", "matrixmarket", "%%MatrixMarket vector coordinate real general\n", `Matrix Market file, line 1, field 2: expected the object "matrix", got "vector"`, false},
	{"mtx no size line", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n% only\n", `Matrix Market file, line 2: expected the size line "rows columns entries", the input ends`, false},
	{"mtx not square", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n3 4 0\n", "Matrix Market file, line 2: the matrix is 3×4: a communication graph needs a square matrix, one row and one column per process", false},
	{"mtx empty matrix", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n0 0 0\n", "Matrix Market file, line 2, field 1: a graph needs at least one vertex, the matrix is 0×0", false},
	{"mtx size line extra", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1 1\n", `Matrix Market file, line 2, field 4: expected the size line "rows columns entries", got the extra field "1"`, false},
	{"mtx row", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n", `Matrix Market file, line 3, field 1: expected the row from 1 to 2, got "3"`, false},
	{"mtx column", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 x 1\n", `Matrix Market file, line 3, field 2: expected the column from 1 to 2, got "x"`, false},
	{"mtx missing value", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n", "Matrix Market file, line 3, field 3: expected the value of entry (1,2), the line ends", false},
	{"mtx negative", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 -1\n", `Matrix Market file, line 3, field 3: expected the volume of entry (1,2) (a finite number ≥ 0), got "-1"`, false},
	{"mtx NaN", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 NaN\n", `Matrix Market file, line 3, field 3: expected the volume of entry (1,2) (a finite number ≥ 0), got "NaN"`, false},
	{"mtx Inf", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 Inf\n", `Matrix Market file, line 3, field 3: expected the volume of entry (1,2) (a finite number ≥ 0), got "Inf"`, false},
	{"mtx integer field", "matrixmarket", "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 1.5\n", `Matrix Market file, line 3, field 3: expected the volume of entry (1,2) (an integer from 0 to 2^53), got "1.5"`, false},
	{"mtx pattern with value", "matrixmarket", "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2 1\n", `Matrix Market file, line 3, field 3: expected i j (the matrix is a pattern), got the extra field "1"`, false},
	{"mtx too few entries", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 1\n", "Matrix Market file, line 4: expected 2 entries after the size line, the input ends after 1", false},
	{"mtx too many entries", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1\n2 1 1\n", "Matrix Market file, line 4: the size line says 1 entry, this line is one too many", false},

	// dense
	{"dense none", "dense", "# nothing\n", "dense matrix, line 1: expected a row of volumes, the input holds none", false},
	{"dense short row", "dense", "0 1 2\n1 0\n", "dense matrix, line 2, field 3: row 2 has 2 numbers, expected 3 like the first row", false},
	{"dense long row", "dense", "0 1\n1 0 2\n", "dense matrix, line 2, field 3: row 2 has more than 2 numbers, the length of the first row", false},
	{"dense missing row", "dense", "0 1\n", "dense matrix, line 2: expected 2 rows, as many as the first row has numbers, the input ends after 1", false},
	{"dense extra row", "dense", "0 1\n1 0\n1 1\n", "dense matrix, line 3: the matrix has 2 columns, so 2 rows; this line is one too many", false},
	{"dense negative", "dense", "0 -1\n1 0\n", `dense matrix, line 1, field 2: expected a volume (a finite number ≥ 0), got "-1"`, false},
	{"dense word", "dense", "0 1\n1 x\n", `dense matrix, line 2, field 2: expected a volume (a finite number ≥ 0), got "x"`, false},

	// CSV
	{"csv none", "csv", "src,dst,volume\n", "CSV edge list, line 1: expected lines src,dst,volume, the input holds none", false},
	{"csv one column", "csv", "0\n", "CSV edge list, line 1: expected 2 or 3 columns src,dst[,volume], got 1", false},
	{"csv four columns", "csv", "0,1,2,3\n", "CSV edge list, line 1, field 4: expected 2 or 3 columns src,dst[,volume], got more", false},
	{"csv ragged", "csv", "src,dst,volume\n0,1,2\n1,0\n", "CSV edge list, line 3: expected 3 columns like the first line, got 2", false},
	{"csv negative process", "csv", "0,-1,2\n", `CSV edge list, line 1, field 2: expected the destination process dst (an integer ≥ 0), got "-1"`, false},
	{"csv empty field", "csv", "0,,2\n", "CSV edge list, line 1, field 2: expected the destination process dst (an integer ≥ 0), got an empty field", false},
	{"csv bad volume", "csv", "#c\n0,1,lots\n", `CSV edge list, line 2, field 3: expected the volume (a finite number ≥ 0), got "lots"`, false},
	{"csv volumes overflow", "csv", "0,1,1e308\n1,0,1\n0,1,1e308\n", "CSV edge list: the volumes between two processes add up to more than 1.8e308, the largest number", false},
	{"csv first edge written as floats", "csv", "0.0,1.0,1000\n0,2,1\n2,3,1\n", `CSV edge list, line 1, field 1: expected the source process src (an integer ≥ 0), got "0.0"`, false},
	{"csv first line of names and a number", "csv", "src,1,volume\n0,1,2\n", `CSV edge list, line 1, field 1: expected the source process src (an integer ≥ 0), got "src"; the first line is read as an edge, not as a header of column names, because field 2 ("1") is a number`, false},
	{"edges first edge written as floats", "edges", "0.0 1.0 1000\n1 2 1\n", `edge list, line 1, field 1: expected the source process src (an integer ≥ 0), got "0.0"`, false},
	{"csv header after data", "csv", "0,1,2\nsrc,dst,volume\n", `CSV edge list, line 2, field 1: expected the source process src (an integer ≥ 0), got "src"`, false},
}

func TestReadErrors(t *testing.T) {
	for _, tt := range errorTests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := graphfile.Read(strings.NewReader(tt.in), graphfile.Options{Format: tt.format})
			if err == nil {
				t.Fatalf("read %d vertices, want the error %q", res.Graph.Order(), tt.want)
			}
			var e *graphfile.Error
			if !errors.As(err, &e) || err.Error() != tt.want {
				t.Errorf("error %q (%T)\nwant %q", err, err, tt.want)
			}
			if errors.Is(err, graphfile.ErrTooLarge) != tt.tooLarge {
				t.Errorf("errors.Is(err, ErrTooLarge) = %v", !tt.tooLarge)
			}
		})
	}
}

// small caps for the tests of the limits
var small = graphfile.Limits{MaxVertices: 10, MaxArcs: 20}

var limitTests = []struct {
	name, format, in string
	lim              graphfile.Limits
	want             string
}{
	{"goal ranks above the cap", "goal", "num_ranks 11\n", small, "GOAL schedule, line 1, field 2: num_ranks says 11 ranks, more than the cap of 10"},
	{"goal labels above the cap", "goal", goalChain(21, false), small, "GOAL schedule, line 23: more than 20 labels and dependencies in one rank's block, the cap"},
	{"metis 10^12 vertices", "metis", "1000000000000 1000000000000\n", graphfile.Limits{}, "METIS graph, line 1, field 1: the header says 1,000,000,000,000 vertices, more than the cap of 4,194,304"},
	{"metis above the guests' limit", "metis", "16777217 0\n", graphfile.Limits{MaxVertices: 1 << 30}, "METIS graph, line 1, field 1: the header says 16,777,217 vertices, more than the cap of 16,777,216"},
	{"metis vertices", "metis", "11 0\n", small, "METIS graph, line 1, field 1: the header says 11 vertices, more than the cap of 10"},
	{"metis edges", "metis", "10 11\n", small, "METIS graph, line 1, field 2: the header says 11 edges, more than the cap of 20 arcs"},
	{"scotch vertices", "scotch", "0 11 0 0 000", small, "Scotch graph, line 1, field 2: the header says 11 vertices, more than the cap of 10"},
	{"scotch arcs", "scotch", "0\n2 21\n", small, "Scotch graph, line 2, field 2: the header says 21 arcs, more than the cap of 20"},
	{"mtx rows", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n11 11 0\n", small, "Matrix Market file, line 2, field 1: the matrix has 11 rows, more than the cap of 10 vertices"},
	{"mtx entries", "matrixmarket", "%%MatrixMarket matrix coordinate real general\n10 10 21\n", small, "Matrix Market file, line 2, field 3: the size line says 21 entries, more than the cap of 20 arcs"},
	{"mtx symmetric entries", "matrixmarket", "%%MatrixMarket matrix coordinate real symmetric\n10 10 11\n", small, "Matrix Market file, line 2, field 3: the size line says 11 entries, more than the cap of 20 arcs"},
	{"dense row", "dense", strings.Repeat("1 ", 11), small, "dense matrix, line 1, field 11: the first row has more than 10 numbers, the cap of vertices"},
	{"csv process", "csv", "0,10,1\n", small, "CSV edge list, line 1, field 2: process 10 is above the cap of 10 vertices"},
	{"csv arcs", "csv", strings.Repeat("0,1,1\n", 21), small, "CSV edge list, line 21: more than 20 arcs, the cap"},
}

func TestLimits(t *testing.T) {
	for _, tt := range limitTests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := graphfile.Read(strings.NewReader(tt.in), graphfile.Options{Format: tt.format, Limits: tt.lim})
			var e *graphfile.Error
			if !errors.As(err, &e) || !errors.Is(err, graphfile.ErrTooLarge) || err.Error() != tt.want {
				t.Errorf("error %v\nwant %q wrapping ErrTooLarge", err, tt.want)
			}
		})
	}
}

// TestHugeHeaderAllocates: a header's claims cost nothing until the lines
// that back them are read.
func TestHugeHeaderAllocates(t *testing.T) {
	for _, in := range []string{
		"4194304 8388608\n2\n",
		"0 4194304 16777216 0 000 3",
		"%%MatrixMarket matrix coordinate real general\n4194304 4194304 16777216\n1 2 3\n",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := graphfile.Read(strings.NewReader(in), graphfile.Options{}); err == nil {
			t.Fatalf("%q: no error", in)
		}
		runtime.ReadMemStats(&after)
		allocs := after.TotalAlloc - before.TotalAlloc
		if allocs > 1<<20 {
			t.Errorf("%q: %d bytes allocated", in, allocs)
		}
	}
}

// failing is a reader that breaks after its content.
type failing struct{ s *strings.Reader }

var errBroken = errors.New("connection reset")

func (f failing) Read(p []byte) (int, error) {
	if n, _ := f.s.Read(p); n > 0 {
		return n, nil
	}
	return 0, errBroken
}

// TestReaderError: the reader's own error comes back as it is, not as a
// syntax error of a truncated file.
func TestReaderError(t *testing.T) {
	for _, tt := range readTests {
		in := tt.in[:len(tt.in)/2]
		_, err := graphfile.Read(failing{strings.NewReader(in)}, graphfile.Options{Format: tt.format})
		var e *graphfile.Error
		if !errors.Is(err, errBroken) || errors.As(err, &e) {
			t.Errorf("%s: error %v, want %v", tt.name, err, errBroken)
		}
	}
	if _, err := graphfile.Read(failing{strings.NewReader("")}, graphfile.Options{}); !errors.Is(err, errBroken) {
		t.Errorf("detecting: error %v, want %v", err, errBroken)
	}
}

// TestChunking reads every table input with lexer buffers of a few
// bytes, and through readers that return one byte, half of what is asked,
// or the end with the last data: fields that span two reads must give the
// same graphs, warnings and errors.
func TestChunking(t *testing.T) {
	outcome := func(r io.Reader, format string) string {
		res, err := graphfile.Read(r, graphfile.Options{Format: format})
		if err != nil {
			return err.Error()
		}
		return fmt.Sprint(res.Format, res.Graph.Order(), arcList(res.Graph), res.Warnings)
	}
	type input struct{ name, format, in string }
	var inputs []input
	for _, tt := range readTests {
		inputs = append(inputs, input{tt.name, tt.format, tt.in}, input{tt.name + " detected", "", tt.in})
	}
	for _, tt := range errorTests {
		inputs = append(inputs, input{tt.name, tt.format, tt.in})
	}
	want := make([]string, len(inputs))
	for i, in := range inputs {
		want[i] = outcome(strings.NewReader(in.in), in.format)
	}
	readers := map[string]func(io.Reader) io.Reader{
		"one byte": iotest.OneByteReader, "half": iotest.HalfReader, "data with EOF": iotest.DataErrReader,
	}
	for _, size := range []int{1, 2, 3, 7, 64} {
		restore := graphfile.SetLexBuffer(size)
		for name, wrap := range readers {
			for i, in := range inputs {
				if got := outcome(wrap(strings.NewReader(in.in)), in.format); got != want[i] {
					t.Errorf("%s, buffer of %d, %s reader: %s\nwant %s", in.name, size, name, got, want[i])
				}
			}
		}
		restore()
	}
}

// blanks is an endless input of spaces: a lexer never finds its end.
type blanks struct{}

func (blanks) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestReadContext: an input without end is read until the context is
// done, and its error comes back.
func TestReadContext(t *testing.T) {
	for format, start := range map[string]string{
		"metis": "% c\n", "scotch": "0\n", "matrixmarket": "%%MatrixMarket matrix coordinate real general\n", "dense": "# c\n", "csv": "# c\n",
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		_, err := graphfile.ReadContext(ctx, io.MultiReader(strings.NewReader(start), blanks{}), graphfile.Options{Format: format})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: error %v, want %v", format, err, context.DeadlineExceeded)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := graphfile.ReadContext(ctx, strings.NewReader("2 1\n2\n1\n"), graphfile.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
}
