package metric_test

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// TestLargeFiguresShowOnlyTheFloatsDigits: from 2^53 on, where a float64
// no longer holds every whole number, a figure is written as the
// shortest decimal that reads back as it, then zeros, never as its
// binary value in full (1e24 is 999,999,999,999,999,983,222,784 in
// binary); below 2^53 every whole digit is exact, as before.
func TestLargeFiguresShowOnlyTheFloatsDigits(t *testing.T) {
	for _, c := range []struct {
		name, got, want string
	}{
		{"1e24", metric.Number(1e24), "1,000,000,000,000,000,000,000,000"},
		{"-1e23", metric.Number(-1e23), "-100,000,000,000,000,000,000,000"},
		{"2^53-1", metric.Number(1<<53 - 1), "9,007,199,254,740,991"},
		{"2^53", metric.Number(1 << 53), "9,007,199,254,740,992"},
		{"2^53+2", metric.Number(1<<53 + 2), "9,007,199,254,740,994"},
		{"2^63", metric.Number(1 << 63), "9,223,372,036,854,776,000"},
		{"SI 1e24", metric.SI(1e24), "1,000,000,000,000,000,000,000,000 (1 Y)"},
		// Σ L² of hypercube:20 on ring:1048576 by xor, exact in float64:
		// its 17 significant digits, 328,261,548,212,486,144 to the unit
		{"load 328261548212486144", metric.FormatLoad(328261548212486144), "328,261,548,212,486,140 (328 P)"},
		{"load 3e24", metric.FormatLoad(3e24), "3,000,000,000,000,000,000,000,000 (3 Y)"},
		// four decimals (a ratio of hop-bytes, a score's baseline against a
		// placement that keeps its heavy messages inside nodes) hold no
		// fraction there either
		{"fixed 1e24", metric.Fixed4(1e24), "1,000,000,000,000,000,000,000,000"},
		{"fixed -2^53", metric.Fixed(-(1 << 53), 2), "-9,007,199,254,740,992"},
		{"fixed below 2^53", metric.Fixed4(1<<51 + 0.5), "2,251,799,813,685,248.5000"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

// TestLargeFiguresReadBack: over random floats from 2^53 to 10⁴⁰, the
// written-out form of Number, SI and FormatLoad reads back as the figure
// exactly and has no more significant digits than the shortest decimal
// that does.
func TestLargeFiguresReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		v := math.Pow(10, 15.96+rng.Float64()*24)
		shortest := significantDigits(strconv.FormatFloat(v, 'e', -1, 64))
		for _, s := range []string{metric.Number(v), metric.SI(v), metric.FormatLoad(v)} {
			exact, _, _ := strings.Cut(s, " (")
			plain := strings.ReplaceAll(exact, ",", "")
			back, err := strconv.ParseFloat(plain, 64)
			if err != nil || back != v {
				t.Fatalf("%v written %q reads %v (%v)", v, s, back, err)
			}
			if got := significantDigits(plain); got != shortest {
				t.Fatalf("%v written %q: digits %q, want the shortest %q", v, s, got, shortest)
			}
		}
	}
}

// significantDigits returns the digits of a decimal number without sign,
// point, exponent, leading or trailing zeros: "1.2300e+05" → "123".
func significantDigits(s string) string {
	mant, _, _ := strings.Cut(s, "e")
	return strings.Trim(strings.NewReplacer(".", "", "-", "").Replace(mant), "0")
}

// TestHopBytesSumExactlyBeyond2To53: the hop-bytes and volumes are
// compensated sums, so that one message of 2^60 bytes does not swallow
// 1,024 messages of 1 byte (a float64 sum rounds each of them away: the
// ulp at 2^60 is 256); exact: 2^60 + 1,024, each message one hop.
func TestHopBytesSumExactlyBeyond2To53(t *testing.T) {
	const n = 1026
	arcs := []guest.Arc{{From: 0, To: 1, Volume: 1 << 60}}
	for v := 1; v+1 < n; v++ {
		arcs = append(arcs, guest.Arc{From: v, To: v + 1, Volume: 1})
	}
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		t.Fatal(err)
	}
	h, err := topology.Parse("line:" + strconv.Itoa(n))
	if err != nil {
		t.Fatal(err)
	}
	place := make([]int, n)
	for v := range place {
		place[v] = v
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	const want = 1<<60 + 1024
	r := metric.Evaluate(m)
	for name, got := range map[string]float64{"hop-bytes": r.HopBytes, "HopBytes": metric.HopBytes(m), "volume": r.InterNodeVolume} {
		if got != want {
			t.Errorf("%s %s, want %s", name, metric.Number(got), metric.Number(want))
		}
	}
}
