package pgstore_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/metrics"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/server"
)

// sample returns the value of one series of an exposition ("" if absent).
func sample(text, series string) string {
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestMetricsOfEachReplicaCountTheJobsItRan: two replicas on one
// database, each serving its own /metrics as `topomap serve` wires them
// (the service's Observer, Watch on the service); a job submitted on the
// first runs on the replica whose River client takes it, which counts
// its start, its queue and run times and its final state; the other
// counts nothing, so the sum over the replicas is one run; the live jobs
// gauge reads the shared queue.
func TestMetricsOfEachReplicaCountTheJobsItRan(t *testing.T) {
	url := pgtest.Database(t)
	c := newRuns()
	var rs []replica
	var scrapes []string
	for i := range 2 {
		db, err := pgstore.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(db.Close)
		m := metrics.New()
		svc := openService(t, db, jobs.Options{Workers: 1, Observer: m, Solver: c.solver(i, closedChan())})
		m.Watch(svc)
		hs := httptest.NewServer(server.New(server.Options{Jobs: svc, Graphs: db, Metrics: m.Handler()}))
		t.Cleanup(hs.Close)
		rs = append(rs, replica{svc: svc, url: hs.URL})
		scrapes = append(scrapes, hs.URL+"/metrics")
	}
	j, status := submit(t, rs[0], "grid:4x4", "mesh:4x4", jobstest.Block)
	if status != http.StatusAccepted {
		t.Fatalf("submit: %d", status)
	}
	if final := jobstest.Follow(t, rs[0].svc, j.ID); final.Status != jobs.Done {
		t.Fatalf("job: %+v, want done", final)
	}
	ran := c.runner(j.ID)
	scrape := func(i int) string {
		a := call(t, "GET", scrapes[i], "")
		if a.status != http.StatusOK {
			t.Fatalf("replica %d: /metrics %d", i, a.status)
		}
		return string(a.body)
	}
	// The worker tells its Observer once the final state is committed,
	// a moment after the job reads done.
	deadline := time.Now().Add(10 * time.Second)
	for sample(scrape(ran), `topomap_jobs_finished_total{state="done"}`) != "1" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	for i := range scrapes {
		want := "0"
		if i == ran {
			want = "1"
		}
		text := scrape(i)
		for _, series := range []string{"topomap_jobs_started_total", `topomap_jobs_finished_total{state="done"}`,
			"topomap_job_queue_seconds_count", "topomap_job_run_seconds_count"} {
			if got := sample(text, series); got != want {
				t.Errorf("replica %d (the job ran on %d): %s = %q, want %s", i, ran, series, got, want)
			}
		}
		if got := sample(text, `topomap_jobs{state="running"}`); got != "0" {
			t.Errorf("replica %d: running jobs %q after the job finished", i, got)
		}
	}
}
