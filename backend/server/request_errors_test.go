package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestRequestErrorsNameTheirField: an unknown job is a 404 on the field
// that named it ("id" in the path, "job" in render.svg's query); an
// unknown placementFormat of POST /score names placementFormat, not the
// answer's format; a JSON key given twice is refused (encoding/json kept
// the last silently); a compressed body is a 415 on Content-Encoding,
// not "malformed JSON".
func TestRequestErrorsNameTheirField(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	const none = "0123456789abcdef0123"
	for _, tc := range []struct {
		name, method, target, body string
		hdr                        map[string]string
		code                       int
		field, says                string
	}{
		{"unknown job", "GET", "/api/v1/jobs/" + none, "", nil, 404, "id", none},
		{"unknown job's placement", "GET", "/api/v1/jobs/" + none + "/placement", "", nil, 404, "id", none},
		{"unknown job's events", "GET", "/api/v1/jobs/" + none + "/events", "", nil, 404, "id", none},
		{"unknown job drawn", "GET", "/api/v1/render.svg?job=" + none, "", nil, 404, "job", none},
		{"unknown placement format", "POST", "/api/v1/score?guest=grid:2x2&host=ring:4&placementFormat=bogus", "0\n1\n2\n3\n",
			map[string]string{"Content-Type": "text/plain"}, 400, "placementFormat", "bogus"},
		{"a key twice", "POST", "/api/v1/map", `{"guest":"hypercube:3","guest":"hypercube:4","host":"ring:8","algo":"xor"}`,
			map[string]string{"Content-Type": "application/json"}, 400, "guest", `"guest" given twice`},
		{"gzipped body", "POST", "/api/v1/map", "\x1f\x8b\x08\x00", map[string]string{"Content-Type": "application/json", "Content-Encoding": "gzip"},
			415, "Content-Encoding", "send it uncompressed"},
	} {
		req := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body))
		for k, v := range tc.hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		if e := decode[server.ErrorBody](t, rec); rec.Code != tc.code || e.Field != tc.field || !strings.Contains(e.Error, tc.says) {
			t.Errorf("%s: %d %+v, want %d on %q saying %q", tc.name, rec.Code, e, tc.code, tc.field, tc.says)
		}
	}
}

// TestHeadIsAnsweredAsGet: load balancers probe with HEAD, which echo
// routed nowhere (405); it now gets the GET's status and headers, and no
// body.
func TestHeadIsAnsweredAsGet(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	ts, _ := f.loopback(t)
	for _, path := range []string{"/api/v1/healthz", "/api/v1/algorithms", "/api/v1/jobs/0123456789abcdef0123"} {
		get, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		get.Body.Close()
		head, err := http.Head(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(head.Body)
		head.Body.Close()
		if head.StatusCode != get.StatusCode || len(body) != 0 || head.Header.Get("Content-Type") != get.Header.Get("Content-Type") {
			t.Errorf("HEAD %s: %d %q, %d bytes; GET %d %q", path, head.StatusCode, head.Header.Get("Content-Type"), len(body), get.StatusCode, get.Header.Get("Content-Type"))
		}
	}
}
