package jobs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// The JSON shapes of the job API live in backend/api, which the WebAssembly
// client imports too; these aliases keep them the jobs package's own names.
type (
	// Status is the state of a job; see api.Status.
	Status = api.Status
	// Request is the body of POST /api/v1/jobs and /api/v1/map; see
	// api.Request.
	Request = api.Request
	// Progress is the live state of a running job; see api.Progress.
	Progress = api.Progress
	// Job is one mapping run as the API shows it; see api.Job.
	Job = api.Job
)

// The job states.
const (
	Queued      = api.Queued
	Running     = api.Running
	Done        = api.Done
	Failed      = api.Failed
	Cancelled   = api.Cancelled
	Interrupted = api.Interrupted
)

// RequestOf returns the canonical request of an instance (normalised spec
// strings), the form a job records.
func RequestOf(in spec.Instance) Request { return api.RequestOf(in) }

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
	_, err := hex.DecodeString(s)
	return err == nil && len(s) == IDLen && strings.ToLower(s) == s // lower-case hex only
}

// ErrInvalid is wrapped by every error about a request body that is not a
// well-formed request (the instance's own errors come from spec and solve).
var ErrInvalid = errors.New("invalid request")

// MaxRequestBytes bounds a request body; DecodeRequest reads no further.
const MaxRequestBytes = 64 << 10

// DecodeRequest reads one JSON request object from r and parses its
// instance. Unknown fields, trailing data, wrong types and bodies over
// MaxRequestBytes are errors; every error is a *spec.FieldError naming
// the field ("" for the body as a whole). O(body size).
func DecodeRequest(r io.Reader) (Request, spec.Instance, error) {
	req, in, err := decode(r, requestFields)
	return req.Request, in, err
}

// DecodeMapRequest is DecodeRequest for the body of POST /map, which may
// also hold host names.
func DecodeMapRequest(r io.Reader) (api.MapRequest, spec.Instance, error) {
	return decode(r, mapFields)
}

// decode reads a request object whose keys are among fields.
func decode(r io.Reader, fields []string) (api.MapRequest, spec.Instance, error) {
	var req api.MapRequest
	body, err := io.ReadAll(io.LimitReader(r, MaxRequestBytes+1))
	if err != nil {
		return req, spec.Instance{}, &spec.FieldError{Err: fmt.Errorf("%w: reading the body: %w", ErrInvalid, err)}
	}
	if len(body) > MaxRequestBytes {
		return req, spec.Instance{}, &spec.FieldError{Err: fmt.Errorf("%w: body larger than %d bytes", ErrInvalid, MaxRequestBytes)}
	}
	// Unknown keys are found by exactKeys, which names them without
	// reading encoding/json's message.
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&req.Request); err != nil {
		return req, spec.Instance{}, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return req, spec.Instance{}, &spec.FieldError{Err: fmt.Errorf("%w: data after the JSON object", ErrInvalid)}
	}
	if err := exactKeys(body, fields); err != nil {
		return req, spec.Instance{}, err
	}
	if slices.Contains(fields, "hostnames") {
		var names struct {
			Hostnames []string `json:"hostnames"`
		}
		if err := json.Unmarshal(body, &names); err != nil {
			return req, spec.Instance{}, decodeError(err)
		}
		req.Hostnames = names.Hostnames
	}
	in, err := req.Instance()
	return req, in, err
}

// requestFields are the keys of a request object, spelled exactly;
// mapFields those of POST /map's.
var (
	requestFields = spec.FieldNames()
	mapFields     = append(slices.Clip(requestFields), "hostnames")
)

// exactKeys rejects keys that encoding/json matched case-insensitively
// ("Guest", "ALGO"): a key is one of fields only as spelled.
func exactKeys(body []byte, fields []string) error {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(body, &keys); err != nil {
		return decodeError(err)
	}
	for k := range keys {
		if !slices.Contains(fields, k) {
			return &spec.FieldError{Field: k, Err: fmt.Errorf("%w: unknown field %q (want %s)", ErrInvalid, k, strings.Join(fields, ", "))}
		}
	}
	return nil
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
	return &spec.FieldError{Err: fmt.Errorf("%w: malformed JSON", ErrInvalid)}
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
