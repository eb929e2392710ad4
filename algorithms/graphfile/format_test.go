package graphfile_test

import (
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
)

func TestByExtension(t *testing.T) {
	for name, want := range map[string]string{
		"4elt.graph": "metis", "/data/mesh.METIS": "metis", "a.chaco": "chaco",
		"cube.grf": "scotch", `C:\graphs\cube.src`: "scotch",
		"traffic.mtx": "matrixmarket", "t.mm": "matrixmarket",
		"comm.csv": "csv", "treematch.mat": "dense", "m.dense": "dense",
		"notes.txt": "", "graph": "", "4elt.graph.gz": "", "": "", ".graph/x": "",
	} {
		f, ok := graphfile.ByExtension(name)
		if ok != (want != "") || f.Name != want {
			t.Errorf("ByExtension(%q) = %q, %v; want %q", name, f.Name, ok, want)
		}
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]string{
		"metis": "metis", "METIS": "metis", "graph": "metis", ".grf": "scotch", "mtx": "matrixmarket",
		"matrixmarket": "matrixmarket", "csv": "csv", "dense": "dense", "mat": "dense",
		"chaco": "chaco", ".chaco": "chaco", "txt": "", "": "", "gml": "",
	} {
		f, ok := graphfile.Lookup(name)
		if ok != (want != "") || f.Name != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", name, f.Name, ok, want)
		}
	}
}

func TestByMediaType(t *testing.T) {
	for mt, want := range map[string]string{
		"text/csv": "csv", "text/csv; charset=utf-8": "csv", "TEXT/CSV": "csv",
		"text/x-metis-graph": "metis", "text/x-chaco-graph": "chaco", "text/x-scotch-graph": "scotch",
		"text/x-matrix-market": "matrixmarket", "text/x-dense-matrix": "dense",
		"text/plain": "", "application/octet-stream": "", "": "", ";;": "",
	} {
		f, ok := graphfile.ByMediaType(mt)
		if ok != (want != "") || f.Name != want {
			t.Errorf("ByMediaType(%q) = %q, %v; want %q", mt, f.Name, ok, want)
		}
	}
}

// TestTable: every format has a unique name, extensions and media type,
// a reader and a sniffer, but Chaco, whose content is METIS's; those of
// the package doc are all writable.
func TestTable(t *testing.T) {
	seen := map[string]string{}
	for _, f := range graphfile.Formats() {
		if f.Name == "" || f.Title == "" || f.MediaType == "" || f.Read == nil || (f.Sniff == nil) != (f.Name == "chaco") || f.Write == nil || len(f.Extensions) == 0 {
			t.Errorf("%q: incomplete entry %+v", f.Name, f)
		}
		for _, k := range append([]string{f.Name, f.MediaType}, f.Extensions...) {
			if other, dup := seen[k]; dup {
				t.Errorf("%q is claimed by %s and %s", k, other, f.Name)
			}
			seen[k] = f.Name
		}
		for _, e := range f.Extensions {
			if !strings.HasPrefix(e, ".") || strings.ToLower(e) != e {
				t.Errorf("%s: extension %q, want lower case with a dot", f.Name, e)
			}
		}
	}
	if got := graphfile.Names(); !slices.Equal(got, []string{"goal", "matrixmarket", "scotch", "csv", "edges", "dense", "metis", "chaco"}) {
		t.Errorf("Names() = %v", got)
	}
}

func TestRegisterTwice(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	graphfile.Register(graphfile.Format{Name: "csv"})
}

var detectTests = []struct {
	name, head string
	whole      bool
	want       string
}{
	{"metis header", "7434 43031\n59 742", false, "metis"},
	{"metis with fmt and ncon", "% c\n3 2 011 1\n", true, "metis"},
	{"metis path of 3", "3 2\n2\n1 3\n2\n", true, "metis"},
	{"metis ring lines like a 2×2 matrix", "2 1\n2\n1\n", true, "metis"},
	{"metis 3x3 lines", "2 2 1\n2 5 2 1\n1 5 1 1\n", true, "metis"},
	{"metis header only seen", "5 4", false, ""},
	{"scotch", "0\n8 24\n0 000\n3 4 2 1\n", false, "scotch"},
	{"scotch on one line looks dense", "0 3 4 1 000 1 2", true, "dense"},
	{"scotch header only", "0\n3 0\n1 000\n", true, "scotch"},
	{"scotch header cut", "0\n8 24\n0 000", false, ""},
	{"mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n", false, "matrixmarket"},
	{"mtx lower case", "%%matrixmarket matrix", false, "matrixmarket"},
	{"csv header", "src,dst,volume\n0,1,5\n", false, "csv"},
	{"csv two columns", "# trace\n0,1\n", true, "csv"},
	{"csv four columns", "0,1,2,3\n", true, ""},
	{"csv header only", "src,dst,bytes\n", true, ""},
	{"csv header cut", "src,dst,bytes\n0,1", false, ""},
	{"csv real volume", "0,1,2.5e3\n", true, "csv"},
	{"csv word volume", "0,1,x\n", true, ""},
	{"a METIS comment with commas", "% 4 vertices, 4 edges, fmt 1\n4 4 1\n", true, "metis"},
	{"prose with commas", "hello, world\n", true, ""},
	{"dense 2x2", "0 5\n5 0\n", true, "dense"},
	{"dense 3x3", "0 1 1\n1 0 1\n1 1 0\n", true, "dense"},
	{"dense 4x4 with a zero first row entry", "0 1 1 0\n1 0 1 1\n1 1 0 1\n0 1 1 0\n", true, "dense"},
	{"dense wide, cut", "0 1 2 3 4 5 6\n1 0 2 3 4 5 6\n1 2 0 3", false, "dense"},
	{"dense reals", "0 0.5\n", false, "dense"},
	{"dense ragged", "0 1 2 3 4 5\n1 2\n", true, ""},
	{"words", "hello world\n", true, ""},
	{"empty", "", true, ""},
}

func TestDetect(t *testing.T) {
	for _, tt := range detectTests {
		f, ok := graphfile.Detect([]byte(tt.head), tt.whole)
		if ok != (tt.want != "") || f.Name != tt.want {
			t.Errorf("%s: Detect = %q, %v; want %q", tt.name, f.Name, ok, tt.want)
		}
	}
}

// TestReadChooses: an explicit format wins over the name, the name over
// the content.
func TestReadChooses(t *testing.T) {
	const metisText = "2 1\n2\n1\n"
	for _, tt := range []struct {
		opt  graphfile.Options
		want string
	}{
		{graphfile.Options{}, "metis"},
		{graphfile.Options{Name: "x.txt"}, "metis"},
		{graphfile.Options{Name: "x.graph"}, "metis"},
		{graphfile.Options{Name: "x.mtx"}, "Matrix Market file, line 1, field 1: expected the banner %%MatrixMarket, got \"2\""},
		{graphfile.Options{Name: "x.mtx", Format: "metis"}, "metis"},
		{graphfile.Options{Format: "csv"}, "CSV edge list, line 1: expected 2 or 3 columns src,dst[,volume], got 1"},
	} {
		res, err := graphfile.Read(strings.NewReader(metisText), tt.opt)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = res.Format
		}
		if got != tt.want {
			t.Errorf("%+v: %s, want %s", tt.opt, got, tt.want)
		}
	}
}
