package metric_test

import (
	"encoding/json"
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
		embed func(int, topology.Grid) ([]int, error)
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

// TestSquaredLinkLoadsStayFiniteAtTheVolumeCap: a guest whose volumes add
// up to guest.MaxTotalVolume, all of it in one message over seven links,
// has Σ L² = 7·MaxTotalVolume², a finite figure, shown and written to
// JSON (with the cap at 2^960 a message of 1e200 was admitted, its
// square overflowed, and the sum was shown as NaN, which JSON refused).
func TestSquaredLinkLoadsStayFiniteAtTheVolumeCap(t *testing.T) {
	v := guest.MaxTotalVolume
	g, _, err := guest.FromArcs(2, []guest.Arc{{From: 0, To: 1, Volume: v}})
	if err != nil {
		t.Fatal(err)
	}
	r := metric.Evaluate(&mapping.Mapping{Guest: g, Host: mustParse("line:8"), Place: []int{0, 7}})
	if got := *r.SquaredLinkLoads; got != 7*v*v {
		t.Errorf("Σ L² %v, want 7·%v²", got, v)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Error(err)
	}
}
