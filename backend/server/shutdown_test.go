package server_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestGracefulShutdown: ending Serve's context cancels the running job,
// records it as interrupted, ends its event stream with that state, and
// Serve returns without error.
func TestGracefulShutdown(t *testing.T) {
	st := store.NewMemory()
	runner, err := jobs.New(st, jobs.Options{Solver: jobstest.Solver(nil)})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Jobs: runner, Heartbeat: 10 * time.Millisecond})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()
	c := &server.Client{Base: "http://" + ln.Addr().String()}

	j, err := c.Submit(context.Background(), jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: jobstest.Block})
	if err != nil {
		t.Fatal(err)
	}
	// A raw stream shows keep-alive comments between events.
	resp, err := http.Get(c.Base + "/api/v1/jobs/" + j.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	var raw strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(raw.String(), ": keep-alive\n\n") {
		n, err := resp.Body.Read(buf)
		raw.Write(buf[:n])
		if err != nil {
			t.Fatalf("stream: %v after %q", err, raw.String())
		}
	}
	final := make(chan jobs.Job, 1)
	go func() {
		j, err := c.Follow(context.Background(), j.ID, nil)
		if err != nil {
			t.Errorf("Follow: %v", err)
		}
		final <- j
	}()
	for s := jobs.Queued; s != jobs.Running; {
		time.Sleep(5 * time.Millisecond)
		got, _ := c.Job(context.Background(), j.ID)
		s = got.Status
	}
	stop()
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if got := <-final; got.Status != jobs.Interrupted {
		t.Fatalf("stream ended with %+v, want interrupted", got)
	}
	if rec, _ := st.Get(j.ID); rec.Status != jobs.Interrupted {
		t.Fatalf("recorded %+v, want interrupted", rec)
	}
	rest, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(rest), "event: end\n") {
		t.Fatalf("raw stream did not end with an end event: %q", rest)
	}
}
