package metric_test

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/metric"
)

// TestSIFormIsCompactAndExact: the exact figure first, with separators,
// then from 100,000 on three significant digits and an SI prefix; sizes
// in bytes the same with their unit.
func TestSIFormIsCompactAndExact(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{metric.SI(0), "0"},
		{metric.SI(12290.25), "12,290.2"},
		{metric.SI(99999), "99,999"},
		{metric.SI(100000), "100,000 (100 k)"},
		{metric.SI(-250000), "-250,000 (-250 k)"},
		{metric.SI(999499), "999,499 (999 k)"},
		{metric.SI(999950), "999,950 (1 M)"},
		{metric.SI(1.34496e+06), "1,344,960 (1.34 M)"},
		{metric.SI(1.7722368e+07), "17,722,368 (17.7 M)"},
		{metric.SI(2.5e9), "2,500,000,000 (2.5 G)"},
		{metric.SI(1e15), "1,000,000,000,000,000 (1 P)"},
		{metric.SI(math.Inf(1)), "∞"},
		{metric.SI(math.NaN()), "NaN"},
		{metric.Bytes(0), "0 B"},
		{metric.Bytes(65536), "65,536 B"},
		{metric.Bytes(16 << 20), "16,777,216 B (16.8 MB)"},
		{metric.Bytes(64 << 20), "67,108,864 B (67.1 MB)"},
		// every digit of a size in bytes is exact (float64(MaxInt64) is 2^63, …808)
		{metric.Bytes(math.MaxInt64), "9,223,372,036,854,775,807 B (9.22 EB)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// exponent matches scientific notation (1.7e+07, 2E-5), not the prefix E.
var exponent = regexp.MustCompile(`[0-9.][eE][-+]?[0-9]`)

// TestSIFormNeverHasAnExponent: over magnitudes from 10⁻¹² to 10⁴⁰ and
// the digits between, neither the exact nor the compact form has an
// exponent, the exact form parses back to the figure, and the compact
// one, scaled by its prefix, is within 0.5 % of it.
func TestSIFormNeverHasAnExponent(t *testing.T) {
	scale := map[string]float64{"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18, "Z": 1e21, "Y": 1e24, "R": 1e27, "Q": 1e30}
	for e := -12; e <= 40; e++ {
		for _, m := range []float64{1, 1.2345678, 3.14159, 5, 9.99, 9.9951, 9.999999} {
			for _, sign := range []float64{1, -1} {
				v := sign * m * math.Pow(10, float64(e))
				s := metric.SI(v)
				if exponent.MatchString(s) {
					t.Errorf("SI(%g) = %q: an exponent", v, s)
				}
				exact, compact, hasCompact := strings.Cut(s, " (")
				back, err := strconv.ParseFloat(strings.ReplaceAll(exact, ",", ""), 64)
				if err != nil || math.Abs(back-v) > 1e-5*math.Abs(v) {
					t.Errorf("SI(%g) = %q: the exact form reads %v (%v)", v, s, back, err)
				}
				if hasCompact != (math.Abs(v) >= 1e5) {
					t.Errorf("SI(%g) = %q: compact form %v", v, s, hasCompact)
				}
				if !hasCompact {
					continue
				}
				num, prefix, _ := strings.Cut(strings.TrimSuffix(compact, ")"), " ")
				x, err := strconv.ParseFloat(strings.ReplaceAll(num, ",", ""), 64)
				f, known := scale[prefix]
				if err != nil || !known || math.Abs(x*f-v) > 0.005*math.Abs(v) || (prefix != "Q" && math.Abs(x) >= 1000) {
					t.Errorf("SI(%g) = %q: compact form %q reads %v %q", v, s, compact, x, prefix)
				}
			}
		}
	}
}
