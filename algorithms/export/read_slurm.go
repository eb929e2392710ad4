//go:build !(js && wasm)

package export

import (
	"io"
	"strings"
)

// readSlurm reads a SLURM_HOSTFILE as Slurm writes it: line r (of the
// lines that are not blank or '#' comments) is the host name of rank r's
// node. The ranks of one node take its cores in line order.
func readSlurm(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	index := p.nameIndex()
	rank := 0
	err := lines(r, func(line int, s string) error {
		if strings.ContainsAny(s, " \t,") {
			return placementErrorf(line, "%.60q: want one host name a line (the line of rank %d)", s, rank)
		}
		n, err := p.node(line, s, index)
		if err != nil {
			return err
		}
		rank++
		return p.putNode(line, rank-1, n)
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}
