package store

import (
	"encoding/json"
	"time"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/backend/jobs"
)

// jobRecord is a job as the file keeps it: the store's own type, so that
// renaming a field of the API (backend/api) never changes the format on
// disk. Its JSON is that of the API's Job of before the split, so stores
// written then read unchanged (TestOpensV1Store); a field added to the API
// is added here, with a tag of its own, only if it must outlive a restart.
type jobRecord struct {
	ID       string          `json:"id"`
	Status   string          `json:"status"`
	Progress progressRecord  `json:"progress"`
	Request  requestRecord   `json:"request"`
	Metrics  *metric.Metrics `json:"metrics"`
	Search   *searchRecord   `json:"search,omitempty"`
	Seconds  float64         `json:"seconds"`
	Partial  bool            `json:"partial,omitempty"`
	Error    string          `json:"error"`
	Created  time.Time       `json:"created"`
	Started  time.Time       `json:"started,omitzero"`
	Finished time.Time       `json:"finished,omitzero"`
}

// progressRecord is a job's last progress report.
type progressRecord struct {
	Fraction    float64 `json:"fraction"`
	Evaluated   int64   `json:"evaluated"`
	Improved    int64   `json:"improved,omitempty"`
	HopsPerByte float64 `json:"hopsPerByte"`
	Elapsed     float64 `json:"elapsed"`
}

// requestRecord is a job's canonical request.
type requestRecord struct {
	Guest  string  `json:"guest"`
	Host   string  `json:"host"`
	Algo   string  `json:"algo"`
	Seed   uint64  `json:"seed,omitempty"`
	Budget string  `json:"budget,omitempty"`
	Moves  int64   `json:"moves,omitempty"`
	Start  string  `json:"start,omitempty"`
	Ta     float64 `json:"ta,omitempty"`
	Tc     float64 `json:"tc,omitempty"`
	// Objective: absent in records written before it (hop-bytes).
	Objective string `json:"objective,omitempty"`
}

// searchRecord is what a local search reported (a former "clock" key is
// ignored).
type searchRecord struct {
	Moves     int64    `json:"moves"`
	Improved  int64    `json:"improvingMoves"`
	Start     string   `json:"start"`
	Starts    []string `json:"starts"`
	Converged bool     `json:"converged"`
}

// EncodeJob returns the record of j (its cancel token is never stored):
// the JSON every job store keeps, bbolt and Postgres alike.
func EncodeJob(j jobs.Job) ([]byte, error) {
	p, q := j.Progress, j.Request
	return json.Marshal(jobRecord{
		ID: j.ID, Status: string(j.Status),
		Progress: progressRecord{p.Fraction, p.Evaluated, p.Improved, p.HopsPerByte, p.Elapsed},
		Request:  requestRecord{q.Guest, q.Host, q.Algo, q.Seed, q.Budget, q.Moves, q.Start, q.Ta, q.Tc, q.Objective},
		Metrics:  j.Metrics, Search: (*searchRecord)(j.Search), Seconds: j.Seconds, Partial: j.Partial, Error: j.Error,
		Created: j.Created, Started: j.Started, Finished: j.Finished,
	})
}

// DecodeJob reads EncodeJob's record back into a job.
func DecodeJob(b []byte) (jobs.Job, error) {
	var r jobRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return jobs.Job{}, err
	}
	p, q := r.Progress, r.Request
	return jobs.Job{
		ID: r.ID, Status: jobs.Status(r.Status),
		Progress: jobs.Progress{Fraction: p.Fraction, Evaluated: p.Evaluated, Improved: p.Improved, HopsPerByte: p.HopsPerByte, Elapsed: p.Elapsed},
		Request:  jobs.Request{Guest: q.Guest, Host: q.Host, Algo: q.Algo, Seed: q.Seed, Budget: q.Budget, Moves: q.Moves, Start: q.Start, Ta: q.Ta, Tc: q.Tc, Objective: q.Objective},
		Metrics:  r.Metrics, Search: (*solve.PairsRun)(r.Search), Seconds: r.Seconds, Partial: r.Partial, Error: r.Error,
		Created: r.Created, Started: r.Started, Finished: r.Finished,
	}, nil
}
