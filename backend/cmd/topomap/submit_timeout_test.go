package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestSubmitSilentServer: a server that accepts connections and never
// answers made submit hang; now it fails after --timeout, non-zero, with a
// message that says so.
func TestSubmitSilentServer(t *testing.T) {
	progressOut = io.Discard
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, never answered
		}
	}()
	t0 := time.Now()
	err = run(context.Background(), []string{"submit", "--server", "http://" + ln.Addr().String(), "--timeout", "300ms",
		"--guest", "grid:4x4", "--host", "mesh:4x4", "--algo", "affn"}, io.Discard)
	// The message says the timeout ended it; the minute only catches a
	// hang, whatever the machine's load.
	if err == nil || !strings.Contains(err.Error(), "did not answer") || time.Since(t0) > time.Minute {
		t.Fatalf("submit to a silent server: %v after %v", err, time.Since(t0))
	}
}

// TestSubmitWaitServerDies: submit --wait polled forever once the server
// died; now it gives up after --timeout without an answer.
func TestSubmitWaitServerDies(t *testing.T) {
	progressOut = io.Discard
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusAccepted)
			json.NewEncoder(w).Encode(jobs.Job{ID: strings.Repeat("a", jobs.IDLen), Status: jobs.Running})
			return
		}
		// The first event stream request: the server goes away.
		go srv.CloseClientConnections()
		srv.Listener.Close()
	}))
	defer srv.Close()
	t0 := time.Now()
	err := run(context.Background(), []string{"submit", "--server", srv.URL, "--timeout", "500ms", "--wait",
		"--guest", "grid:4x4", "--host", "mesh:4x4", "--algo", "affn"}, io.Discard)
	if err == nil || time.Since(t0) > time.Minute { // a hang, not a pace
		t.Fatalf("submit --wait on a dead server: %v after %v", err, time.Since(t0))
	}
	t.Logf("%v after %v", err, time.Since(t0).Round(time.Millisecond))
}

// TestSubmitWaitWritesAPartialPlacement: a job stopped at the server's
// time limit keeps the best placement its search had found; submit
// --wait wrote nothing and only said it failed. It now writes that
// placement, then fails saying it is partial. The job is jobstest's
// anytime double, which runs until the limit whatever the machine's
// speed, then answers a partial identity.
func TestSubmitWaitWritesAPartialPlacement(t *testing.T) {
	progressOut = io.Discard
	r, err := jobs.New(store.NewMemory(), jobs.Options{MaxTime: 100 * time.Millisecond, Solver: jobstest.Solver(nil)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(server.Options{Jobs: r}))
	t.Cleanup(func() { ts.Close(); r.Close(context.Background()) })
	out, err := runCLI(t, "submit", "--wait", "--format", "csv", "--server", ts.URL, "--guest", "grid:8x8",
		"--host", "torus:8x8", "--algo", jobstest.Anytime)
	if err == nil || !strings.Contains(err.Error(), "time limit") || !strings.Contains(err.Error(), "partial placement is written") {
		t.Fatalf("submit --wait of a job past the time limit: %v", err)
	}
	if !strings.HasPrefix(out, "vertex,node,") || strings.Count(out, "\n") != 1+8*8 {
		t.Errorf("the partial placement: %d lines, beginning %.40q", strings.Count(out, "\n"), out)
	}
}
