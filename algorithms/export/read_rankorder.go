//go:build !(js && wasm)

package export

import (
	"io"
	"strings"
)

// readRankOrder reads an MPICH_RANK_ORDER file: the ranks in slot order,
// separated by commas (or spaces) over any number of lines, each a rank
// or a range as Cray's MPICH and CrayPat write them, "0-15" for 0 to 15
// and "15-0" for 15 down to 0; the k-th rank listed takes slot k, or on
// an allocation the job's k-th slot (Target.jobSlot). A range stops at
// its first rank out of the guest's, so a file costs O(its ranks).
func readRankOrder(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	slot := 0
	err := lines(r, func(line int, s string) error {
		for _, f := range strings.FieldsFunc(s, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' }) {
			first, last, err := rankRange(line, f)
			if err != nil {
				return err
			}
			step := 1
			if last < first {
				step = -1
			}
			for rank := first; ; rank += step {
				s, err := t.jobSlot(line, slot)
				if err != nil {
					return err
				}
				if err := p.put(line, rank, s); err != nil {
					return err
				}
				slot++
				if rank == last {
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}

// rankRange reads a rank ("7") or a range of ranks ("0-15", "15-0").
func rankRange(line int, f string) (first, last int, err error) {
	a, b, isRange := strings.Cut(f, "-")
	if !isRange || a == "" {
		first, err = number(line, "rank", f)
		return first, first, err
	}
	if first, err = number(line, "rank", a); err == nil {
		last, err = number(line, "rank", b)
	}
	return first, last, err
}
