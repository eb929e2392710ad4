package server_test

import (
	"net/http/httptest"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestJobDrawingIsDrawnOnce: a finished job's drawing asked for again
// with the same query is sent from the server's cache, the same bytes
// and file name, without loading the result again; another query (a
// width, the download) is drawn afresh.
func TestJobDrawingIsDrawnOnce(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	j := doneJob(t, f, `{"guest":"hypercube:4","host":"torus:4x4","algo":"xor"}`)
	counted := &countingResults{Service: f.runner}
	srv := server.New(server.Options{Jobs: counted})
	get := func(query string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/render.svg?job="+j.ID+query, nil))
		if rec.Code != 200 {
			t.Fatalf("render.svg%s: %d %s", query, rec.Code, rec.Body)
		}
		return rec
	}
	first, again := get(""), get("")
	if counted.loads != 1 || again.Body.String() != first.Body.String() ||
		again.Header().Get("Content-Disposition") != first.Header().Get("Content-Disposition") || again.Header().Get("ETag") != first.Header().Get("ETag") {
		t.Errorf("the same drawing twice: %d result loads (want 1), same bytes %v, dispositions %q and %q",
			counted.loads, again.Body.String() == first.Body.String(), first.Header().Get("Content-Disposition"), again.Header().Get("Content-Disposition"))
	}
	saved := get("&download=1")
	if counted.loads != 2 || saved.Header().Get("Content-Disposition") == first.Header().Get("Content-Disposition") {
		t.Errorf("the drawing to save: %d result loads (want 2), disposition %q", counted.loads, saved.Header().Get("Content-Disposition"))
	}
}
