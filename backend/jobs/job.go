package jobs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
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

// Keeps reports whether a job that ended in status s keeps res, its
// solver's result: a done job does, and so does a cancelled one, one
// interrupted by its server stopping, or one stopped at its time limit
// (timedOut), if res is partial (the best placement an anytime search had
// found by then). Every Service decides with it, then stores the result
// (Complete) and its placement.
func Keeps(s Status, timedOut bool, res *solve.Result) bool {
	return s == Done || res != nil && res.Partial && (s == Cancelled || s == Interrupted || timedOut)
}

// TimeLimitError is the error of a job stopped at the time limit maxTime;
// kept says that it keeps its best placement so far (Keeps).
func TimeLimitError(maxTime time.Duration, kept bool) string {
	return KeptError(fmt.Sprintf("the job exceeded this server's time limit of %v", maxTime), kept)
}

// KeptError is msg, the error of a job that stopped short, saying that the
// job keeps its best placement so far when kept (Keeps).
func KeptError(msg string, kept bool) string {
	if kept {
		msg += "; the best placement found before it is kept (partial)"
	}
	return msg
}

// Complete gives a finished job its result (partial: the best placement
// an anytime search had found when it was cancelled or stopped at its
// time limit, see Keeps): metrics, the comparison with rank order, what
// the search and the mapper said, its time, and the placement formats
// that can express it (export.CheckResult: those without holes only when
// its slots have none, on an allocation its own). Every job store calls
// it, so a job reads the same from bbolt and Postgres.
func Complete(j *Job, res *solve.Result, partial bool) {
	j.Metrics, j.Baseline, j.Search, j.Note = &res.Metrics, res.Baseline, res.Pairs, res.Note
	j.Seconds, j.Partial = res.Seconds, partial
	j.Formats = nil
	for _, f := range export.Formats {
		if export.CheckResult(f.Name, res) == nil {
			j.Formats = append(j.Formats, f.Name)
		}
	}
	if !partial {
		j.Progress.Fraction = 1
	}
	// The mapper's time leaves out building the instance and the metrics,
	// which the running job's elapsed time counted: it never goes back.
	j.Progress.HopsPerByte, j.Progress.Elapsed = res.Metrics.HopsPerByte, max(j.Progress.Elapsed, res.Seconds)
}
