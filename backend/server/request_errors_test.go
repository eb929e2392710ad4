package server_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestRequestErrorsNameTheirField: an unknown job is a 404 on the field
// that named it ("id" in the path, "job" in render.svg's query); an
// unknown placementFormat of POST /score names placementFormat, not the
// answer's format; a JSON key given twice is refused (encoding/json kept
// the last silently); a compressed body is a 415 on Content-Encoding,
// not "malformed JSON"; a cross-site request is a 403 on the header that
// told (it named no field).
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
		{"cross-site fetch", "POST", "/api/v1/map", xorBody, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
			403, "Sec-Fetch-Site", "cross-site request refused"},
		{"foreign origin", "GET", "/api/v1/render.svg?guest=hypercube:4&host=ring:16&algo=xor", "", map[string]string{"Origin": "http://elsewhere.example"},
			403, "Origin", "cross-site request refused"},
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

// TestTokenAndBodyLimitErrorsNameTheirField: a missing or refused API
// token (401) and a body over the request limit (413) named no field,
// where the other refusals of a request's envelope name theirs
// (Content-Type, Content-Encoding, and body for an upload over its cap);
// they now name Authorization and body.
func TestTokenAndBodyLimitErrorsNameTheirField(t *testing.T) {
	const token = "0123456789abcdef-token"
	f := newFixture(t, jobs.Options{}, server.Options{Tokens: []string{token}})
	big := `{"guest":"` + strings.Repeat("x", server.MaxRequestBytes) + `"}`
	for _, tc := range []struct {
		name, token, body string
		code              int
		field             string
	}{
		{"no token", "", xorBody, 401, "Authorization"},
		{"a wrong token", "wrong", xorBody, 401, "Authorization"},
		{"a body over the limit", token, big, 413, "body"},
	} {
		rec := serve(f, "POST", "/api/v1/map", "application/json", tc.body, tc.token)
		if e := decode[server.ErrorBody](t, rec); rec.Code != tc.code || e.Field != tc.field {
			t.Errorf("%s: %d %+v, want %d on %q", tc.name, rec.Code, e, tc.code, tc.field)
		}
	}
}

// TestBodyLimitBoundsJobAndMapRequests: serve --body-limit (MaxBody)
// above its 64 KiB default had no effect on POST /map and POST /jobs,
// whose decoder kept its own 64 KiB cap and refused more as a 400 naming
// no field; host names sent as JSON could not use the raised limit. The
// decoder now reads up to MaxBody, and past it the answer is a 413 on
// body, as the body limit's own.
func TestBodyLimitBoundsJobAndMapRequests(t *testing.T) {
	names := make([]string, 2048)
	for i := range names {
		names[i] = fmt.Sprintf("a-long-host-name-%06d.cluster.example.org", i)
	}
	list, _ := json.Marshal(names)
	body := `{"guest":"grid:32x64","host":"torus:32x64","algo":"rowmajor","hostnames":` + string(list) + `}`
	if len(body) <= server.MaxRequestBytes {
		t.Fatalf("a body of %d bytes is within the default limit", len(body))
	}
	f := newFixture(t, jobs.Options{}, server.Options{MaxBody: 1 << 20})
	if rec := f.do(t, "POST", "/api/v1/map", body); rec.Code != 200 {
		t.Errorf("POST /map of %d bytes under a 1 MiB limit: %d %.200s", len(body), rec.Code, rec.Body)
	}
	f = newFixture(t, jobs.Options{}, server.Options{MaxBody: 1 << 10})
	for _, path := range []string{"/api/v1/map", "/api/v1/jobs"} {
		rec := f.do(t, "POST", path, `{"guest":"grid:32x32","host":"torus:32x32","algo":"xor","nodes":"`+strings.Repeat("0,", 600)+`0"}`)
		if e := decode[server.ErrorBody](t, rec); rec.Code != 413 || e.Field != "body" {
			t.Errorf("POST %s over a 1 KiB limit: %d %+v, want 413 on body", path, rec.Code, e)
		}
	}
}

// TestFixedDocumentsRevalidate: the OpenAPI document and the algorithms'
// listing, which change only with the server's build, were sent whole on
// every request, without a validator, and so was a stored machine, which
// never changes under its id (a graph had one); they now carry an ETag,
// and a client that has it gets 304.
func TestFixedDocumentsRevalidate(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	m := decode[struct{ ID string }](t, f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf)).ID
	for path, cache := range map[string]string{
		"/api/v1/openapi.yaml":                   "no-cache",
		"/api/v1/algorithms":                     "no-cache",
		"/api/v1/machines/" + m:                  "public, max-age=86400",
		"/api/v1/machines/" + m + "?format=json": "public, max-age=86400",
	} {
		rec := f.do(t, "GET", path, "")
		etag := rec.Header().Get("ETag")
		if rec.Code != 200 || etag == "" || rec.Header().Get("Cache-Control") != cache {
			t.Errorf("GET %s: %d, ETag %q, Cache-Control %q", path, rec.Code, etag, rec.Header().Get("Cache-Control"))
			continue
		}
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("If-None-Match", etag)
		again := httptest.NewRecorder()
		f.srv.ServeHTTP(again, req)
		if again.Code != 304 || again.Body.Len() != 0 {
			t.Errorf("GET %s again with its ETag: %d, %d bytes; want 304", path, again.Code, again.Body.Len())
		}
	}
}

// TestETagsAreWeakAndComparedWeakly: the ETags were strong, though the
// API's gzip sends the same content in another coding under the same
// tag, and If-None-Match compared them byte for byte, so a client behind
// a proxy that weakens ETags when it compresses (W/"...") never got its
// 304. ETags are weak now and If-None-Match matches either form.
func TestETagsAreWeakAndComparedWeakly(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	rec := f.do(t, "GET", "/api/v1/openapi.yaml", "")
	etag := rec.Header().Get("ETag")
	strong, weak := strings.CutPrefix(etag, "W/")
	if !weak {
		t.Errorf("ETag %s is strong", etag)
	}
	for _, tag := range []string{strong, "W/" + strong, `"other", ` + "W/" + strong} {
		req := httptest.NewRequest("GET", "/api/v1/openapi.yaml", nil)
		req.Header.Set("If-None-Match", tag)
		again := httptest.NewRecorder()
		f.srv.ServeHTTP(again, req)
		if again.Code != 304 {
			t.Errorf("If-None-Match: %s: %d, want 304", tag, again.Code)
		}
	}
}

// TestMalformedQueryNamesItsParameter: a query pair that does not parse
// (a bad %-escape, a ';' separator) was dropped silently by the query
// parser: ?limit=%zz listed a page of the default size, and render.svg's
// ?guest=%zz said the guest was empty. It is now a 400 naming the
// parameter and saying what is wrong with it.
func TestMalformedQueryNamesItsParameter(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for _, tc := range []struct{ target, field string }{
		{"/api/v1/jobs?limit=%zz", "limit"},
		{"/api/v1/render.svg?guest=%zz&host=ring:16&algo=xor", "guest"},
		{"/api/v1/render.svg?guest=hypercube:4;host=ring:16&algo=xor", "guest"},
	} {
		rec := f.do(t, "GET", tc.target, "")
		if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != tc.field || !strings.Contains(e.Error, "malformed query parameter") {
			t.Errorf("GET %s: %d %+v, want 400 on %s", tc.target, rec.Code, e, tc.field)
		}
	}
}

// TestLiveAnswersAreNotStored: a job said "Cache-Control: no-store" (its
// status and progress change until it ends), but the list of jobs, whose
// jobs' states change the same way, and healthz, which a probe wants
// fresh, said nothing; they now say no-store too.
func TestLiveAnswersAreNotStored(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for _, path := range []string{"/api/v1/jobs", "/api/v1/healthz"} {
		if rec := f.do(t, "GET", path, ""); rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d, Cache-Control %q, want no-store", path, rec.Code, rec.Header().Get("Cache-Control"))
		}
	}
}
