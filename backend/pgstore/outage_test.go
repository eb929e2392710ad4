package pgstore_test

import (
	"log/slog"
	"net/http"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore/pgtest"
)

func TestWhilePostgresIsDownRequestsGet503AndAfterItsRestartJobsFinish(t *testing.T) {
	pg := pgtest.Own(t) // a cluster of its own, stopped and started here
	c := newRuns()
	release := make(chan struct{})
	// River and the listener log every failed reconnection: not here.
	rs := startReplicasOn(t, pg.URL("topomap"), 3, jobs.Options{Workers: 1, Logger: slog.New(slog.DiscardHandler)}, c, release)
	j, _ := submit(t, rs[0], "grid:4x4", "mesh:4x4", jobstest.Block)
	waitRunning(t, rs[1].svc, j.ID)
	if err := pg.StopServer(); err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if a := call(t, "POST", r.url+"/api/v1/jobs", `{"guest":"grid:2x2","host":"mesh:2x2","algo":"block"}`); a.status != http.StatusServiceUnavailable {
			t.Errorf("replica %d: submit while Postgres is down: %d %s, want 503", i, a.status, a.body)
		}
		if a := call(t, "GET", r.url+"/api/v1/jobs/"+j.ID, ""); a.status != http.StatusServiceUnavailable {
			t.Errorf("replica %d: GET while Postgres is down: %d %s, want 503", i, a.status, a.body)
		}
	}
	close(release) // the run ends while the database is down
	time.Sleep(time.Second)
	if err := pg.StartServer(); err != nil {
		t.Fatal(err)
	}
	if final := jobstest.Follow(t, rs[2].svc, j.ID); final.Status != jobs.Done {
		t.Fatalf("the job that ran through the outage: %+v, want done", final)
	}
	next, status := submit(t, rs[2], "grid:2x2", "mesh:2x2", jobstest.Block)
	if status != http.StatusAccepted {
		t.Fatalf("submit after the restart: %d", status)
	}
	if final := jobstest.Follow(t, rs[0].svc, next.ID); final.Status != jobs.Done {
		t.Fatalf("a job submitted after the restart: %+v, want done", final)
	}
}
