package spec_test

import (
	"net/url"
	"reflect"
	"strings"
	"testing"

	"topomap/algorithms/spec"
)

// seeds are inputs of every shape, good and bad, shared by the targets.
var seeds = []string{
	"hypercube:4", "hypercube:21", "hypercube:0", " HYPERCUBE:3 ", "grid:9x8", "grid:8x8x8:wrap",
	"grid:1x1", "grid:99999999x99999999", "grid:9x8:periodic", "grid:", "grid:2x3x4x5",
	"line:16", "ring:1", "mesh:6x12", "torus:8x8", "mesh:8x4:wrap=10", "torus:4:wrap=0",
	"mesh:1x2x1x2x1x2x1x2", "hypercube:26", "ring:-1", "mesh:4x4:wrap=", "", ":", "x", "mesh:x",
	"torus:8192x8193", "ring:99999999999999999999",
	"graph:6e2de0a8bdff56dffce969478ca8872d", "GRAPH:6E2DE0A8BDFF56DFFCE969478CA8872D", "graph:6e2d", "file:/etc/passwd", "file:",
	"fattree:16,3", "dragonfly:4,2,2,9", "mesh:4x4:cores=2", "preset:bgq-midplane", "dragonfly:2,2,1,4", "ring:4:cores=0",
}

// checkOneLine fails on an error that is not a one-line spec error.
func checkOneLine(t *testing.T, err error) {
	t.Helper()
	if msg := err.Error(); strings.HasPrefix(msg, "spec") || strings.ContainsAny(msg, "\n\r") || len(msg) > 600 {
		t.Fatalf("bad error message %q", msg)
	}
}

func FuzzParseGuest(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := spec.ParseGuest(s)
		if err != nil {
			checkOneLine(t, err)
			return
		}
		c := g.String()
		g2, err := spec.ParseGuest(c)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", c, s, err)
		}
		if !reflect.DeepEqual(g, g2) || g2.String() != c {
			t.Fatalf("%q: %+v, canonical %q parses to %+v", s, g, c, g2)
		}
		// graph:ID has no order until a resolver attaches its graph.
		if !g.External() && (g.Order() < 1 || g.Order() > 1<<24) {
			t.Fatalf("%q: order %d outside the cap", s, g.Order())
		}
	})
}

func FuzzParseHost(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := spec.ParseHost(s)
		if err != nil {
			checkOneLine(t, err)
			return
		}
		c := h.String()
		h2, err := spec.ParseHost(c)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", c, s, err)
		}
		if !reflect.DeepEqual(h, h2) || h2.String() != c || h2.Size() != h.Size() {
			t.Fatalf("%q: %+v, canonical %q parses to %+v", s, h, c, h2)
		}
	})
}

func FuzzParseQuery(f *testing.F) {
	f.Add("guest=hypercube:3&host=ring:8&algo=xor")
	f.Add("guest=grid:9x8&host=mesh:6x12&algo=pairs&seed=7&start=affn&budget=1.5s&ta=2.5&tc=1e-3")
	f.Add("guest=grid:9x8&host=mesh:6x12&algo=pairs&seed=007&budget=0s&ta=0&tc=-0")
	f.Add("guest=grid:9x8&host=mesh:6x12&algo=pairs&seed=7&budget=300ms&moves=0301056")
	f.Add("guest=grid:9x8&host=torus:3x24:wrap=10&algo=x&budget=1h&tc=1e9&ta=0x1p-2")
	f.Add("guest=&host=&algo=")
	f.Add("guest=hypercube:3&guest=hypercube:4&host=ring:8&algo=xor&seed=-1")
	f.Add("%zz")
	f.Add("guest=grid:8x8&host=preset:xe6-slice&algo=rb&nodes=+nid[00001-00004,00007]+&ranksPerNode=+04")
	f.Add("guest=grid:8x8&host=torus:8x8x8&algo=rb&nodes=0-15,32-47&ranksPerNode=0")
	f.Fuzz(func(t *testing.T, s string) {
		q, err := url.ParseQuery(s)
		if err != nil {
			t.Skip()
		}
		in, err := spec.ParseQuery(q)
		if err != nil {
			checkOneLine(t, err)
			if spec.FieldOf(err) == "" {
				t.Fatalf("%q: error %v names no field", s, err)
			}
			return
		}
		canon := in.Query()
		in2, err := spec.ParseQuery(canon)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", canon.Encode(), s, err)
		}
		if !reflect.DeepEqual(in, in2) || in2.Query().Encode() != canon.Encode() {
			t.Fatalf("%q: %+v, canonical %q parses to %+v", s, in, canon.Encode(), in2)
		}
	})
}
