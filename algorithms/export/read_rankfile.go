//go:build !(js && wasm)

package export

import (
	"io"
	"strings"

	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// readRankFile reads an Open MPI rankfile: lines "rank r=<host>
// slot=<slot>" (spaces around '=' allowed), the host a name or "+nK" (node
// K of the allocation), the slot a core's index or "S:C" (core C of
// package S); slot lists and ranges are refused (see the package doc).
func readRankFile(r io.Reader, t Target) ([]int, error) {
	rf := rankfileReader{p: newPlacer(t)}
	rf.index = rf.p.nameIndex()
	rf.packages, rf.perPackage, rf.given = nodePackages(t.Host)
	if err := lines(r, rf.line); err != nil {
		return nil, err
	}
	return rf.p.done()
}

// rankfileReader reads the lines of a rankfile into a placer.
type rankfileReader struct {
	p     *placer
	index map[string]int
	// packages and perPackage are a node's packages and the cores of
	// each (nodePackages); given tells whether the host gives them.
	packages, perPackage int
	given                bool
}

// line reads line n, s.
func (rf rankfileReader) line(n int, s string) error {
	rest, ok := strings.CutPrefix(s, "rank")
	lhs, rhs, eq := strings.Cut(rest, "=")
	if !ok || !eq {
		return placementErrorf(n, "%.60q is not \"rank r=<hostname> slot=<core>\"", s)
	}
	rank, err := number(n, "rank", strings.TrimSpace(lhs))
	if err != nil {
		return err
	}
	host, slot, ok := strings.Cut(strings.TrimSpace(rhs), " ")
	slot = strings.ReplaceAll(strings.TrimSpace(slot), " ", "")
	slot, found := strings.CutPrefix(slot, "slot=")
	if !ok || !found {
		return placementErrorf(n, "%.60q has no \"slot=<core>\" after the host name", s)
	}
	core, err := rf.core(n, slot)
	if err != nil {
		return err
	}
	node, err := rf.node(n, host)
	if err != nil {
		return err
	}
	return rf.p.putCore(n, rank, node, core)
}

// node returns the node of a host name or of a relative host "+nK", node K
// of the target's allocation in allocation order.
func (rf rankfileReader) node(line int, host string) (int, error) {
	k, relative := strings.CutPrefix(host, "+n")
	if !relative {
		return rf.p.node(line, host, rf.index)
	}
	i, err := number(line, "relative host", k)
	if err != nil {
		return 0, err
	}
	a := rf.p.t.Allocation
	if a == nil {
		return 0, placementErrorf(line, "relative host %s is node %d of the job's allocation, which topomap is not given: give the job's nodes in allocation order (the command line's --nodes, the API's \"nodes\"), or name the host", host, i)
	}
	if nodes := a.Nodes(); i < len(nodes) {
		return nodes[i], nil
	}
	return 0, placementErrorf(line, "relative host %s out of range: the job's allocation has %s, +n0 to +n%d", host, metric.Plural(len(a.Nodes()), "node"), len(a.Nodes())-1)
}

// core returns the core of a node that a slot names: "t", the node's core
// t, or "S:C", core C of its package S, which is core S·(cores per
// package)+C in hwloc's logical order, package by package. A list or
// range of cores, or "*", is refused: a rank takes one core here.
func (rf rankfileReader) core(line int, slot string) (int, error) {
	if severalCores(slot) {
		return 0, placementErrorf(line, "slot %.40q binds the rank to several cores (a list, a range or '*'); topomap scores one core per rank: write one, slot=<package>:<core> or slot=<core>", slot)
	}
	pack, core, socket := strings.Cut(slot, ":")
	if !socket {
		return number(line, "slot", slot)
	}
	s, errS := number(line, "package", pack)
	c, errC := number(line, "core", core)
	if errS != nil || errC != nil {
		return 0, placementErrorf(line, "slot %.40q: want slot=<core> or slot=<package>:<core>", slot)
	}
	if s >= rf.packages || c >= rf.perPackage {
		return 0, rf.outOfPackages(line, slot)
	}
	return s*rf.perPackage + c, nil
}

// severalCores tells whether a slot lists cores ("0,2"), gives a range
// ("1:0-3") or all of them ("*").
func severalCores(slot string) bool {
	i := strings.IndexByte(slot, '-')
	return strings.ContainsAny(slot, ",*") || i > 0 && slot[i-1] != ':' && i < len(slot)-1
}

// outOfPackages says why slot=S:C names no core of a node.
func (rf rankfileReader) outOfPackages(line int, slot string) error {
	h := rf.p.t.Host
	if !rf.given {
		return placementErrorf(line, "slot %.40q: the nodes of %s have no packages given, so topomap reads each as one package of %s: write the core's index (slot=<core>), or give the node's inside (--node \"pack:2 core:4 dist=1,2\", the host's :node=4x2:dist=1,2)",
			slot, h, metric.Plural(rf.perPackage, "core"))
	}
	return placementErrorf(line, "slot %.40q out of range: a node of %s has %s of %s (slot=0:0 to slot=%d:%d)",
		slot, h, metric.Plural(rf.packages, "package"), metric.Plural(rf.perPackage, "core"), rf.packages-1, rf.perPackage-1)
}

// nodePackages returns the packages of a node of h and the cores of each,
// as a rankfile's slot=S:C names them, and whether h gives them: the
// outermost of a node's groups (metric.NodeLevels) when it has two or
// more levels (node=4x2:dist=1,2 is 2 packages of 4 cores), else one
// package of all its cores (cores=C, no cores: one package of one core).
func nodePackages(h topology.Host) (packages, perPackage int, given bool) {
	_, c := topology.NodesOf(h)
	radices, _, _ := metric.NodeLevels(h)
	levels, group := 0, 1
	for levels < len(radices) && group*radices[levels] <= c {
		group *= radices[levels]
		levels++
	}
	if levels < 2 || group != c {
		return 1, c, false
	}
	return radices[levels-1], c / radices[levels-1], true
}
