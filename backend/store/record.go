package store

import (
	"encoding/json"
	"fmt"
	"time"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/api"
	"topomap/backend/jobs"
)

// jobRecord is a job as the file keeps it: the store's own type, so that
// renaming a field of the API (backend/api) never changes the format on
// disk. Its JSON is that of the API's Job of before the split, so stores
// written then read unchanged (TestOpensV1Store); a field added to the API
// is added here, with a tag of its own, only if it must outlive a restart.
type jobRecord struct {
	ID       string           `json:"id"`
	Status   string           `json:"status"`
	Progress progressRecord   `json:"progress"`
	Request  requestRecord    `json:"request"`
	Metrics  *metric.Metrics  `json:"metrics"`
	Baseline *metric.Baseline `json:"baseline,omitempty"`
	Search   *searchRecord    `json:"search,omitempty"`
	Seconds  float64          `json:"seconds"`
	Partial  bool             `json:"partial,omitempty"`
	Note     string           `json:"note,omitempty"`
	Formats  []string         `json:"formats,omitempty"`
	Error    string           `json:"error"`
	Created  time.Time        `json:"created"`
	Started  time.Time        `json:"started,omitzero"`
	Finished time.Time        `json:"finished,omitzero"`
}

// progressRecord is a job's last progress report, field for field the
// API's (a conversion, so that a field added there must be added here),
// the fields since added optional: older records lack them.
type progressRecord struct {
	Fraction         float64   `json:"fraction"`
	Evaluated        int64     `json:"evaluated"`
	Improved         int64     `json:"improved,omitempty"`
	HopsPerByte      float64   `json:"hopsPerByte"`
	SquaredLinkLoads float64   `json:"squaredLinkLoads,omitempty"`
	Level            int       `json:"level,omitempty"`
	Start            string    `json:"start,omitempty"`
	StartDone        float64   `json:"startDone,omitempty"`
	Elapsed          float64   `json:"elapsed"`
	At               time.Time `json:"at,omitzero"`
}

// requestRecord is a job's canonical request as the file keeps it: a
// JSON object of the fields of the field table (spec.Fields), each under
// the field's name (a permalink's key, which never changes) as a value of
// its kind, zero optional fields left out. It is the API's Request in
// JSON, whose keys are the table's names (TestRequestCarriesEveryField),
// and it is read back through the table's decoder, which refuses any
// other key or kind: a field added to the table is kept with no line here.
type requestRecord = json.RawMessage

// encodeRequest returns the record of a request.
func encodeRequest(q api.Request) (requestRecord, error) { return json.Marshal(q) }

// decodeRequest reads a request record, checked against the field table.
func decodeRequest(b requestRecord) (api.Request, error) {
	var q api.Request
	if len(b) == 0 {
		return q, nil // no request key: an empty request
	}
	if _, err := spec.DecodeJSON(b); err != nil {
		return q, fmt.Errorf("its request: %w", err)
	}
	return q, json.Unmarshal(b, &q)
}

// searchRecord is what a local search reported (a former "clock" key is
// ignored).
type searchRecord struct {
	Moves        int64    `json:"moves"`
	Improved     int64    `json:"improvingMoves"`
	ClosingSwaps int64    `json:"closingSwaps"`
	Start        string   `json:"start"`
	Starts       []string `json:"starts"`
	Converged    bool     `json:"converged"`
	Optimal      bool     `json:"optimal,omitempty"`
	Exhaustive   int64    `json:"exhaustive,omitempty"`
}

// EncodeJob returns the record of j (its cancel token is never stored):
// the JSON every job store keeps, bbolt and Postgres alike.
func EncodeJob(j jobs.Job) ([]byte, error) {
	q, err := encodeRequest(j.Request)
	if err != nil {
		return nil, err
	}
	return json.Marshal(jobRecord{
		ID: j.ID, Status: string(j.Status),
		Progress: progressRecord(j.Progress),
		Request:  q,
		Metrics:  j.Metrics, Baseline: j.Baseline, Search: (*searchRecord)(j.Search), Seconds: j.Seconds, Partial: j.Partial, Note: j.Note, Formats: j.Formats, Error: j.Error,
		Created: j.Created, Started: j.Started, Finished: j.Finished,
	})
}

// DecodeJob reads EncodeJob's record back into a job.
func DecodeJob(b []byte) (jobs.Job, error) {
	var r jobRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return jobs.Job{}, err
	}
	q, err := decodeRequest(r.Request)
	if err != nil {
		return jobs.Job{}, err
	}
	return jobs.Job{
		ID: r.ID, Status: jobs.Status(r.Status),
		Progress: jobs.Progress(r.Progress),
		Request:  q,
		Metrics:  r.Metrics, Baseline: r.Baseline, Search: (*solve.PairsRun)(r.Search), Seconds: r.Seconds, Partial: r.Partial, Note: r.Note, Formats: r.Formats, Error: r.Error,
		Created: r.Created, Started: r.Started, Finished: r.Finished,
	}, nil
}
