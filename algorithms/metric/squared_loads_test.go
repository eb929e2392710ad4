package metric_test

import (
	"math/big"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestSquaredLinkLoadsAreExact: Σ L² of cubes on rings whose sum passes
// 2^53, where a naive float64 sum drops the low digits of every term,
// equals the exact integer sum of the (whole) loads' squares rounded to
// float64, and the report reads back as it. Summed naively, hypercube:18
// by the standard embedding gave 11,509,130,329,700,328 (exact
// 11,509,130,329,849,856) and hypercube:19 by xor 41,032,590,449,293,288
// (exact 41,032,590,449,704,960).
func TestSquaredLinkLoadsAreExact(t *testing.T) {
	for _, c := range []struct {
		d     int
		embed func(int, *topology.Lattice) ([]int, error)
		want  string // the exact sum (computed below, written here to read)
	}{
		{18, embedding.Standard, "11509130329849856"},
		{19, embedding.Xor, "41032590449704960"},
	} {
		ring := must(topology.NewRing(1 << c.d))
		m := &mapping.Mapping{Guest: must(guest.NewHypercube(c.d)), Host: ring, Place: must(c.embed(c.d, ring))}
		exact := exactSquares(t, m)
		if exact.String() != c.want {
			t.Fatalf("hypercube:%d: exact Σ L² %s, want %s", c.d, exact, c.want)
		}
		want, _ := new(big.Float).SetInt(exact).Float64()
		r := metric.Evaluate(m)
		if got := *r.SquaredLinkLoads; got != want {
			t.Errorf("hypercube:%d on %s: Σ L² %.0f, want %.0f (exact %s)", c.d, ring, got, want, exact)
		}
		shown, _ := r.Value("squaredLinkLoads")
		digits, _, _ := strings.Cut(shown, " (")
		if back, err := strconv.ParseFloat(strings.ReplaceAll(digits, ",", ""), 64); err != nil || back != want {
			t.Errorf("hypercube:%d: shown %q, reads %v, want %.0f", c.d, shown, back, want)
		}
	}
}

// exactSquares returns Σ L² of m's link loads as an exact integer; the
// loads of a guest without volumes are whole numbers.
func exactSquares(t *testing.T, m *mapping.Mapping) *big.Int {
	t.Helper()
	load, _, _ := metric.LinkLoads(m)
	sum := new(big.Int)
	for _, x := range load {
		if x != float64(int64(x)) {
			t.Fatalf("load %v is not whole", x)
		}
		sq := big.NewInt(int64(x))
		sum.Add(sum, sq.Mul(sq, sq))
	}
	return sum
}
