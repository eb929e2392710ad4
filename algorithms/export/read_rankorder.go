package export

import (
	"io"
	"strings"
)

// readRankOrder reads an MPICH_RANK_ORDER file as RankOrder writes it:
// the ranks in slot order, separated by commas (or spaces) over any
// number of lines; the k-th rank listed takes slot k, or on an
// allocation the job's k-th slot (Target.jobSlot).
func readRankOrder(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	slot := 0
	err := lines(r, func(line int, s string) error {
		for _, f := range strings.FieldsFunc(s, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' }) {
			rank, err := number(line, "rank", f)
			if err != nil {
				return err
			}
			s, err := t.jobSlot(line, slot)
			if err != nil {
				return err
			}
			if err := p.put(line, rank, s); err != nil {
				return err
			}
			slot++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}
