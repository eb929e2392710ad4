package numtext

import (
	"math"
	"strconv"
)

// siFrom is the magnitude from which SI and Bytes add the compact form:
// below it the exact figure is short enough to read at a glance.
const siFrom = 100_000

// siPrefixes are the decimal SI prefixes, one per power of 1,000.
var siPrefixes = [...]string{"", "k", "M", "G", "T", "P", "E", "Z", "Y", "R", "Q"}

// SI formats a figure for people as Number does and, from 100,000 on
// (in magnitude), adds its value to three significant digits with a
// decimal SI prefix: 17722368 → "17,722,368 (17.7 M)", 12290 →
// "12,290". Never scientific notation; beyond the largest prefix (10³⁰)
// the compact form keeps more digits before it. O(digits).
func SI(v float64) string { return SIDigits(v, 6) }

// Bytes formats a size in bytes as SI does, with the unit, every digit
// exact (n is a whole number, not a float): 16777216 → "16,777,216 B
// (16.8 MB)", 65536 → "65,536 B".
func Bytes(n int64) string { return addCompact(Thousands(n)+" B", float64(n), "B") }

// SIDigits is SI to that many significant digits (Significant), the
// compact form still to three: SIDigits(12.345678, 4) → "12.35",
// SIDigits(17722368, 4) → "17,722,368 (17.7 M)".
func SIDigits(v float64, digits int) string {
	return addCompact(Significant(v, digits), v, "")
}

// addCompact appends to s, the figure v written out, the compact SI form
// of v in that unit from siFrom on.
func addCompact(s string, v float64, unit string) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) < siFrom {
		return s
	}
	return s + " (" + compact(v) + unit + ")"
}

// compact writes v to three significant digits and the largest SI
// prefix that leaves at least one digit before the point, then a space:
// 17722368 → "17.7 M", 999,950 → "1 M" rather than "1,000 k".
// |v| ≥ 1,000 and finite.
func compact(v float64) string {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	p := min(len(siPrefixes)-1, int(math.Log10(math.Abs(r))+1e-9)/3)
	x, _ := strconv.ParseFloat(strconv.FormatFloat(r/math.Pow(1000, float64(p)), 'g', 3, 64), 64)
	return Number(x) + " " + siPrefixes[p]
}
