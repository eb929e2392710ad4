package spec_test

import (
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// checkErr fails unless err is a one-line spec error containing want.
func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", want)
	}
	msg := err.Error()
	if !errors.Is(err, spec.ErrSyntax) || strings.HasPrefix(msg, "spec") || strings.Contains(msg, "\n") || !strings.Contains(msg, want) {
		t.Errorf("error %q: want one line, no package prefix, wrapping ErrSyntax, containing %q", msg, want)
	}
}

func TestParseGuest(t *testing.T) {
	tests := []struct {
		in   string
		want spec.Guest
		str  string // canonical form
	}{
		{"hypercube:4", spec.Guest{Kind: guest.Hypercube, Dims: []int{4}}, "hypercube:4"},
		{"  HyperCube:21 ", spec.Guest{Kind: guest.Hypercube, Dims: []int{21}}, "hypercube:21"},
		{"grid:9x8", spec.Guest{Kind: guest.Grid, Dims: []int{9, 8}}, "grid:9x8"},
		{"grid:8x8x8:wrap", spec.Guest{Kind: guest.Grid, Dims: []int{8, 8, 8}, Wrap: true}, "grid:8x8x8:wrap"},
		{"GRID:2x3:WRAP", spec.Guest{Kind: guest.Grid, Dims: []int{2, 3}, Wrap: true}, "grid:2x3:wrap"},
		{"grid:1x1", spec.Guest{Kind: guest.Grid, Dims: []int{1, 1}}, "grid:1x1"},
		{"grid:4096x4096:wrap", spec.Guest{Kind: guest.Grid, Dims: []int{4096, 4096}, Wrap: true}, "grid:4096x4096:wrap"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			g, err := spec.ParseGuest(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, tt.want) || g.String() != tt.str {
				t.Errorf("got %+v %q, want %+v %q", g, g.String(), tt.want, tt.str)
			}
		})
	}
}

func TestParseGuestErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `guest "": empty; want hypercube:D, grid:AxB[xC][:wrap] or graph:ID`},
		{"cube:4", `unknown kind "cube"`},
		{"hypercube", `dimension "" is not a number`},
		{"hypercube:x", `dimension "x" is not a number`},
		{"hypercube:04", `write the dimension "04" as 4, without leading zeros or sign`},
		{"hypercube:+4", `write the dimension "+4" as 4, without leading zeros or sign`},
		{"hypercube:0", "dimension 0 out of [1, 21]"},
		{"hypercube:22", "dimension 22 out of [1, 21]"},
		{"hypercube:99999999999999999999", "is not a number"},
		{"grid:9", "a grid has 2 or 3 dimensions, got 1"},
		{"grid:2x2x2x2", "a grid has 2 or 3 dimensions, got 4"},
		{"grid:9x0", "size 0 of dimension 2, want at least 1"},
		{"grid:9x-1", "size -1 of dimension 2, want at least 1"},
		{"grid:9xx8", `size of dimension 2 missing: write the sizes as whole numbers joined by x (8x8x4)`},
		{"grid:8x", `size of dimension 2 missing: write the sizes as whole numbers joined by x (8x8x4)`},
		{"grid:", "missing sizes"},
		{"grid:9x8:periodic", `unknown option "periodic" (want "wrap")`},
		{"grid:9x8:wrap:wrap", `unknown option "wrap:wrap"`},
		// size caps: nothing is allocated for these
		{"grid:99999999x99999999", "more than 16,777,216 objects"},
		{"grid:4096x4097", "more than 16,777,216 objects"},
		{"grid:256x256x256", "100,270,080 stencil arcs, more than 67,108,864"}, // 3·2·256²·255
		{"grid:99999999999999999999x2", "size 99999999999999999999... of dimension 1 is too large"},
		{"grid:" + strings.Repeat("2x", 100000) + "2", "100001 dimensions, at most 8"},
		{"grid:1x1x1x1x1x1x1x1x1", "9 dimensions, at most 8"},
	}
	for _, tt := range tests {
		t.Run(tt.in[:min(len(tt.in), 40)], func(t *testing.T) {
			g, err := spec.ParseGuest(tt.in)
			checkErr(t, err, tt.want)
			if err != nil && len(err.Error()) > 300 {
				t.Errorf("error of %d bytes: inputs must be cut", len(err.Error()))
			}
			if !reflect.DeepEqual(g, spec.Guest{}) {
				t.Errorf("got %+v with the error, want the zero Guest", g)
			}
		})
	}
}

func TestParseHost(t *testing.T) {
	tests := []struct {
		in   string
		want lattice
		str  string
	}{
		{"line:16", lattice{Kind: topology.Line, Dims: []int{16}, Wrap: []bool{false}}, "line:16"},
		{"ring:16", lattice{Kind: topology.Ring, Dims: []int{16}, Wrap: []bool{true}}, "ring:16"},
		{"mesh:6x12", lattice{Kind: topology.Mesh, Dims: []int{6, 12}, Wrap: []bool{false, false}}, "mesh:6x12"},
		{"torus:8x8", lattice{Kind: topology.Torus, Dims: []int{8, 8}, Wrap: []bool{true, true}}, "torus:8x8"},
		{"mesh:8x4:wrap=10", lattice{Kind: topology.Mesh, Dims: []int{8, 4}, Wrap: []bool{true, false}}, "mesh:8x4:wrap=10"},
		{"torus:8x4:wrap=01", lattice{Kind: topology.Mesh, Dims: []int{8, 4}, Wrap: []bool{false, true}}, "mesh:8x4:wrap=01"},
		{"mesh:4x4:wrap=11", lattice{Kind: topology.Torus, Dims: []int{4, 4}, Wrap: []bool{true, true}}, "torus:4x4"},
		{"torus:4x4:wrap=00", lattice{Kind: topology.Mesh, Dims: []int{4, 4}, Wrap: []bool{false, false}}, "mesh:4x4"},
		// one-dimensional meshes and toruses are lines and rings
		{"mesh:8", lattice{Kind: topology.Line, Dims: []int{8}, Wrap: []bool{false}}, "line:8"},
		{"torus:8", lattice{Kind: topology.Ring, Dims: []int{8}, Wrap: []bool{true}}, "ring:8"},
		{"mesh:8:wrap=1", lattice{Kind: topology.Ring, Dims: []int{8}, Wrap: []bool{true}}, "ring:8"},
		{" Hypercube:26", lattice{Kind: topology.Hypercube, Dims: twos(26), Wrap: make([]bool, 26)}, "hypercube:26"},
		{"torus:8192x8192", lattice{Kind: topology.Torus, Dims: []int{8192, 8192}, Wrap: []bool{true, true}}, "torus:8192x8192"},
		{"mesh:1x2x1x2x1x2x1x2", lattice{Kind: topology.Mesh, Dims: []int{1, 2, 1, 2, 1, 2, 1, 2}, Wrap: make([]bool, 8)}, "mesh:1x2x1x2x1x2x1x2"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, err := spec.ParseHost(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := latticeOf(h); !reflect.DeepEqual(got, tt.want) || h.String() != tt.str {
				t.Errorf("got %+v %q, want %+v %q", got, h.String(), tt.want, tt.str)
			}
		})
	}
}

// lattice is the parsed form of a lattice host that TestParseHost checks.
type lattice struct {
	Kind topology.Kind
	Dims []int
	Wrap []bool
}

func latticeOf(h topology.Host) lattice {
	l := h.(*topology.Lattice)
	return lattice{l.Kind(), l.Dims(), topology.WrapsOf(l)}
}

func twos(d int) []int {
	s := make([]int, d)
	for i := range s {
		s[i] = 2
	}
	return s
}

func TestParseHostErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `host "": empty; want line:K, ring:K, mesh:AxB[x...], torus:AxB[x...], hypercube:D, fattree:K,N, dragonfly:A,P,H,G or tree:S1xS2x…:dist=D1,D2,…`},
		{"star:4", `unknown kind "star"`},
		{"line:", "missing sizes"},
		{"line:4x4", "a line has one size"},
		{"ring:0", "size 0 of dimension 1, want at least 1"},
		{"ring:four", `size "four" is not a positive integer: write the sizes as whole numbers joined by x (8x8x4)`},
		{"mesh:4x4:wrap=1", `option "wrap=1": want wrap= and one 0/1 digit per dimension (2)`},
		{"mesh:4x4:wrap=12", `option "wrap=12"`},
		{"mesh:4x4:wrap", `option "wrap"`},
		{"mesh:4x4:", `option ""`},
		{"hypercube:0", "dimension 0 out of [1, 26]"},
		{"hypercube:27", "dimension 27 out of [1, 26]"},
		{"mesh:99999999x99999999", "more than 67,108,864 nodes"},
		{"torus:8192x8193", "more than 67,108,864 nodes"},
		{"mesh:1x1x1x1x1x1x1x1x1", "9 dimensions, at most 8"},
		{"ring:" + strings.Repeat("9", 1000), "too large"},
		{strings.Repeat("mesh", 1000), "unknown kind"},
	}
	for _, tt := range tests {
		t.Run(tt.in[:min(len(tt.in), 40)], func(t *testing.T) {
			h, err := spec.ParseHost(tt.in)
			checkErr(t, err, tt.want)
			if err != nil && len(err.Error()) > 300 {
				t.Errorf("error of %d bytes: inputs must be cut", len(err.Error()))
			}
			if h != nil {
				t.Errorf("got %+v with the error, want no Host", h)
			}
		})
	}
}

func TestGuestBuild(t *testing.T) {
	for _, s := range []string{"hypercube:5", "grid:9x8", "grid:4x3x2:wrap"} {
		g, err := spec.ParseGuest(s)
		if err != nil {
			t.Fatal(err)
		}
		gr, err := g.Build()
		if err != nil {
			t.Fatal(err)
		}
		if gr.String() != s || gr.Order() != g.Order() {
			t.Errorf("Build(%s) = %v of order %d, want order %d", s, gr, gr.Order(), g.Order())
		}
	}
}

func TestParseQuery(t *testing.T) {
	q := url.Values{"guest": {"grid:9x8"}, "host": {"mesh:6x12"}, "algo": {"pairs"},
		"seed": {"007"}, "start": {"affn"}, "budget": {"1500ms"}, "moves": {"0123456"}, "ta": {"2.5"}, "tc": {"1e-3"}}
	in, err := spec.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	want := spec.Instance{
		Guest: spec.Guest{Kind: guest.Grid, Dims: []int{9, 8}},
		Host:  must(topology.NewMesh(6, 12)),
		Algo:  "pairs", Seed: 7, Start: "affn", Budget: 1500 * time.Millisecond, Moves: 123456, Ta: 2.5, Tc: 0.001,
	}
	if !reflect.DeepEqual(in, want) {
		t.Errorf("got %+v\nwant %+v", in, want)
	}
	// canonical permalink: sorted keys, canonical values
	const canon = "algo=pairs&budget=1.5s&guest=grid%3A9x8&host=mesh%3A6x12&moves=123456&seed=7&start=affn&ta=2.5&tc=0.001"
	if got := in.Query().Encode(); got != canon {
		t.Errorf("Query() = %s\nwant %s", got, canon)
	}
	min := url.Values{"guest": {"hypercube:3"}, "host": {"ring:8"}, "algo": {"xor"}}
	in, err = spec.ParseQuery(min)
	if err != nil {
		t.Fatal(err)
	}
	if got := in.Query().Encode(); got != "algo=xor&guest=hypercube%3A3&host=ring%3A8" {
		t.Errorf("Query() = %s: zero optional fields must be left out", got)
	}
}

func TestParseQueryErrors(t *testing.T) {
	base := "guest=hypercube:3&host=ring:8&algo=xor"
	tests := []struct{ query, field, want string }{
		{"host=ring:8&algo=xor", "guest", `guest "": empty`},
		{"guest=hypercube:3&algo=xor", "host", `host "": empty`},
		{"guest=hypercube:3&host=ring:8", "algo", `algorithm "": want a lower-case name`},
		{base[:len(base)-3] + "Xor", "algo", `algorithm "Xor"`},
		{base + "&seed=-1", "seed", `seed "-1": want a non-negative integer`},
		{base + "&seed=18446744073709551616", "seed", "want a non-negative integer"},
		{base + "&start=PAIRS", "start", `algorithm "PAIRS"`},
		{base + "&budget=2", "budget", `budget "2": want a duration such as 2s, at most 1h`},
		{base + "&budget=-1s", "budget", `budget "-1s"`},
		{base + "&budget=2h", "budget", `budget "2h"`},
		// truncated to 0, "no budget": the search ran its full stopping rule
		{base + "&budget=0.5ns", "budget", `budget "0.5ns" is below 1ns`},
		{base + "&moves=-1", "moves", `moves "-1": want a whole number from 0 to 17,179,869,184`},
		{base + "&moves=1e6", "moves", `moves "1e6"`},
		{base + "&moves=17179869185", "moves", `moves "17179869185"`},
		{base + "&ta=-1", "ta", `ta "-1": want 0 or a number from 0.000000001 to 1,000,000,000 (any unit, the same for ta and tc)`},
		{base + "&tc=NaN", "tc", `tc "NaN"`},
		{base + "&tc=inf", "tc", `tc "inf"`},
		{base + "&tc=1e10", "tc", `tc "1e10"`},
		{"guest=grid:9x8:wrap=1&host=ring:8&algo=xor", "guest", `unknown option "wrap=1"`},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			q, err := url.ParseQuery(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			_, err = spec.ParseQuery(q)
			checkErr(t, err, tt.want)
			if f := spec.FieldOf(err); f != tt.field {
				t.Errorf("FieldOf = %q, want %q", f, tt.field)
			}
		})
	}
	if spec.FieldOf(errors.New("x")) != "" {
		t.Error("FieldOf of a plain error is not empty")
	}
}

func TestSizes(t *testing.T) {
	g, _ := spec.ParseGuest("hypercube:20")
	h, _ := spec.ParseHost("mesh:8x4:wrap=10")
	if g.Order() != 1<<20 || h.Size() != 32 {
		t.Errorf("Order() = %d, Size() = %d", g.Order(), h.Size())
	}
}

func TestParseAlgo(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"xor", true},
		{"affn3d", true},
		{"pairs-uniform", true},
		{"a-b-c", true},
		{"", false},
		{"Xor", false},
		{"mxov+al", false},
		{"-pairs", false},
		{"pairs-", false},
		{"pairs--uniform", false},
		{"3d", false},
		{strings.Repeat("a", 32), true},
		{strings.Repeat("a", 33), false},
	} {
		got, err := spec.ParseAlgo(c.in)
		if (err == nil) != c.ok || c.ok && got != c.in {
			t.Errorf("ParseAlgo(%q) = %q, %v; want ok=%v", c.in, got, err, c.ok)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestFileGuest: file:PATH is the command line's; the one parser refuses
// it, so no request or permalink makes anything read a path.
func TestFileGuest(t *testing.T) {
	for _, s := range []string{"file:/etc/passwd", " FILE:x.graph", "file:"} {
		if _, err := spec.ParseGuest(s); !errors.Is(err, spec.ErrFileGuest) || !errors.Is(err, spec.ErrSyntax) {
			t.Errorf("%q: %v, want ErrFileGuest", s, err)
		}
		if _, ok := spec.FilePath(s); !ok {
			t.Errorf("FilePath(%q) does not recognise it", s)
		}
	}
	if p, ok := spec.FilePath("file:a/b.graph"); p != "a/b.graph" || !ok {
		t.Errorf("FilePath = %q, %v", p, ok)
	}
	if _, ok := spec.FilePath("graph:0123"); ok {
		t.Error("FilePath accepts graph:")
	}
}

// TestFileHost: a machine file (file:PATH) is the command line's, and
// machine:ID the run's that read it; the one parser refuses both, with
// the field error of the host, so no request or permalink reads a path.
func TestFileHost(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want error
	}{
		{"file:/etc/passwd", spec.ErrFileHost}, {" FILE:topology.conf", spec.ErrFileHost},
		{"machine:44b004b101680a7bc6332934953f179b", spec.ErrMachineHost}, {"MACHINE:x", spec.ErrMachineHost},
	} {
		if _, err := spec.ParseHost(tt.s); !errors.Is(err, tt.want) || !errors.Is(err, spec.ErrSyntax) {
			t.Errorf("%q: %v, want %v", tt.s, err, tt.want)
		}
		q := url.Values{"guest": {"grid:2x2"}, "host": {tt.s}, "algo": {"pairs"}}
		if _, err := spec.ParseQuery(q); spec.FieldOf(err) != "host" {
			t.Errorf("%q in a query: %v, want an error of field host", tt.s, err)
		}
	}
}
