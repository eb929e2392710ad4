package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/server"
	"topomap/backend/store"
)

// TestDeclaredOversizedBodyIsRefusedAtOnce: an upload whose
// Content-Length is above its cap gets 413 before any of its body is
// read (it used to wait for the body, 408 after the read timeout, or
// parse what had come: a 400 on line 1 of a placement).
func TestDeclaredOversizedBodyIsRefusedAtOnce(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	for _, target := range []string{"/api/v1/graphs", "/api/v1/machines", "/api/v1/score?guest=grid:2x2&host=ring:4"} {
		req := httptest.NewRequest("POST", target, strings.NewReader("0\n1\n2\n3\n"))
		req.Header.Set("Content-Type", "text/plain")
		req.ContentLength = 1 << 40
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("%s declaring 1 TiB: %d %s", target, rec.Code, rec.Body)
		}
	}
}
