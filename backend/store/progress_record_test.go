package store_test

import (
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestJobRecordKeepsEveryProgressField: a running job's record, which
// Postgres's other servers read its progress from, keeps every field of
// the report: it dropped the congestion search's Σ L², the multilevel
// level and, new, the start being computed.
func TestJobRecordKeepsEveryProgressField(t *testing.T) {
	p := jobs.Progress{Fraction: 0.25, Evaluated: 7, Improved: 3, HopsPerByte: 1.5, SquaredLinkLoads: 1234,
		Level: 1, Start: "rb", StartDone: 0.5, Elapsed: 12.5, At: time.Date(2026, 12, 6, 22, 0, 0, 0, time.UTC)}
	j := jobs.Job{ID: "0123456789abcdef0123", Status: jobs.Running, Progress: p, Created: p.At}
	b, err := store.EncodeJob(j)
	if err != nil {
		t.Fatal(err)
	}
	got, err := store.DecodeJob(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Progress != p {
		t.Errorf("progress read back %+v, want %+v", got.Progress, p)
	}
}
