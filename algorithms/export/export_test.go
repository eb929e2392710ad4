package export_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// result builds a solved instance by hand (no registered algorithm needed).
func result(t testing.TB, g, h, algo string, place []int) *solve.Result {
	t.Helper()
	in := spec.Instance{Algo: algo, Seed: 3}
	var err error
	if in.Guest, err = spec.ParseGuest(g); err != nil {
		t.Fatal(err)
	}
	if in.Host, err = spec.ParseHost(h); err != nil {
		t.Fatal(err)
	}
	gr, hr, err := solve.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	m := &mapping.Mapping{Guest: gr, Host: hr, Place: place}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return &solve.Result{
		Instance:  in,
		Algorithm: solve.Algorithm{Name: algo, Notes: solve.Notes{Title: "Hand-made", Confidence: "V"}},
		Mapping:   m,
		Metrics:   metric.Evaluate(m),
		Seconds:   0.25,
	}
}

func write(t *testing.T, format string, r *solve.Result) string {
	t.Helper()
	var b bytes.Buffer
	if err := export.Write(&b, format, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTextStatesTheRunTimeOnlyOnRequest: the text report names the
// mapper's run time only when asked (the CLI's map, a stored job), so
// that an answer computed on request repeats byte for byte.
func TestTextStatesTheRunTimeOnlyOnRequest(t *testing.T) {
	for _, runTime := range []bool{false, true} {
		var b bytes.Buffer
		if err := export.WriteWith(&b, "text", twisted(t), export.Options{RunTime: runTime}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "\ntime              250 ms\n"); got != runTime {
			t.Errorf("RunTime %v: the report states the time: %v\n%s", runTime, got, b.String())
		}
	}
}

// twisted is the 2-cube on a 2x2 mesh with vertex 2 on node 3 = (1,1)
// and 3 on (0,1): D_0 = 1, D_1 = 2.
func twisted(t testing.TB) *solve.Result {
	return result(t, "hypercube:2", "mesh:2x2", "twist", []int{0, 1, 3, 2})
}

func TestGolden(t *testing.T) {
	xorRing := result(t, "hypercube:3", "ring:8", "xor", []int{0, 1, 2, 3, 6, 7, 4, 5})
	tests := []struct {
		name, format string
		r            *solve.Result
		want         string
	}{
		{"csv", "csv", twisted(t), "vertex,node,x1,x2,g1,g2\n0,0,0,0,0,0\n1,1,1,0,1,0\n2,3,1,1,0,1\n3,2,0,1,1,1\n"},
		{"csv 1-D", "csv", xorRing, "vertex,node,x1,g1,g2,g3\n0,0,0,0,0,0\n1,1,1,1,0,0\n2,2,2,0,1,0\n3,3,3,1,1,0\n4,6,6,0,0,1\n5,7,7,1,0,1\n6,4,4,0,1,1\n7,5,5,1,1,1\n"},
		{"rankorder", "rankorder", twisted(t), "# MPICH_RANK_ORDER for hypercube:2 on mesh:2x2: ranks in host node order\n0,1,3,2\n"},
		{"scotch", "scotch", twisted(t), "4\n0\t0\n1\t1\n2\t3\n3\t2\n"},
		{"text 2-D", "text", twisted(t), `hypercube:2 on mesh:2x2 by twist (Hand-made, confidence V)
hop-bytes         12
hops per byte     1.5000
dilation          max 2, average 1.5000, lower bound 1
distances D_i     1 2 (constant, D_a = 1.5000)
lower bound       1.0000
  neighbourhood   1.0000  (all mappings)
  standard-mesh   1.0000  (constant-distance embeddings)
link loads        max 2, average 1.5, Σ squares 20, 8 of 8 links used, lower bound 1 (dimension-order routing)
placement (guest vertex on each host node; x to the right, y upwards):
y=1  | 3 2
y=0  | 0 1
`},
		{"text 1-D", "text", xorRing, `hypercube:3 on ring:8 by xor (Hand-made, confidence V)
hop-bytes         40
hops per byte     1.6667
dilation          max 2, average 1.6667, lower bound 2
distances D_i     1 2 2 (constant, D_a = 1.6667)
lower bound       1.3333
  neighbourhood   1.3333  (all mappings)
  xor-ring        1.6667  (constant-distance embeddings)
link loads        max 3, average 2.5, Σ squares 104, 16 of 16 links used, lower bound 2 (dimension-order routing)
placement (host nodes left to right):
 0 1 2 3 6 7 4 5
`},
		{"text 3-D, not constant", "text", result(t, "grid:2x2x2", "mesh:2x2x2", "swap", []int{1, 0, 2, 3, 4, 5, 6, 7}), `grid:2x2x2 on mesh:2x2x2 by swap (Hand-made, confidence V)
hop-bytes         32
hops per byte     1.3333
dilation          max 2, average 1.3333, lower bound 1
distances D_i     1 ~1.50 ~1.50 (not constant; ~ marks means)
lower bound       1.0000
  neighbourhood   1.0000  (all mappings)
estimate          affine 3.0000 (from the sources, not a bound: a mapping may beat it)
link loads        max 3, average 1.333, Σ squares 52, 24 of 24 links used, lower bound 1 (dimension-order routing)
placement (vertex: host coordinates):
0: [1 0 0]
1: [0 0 0]
2: [0 1 0]
3: [1 1 0]
4: [0 0 1]
5: [1 0 1]
6: [0 1 1]
7: [1 1 1]
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := write(t, tt.format, tt.r); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestRankOrderLines(t *testing.T) {
	// 32 ranks in reverse on line:32, 16 ranks per line
	place := make([]int, 32)
	for v := range place {
		place[v] = 31 - v
	}
	r := result(t, "hypercube:5", "line:32", "reverse", place)
	want := "# MPICH_RANK_ORDER for hypercube:5 on line:32: ranks in host node order\n" +
		"31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16\n" +
		"15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0\n"
	if got := write(t, "rankorder", r); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestRankOrderHoles (issues 10 and 14): a host larger than the guest
// leaves slots empty, which an MPICH_RANK_ORDER file cannot express:
// grid:3x2 onto mesh:4x2 by step leaves nodes 3 and 7 empty, and
// rankorder used to print 0,1,2,3,4,5 (ranks 3-5 shifted off their nodes
// 4-6). It is refused with a message naming the formats that can, as a
// field error on "format"; the other formats still work, and mapfile
// says where every rank is.
func TestRankOrderHoles(t *testing.T) {
	in, err := spec.ParseQuery(map[string][]string{"guest": {"grid:3x2"}, "host": {"mesh:4x2"}, "algo": {"step"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := solve.Map(t.Context(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = export.Write(&buf, "rankorder", r)
	if spec.FieldOf(err) != "format" || !strings.Contains(err.Error(), "leaves 2 of the 8 host slots empty") || !strings.Contains(err.Error(), "use json, csv, scotch, mapfile, rankfile or slurm") || buf.Len() != 0 {
		t.Fatalf("rankorder with holes: %v (wrote %q)", err, buf.String())
	}
	if err := export.RankOrder(&buf, r.Mapping); err == nil {
		t.Fatal("RankOrder with holes: no error")
	}
	for _, f := range []string{"csv", "json", "scotch", "text", "mapfile", "rankfile", "slurm"} {
		if err := export.Write(&buf, f, r); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	buf.Reset()
	if err := export.Write(&buf, "mapfile", r); err != nil {
		t.Fatal(err)
	}
	if got := parseBack(t, "mapfile", buf.String(), r.Mapping.Host, nil); !slices.Equal(got.slot, r.Mapping.Place) {
		t.Errorf("mapfile says %v, placement %v", got.slot, r.Mapping.Place)
	}
}

// TestJSONShape checks the CLI/API contract of the JSON report.
func TestJSONShape(t *testing.T) {
	tests := []struct {
		name     string
		r        *solve.Result
		dims     string // dimDistances as JSON
		constant bool
		avg      string // avgDistance as JSON
	}{
		{"constant", result(t, "hypercube:3", "ring:8", "xor", []int{0, 1, 2, 3, 6, 7, 4, 5}), "[1,2,2]", true, "1.6666666666666667"},
		// byweight d = 3: no dimension is constant
		{"not constant", result(t, "hypercube:3", "line:8", "byweight", []int{0, 3, 2, 6, 1, 5, 4, 7}), "[null,null,null]", false, "null"},
		{"partly constant", result(t, "grid:2x2x2", "mesh:2x2x2", "swap", []int{1, 0, 2, 3, 4, 5, 6, 7}), "[1,null,null]", false, "null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := write(t, "json", tt.r)
			if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "}\n") {
				t.Errorf("want one JSON object on one line, got %q", out)
			}
			var top map[string]json.RawMessage
			if err := json.Unmarshal([]byte(out), &top); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"guest", "host", "algo", "placement", "metrics"} {
				if _, ok := top[k]; !ok {
					t.Errorf("no %q in %s", k, out)
				}
			}
			var specs struct{ Guest, Host, Algo string }
			json.Unmarshal([]byte(out), &specs)
			if specs.Guest != tt.r.Instance.Guest.String() || specs.Host != tt.r.Instance.Host.String() || specs.Algo != tt.r.Algorithm.Name {
				t.Errorf("guest, host, algo = %+v", specs)
			}
			var placement [][]int
			if err := json.Unmarshal(top["placement"], &placement); err != nil {
				t.Fatalf("placement %s: %v", top["placement"], err)
			}
			for v, c := range placement {
				if want := tt.r.Mapping.Host.Coords(tt.r.Mapping.Place[v], nil); !slices.Equal(c, want) {
					t.Errorf("placement[%d] = %v, want %v", v, c, want)
				}
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(top["metrics"], &m); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"hopBytes", "hopsPerByte", "maxDilation", "avgDilation", "lowerBound"} {
				var x float64
				if err := json.Unmarshal(m[k], &x); err != nil {
					t.Errorf("metrics.%s = %s: %v", k, m[k], err)
				}
			}
			if got := string(m["dimDistances"]); got != tt.dims {
				t.Errorf("dimDistances = %s, want %s", got, tt.dims)
			}
			if got := string(m["constantDistance"]); got != map[bool]string{true: "true", false: "false"}[tt.constant] {
				t.Errorf("constantDistance = %s, want %v", got, tt.constant)
			}
			if got := string(m["avgDistance"]); got != tt.avg {
				t.Errorf("avgDistance = %s, want %s", got, tt.avg)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	err := export.Write(&bytes.Buffer{}, "xml", twisted(t))
	if err == nil || err.Error() != `unknown format "xml" (want one of json, csv, text, rankorder, scotch, mapfile, rankfile, slurm)` {
		t.Errorf("Write(xml) = %v", err)
	}
	// the writer's first error is returned by every format
	for _, f := range export.Names() {
		if err := export.Write(failing{}, f, twisted(t)); !errors.Is(err, errFull) {
			t.Errorf("%s on a failing writer: %v", f, err)
		}
	}
}

var errFull = errors.New("disk full")

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errFull }
