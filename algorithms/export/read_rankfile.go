//go:build !(js && wasm)

package export

import (
	"io"
	"strings"
)

// readRankFile reads an Open MPI rankfile as RankFile writes it: lines
// "rank r=<hostname> slot=<core>" (spaces around '=' allowed); the core
// is 0 on a host without cores.
func readRankFile(r io.Reader, t Target) ([]int, error) {
	p := newPlacer(t)
	index := p.nameIndex()
	err := lines(r, func(line int, s string) error {
		rest, ok := strings.CutPrefix(s, "rank")
		lhs, rhs, eq := strings.Cut(rest, "=")
		if !ok || !eq {
			return placementErrorf(line, "%.60q is not \"rank r=<hostname> slot=<core>\"", s)
		}
		rank, err := number(line, "rank", strings.TrimSpace(lhs))
		if err != nil {
			return err
		}
		host, slot, ok := strings.Cut(strings.TrimSpace(rhs), " ")
		slot = strings.ReplaceAll(strings.TrimSpace(slot), " ", "")
		core, found := strings.CutPrefix(slot, "slot=")
		if !ok || !found {
			return placementErrorf(line, "%.60q has no \"slot=<core>\" after the host name", s)
		}
		k, err := number(line, "slot", core)
		if err != nil {
			return placementErrorf(line, "slot %.40q: want the core's index (slot=3), not a socket:core or range", core)
		}
		n, err := p.node(line, host, index)
		if err != nil {
			return err
		}
		return p.putCore(line, rank, n, k)
	})
	if err != nil {
		return nil, err
	}
	return p.done()
}
