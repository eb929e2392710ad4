// Package numtext writes numbers for people: whole numbers with thousands
// separators (12,578,816), figures to six significant digits and never
// in scientific notation (Number), with their SI form (SI, Bytes), and
// counts of things (Plural). It is the one implementation behind
// metric's Thousands, Number, SI, Bytes, Plural and Fixed, for the
// packages that come before metric in the data flow (topology, guest,
// hostlist, the graph and machine file readers, …), which cannot import
// it.
package numtext

import "strconv"

// Thousands formats an integer with thousands separators: 16777216 →
// "16,777,216", -1234 → "-1,234", 999 → "999". O(digits).
func Thousands[T ~int | ~int32 | ~int64](n T) string {
	if n < 0 {
		return "-" + Group(strconv.FormatUint(-uint64(n), 10))
	}
	return Group(strconv.FormatUint(uint64(n), 10))
}

// Group puts thousands separators into a string of digits: "1234567" →
// "1,234,567".
func Group(digits string) string {
	b := make([]byte, 0, len(digits)+len(digits)/3)
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, digits[i])
	}
	return string(b)
}

// Count is a whole number that formats itself with thousands separators
// (fmt's %s and %v call String): messages pass Count(n) to fmt where they
// would pass Thousands(n), which costs each call site a call less in the
// browser's build.
type Count int64

// String returns Thousands(n).
func (n Count) String() string { return Thousands(n) }
