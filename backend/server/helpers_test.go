package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/server"
	"topomap/backend/store"
)

// fixture is a server on a memory store with the jobstest solver.
type fixture struct {
	srv     *server.Server
	runner  *jobs.Runner
	release chan struct{} // closing it ends every jobstest.Block run
}

func newFixture(t testing.TB, jo jobs.Options, so server.Options) *fixture {
	t.Helper()
	f := &fixture{release: make(chan struct{})}
	if jo.Solver.Map == nil {
		jo.Solver = jobstest.Solver(f.release)
	}
	var err error
	f.runner, err = jobs.New(store.NewMemory(), jo)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.runner.Close(context.Background()) })
	so.Jobs = f.runner
	f.srv = server.New(patient(so))
	return f
}

// patient gives a test server a synchronous time limit of two minutes
// where the test sets none: a test of what a request answers must not get
// the 503 of the 10 s default on a loaded machine (a 100 ms compare view
// under the race detector beside four busy processes took over 10 s).
// Tests of the limit itself set theirs.
func patient(so server.Options) server.Options {
	if so.SyncTimeout == 0 {
		so.SyncTimeout = 2 * time.Minute
	}
	return so
}

// do serves one request in memory and returns the recorder.
func (f *fixture) do(t testing.TB, method, target, body string) *httptest.ResponseRecorder {
	contentType := ""
	if body != "" {
		contentType = "application/json"
	}
	return serve(f, method, target, contentType, body, "")
}

// serve sends one request with a body of contentType and, if token is
// not empty, the token.
func serve(f *fixture, method, target, contentType, body, token string) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	return rec
}

// loopback serves f on 127.0.0.1 and returns a client for it.
func (f *fixture) loopback(t *testing.T) (*httptest.Server, *server.Client) {
	t.Helper()
	ts := httptest.NewServer(f.srv)
	t.Cleanup(ts.Close)
	return ts, &server.Client{Base: ts.URL, HTTP: ts.Client()}
}

func decode[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decoding %q: %v", rec.Body.String(), err)
	}
	return v
}

const xorBody = `{"guest":"hypercube:4","host":"ring:16","algo":"xor"}`
