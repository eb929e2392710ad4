package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/server"
	"topomap/backend/store"
)

// TestDenseGraphIsAJobsWork: a graph guest of more arcs than MaxSyncArcs
// is refused by every route that answers at once (POST /map, a
// rendering on the fly, POST /score) with a 400 on the guest that says
// to submit a job, and accepted as a job; at the cap it is mapped.
func TestDenseGraphIsAJobsWork(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{MaxSyncArcs: 7})
	g := uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS) // 8 arcs
	body := `{"guest":"graph:` + g.ID + `","host":"ring:4","algo":"identity"}`
	for _, rec := range []*httptest.ResponseRecorder{
		f.do(t, "POST", "/api/v1/map", body),
		f.do(t, "GET", "/api/v1/render.svg?guest=graph:"+g.ID+"&host=ring:4&algo=identity", ""),
		serve(f, "POST", "/api/v1/score?guest=graph:"+g.ID+"&host=ring:4", "text/plain", "0\n1\n2\n3\n", ""),
	} {
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `has 8 arcs, more than this server's cap of 7 for an answer at once: submit it as a job`) ||
			!strings.Contains(rec.Body.String(), `"field":"guest"`) {
			t.Errorf("%d %s", rec.Code, rec.Body)
		}
	}
	if rec := f.do(t, "POST", "/api/v1/jobs", body); rec.Code != http.StatusAccepted && rec.Code != http.StatusCreated {
		t.Errorf("as a job: %d %s", rec.Code, rec.Body)
	}
	f = graphFixture(t, store.NewMemory(), server.Options{MaxSyncArcs: 8})
	uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS)
	if rec := f.do(t, "POST", "/api/v1/map", body); rec.Code != http.StatusOK {
		t.Errorf("at the cap: %d %s", rec.Code, rec.Body)
	}
}
