package spec_test

import (
	"testing"

	"topomap/algorithms/spec"
)

// TestEveryFieldRoundTrips: an instance with every field of the table set
// writes each field (none left out) and reads back to the same query, and
// no two fields share a name.
func TestEveryFieldRoundTrips(t *testing.T) {
	q := map[string][]string{"guest": {"grid:4x4"}, "host": {"torus:4x4"}, "algo": {"pairs"}, "seed": {"7"},
		"budget": {"1.5s"}, "moves": {"1000"}, "start": {"rowmajor"}, "ta": {"0.5"}, "tc": {"1e-07"}, "objective": {"congestion"},
		"nodes": {"0-7,12"}, "ranksPerNode": {"2"}}
	in, err := spec.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range spec.Fields {
		if seen[f.Name] {
			t.Errorf("field %s twice", f.Name)
		}
		seen[f.Name] = true
		if got := f.Format(in); got != q[f.Name][0] {
			t.Errorf("field %s written %q, want %q (every field must be in the test's query)", f.Name, got, q[f.Name][0])
		}
	}
	if len(seen) != len(q) {
		t.Errorf("%d fields, the test's query has %d", len(seen), len(q))
	}
	back, err := spec.ParseQuery(in.Query())
	if err != nil || back.Query().Encode() != in.Query().Encode() {
		t.Fatalf("round trip %v, %v", back.Query().Encode(), err)
	}
}
