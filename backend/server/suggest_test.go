package server_test

import (
	"net/http"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestSuggestAnswersMethodAndReason: GET /suggest names the method for an
// uploaded graph and for a generated guest, with a one-sentence reason;
// a guest larger than its host is a 400 on the host, an unknown graph a
// 404.
func TestSuggestAnswersMethodAndReason(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	id := uploaded(t, f, "/api/v1/graphs", "text/x-matrix-market", ring4MTX).ID
	for _, tt := range []struct {
		query  string
		status int
		algo   string
		reason string
	}{
		{"guest=graph:" + id + "&host=ring:4", 200, "pairs", "4 vertices on 4 slots"},
		{"guest=grid:256x256&host=torus:256x256", 200, "rb", "65,536 vertices"},
		{"guest=grid:4x4&host=ring:8", 400, "", "host"},
		{"guest=graph:" + strings.Repeat("0", len(id)) + "&host=ring:4", 404, "", ""},
	} {
		rec := serve(f, "GET", "/api/v1/suggest?"+tt.query, "", "", "")
		if rec.Code != tt.status {
			t.Errorf("%s: %d %s, want %d", tt.query, rec.Code, rec.Body, tt.status)
			continue
		}
		if rec.Code != http.StatusOK {
			if !strings.Contains(rec.Body.String(), tt.reason) {
				t.Errorf("%s: %s, want %q in it", tt.query, rec.Body, tt.reason)
			}
			continue
		}
		s := decode[solve.Suggestion](t, rec)
		if s.Algo != tt.algo || !strings.Contains(s.Reason, tt.reason) {
			t.Errorf("%s: %+v, want %s for a reason with %q", tt.query, s, tt.algo, tt.reason)
		}
	}
}
