package pairs_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/pairs"
	"topomap/algorithms/topology"
)

// commHosts are hosts of 64 slots of every path of the search: a torus
// (coordinates), slots of a torus's multicore nodes, a fat tree and a fat
// tree of multicore nodes (the host's distances).
var commHosts = []string{"torus:8x8", "torus:4x4:cores=4", "fattree:4,3", "fattree:2,3:cores=8"}

// commRun maps grid 8x8 onto the host from a random start: one greedy
// round of 32 tries of the swap search, far from a local optimum, then
// the closing search at the given depth.
func commRun(t *testing.T, ctx context.Context, host string, depth int) (*guest.Graph, topology.Host, []int, *pairs.Result, error) {
	t.Helper()
	h, err := topology.Parse(host)
	if err != nil {
		t.Fatal(err)
	}
	g := grid(8, 8)
	start := randomPlace(g.Order(), h.Size(), 5)
	res, err := pairs.Improve(ctx, g, h, [][]int{start}, pairs.Options{Seed: 3, MaxRounds: 1, Attempts: 32, CommDepth: depth})
	return g, h, start, res, err
}

func hopBytesOn(t *testing.T, g *guest.Graph, h topology.Host, place []int) float64 {
	t.Helper()
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return metric.HopBytes(m)
}

// TestCommSearchDescends: after the same swap search, the closing search
// counts its tries and ends with hop-bytes as recomputed, below the same
// run without it, at every depth and on every kind of host.
func TestCommSearchDescends(t *testing.T) {
	for _, host := range commHosts {
		g, h, start, off, err := commRun(t, context.Background(), host, pairs.NoCommSearch)
		if err != nil {
			t.Fatal(err)
		}
		if off.CommMoves != 0 {
			t.Errorf("%s: closing search off made %d tries", host, off.CommMoves)
		}
		for _, depth := range []int{1, 2, 3} {
			_, _, _, on, err := commRun(t, context.Background(), host, depth)
			if err != nil {
				t.Fatal(err)
			}
			got := hopBytesOn(t, g, h, on.Place)
			switch {
			case got != on.HopBytes:
				t.Errorf("%s, depth %d: result says %v hop-bytes, recomputed %v", host, depth, on.HopBytes, got)
			case on.Moves != off.Moves:
				t.Errorf("%s, depth %d: %d moves of the swap search, %d without the closing search", host, depth, on.Moves, off.Moves)
			case on.CommMoves == 0 || on.Evaluated <= off.Evaluated:
				t.Errorf("%s, depth %d: %d tries counted, %d evaluated against %d", host, depth, on.CommMoves, on.Evaluated, off.Evaluated)
			case !(got < off.HopBytes) || got > hopBytesOn(t, g, h, start):
				t.Errorf("%s, depth %d: %v hop-bytes, not below %v without the closing search", host, depth, got, off.HopBytes)
			}
		}
	}
}

// TestCommSearchCancelled: a cancelled run returns a valid placement no
// worse than its start, with the context's error, and tries no swap.
func TestCommSearchCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, host := range commHosts {
		g, h, start, res, err := commRun(t, ctx, host, 2)
		if !errors.Is(err, context.Canceled) || res == nil {
			t.Fatalf("%s: result %v, error %v, want a result and context.Canceled", host, res, err)
		}
		if hb := hopBytesOn(t, g, h, res.Place); hb > hopBytesOn(t, g, h, start) || res.CommMoves != 0 {
			t.Errorf("%s: %v hop-bytes from a start of %v, %d tries", host, hb, hopBytesOn(t, g, h, start), res.CommMoves)
		}
	}
}

// TestCommSearchRepeats: the same seed gives the same placement.
func TestCommSearchRepeats(t *testing.T) {
	for _, host := range commHosts {
		_, _, _, a, err := commRun(t, context.Background(), host, 2)
		if err != nil {
			t.Fatal(err)
		}
		_, _, _, b, err := commRun(t, context.Background(), host, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Place, b.Place) || a.CommMoves != b.CommMoves {
			t.Errorf("%s: two runs of one seed differ (%d and %d tries)", host, a.CommMoves, b.CommMoves)
		}
	}
}

// TestCommDepthChecked: a depth below NoCommSearch or above 4 is refused.
func TestCommDepthChecked(t *testing.T) {
	g, h := grid(4, 4), torus(4, 4)
	for _, depth := range []int{-2, 5} {
		_, err := pairs.Improve(context.Background(), g, h, [][]int{rowMajor(16)}, pairs.Options{CommDepth: depth})
		if !errors.Is(err, pairs.ErrInvalid) {
			t.Errorf("depth %d: error %v, want ErrInvalid", depth, err)
		}
	}
}
