package hostlist

import (
	"strconv"
	"strings"
)

// Compress writes names as a hostlist expression that Expand reads back
// as the same names in the same order: consecutive names of one prefix
// and a trailing number become one bracket group, runs of consecutive
// numbers in it ranges, zero padding kept ("nid00001", "nid00002",
// "nid00003", "nid00007" → "nid[00001-00003,00007]"); a name without a
// trailing number, or alone with its prefix, stays as it is. O(total
// length of the names).
func Compress(names []string) string {
	var b strings.Builder
	for i := 0; i < len(names); {
		prefix, _, ok := splitNumber(names[i])
		j := i + 1
		for ok && j < len(names) {
			if p, _, numbered := splitNumber(names[j]); !numbered || p != prefix {
				break
			}
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j-i == 1 {
			b.WriteString(names[i])
		} else {
			b.WriteString(prefix + "[")
			writeRanges(&b, names[i:j])
			b.WriteByte(']')
		}
		i = j
	}
	return b.String()
}

// splitNumber splits a name into its prefix and its trailing number of 1
// to maxRangeDigits digits; ok is false for a name without one.
func splitNumber(name string) (prefix, digits string, ok bool) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	digits = name[i:]
	return name[:i], digits, digits != "" && len(digits) <= maxRangeDigits
}

// writeRanges writes the numbers of names (one prefix) as the ranges of
// a bracket group: a run v, v+1, … that the width of its first number
// writes as they are written is lo-hi, any other number on its own.
func writeRanges(b *strings.Builder, names []string) {
	var lo, hi, sep string
	var last uint64
	flush := func() {
		b.WriteString(sep + lo)
		if hi != "" {
			b.WriteString("-" + hi)
		}
		sep = ","
	}
	for i, name := range names {
		_, digits, _ := splitNumber(name)
		v, _ := strconv.ParseUint(digits, 10, 64) // at most 18 digits
		if i > 0 && v == last+1 && string(appendPadded(nil, v, len(lo))) == digits {
			hi, last = digits, v
			continue
		}
		if i > 0 {
			flush()
		}
		lo, hi, last = digits, "", v
	}
	flush()
}
