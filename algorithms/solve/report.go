package solve

import "topomap/algorithms/metric"

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
	// Pairs is what a local search reports: the moves it made (set as
	// moves, they repeat the run), its improving moves and its starts.
	Pairs *PairsRun `json:"pairs,omitempty"`
	// Note is what the mapper said about its answer, if anything: that
	// rank order beat its own placement and was answered instead.
	Note  string `json:"note,omitempty"`
	Notes Notes  `json:"notes"`
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
		Pairs:     r.Pairs,
		Note:      r.Note,
		Notes:     r.Algorithm.Notes,
	}
	if r.Instance.Budget > 0 {
		rep.Budget = r.Instance.Budget.String()
	}
	return rep
}
