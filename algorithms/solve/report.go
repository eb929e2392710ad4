package solve

import (
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// Report is the JSON form of a solved instance: the output of
// `topomap map --format json` and of the API's placement?format=json. It
// holds no run time, so that the same request gives the same bytes.
type Report struct {
	Guest string `json:"guest"`
	Host  string `json:"host"`
	Algo  string `json:"algo"`
	Seed  uint64 `json:"seed"`
	// Start, Budget and Moves are the request's, when given.
	Start  string `json:"start,omitempty"`
	Budget string `json:"budget,omitempty"`
	Moves  int64  `json:"moves,omitempty"`
	// Objective is the request's objective of a local search, when not
	// the default (hop-bytes).
	Objective string `json:"objective,omitempty"`
	// Placement[v] is the host coordinates of guest vertex v.
	Placement [][]int        `json:"placement"`
	Metrics   metric.Metrics `json:"metrics"`
	// Baseline compares the hop-bytes with rank order's (identity), the
	// launchers' default, on the same slots.
	Baseline *metric.Baseline `json:"baseline,omitempty"`
	// Pairs is what a local search reports: the moves it made (set as
	// moves, they repeat the run), its improving moves and its starts.
	Pairs *PairsRun `json:"pairs,omitempty"`
	// Allocation says where the ranks could go, when the request gave
	// nodes or ranks per node.
	Allocation *AllocationReport `json:"allocation,omitempty"`
	// Note is what the mapper said about its answer, if anything: that
	// rank order beat its own placement and was answered instead.
	Note  string `json:"note,omitempty"`
	Notes Notes  `json:"notes"`
	// Baselines are the launchers' defaults beside a scored placement
	// (topomap score, POST /api/v1/score): rank order, and block and
	// cyclic where they differ from it.
	Baselines []Entry `json:"baselines,omitempty"`
}

// AllocationReport is what an allocation made of a run: the nodes as
// requested and their number (without nodes, ranks per node alone: the
// first nodes of the whole machine that the ranks need), the whole
// machine's nodes that the ranks could use (with ranks per node R, the
// first ranks/R of the allocation), those that hold ranks, and the ranks
// per node every used node holds.
type AllocationReport struct {
	Nodes        string `json:"nodes,omitempty"`
	Allocated    int    `json:"allocated"`
	Usable       int    `json:"usable"`
	Used         int    `json:"used"`
	RanksPerNode int    `json:"ranksPerNode,omitempty"`
	// machine is the number of the whole machine's nodes, which Text
	// names when no nodes were given (0: not known).
	machine int
}

// AllocationReport returns what r's allocation made of it, nil without one.
func (r *Result) AllocationReport() *AllocationReport {
	if r.Allocation == nil {
		return nil
	}
	nodes, c := topology.NodesOf(r.Mapping.Host)
	used := map[int]bool{}
	for _, s := range r.Mapping.Place {
		used[s/c] = true
	}
	return &AllocationReport{Nodes: r.Instance.Nodes, Allocated: r.Allocation.Given(), Usable: len(r.Allocation.Nodes()),
		Used: len(used), RanksPerNode: r.Instance.RanksPerNode, machine: nodes.Size()}
}

// Report returns the JSON form of r.
func (r *Result) Report() Report {
	rep := Report{
		Guest:     r.Instance.Guest.String(),
		Host:      r.Instance.Host.String(),
		Algo:      r.Instance.Algo,
		Seed:      r.Instance.Seed,
		Start:     r.Instance.Start,
		Moves:     r.Instance.Moves,
		Objective: r.Instance.Objective,
		Placement: r.Mapping.Coords(),
		Metrics:   r.Metrics,
		Baseline:  r.Baseline,
		Pairs:     r.Pairs,
		Note:      r.Note,
		Notes:     r.Algorithm.Notes,

		Allocation: r.AllocationReport(),
		Baselines:  r.Baselines,
	}
	if r.Instance.Budget > 0 {
		rep.Budget = r.Instance.Budget.String()
	}
	return rep
}

// Text says what the allocation made of a run, for people: "16 nodes
// allocated (nid[00001-00016]), 16 used, 4 ranks on each", with "the
// first 12 usable" after the nodes when ranks per node leave some out;
// with ranks per node but no nodes, which allocate none, "no nodes
// given: the whole machine (64 nodes), the first 16 used, 4 ranks on
// each" ("all used" when they are).
func (a *AllocationReport) Text() string {
	var s string
	switch {
	case a.Nodes == "" && a.machine > 0 && a.Used < a.machine:
		s = "no nodes given: the whole machine (" + metric.Plural(a.machine, "node") + "), the first " + metric.Thousands(a.Used) + " used"
	case a.Nodes == "" && a.machine > 0:
		s = "no nodes given: the whole machine (" + metric.Plural(a.machine, "node") + "), all used"
	default:
		s = metric.Plural(a.Allocated, "node") + " allocated"
		if a.Nodes != "" {
			s += " (" + a.Nodes + ")"
		}
		if a.Usable < a.Allocated {
			s += ", the first " + metric.Thousands(a.Usable) + " usable"
		}
		s += ", " + metric.Thousands(a.Used) + " used"
	}
	if a.RanksPerNode > 0 {
		s += ", " + metric.Plural(a.RanksPerNode, "rank") + " on each"
	}
	return s
}
