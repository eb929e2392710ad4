package numtext

import (
	"math"
	"strconv"
	"strings"
)

// Number formats a figure for people, the one format of every
// human-readable output (text reports, tables, legends, tooltips; JSON
// keeps machine numbers): never scientific notation, thousands separators
// in the whole part, six significant digits but never fewer than the whole
// part holds, and never more than the float holds: from 2^53 on, the
// shortest decimal that reads back as v, then zeros (1e24 →
// "1,000,000,000,000,000,000,000,000", not its binary value
// 999,999,999,999,999,983,222,784). 17722368 → "17,722,368", 12290.25 →
// "12,290.2", 0.5 → "0.5", 1.5e-7 → "0.00000015"; NaN → "NaN", ±Inf → "∞",
// "-∞". O(digits).
func Number(v float64) string { return Significant(v, 6) }

// maxExact is 2^53, from which on a float64 no longer holds every whole
// number: its binary value written out in full (999,999,999,999,999,983,
// 222,784 for 10²⁴) shows digits that were never computed.
const maxExact = 1 << 53

// Significant is Number with that many significant digits. From maxExact
// on, the whole part is the shortest decimal that reads back as v (at
// most 17 significant digits, then zeros).
func Significant(v float64, digits int) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 0):
		return map[bool]string{false: "∞", true: "-∞"}[v < 0]
	}
	a := math.Abs(v)
	var s string
	switch {
	case a >= maxExact:
		s = strconv.FormatFloat(v, 'f', -1, 64) // the float's digits, then zeros
	case a >= 1:
		whole := len(strconv.FormatFloat(math.Trunc(a), 'f', 0, 64))
		s = strconv.FormatFloat(v, 'f', max(0, digits-whole), 64)
	default:
		r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
		s = strconv.FormatFloat(r, 'f', -1, 64)
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return grouped(s)
}

// Rounded is Number of v rounded to that many significant digits, for
// brief labels (0.000012345 with 3 → "0.0000123", 12290 → "12,300").
func Rounded(v float64, digits int) string {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
	return Number(r)
}

// Fixed4 formats a figure of four decimals (hops per byte, average
// dilations and distances, lower bounds) as Fixed(v, 4) does, but a
// positive figure that four decimals would show as 0.0000 to two
// significant digits as Number writes them (5e-7 → "0.0000005"): no
// figure that is not 0 reads 0.
func Fixed4(v float64) string {
	if v > 0 && v < 0.00005 {
		return Significant(v, 2)
	}
	return Fixed(v, 4)
}

// Fixed formats v with that many decimals and, as Number, thousands
// separators in the whole part (4095.9375 with 4 → "4,095.9375"); from
// 2^53 on, where a float64 holds no fraction and not every whole number,
// as Number writes it, without decimals (1e24 →
// "1,000,000,000,000,000,000,000,000", not
// "999,999,999,999,999,983,222,784.0000").
func Fixed(v float64, decimals int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) >= maxExact {
		return Number(v)
	}
	return grouped(strconv.FormatFloat(v, 'f', decimals, 64))
}

// grouped puts thousands separators into the whole part of a decimal
// number: "-1234.5" → "-1,234.5".
func grouped(s string) string {
	digits, neg := strings.CutPrefix(s, "-")
	whole, frac, _ := strings.Cut(digits, ".")
	out := Group(whole)
	if frac != "" {
		out += "." + frac
	}
	if neg && strings.Trim(digits, "0.") != "" {
		return "-" + out
	}
	return out
}

// Plural counts things for people: "1 hop", "2 hops", "12,290 hops", or
// with an irregular plural ("1 vertex", "2 vertices").
func Plural(n int, one string, many ...string) string {
	switch {
	case n == 1:
		return "1 " + one
	case len(many) > 0:
		return Thousands(n) + " " + many[0]
	}
	return Thousands(n) + " " + one + "s"
}
