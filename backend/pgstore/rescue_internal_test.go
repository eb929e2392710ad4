package pgstore

import (
	"testing"
	"time"

	"github.com/riverqueue/river"

	"topomap/backend/jobs"
)

// TestRiverTakesARunForDeadOnlyPastItsTimeLimitAndTheMargin: the timeout
// River's rescuer compares a run's age with is the job's limit plus
// rescueMargin, whatever the limit of the replica whose rescuer looks,
// so that it never takes a run whose live worker is recording its end at
// the limit. Before, a job accepted by a replica of a longer limit than
// the leader's was taken at its limit exactly, and run again.
func TestRiverTakesARunForDeadOnlyPastItsTimeLimitAndTheMargin(t *testing.T) {
	w := &runWorker{s: &Service{o: jobs.Options{MaxTime: time.Minute}}}
	for _, c := range []struct{ args, want time.Duration }{
		{5 * time.Minute, 5*time.Minute + rescueMargin},
		{10 * time.Second, 10*time.Second + rescueMargin},
		{0, time.Minute + rescueMargin}, // queued before jobs carried their limit
	} {
		if got := w.Timeout(&river.Job[runArgs]{Args: runArgs{MaxTime: c.args}}); got != c.want {
			t.Errorf("a job of limit %v: River's timeout %v, want %v", c.args, got, c.want)
		}
	}
}
