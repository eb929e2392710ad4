package export

import "topomap/algorithms/topology"

// Target is what a placement file is read against: the host whose slots
// it names, the guest's vertex count (the ranks 0 … Ranks−1) and the
// names of the host nodes (default: the machine's own, topology.NamesOf,
// else node<index>).
type Target struct {
	Host  topology.Host
	Ranks int
	// Guest is the instance's guest spec, which a JSON report must name
	// if it names one ("" checks nothing).
	Guest     string
	Hostnames Hostnames
	// Named is the host a JSON report may name besides Host: the host of
	// an instance with an allocation, whose report places its ranks on
	// the whole machine with its ranks per node, Host
	// (solve.PlacementHost).
	Named string
	// Allocation is the instance's allocation (solve.PlacementHost's),
	// nil for the whole machine; Host is then its Whole. An
	// MPICH_RANK_ORDER file lists the ranks over the job's slots, the
	// allocated nodes' in allocation order (see the package doc).
	Allocation *topology.Allocation
}

// ReadableNames lists the formats ReadPlacement reads, in table order.
func ReadableNames() []string {
	var names []string
	for _, f := range Formats {
		if f.Readable {
			names = append(names, f.Name)
		}
	}
	return names
}
