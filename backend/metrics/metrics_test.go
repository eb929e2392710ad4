package metrics_test

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/metrics"
)

// TestObservesQueueAndRunTimes: a job's queue time is from its creation
// to its start and its run time from its start to its end; a job
// cancelled while queued counts as finished but adds no run time.
func TestObservesQueueAndRunTimes(t *testing.T) {
	m := metrics.New()
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	ran := jobs.Job{Status: jobs.Running, Created: at, Started: at.Add(3 * time.Second)}
	m.Started(ran)
	ran.Status, ran.Finished = jobs.Done, ran.Started.Add(40*time.Second)
	m.Finished(ran)
	m.Finished(jobs.Job{Status: jobs.Cancelled, Created: at, Finished: at.Add(time.Second)})
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, line := range []string{
		"topomap_job_queue_seconds_sum 3",
		"topomap_job_queue_seconds_count 1",
		"topomap_job_run_seconds_sum 40",
		"topomap_job_run_seconds_count 1",
		`topomap_job_run_seconds_bucket{le="10.24"} 0`,
		`topomap_job_run_seconds_bucket{le="40.96"} 1`,
		`topomap_jobs_finished_total{state="done"} 1`,
		`topomap_jobs_finished_total{state="cancelled"} 1`,
		`topomap_jobs_finished_total{state="interrupted"} 0`,
		"topomap_jobs_started_total 1",
	} {
		if !strings.Contains(string(body), "\n"+line+"\n") {
			t.Errorf("no line %q in\n%s", line, body)
		}
	}
}
