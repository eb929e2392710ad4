package solve

import (
	"fmt"
	"strings"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// The browser's cost caps: the largest guest and host (vertices, slots)
// it runs an anytime search (PAIRS) or a comparison on, and the largest it
// maps with the other algorithms, which take milliseconds even there.
// Above them a tab would freeze for seconds: the instance is a server
// job's.
const (
	BrowserSearchLimit    = 16384
	BrowserHeuristicLimit = 1 << 16
)

// Suggestion is the method Suggest recommends for an instance, and why.
type Suggestion struct {
	Algo string `json:"algo"`
	// Job is set when the instance is above the browser's caps: Algo
	// should run as a server job.
	Job bool `json:"job"`
	// Reason says why, in one sentence.
	Reason string `json:"reason"`
}

// Suggest returns the method that maps g onto h best within the
// browser's cost caps: PAIRS up to BrowserSearchLimit (it starts from
// every cheap method that applies and only improves on the best, so it is
// never worse than any of them, the launchers' defaults included); rb
// (which maps any guest, never worse than a launcher's default: see
// rankOrderFloor) up to BrowserHeuristicLimit; above that PAIRS as a
// server job. The error is Check's when the sizes do not fit.
// O(algorithms).
func Suggest(g spec.Guest, h topology.Host) (Suggestion, error) {
	search, _ := Lookup("pairs")
	if err := checkSizes(search, g, h); err != nil {
		return Suggestion{}, err
	}
	n := max(g.Order(), h.Size())
	size := metric.Plural(g.Order(), "vertex", "vertices") + " on " + metric.Plural(h.Size(), "slot")
	switch {
	case n <= BrowserSearchLimit:
		return Suggestion{Algo: search.Name, Reason: fmt.Sprintf("pairs starts from the best of %s and only improves "+
			"on it, so it is never worse than any of them or than rank order, and %s fit the browser's cap for a "+
			"search (%s).", defaultStartNames(g, h), size, metric.Thousands(BrowserSearchLimit))}, nil
	case n <= BrowserHeuristicLimit:
		return Suggestion{Algo: "rb", Reason: fmt.Sprintf("rb (recursive bipartitioning, never worse than the "+
			"launchers' defaults) takes seconds at most, while %s are above the browser's cap for a search (%s): run "+
			"pairs as a server job to improve on it.", size, metric.Thousands(BrowserSearchLimit))}, nil
	}
	return Suggestion{Algo: search.Name, Job: true, Reason: fmt.Sprintf("%s are more than the browser maps (%s): "+
		"run pairs as a server job.", size, metric.Thousands(BrowserHeuristicLimit))}, nil
}

// defaultStartNames lists the names of the starts PAIRS tries on g and h
// (defaultStarts).
func defaultStartNames(g spec.Guest, h topology.Host) string {
	var ns []string
	for _, a := range defaultStarts(Starts(g, h), g.Order()) {
		ns = append(ns, a.Name)
	}
	return strings.Join(ns, ", ")
}
