package solve

import "topomap/algorithms/metric"

// Report is the JSON form of a solved instance: the output of
// `topomap map --format json` and of the API's placement?format=json.
type Report struct {
	Guest string `json:"guest"`
	Host  string `json:"host"`
	Algo  string `json:"algo"`
	Seed  uint64 `json:"seed"`
	// Placement[v] is the host coordinates of guest vertex v.
	Placement [][]int        `json:"placement"`
	Metrics   metric.Metrics `json:"metrics"`
	Seconds   float64        `json:"seconds"`
	Notes     Notes          `json:"notes"`
}

// Report returns the JSON form of r.
func (r *Result) Report() Report {
	return Report{
		Guest:     r.Instance.Guest.String(),
		Host:      r.Instance.Host.String(),
		Algo:      r.Instance.Algo,
		Seed:      r.Instance.Seed,
		Placement: r.Mapping.Coords(),
		Metrics:   r.Metrics,
		Seconds:   r.Seconds,
		Notes:     r.Algorithm.Notes,
	}
}
