package jobs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"topomap/algorithms/metric"
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

// Final reports whether s is a final state.
func (s Status) Final() bool { return s != Queued && s != Running }

// Request is the body of POST /api/v1/jobs and POST /api/v1/map: the CLI's
// flag names and spec strings. Zero optional fields are left out.
type Request struct {
	Guest string `json:"guest"`
	Host  string `json:"host"`
	Algo  string `json:"algo"`
	Seed  uint64 `json:"seed,omitempty"`
	// Budget is a Go duration such as "2s" (anytime algorithms).
	Budget string `json:"budget,omitempty"`
	// Start names the mapping a local search starts from.
	Start string `json:"start,omitempty"`
	// Ta and Tc are the execution model's compute and link times.
	Ta float64 `json:"ta,omitempty"`
	Tc float64 `json:"tc,omitempty"`
}

// Query returns r in the query form that spec.ParseQuery reads, so that the
// API, the CLI and permalinks share one parser.
func (r Request) Query() url.Values {
	q := url.Values{}
	q.Set("guest", r.Guest)
	q.Set("host", r.Host)
	q.Set("algo", r.Algo)
	if r.Seed != 0 {
		q.Set("seed", strconv.FormatUint(r.Seed, 10))
	}
	if r.Budget != "" {
		q.Set("budget", r.Budget)
	}
	if r.Start != "" {
		q.Set("start", r.Start)
	}
	if r.Ta != 0 {
		q.Set("ta", strconv.FormatFloat(r.Ta, 'g', -1, 64))
	}
	if r.Tc != 0 {
		q.Set("tc", strconv.FormatFloat(r.Tc, 'g', -1, 64))
	}
	return q
}

// Instance parses r with spec.ParseQuery. Errors are *spec.FieldError.
func (r Request) Instance() (spec.Instance, error) {
	return spec.ParseQuery(r.Query())
}

// RequestOf returns the canonical request of an instance (normalised spec
// strings), the form a job records.
func RequestOf(in spec.Instance) Request {
	r := Request{Guest: in.Guest.String(), Host: in.Host.String(), Algo: in.Algo, Seed: in.Seed, Start: in.Start, Ta: in.Ta, Tc: in.Tc}
	if in.Budget != 0 {
		r.Budget = in.Budget.String()
	}
	return r
}

// IDLen is the length of a job id: hex digits of a SHA-256 prefix.
const IDLen = 20

// ID returns the id of the job that solves in: the first 80 bits of the
// SHA-256 of its canonical query, in hex. Equal instances (seed included)
// get equal ids. O(size of the query).
func ID(in spec.Instance) string {
	sum := sha256.Sum256([]byte(in.Query().Encode()))
	return hex.EncodeToString(sum[:IDLen/2])
}

// ValidID reports whether s has the form of a job id, so that handlers can
// refuse junk before touching the store.
func ValidID(s string) bool {
	if len(s) != IDLen {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Progress is the live state of a running job.
type Progress struct {
	// Fraction is the share of the time budget used, in [0, 1]; 1 when done.
	Fraction float64 `json:"fraction"`
	// Evaluated counts the candidate moves tried so far.
	Evaluated int64 `json:"evaluated"`
	// HopsPerByte is the current value of the objective (0 = not known).
	HopsPerByte float64 `json:"hopsPerByte"`
	// Elapsed is the run time so far, in seconds.
	Elapsed float64 `json:"elapsed"`
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
	// Seconds is the mapper's run time when done.
	Seconds float64 `json:"seconds"`
	// Error says why a job failed, was cancelled or interrupted.
	Error    string    `json:"error"`
	Created  time.Time `json:"created"`
	Started  time.Time `json:"started,omitzero"`
	Finished time.Time `json:"finished,omitzero"`
}

// ErrInvalid is wrapped by every error about a request body that is not a
// well-formed request (the instance's own errors come from spec and solve).
var ErrInvalid = errors.New("jobs: invalid request")

// MaxRequestBytes bounds a request body; DecodeRequest reads no further.
const MaxRequestBytes = 64 << 10

// DecodeRequest reads one JSON request object from r and parses its
// instance. Unknown fields, trailing data, wrong types and bodies over
// MaxRequestBytes are errors; every error is a *spec.FieldError naming
// the field ("" for the body as a whole). O(body size).
func DecodeRequest(r io.Reader) (Request, spec.Instance, error) {
	var req Request
	body, err := io.ReadAll(io.LimitReader(r, MaxRequestBytes+1))
	if err != nil {
		return req, spec.Instance{}, &spec.FieldError{Err: fmt.Errorf("%w: reading the body: %w", ErrInvalid, err)}
	}
	if len(body) > MaxRequestBytes {
		return req, spec.Instance{}, &spec.FieldError{Err: fmt.Errorf("%w: body larger than %d bytes", ErrInvalid, MaxRequestBytes)}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, spec.Instance{}, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return req, spec.Instance{}, &spec.FieldError{Err: fmt.Errorf("%w: data after the JSON object", ErrInvalid)}
	}
	in, err := req.Instance()
	return req, in, err
}

// decodeError turns a json error into a one-line FieldError.
func decodeError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return &spec.FieldError{Field: te.Field, Err: fmt.Errorf("%w: field %q: want a %s, got %s", ErrInvalid, te.Field, jsonType(te.Type.Kind().String()), te.Value)}
	case errors.As(err, &se):
		return &spec.FieldError{Err: fmt.Errorf("%w: malformed JSON at byte %d", ErrInvalid, se.Offset)}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &spec.FieldError{Err: fmt.Errorf("%w: empty or truncated body; want a JSON object", ErrInvalid)}
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, `json: unknown field "`); ok {
		f = strings.TrimSuffix(f, `"`)
		return &spec.FieldError{Field: f, Err: fmt.Errorf("%w: unknown field %q (want guest, host, algo, seed, budget, start, ta, tc)", ErrInvalid, f)}
	}
	return &spec.FieldError{Err: fmt.Errorf("%w: %s", ErrInvalid, strings.TrimPrefix(msg, "json: "))}
}

// jsonType names what a Go field kind wants, in JSON terms.
func jsonType(kind string) string {
	switch kind {
	case "uint64":
		return "non-negative integer"
	case "float64":
		return "number"
	}
	return kind
}
