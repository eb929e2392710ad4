package solve

import (
	"context"
	"errors"
	"testing"

	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// TestCompareKeepsErrors registers a failing algorithm for the duration of
// the test: its error stays in its entry and the others still run.
func TestCompareKeepsErrors(t *testing.T) {
	register(Algorithm{Name: "zzfail", Notes: Notes{Title: "fails"},
		Applies: func(spec.Guest, topology.Host) error { return nil },
		Map:     func(context.Context, *Problem) ([]int, error) { return nil, errors.New("zzfail: always fails") }})
	defer func() { registry = registry[:len(registry)-1] }()
	g, _ := spec.ParseGuest("grid:6x5")
	h, _ := spec.ParseHost("mesh:10x3")
	entries, err := Compare(context.Background(), spec.Instance{Guest: g, Host: h}, CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, e := range entries {
		if e.Error != "" {
			failed++
			if e.Algo != "zzfail" || e.Metrics != nil || e.Error != "zzfail: always fails" {
				t.Errorf("entry %+v", e)
			}
		} else if e.Metrics == nil {
			t.Errorf("%s: no metrics", e.Algo)
		}
	}
	if failed != 1 || len(entries) < 2 {
		t.Fatalf("%d failures in %d entries", failed, len(entries))
	}
}
