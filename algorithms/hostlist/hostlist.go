// Package hostlist reads Slurm hostlist expressions (SLURM_JOB_NODELIST,
// `scontrol show hostnames`): names separated by commas outside brackets,
// each with bracket groups of numbers and ranges lo-hi, zero padding kept,
// several groups multiplied out in Slurm's order (the last group varies
// fastest, then the first, the second...; of two, the first is the
// slowest), a suffix allowed after a group (Slurm reads one after the
// last group since 23.02; 22.05 refuses it).
package hostlist

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
)

// ErrTooManyNames is wrapped by Expand's error when the expression
// names more hosts than asked for.
var ErrTooManyNames = errors.New("too many names")

// maxRangeDigits bounds the digits of a range bound (10^18 fits a uint64).
const maxRangeDigits = 18

// numRange is lo-hi of a bracket group, printed zero-padded to width.
type numRange struct {
	lo, hi uint64
	width  int
}

// segment is a literal (ranges nil) or a bracket group of a host name.
type segment struct {
	text   string
	ranges []numRange
}

// Expand expands a Slurm hostlist expression into its host names,
// in order (as `scontrol show hostnames` prints them): names separated by
// commas outside brackets, each with bracket groups of numbers and ranges
// lo-hi. A range keeps the width of its low bound as written, so
// "nid[00001-00004,00007],login[1-2]" is nid00001 ... nid00004, nid00007,
// login1, login2; of two groups in one name the first varies slowest
// ("r[1-2]n[1-3]": r1n1 r1n2 r1n3 r2n1 r2n2 r2n3), of more the last
// fastest, then the first, the second and so on, as Slurm expands them
// ("a[1-2]b[3-4]c[5-6]": a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 ...). A name without
// brackets is itself. The names are counted before any is made: an
// expression of more than limit names is refused at the cost of reading it.
// The names are not checked as host names (package export checks them).
func Expand(expr string, limit int) ([]string, error) {
	var names [][]segment
	total := 0
	limit = max(limit, 0)
	for piece := range splitTopLevel(expr) {
		piece = strings.TrimSpace(piece)
		if piece == "" && strings.TrimSpace(expr) == "" {
			return nil, errors.New("an empty name")
		}
		if piece == "" {
			return nil, fmt.Errorf("%.60q: an empty name (two commas in a row, or one at an end)", expr)
		}
		segs, err := parseHostPattern(piece)
		if err != nil {
			return nil, fmt.Errorf("%.60q: %w", piece, err)
		}
		total += patternCount(segs, limit-total+1)
		if total > limit {
			return nil, fmt.Errorf("%.60q names more than %s hosts: %w", expr, numtext.Count(limit), ErrTooManyNames)
		}
		names = append(names, segs)
	}
	out := make([]string, 0, total)
	for _, segs := range names {
		out = expandPattern(out, segs)
	}
	return out, nil
}

// splitTopLevel yields the parts of s between commas outside brackets
// (brackets are checked by parseHostPattern).
func splitTopLevel(s string) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		depth, start := 0, 0
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '[':
				depth++
			case ']':
				depth--
			case ',':
				if depth == 0 {
					if !yield(s[start:i]) {
						return
					}
					start = i + 1
				}
			}
		}
		yield(s[start:])
	}
}

// parseHostPattern reads one name: literals and bracket groups.
func parseHostPattern(s string) ([]segment, error) {
	var segs []segment
	for s != "" {
		open := strings.IndexAny(s, "[]")
		if open < 0 {
			return append(segs, segment{text: s}), nil
		}
		if s[open] == ']' {
			return nil, errors.New("a ']' without its '['")
		}
		if open > 0 {
			segs = append(segs, segment{text: s[:open]})
		}
		end := strings.IndexAny(s[open+1:], "[]")
		if end < 0 || s[open+1+end] == '[' {
			return nil, errors.New("a '[' without its ']' (groups do not nest)")
		}
		ranges, err := parseRanges(s[open+1 : open+1+end])
		if err != nil {
			return nil, err
		}
		segs = append(segs, segment{ranges: ranges})
		s = s[open+2+end:]
	}
	return segs, nil
}

// parseRanges reads the inside of a bracket group: numbers and ranges
// lo-hi separated by commas.
func parseRanges(s string) ([]numRange, error) {
	var out []numRange
	for _, item := range strings.Split(s, ",") {
		loText, hiText, isRange := strings.Cut(item, "-")
		lo, err := parseBound(loText)
		if err != nil {
			return nil, fmt.Errorf("%.40q in brackets %w", item, err)
		}
		hi := lo
		if isRange {
			if hi, err = parseBound(hiText); err != nil {
				return nil, fmt.Errorf("%.40q in brackets %w", item, err)
			}
		}
		if hi < lo {
			return nil, fmt.Errorf("range %.40q ends below its start", item)
		}
		out = append(out, numRange{lo: lo, hi: hi, width: len(loText)})
	}
	return out, nil
}

// parseBound reads a range bound: 1 to maxRangeDigits decimal digits.
func parseBound(s string) (uint64, error) {
	if s == "" || len(s) > maxRangeDigits || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("is not a number or a range lo-hi of 1 to %d digits each", maxRangeDigits)
	}
	return strconv.ParseUint(s, 10, 64)
}

// patternCount returns the number of names segs makes, or limit (at
// least 1) if that is limit or more: no overflow, whatever the ranges.
func patternCount(segs []segment, limit int) int {
	n := 1
	for _, sg := range segs {
		if sg.ranges == nil {
			continue
		}
		group := 0
		for _, r := range sg.ranges {
			if span := r.hi - r.lo; span >= uint64(limit) {
				return limit
			}
			group += int(r.hi-r.lo) + 1
			if group >= limit {
				return limit
			}
		}
		if n > limit/group {
			return limit
		}
		n *= group
	}
	return min(n, limit)
}

// expandPattern appends the names of segs to out in Slurm's order
// (groupOrder).
func expandPattern(out []string, segs []segment) []string {
	var groups []int // the indices of segs' bracket groups
	for i, sg := range segs {
		if sg.ranges != nil {
			groups = append(groups, i)
		}
	}
	values := make([][]string, len(segs))
	for _, i := range groups {
		values[i] = groupValues(segs[i].ranges)
	}
	name := make([]string, len(segs))
	for i, sg := range segs {
		name[i] = sg.text
	}
	var walk func(order []int)
	walk = func(order []int) {
		if len(order) == 0 {
			out = append(out, strings.Join(name, ""))
			return
		}
		for _, v := range values[order[0]] {
			name[order[0]] = v
			walk(order[1:])
		}
	}
	walk(groupOrder(groups))
	return out
}

// groupOrder returns a name's bracket groups from the slowest varying
// to the fastest, as Slurm expands them: the last group fastest, then
// the first, the second and so on, the one before the last slowest
// ("a[1-2]b[3-4]c[5-6]": a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 ...). Of two
// groups, the first is the slowest.
func groupOrder(groups []int) []int {
	if len(groups) < 2 {
		return groups
	}
	last := len(groups) - 1
	order := slices.Clone(groups[:last])
	slices.Reverse(order)
	return append(order, groups[last])
}

// groupValues returns the numbers of a bracket group, each zero-padded
// to its range's width.
func groupValues(ranges []numRange) []string {
	var out []string
	for _, r := range ranges {
		for v := r.lo; ; v++ {
			out = append(out, string(appendPadded(nil, v, r.width)))
			if v == r.hi {
				break
			}
		}
	}
	return out
}

// appendPadded appends v in decimal, zero-padded to width digits.
func appendPadded(b []byte, v uint64, width int) []byte {
	digits := strconv.FormatUint(v, 10)
	for i := len(digits); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, digits...)
}
