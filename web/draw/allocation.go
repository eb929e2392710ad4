package draw

import (
	"bytes"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
)

// maxAllocationMarks bounds the allocated nodes marked one by one (an
// element each); a larger allocation is said in the caption only.
const maxAllocationMarks = 1 << 14

// allocationMarks draws, under the nodes, a square behind every slot of
// each node of r's allocation (class "alloc", data-node its index on the
// whole machine), so that the whole machine shows with the nodes the
// ranks could use highlighted. Nothing without an allocation.
func allocationMarks(buf *bytes.Buffer, lay *layout, r *solve.Result) {
	if r.Allocation == nil || len(r.Allocation.Nodes()) > maxAllocationMarks {
		return
	}
	_, c := topology.NodesOf(r.Mapping.Host)
	half := max(lay.r+1, lay.side/2, 2)
	buf.WriteString(`<g class="allocation">`)
	for _, u := range r.Allocation.Nodes() {
		for s := u * c; s < (u+1)*c && s < len(lay.x); s++ {
			buf.WriteString(`<rect class="alloc" data-node="` + itoa(u) + `" x="` + itoa(lay.x[s]-half) + `" y="` + itoa(lay.y[s]-half) +
				`" width="` + itoa(2*half) + `" height="` + itoa(2*half) + `"/>`)
		}
	}
	buf.WriteString("</g>\n")
}

// allocationNote is the caption's word on r's allocation, "" without one.
func allocationNote(r *solve.Result) string {
	a := r.AllocationReport()
	if a == nil {
		return ""
	}
	nodes, _ := topology.NodesOf(r.Mapping.Host)
	s := "allocation highlighted: " + metric.Thousands(a.Usable) + " of " + metric.Plural(nodes.Size(), "node")
	if a.RanksPerNode > 0 {
		s += ", " + metric.Plural(a.RanksPerNode, "rank") + " on each used node"
	}
	return s
}
