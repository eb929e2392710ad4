package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
