package server_test

import (
	"strings"
	"testing"

	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
	"topomap/backend/jobs"
	"topomap/backend/server"
)

// star:K is a kind no package draws specially (topotest.Star).
func init() { topology.Register(topotest.StarKind) }

// TestRenderOfANewHostKind: render.svg draws a host of a kind that
// registered no layout (its nodes on a circle), with edges, as a heat map
// and with cores, where it answered 500.
func TestRenderOfANewHostKind(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for _, q := range []string{
		"guest=grid:4x4&host=star:15&algo=rb",
		"guest=grid:8x8&host=star:63&algo=rb&detail=10",
		"guest=grid:4x4&host=star:7:cores=2&algo=greedy",
	} {
		rec := f.do(t, "GET", "/api/v1/render.svg?"+q, "")
		if rec.Code != 200 {
			t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
			continue
		}
		body := rec.Body.String()
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "image/svg+xml") || !strings.HasPrefix(body, "<?xml") && !strings.HasPrefix(body, "<svg") {
			t.Errorf("%s: %s, %.40q: not an SVG", q, ct, body)
		}
		if !strings.Contains(body, "on a circle") || !strings.Contains(body, "star:") {
			t.Errorf("%s: the drawing does not name the host and its layout", q)
		}
	}
}
