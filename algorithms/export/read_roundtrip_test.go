package export_test

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// solved maps guest on host with algo through solve.Map.
func solved(t *testing.T, g, h, algo string) *solve.Result {
	t.Helper()
	in := spec.Instance{Algo: algo, Seed: 1}
	var err error
	if in.Guest, err = spec.ParseGuest(g); err != nil {
		t.Fatal(err)
	}
	if in.Host, err = spec.ParseHost(h); err != nil {
		t.Fatal(err)
	}
	r, err := solve.Map(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPlacementRoundTrip: every placement format topomap writes reads
// back (format named and sniffed) into a placement whose score has exactly
// the metrics of the mapping written, on hosts with and without cores,
// with and without empty slots and host names.
func TestPlacementRoundTrip(t *testing.T) {
	cases := []struct{ guest, host, algo string }{
		{"grid:8x8", "torus:8x8", "affn"},
		{"grid:8x4", "mesh:4x2:cores=4", "rb"},
		{"grid:8x4", "mesh:4x2:node=2x2:dist=1,2", "rb"},
		{"grid:4x4x4", "torus:4x4x4", "pairs"},
		{"grid:6x5", "mesh:8x8", "step"},
		{"grid:4x8", "fattree:4,2:cores=2", "bricks"},
		{"hypercube:4", "ring:16", "xor"},
	}
	checked := map[string]int{}
	for _, c := range cases {
		r := solved(t, c.guest, c.host, c.algo)
		nodes, _ := topology.NodesOf(r.Mapping.Host)
		for _, names := range []export.Hostnames{nil, hostnames("nid", nodes.Size())} {
			for _, f := range export.Formats {
				if !f.Readable || export.Check(f.Name, r.Mapping) != nil {
					continue
				}
				var b bytes.Buffer
				if err := export.WriteWith(&b, f.Name, r, export.Options{Hostnames: names}); err != nil {
					t.Fatal(err)
				}
				for _, named := range []string{f.Name, ""} {
					tgt := export.Target{Host: r.Mapping.Host, Ranks: len(r.Mapping.Place), Hostnames: names}
					place, _, err := export.ReadPlacement(bytes.NewReader(b.Bytes()), named, tgt)
					if err != nil {
						t.Fatalf("%s on %s, %s (format %q, names %d): %v\n%s", c.guest, c.host, f.Name, named, len(names), err, b.String())
					}
					s, err := solve.Score(context.Background(), r.Instance, place, solve.Notes{})
					if err != nil {
						t.Fatal(err)
					}
					checked[f.Name]++
					if _, zero := topology.SplitCores(r.Mapping.Host); f.NodesOnly && zero == 1 {
						// nodes with an inside: the file keeps the nodes, not the cores
						_, per := topology.NodesOf(r.Mapping.Host)
						for v, slot := range place {
							if slot/per != r.Mapping.Place[v]/per {
								t.Errorf("%s on %s via %s: rank %d on node %d, want %d", c.guest, c.host, f.Name, v, slot/per, r.Mapping.Place[v]/per)
							}
						}
						continue
					}
					if !reflect.DeepEqual(s.Metrics, r.Metrics) {
						t.Errorf("%s on %s by %s via %s: metrics %+v, want %+v", c.guest, c.host, c.algo, f.Name, s.Metrics, r.Metrics)
					}
				}
			}
		}
	}
	for _, name := range export.ReadableNames() {
		if checked[name] == 0 {
			t.Errorf("format %s never read back", name)
		}
	}
}

func hostnames(prefix string, n int) export.Hostnames {
	names := make(export.Hostnames, n)
	for i := range names {
		names[i] = prefix + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))
	}
	return names
}
