package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// ranksPerLine is how many ranks a rank-order line lists.
const ranksPerLine = 16

// RankOrder writes an MPICH_RANK_ORDER file (for
// MPICH_RANK_REORDER_METHOD=3) of a mapping on the whole host: the guest
// ranks in slot order, comma-separated, ranksPerLine per line. A mapping
// that leaves slots empty is refused (see Check). A result on an
// allocation is written through WriteWith, over its job's slots.
func RankOrder(w io.Writer, m *mapping.Mapping) error {
	return rankOrder(w, &solve.Result{Mapping: m}, Options{})
}

// rankOrder writes r's MPICH_RANK_ORDER file, after CheckResult: the rank
// on each slot of its job, in the job's slot order (jobRanks).
func rankOrder(w io.Writer, r *solve.Result, _ Options) error {
	if err := CheckResult("rankorder", r); err != nil {
		return err
	}
	ranks, nodes := jobRanks(r.Mapping, r.Allocation)
	bw := bufio.NewWriter(w)
	bw.WriteString(rankOrderHeader(r, nodes))
	var num []byte
	for k, v := range ranks {
		switch {
		case k > 0 && k%ranksPerLine == 0:
			bw.WriteByte('\n')
		case k > 0:
			bw.WriteByte(',')
		}
		num = strconv.AppendInt(num[:0], int64(v), 10)
		bw.Write(num)
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// rankOrderHeader is the comment line of r's MPICH_RANK_ORDER file, which
// says whose slots it orders (the job's nodes on an allocation).
func rankOrderHeader(r *solve.Result, nodes int) string {
	m := r.Mapping
	if r.Allocation == nil {
		return fmt.Sprintf("# MPICH_RANK_ORDER for %s on %s: ranks in host node order\n", m.Guest, m.Host)
	}
	return fmt.Sprintf("# MPICH_RANK_ORDER for %s on %s: ranks in the job's slot order, %s on each of the first %s of the allocation, in allocation order\n",
		m.Guest, m.Host, metric.Plural(r.Allocation.PerNode(), "slot"), metric.Plural(nodes, "node"))
}

// jobRanks returns the rank on each slot of m's job, in the order an
// MPICH_RANK_ORDER file lists them (-1 on an empty slot), and the job's
// nodes. Without an allocation the job's slots are every slot of the
// host, in index order; with one, the slots of its nodes (alloc.Slot:
// PerNode on each), node after node in allocation order, up to the last
// node that holds a rank, as a launcher numbers a job's processes.
// O(slots of the host).
func jobRanks(m *mapping.Mapping, alloc *topology.Allocation) (ranks []int, nodes int) {
	inv := m.Inverse()
	if alloc == nil {
		inner, _ := topology.NodesOf(m.Host)
		return inv, inner.Size()
	}
	per, used := alloc.PerNode(), 0
	ranks = make([]int, alloc.Host.Size())
	for k := range ranks {
		ranks[k] = inv[alloc.Slot(k)]
		if ranks[k] >= 0 {
			used = k/per + 1
		}
	}
	return ranks[:used*per], used
}

// jobHoles returns nil if the job's slots (ranks, on its nodes: jobRanks)
// hold all of r's ranks and none is empty, or a field error on "format"
// saying why format cannot express r.
func jobHoles(format string, r *solve.Result, ranks []int, nodes int) error {
	empty := 0
	for _, v := range ranks {
		if v < 0 {
			empty++
		}
	}
	off := len(r.Mapping.Place) - (len(ranks) - empty)
	per := metric.Plural(r.Allocation.PerNode(), "slot")
	var err error
	switch {
	case empty > 0:
		err = fmt.Errorf("%s cannot express this mapping: it leaves %s of the job's %s slots empty (%s on each of the first %s of the allocation, in allocation order, up to the last that holds a rank), and the file has no way to skip a slot (the ranks after a hole would shift); use %s, which name each rank's slot",
			format, metric.Thousands(empty), metric.Thousands(len(ranks)), per, metric.Plural(nodes, "node"), holeFormats())
	case off > 0:
		err = fmt.Errorf("%s cannot express this mapping: it places %s off the allocation's slots (the first %s of each allocated node); use %s, which name each rank's slot",
			format, metric.Plural(off, "rank"), per, holeFormats())
	default:
		return nil
	}
	return &spec.FieldError{Field: "format", Err: err}
}
