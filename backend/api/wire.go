package api

import (
	"reflect"
	"strconv"
	"strings"
	"time"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// Status is the state of a job. Queued and Running are live; the others are
// final.
type Status string

// The job states.
const (
	Queued      Status = "queued"
	Running     Status = "running"
	Done        Status = "done"
	Failed      Status = "failed"
	Cancelled   Status = "cancelled"
	Interrupted Status = "interrupted"
)

// Final reports whether s is a final state: one that will not change any
// more. The zero Status (a job not loaded yet) is not final.
func (s Status) Final() bool {
	switch s {
	case Done, Failed, Cancelled, Interrupted:
		return true
	}
	return false
}

// Request is the body of POST /api/v1/jobs and POST /api/v1/map: the CLI's
// flag names and spec strings. Zero optional fields are left out.
type Request struct {
	Guest string `json:"guest"`
	Host  string `json:"host"`
	Algo  string `json:"algo"`
	Seed  uint64 `json:"seed,omitempty"`
	// Budget is a Go duration such as "2s" (anytime algorithms).
	Budget string `json:"budget,omitempty"`
	// Moves fixes the moves of a local search (the count a run reports).
	Moves int64 `json:"moves,omitempty"`
	// Start names the mapping a local search starts from.
	Start string `json:"start,omitempty"`
	// Ta and Tc are the execution model's compute and link times.
	Ta float64 `json:"ta,omitempty"`
	Tc float64 `json:"tc,omitempty"`
	// Objective is what a local search minimises: hopbytes (the
	// default) or congestion.
	Objective string `json:"objective,omitempty"`
	// Nodes is the allocation: a Slurm hostlist of node names, or index
	// ranges on a host whose nodes have no names.
	Nodes string `json:"nodes,omitempty"`
	// RanksPerNode makes every used node hold exactly that many ranks.
	RanksPerNode int `json:"ranksPerNode,omitempty"`
}

// MapRequest is the body of POST /api/v1/map: a Request and the host
// names of the launcher files (one per host node, in node-index order;
// default: the machine's own names, else node<index>). Host names are no part of the instance: a job
// takes them when its placement is fetched (POST /jobs/{id}/placement).
type MapRequest struct {
	Request
	Hostnames []string `json:"hostnames,omitempty"`
}

// Instance parses r with the field table (spec.Fields), each field from
// its text. Errors are *spec.FieldError.
func (r Request) Instance() (spec.Instance, error) { return spec.ParseFields(r.text) }

// text returns the field of r whose JSON key is name, as text ("" for a
// zero optional field, which is left out as a query leaves it out). Its
// keys are r's JSON names, which are the table's names by design
// (TestRequestCarriesEveryField): the list of keys lives in one place and
// a new field needs no line here.
func (r Request) text(name string) string {
	v := reflect.ValueOf(r)
	for i := range v.NumField() {
		key, opts, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		f := v.Field(i)
		if key != name || strings.Contains(opts, "omitempty") && f.IsZero() {
			continue
		}
		switch f.Kind() {
		case reflect.String:
			return f.String()
		case reflect.Int, reflect.Int64:
			return strconv.FormatInt(f.Int(), 10)
		case reflect.Uint, reflect.Uint64:
			return strconv.FormatUint(f.Uint(), 10)
		case reflect.Float64:
			return strconv.FormatFloat(f.Float(), 'g', -1, 64)
		}
	}
	return ""
}

// RequestOf returns the canonical request of an instance (normalised spec
// strings), the form a job records.
func RequestOf(in spec.Instance) Request {
	r := Request{Guest: in.Guest.String(), Host: in.Host.String(), Algo: in.Algo, Seed: in.Seed, Start: in.Start, Moves: in.Moves, Ta: in.Ta, Tc: in.Tc, Objective: in.Objective,
		Nodes: in.Nodes, RanksPerNode: in.RanksPerNode}
	if in.Budget != 0 {
		r.Budget = in.Budget.String()
	}
	return r
}

// Progress is the live state of a running job.
type Progress struct {
	// Fraction is the share of the work done, in [0, 1]; 1 when done: of
	// a search's time budget, or of the cuts of rb and multisection and
	// the vertices greedy has placed (an estimate of the time).
	Fraction float64 `json:"fraction"`
	// Evaluated counts the candidate moves tried so far.
	Evaluated int64 `json:"evaluated"`
	// Improved counts the moves that lowered the objective.
	Improved int64 `json:"improved,omitempty"`
	// HopsPerByte is the current value of the objective (0 = not known),
	// under the congestion objective the current placement's.
	HopsPerByte float64 `json:"hopsPerByte"`
	// SquaredLinkLoads is, under the congestion objective, the value it
	// lowers, the current placement's Σ L² over the directed links
	// (absent otherwise).
	SquaredLinkLoads float64 `json:"squaredLinkLoads,omitempty"`
	// Level is 1 while a multilevel search works on the grid halved:
	// HopsPerByte is then that grid's.
	Level int `json:"level,omitempty"`
	// Start names the start a local search is computing before its
	// search begins (Fraction still 0), and StartDone is the share of
	// that start's own work done, where it reports one (rb, multisection,
	// greedy): PAIRS's rb takes tens of seconds at a million vertices.
	Start     string  `json:"start,omitempty"`
	StartDone float64 `json:"startDone,omitempty"`
	// Elapsed is the run time so far, in seconds.
	Elapsed float64 `json:"elapsed"`
	// At is when the progress was reported (UTC), every second or so
	// while a server runs the job: an older time while the job reads
	// running means that its server stopped answering.
	At time.Time `json:"at,omitzero"`
}

// ProgressOf is the API's form of a solver's progress report (the
// fractions clamped to [0, 1]), reported now.
func ProgressOf(p solve.Progress) Progress {
	return Progress{Fraction: min(max(p.Fraction, 0), 1), Evaluated: p.Evaluated, Improved: p.Improved, HopsPerByte: p.HopsPerByte,
		SquaredLinkLoads: p.SquaredLinkLoads, Level: p.Level, Start: p.Start, StartDone: min(max(p.StartDone, 0), 1),
		Elapsed: p.Elapsed.Seconds(), At: time.Now().UTC()}
}

// JobList is the body of GET /api/v1/jobs: a page of jobs, newest first
// (by creation time, then id), and the cursor that asks for the page after
// it (?after=), absent on the last page.
type JobList struct {
	Jobs []Job  `json:"jobs"`
	Next string `json:"next,omitempty"`
}

// Job is one mapping run as the API shows it.
type Job struct {
	ID       string   `json:"id"`
	Status   Status   `json:"status"`
	Progress Progress `json:"progress"`
	// Request is the canonical request (normalised spec strings).
	Request Request `json:"request"`
	// Metrics are set when the job is done.
	Metrics *metric.Metrics `json:"metrics"`
	// Baseline compares the hop-bytes with rank order's (identity), the
	// launchers' default, when done.
	Baseline *metric.Baseline `json:"baseline,omitempty"`
	// Search is what a local search reported, when done: its moves (as
	// the request's moves, they repeat the run), improving moves, starts.
	Search *solve.PairsRun `json:"search,omitempty"`
	// Seconds is the mapper's run time when done.
	Seconds float64 `json:"seconds"`
	// Partial marks a job cancelled, interrupted (its server stopped) or
	// stopped at the time limit that kept the best placement its anytime
	// search had found (metrics and placement are that one's).
	Partial bool `json:"partial,omitempty"`
	// Note is what the mapper said about its answer, when done: that rank
	// order beat its own placement and was answered instead.
	Note string `json:"note,omitempty"`
	// Formats are the placement formats that can express the result, when
	// done (GET /jobs/{id}/placement?format=): a format without holes
	// (rankorder) only when the job's slots have none.
	Formats []string `json:"formats,omitempty"`
	// Error says why a job failed, was cancelled or interrupted.
	Error    string    `json:"error"`
	Created  time.Time `json:"created"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
	// CancelToken is in the answer to the submit that started the run
	// only (never stored, never shown by GET): DELETE needs it, so that
	// knowing a job's id (derived from its instance) is not enough to
	// cancel someone else's run.
	CancelToken string `json:"cancelToken,omitempty"`
}
