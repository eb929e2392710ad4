package server_test

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// FuzzReadEvents: the client's SSE reader never panics, and every event
// it yields has a name and no line breaks in it.
func FuzzReadEvents(f *testing.F) {
	for _, s := range []string{
		"event: job\ndata: {\"id\":\"x\"}\n\n",
		": keep-alive\n\nevent: end\ndata: {}\n\n",
		"data: a\ndata: b\n\n",
		"event: x\n\n", "id: end\nevent: end\ndata: {}\n\n", "data", "\n\n\n", "event:end\r\ndata:{}\r\n\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := server.ReadEvents(strings.NewReader(s), func(name string, data []byte) error {
			if name == "" || strings.ContainsAny(name, "\r\n") {
				t.Fatalf("event name %q", name)
			}
			return nil
		})
		if err != nil && !errors.Is(err, server.ErrEvents) {
			t.Fatalf("error %v", err)
		}
	})
}

// FuzzRenderQuery: GET /render.svg never answers 5xx to any query string
// (the decoder rejects junk with a 4xx naming the field).
func FuzzRenderQuery(f *testing.F) {
	for _, s := range []string{
		"guest=hypercube:4&host=ring:16&algo=xor",
		"guest=hypercube:4&host=ring:16&algo=xor&width=300&detail=-1&step=2",
		"view=mapping&job=0123456789abcdef0123",
		"view=pie", "width=99999999999999999999", "guest=grid:2x2&host=mesh:2x2&algo=rowmajor&seed=-1",
		"%zz", "guest=hypercube:30&host=ring:1073741824&algo=xor",
	} {
		f.Add(s)
	}
	fx := newFixture(f, jobs.Options{MaxNodes: 1 << 12}, server.Options{MaxSyncNodes: 1 << 10, SyncTimeout: time.Second})
	f.Fuzz(func(t *testing.T, q string) {
		// Set the raw query directly: NewRequest panics on some targets.
		req := httptest.NewRequest("GET", "/api/v1/render.svg", nil)
		req.URL.RawQuery = q
		rec := httptest.NewRecorder()
		fx.srv.ServeHTTP(rec, req)
		if rec.Code >= 500 || rec.Code == 0 {
			t.Fatalf("status %d for %q: %s", rec.Code, q, rec.Body)
		}
	})
}

// FuzzSubmitBody: POST /api/v1/jobs and /map answer every body with a
// 2xx, a 4xx JSON error or a 503, never another 5xx.
func FuzzSubmitBody(f *testing.F) {
	for _, s := range []string{
		xorBody, `{"guest":"grid:4x4","host":"mesh:4x4","algo":"affn","seed":3}`,
		`{"guest":"hypercube:30","host":"ring:1073741824","algo":"xor"}`, `{"guest":[]}`, `nul`,
		`{"guest":"grid:2x2","host":"mesh:2x1:cores=2","algo":"rowmajor","hostnames":["a","b"]}`, `{"hostnames":"a"}`,
	} {
		f.Add(s)
	}
	fx := newFixture(f, jobs.Options{MaxNodes: 1 << 12}, server.Options{MaxSyncNodes: 1 << 10, SyncTimeout: time.Second})
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/api/v1/map", "/api/v1/jobs"} {
			rec := fx.do(t, "POST", path, body)
			if rec.Code >= 500 && rec.Code != 503 {
				t.Fatalf("%s: status %d for %q: %s", path, rec.Code, body, rec.Body)
			}
			if rec.Code >= 400 && !strings.Contains(rec.Body.String(), `"error"`) {
				t.Fatalf("%s: status %d without a JSON error: %s", path, rec.Code, rec.Body)
			}
		}
	})
}
