package pgstore_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/server"
)

// health reads a replica's /healthz: its status code, overall status and
// database's status.
func health(t *testing.T, r replica) (code int, status, database string) {
	t.Helper()
	a := call(t, "GET", r.url+"/api/v1/healthz", "")
	var h server.Health
	if err := json.Unmarshal(a.body, &h); err != nil {
		t.Fatalf("healthz: %v %s", err, a.body)
	}
	return a.status, h.Status, h.Components["database"].Status + "/" + h.Components["queue"].Status
}

// awaitHealth reads a replica's /healthz until it answers code (it
// checks its components at most once a second) and returns its status and
// components; it fails the test after 30 s.
func awaitHealth(t *testing.T, r replica, want int) (status, components string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, status, comps := health(t, r)
		if code == want {
			return status, comps
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz still %d %s (database/queue %s) after 30 s; want %d", code, status, comps, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestWhilePostgresIsDownRequestsGet503AndAfterItsRestartJobsFinish: with
// Postgres stopped mid-run, submit (also onto a machine:ID to look up),
// GET of a job or a machine and healthz (its database degraded) get 503
// on every replica; after its restart healthz is ok
// again and both the job that ran through the outage and a new one
// finish.
func TestWhilePostgresIsDownRequestsGet503AndAfterItsRestartJobsFinish(t *testing.T) {
	pg := pgtest.Own(t) // a cluster of its own, stopped and started here
	c := newRuns()
	release := make(chan struct{})
	// River and the listener log every failed reconnection: not here.
	rs := startReplicasOn(t, pg.URL("topomap"), 3, jobs.Options{Workers: 1, Logger: slog.New(slog.DiscardHandler)}, c, release)
	j, _ := submit(t, rs[0], "grid:4x4", "mesh:4x4", jobstest.Block)
	waitRunning(t, rs[1].svc, j.ID)
	if code, status, comps := health(t, rs[0]); code != http.StatusOK || status != jobs.HealthOK || comps != "ok/ok" {
		t.Errorf("healthz before the outage: %d %s, database/queue %s", code, status, comps)
	}
	if err := pg.StopServer(); err != nil {
		t.Fatal(err)
	}
	// As serve wires it: a machine:ID this process was not sent is looked
	// up in the database, which cannot answer now.
	topology.SetMachineSource(jobs.MachineSource(rs[0].db))
	defer topology.SetMachineSource(nil)
	const machine = "0123456789abcdef0123456789abcdef"
	for i, r := range rs {
		if a := call(t, "POST", r.url+"/api/v1/jobs", `{"guest":"grid:2x2","host":"mesh:2x2","algo":"block"}`); a.status != http.StatusServiceUnavailable {
			t.Errorf("replica %d: submit while Postgres is down: %d %s, want 503", i, a.status, a.body)
		}
		if a := call(t, "POST", r.url+"/api/v1/jobs", `{"guest":"grid:2x2","host":"machine:`+machine+`","algo":"block"}`); a.status != http.StatusServiceUnavailable {
			t.Errorf("replica %d: submit onto a machine not looked up yet while Postgres is down: %d %s, want 503", i, a.status, a.body)
		}
		if a := call(t, "GET", r.url+"/api/v1/machines/"+machine, ""); a.status != http.StatusServiceUnavailable {
			t.Errorf("replica %d: GET a machine while Postgres is down: %d %s, want 503", i, a.status, a.body)
		}
		if a := call(t, "GET", r.url+"/api/v1/jobs/"+j.ID, ""); a.status != http.StatusServiceUnavailable {
			t.Errorf("replica %d: GET while Postgres is down: %d %s, want 503", i, a.status, a.body)
		}
		if status, comps := awaitHealth(t, r, http.StatusServiceUnavailable); status != jobs.HealthDegraded || !strings.HasPrefix(comps, "degraded/") {
			t.Errorf("replica %d: healthz while Postgres is down: %s, database/queue %s; want the database degraded", i, status, comps)
		}
	}
	close(release) // the run ends while the database is down
	time.Sleep(time.Second)
	if err := pg.StartServer(); err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if status, comps := awaitHealth(t, r, http.StatusOK); status != jobs.HealthOK || comps != "ok/ok" {
			t.Errorf("replica %d: healthz after the restart: %s, database/queue %s", i, status, comps)
		}
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
