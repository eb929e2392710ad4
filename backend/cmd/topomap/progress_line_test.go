package main

import (
	"testing"

	"topomap/backend/jobs"
)

// TestProgressLineShowsWhatTheMapperCounts: submit --wait shows a
// search's moves and hops per byte, and only the share done and the time
// for a mapper that counts no moves (rb, greedy), whose zeros would read
// as figures.
func TestProgressLineShowsWhatTheMapperCounts(t *testing.T) {
	for _, tt := range []struct {
		p    jobs.Progress
		want string
	}{
		{jobs.Progress{Fraction: 0.25, Evaluated: 12345, HopsPerByte: 1.5, Elapsed: 2.04}, "\rrunning    25.0%  12,345 evaluated  hops/byte 1.5000  2.0s "},
		{jobs.Progress{Fraction: 0.625, Elapsed: 31.25}, "\rrunning    62.5%  31.2s "},
		{jobs.Progress{Start: "rb", StartDone: 0.456, Elapsed: 20}, "\rrunning     0.0%  computing the start rb, 45.6 %  20.0s "},
	} {
		if got := progressLine(jobs.Job{Status: jobs.Running, Progress: tt.p}); got != tt.want {
			t.Errorf("progressLine(%+v) = %q, want %q", tt.p, got, tt.want)
		}
	}
}
