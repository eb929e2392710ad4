package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestGraphDownloadsAreBounded: a dense matrix is written for at most
// MaxServedDense vertices (a 207 KB ring of 16,384 vertices made a 537 MB
// file, 2.5 GB of memory and 23 CPU-s); above, the answer is a 400 on
// format that names the matrix and the sparse formats. A graph file is revalidated by its
// ETag (304), and one written for a client that left stops unwritten.
func TestGraphDownloadsAreBounded(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	n := server.MaxServedDense + 1
	var ring strings.Builder
	for v := range n {
		fmt.Fprintf(&ring, "%d,%d,1\n", v, (v+1)%n)
	}
	g := uploaded(t, f, "/api/v1/graphs?format=csv", "text/plain", ring.String())
	rec := f.do(t, "GET", "/api/v1/graphs/"+g.ID+"?format=dense", "")
	e := decode[server.ErrorBody](t, rec)
	if rec.Code != 400 || e.Field != "format" || !strings.Contains(e.Error, "a dense matrix of 4,097 vertices") || !strings.Contains(e.Error, "at most 4,096 vertices") || !strings.Contains(e.Error, "matrixmarket") {
		t.Errorf("a dense matrix of %d vertices: %d %+v", n, rec.Code, e)
	}
	rec = f.do(t, "GET", "/api/v1/graphs/"+g.ID+"?format=edges", "")
	etag := rec.Header().Get("ETag")
	if rec.Code != 200 || strings.Count(rec.Body.String(), "\n") < n || etag == "" {
		t.Fatalf("edges: %d, %d bytes, ETag %q", rec.Code, rec.Body.Len(), etag)
	}
	req := httptest.NewRequest("GET", "/api/v1/graphs/"+g.ID+"?format=edges", nil)
	req.Header.Set("If-None-Match", etag)
	again := httptest.NewRecorder()
	f.srv.ServeHTTP(again, req)
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("revalidated: %d, %d bytes; want 304", again.Code, again.Body.Len())
	}
	if other := f.do(t, "GET", "/api/v1/graphs/"+g.ID+"?format=csv", ""); other.Header().Get("ETag") == etag {
		t.Errorf("csv and edges share the ETag %s", etag)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client left before the first byte
	gone := httptest.NewRecorder()
	f.srv.ServeHTTP(gone, httptest.NewRequest("GET", "/api/v1/graphs/"+g.ID+"?format=edges", nil).WithContext(ctx))
	if gone.Body.Len() > 0 && gone.Code == 200 {
		t.Errorf("a client that left got %d bytes", gone.Body.Len())
	}
}

// TestErrorsCarryNoCacheHeaders: a read that failed after it had set its
// caching headers sent them with its error: GET /graphs/{id}?format=metis
// of a directed graph was a 400 with the file's ETag and "Cache-Control:
// public, max-age=86400" (a shared cache kept the error a day, as it would
// a 503 of a dense matrix's busy slot), and a job's drawing that cannot be
// drawn (a gantt view of a grid) a 400 with the drawing's ETag, which a
// client's If-None-Match then turned into a 304. Errors now leave without
// the headers of the representation they are not.
func TestErrorsCarryNoCacheHeaders(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	directed := uploaded(t, f, "/api/v1/graphs?format=edges", "text/plain", "0 1 1\n1 0 2\n")
	_, c := f.loopback(t)
	j, err := c.Submit(context.Background(), jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: "affn"})
	if err == nil {
		j, err = c.Follow(context.Background(), j.ID, nil)
	}
	if err != nil || j.Status != jobs.Done {
		t.Fatalf("job %+v, %v", j, err)
	}
	for _, target := range []string{
		"/api/v1/graphs/" + directed.ID + "?format=metis",
		"/api/v1/render.svg?view=gantt&job=" + j.ID,
	} {
		rec := f.do(t, "GET", target, "")
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("GET %s: %d %s, want 400", target, rec.Code, rec.Body)
		}
		for _, h := range []string{"ETag", "Cache-Control", "Content-Disposition"} {
			if v := rec.Header().Get(h); v != "" {
				t.Errorf("GET %s: a 400 with %s: %s", target, h, v)
			}
		}
	}
}
