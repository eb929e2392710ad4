// Package newkind_test serves a host kind that the server and the
// drawings have never heard of: topotest's hub:K, registered by this
// test binary alone (a kind registered in the server's own tests would
// change the lists of kinds their recorded error messages give).
package newkind_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

func init() { topology.Register(topotest.HubKind) }

// TestRenderOfANewHostKind: render.svg draws a host of a kind that
// registered no layout (its nodes on a circle), with edges, as a heat map
// and with cores, where it answered 500.
func TestRenderOfANewHostKind(t *testing.T) {
	runner, err := jobs.New(store.NewMemory(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { runner.Close(context.Background()) })
	srv := server.New(server.Options{Jobs: runner, SyncTimeout: 2 * time.Minute})
	for _, q := range []string{
		"guest=grid:4x4&host=hub:15&algo=rb",
		"guest=grid:8x8&host=hub:63&algo=rb&detail=10",
		"guest=grid:4x4&host=hub:7:cores=2&algo=greedy",
	} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/render.svg?"+q, nil))
		if rec.Code != 200 {
			t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
			continue
		}
		body := rec.Body.String()
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") || !strings.Contains(body, "<svg") || !strings.HasSuffix(strings.TrimSpace(body), "</svg>") {
			t.Errorf("%s: %s, %.40q: not an SVG", q, ct, body)
		}
		if !strings.Contains(body, "on a circle") || !strings.Contains(body, "hub:") {
			t.Errorf("%s: the drawing does not name the host and its layout", q)
		}
	}
}
