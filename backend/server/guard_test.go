package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/metrics"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestWriteGuards: a page on another origin could POST jobs with any
// Content-Type (a form or text/plain needs no CORS preflight); now writes
// want JSON and a same-origin (or non-browser) caller, and, with API
// tokens, a token; so do renderings solved on the fly. Reads stay open, so
// result links can be shared.
func TestWriteGuards(t *testing.T) {
	const token = "0123456789abcdef-token"
	f := newFixture(t, jobs.Options{}, server.Options{Tokens: []string{token}})
	body := `{"guest":"grid:4x4","host":"mesh:4x4","algo":"affn"}`
	for _, tc := range []struct {
		name   string
		method string
		path   string
		hdr    map[string]string
		status int
	}{
		{"form post", "POST", "/api/v1/jobs", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer " + token}, 415},
		{"text/plain post", "POST", "/api/v1/map", map[string]string{"Content-Type": "text/plain", "Authorization": "Bearer " + token}, 415},
		{"no content type", "POST", "/api/v1/jobs", map[string]string{"Authorization": "Bearer " + token}, 415},
		{"cross-site fetch", "POST", "/api/v1/jobs", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site", "Authorization": "Bearer " + token}, 403},
		{"same-site fetch", "POST", "/api/v1/jobs", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site", "Authorization": "Bearer " + token}, 403},
		{"foreign origin", "POST", "/api/v1/map", map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example", "Authorization": "Bearer " + token}, 403},
		{"cross-site cancel", "DELETE", "/api/v1/jobs/0123456789abcdef0123", map[string]string{"Sec-Fetch-Site": "cross-site", "Authorization": "Bearer " + token}, 403},
		{"no token", "POST", "/api/v1/jobs", map[string]string{"Content-Type": "application/json"}, 401},
		{"wrong token", "POST", "/api/v1/jobs", map[string]string{"Content-Type": "application/json", "Authorization": "Bearer nope"}, 401},
		{"same origin with token", "POST", "/api/v1/map", map[string]string{"Content-Type": "application/json; charset=utf-8", "Sec-Fetch-Site": "same-origin", "Origin": "http://example.com", "Authorization": "Bearer " + token}, 200},
		{"curl with token", "POST", "/api/v1/jobs", map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + token}, 202},
		{"read without token", "GET", "/api/v1/healthz", nil, 200},
		// a rendering solved on the fly computes: another site's image tag
		// would spend this server's CPU for each of its visitors
		{"cross-site image solved on the fly", "GET", "/api/v1/render.svg?guest=grid:4x4&host=mesh:4x4&algo=affn", map[string]string{"Sec-Fetch-Site": "cross-site", "Authorization": "Bearer " + token}, 403},
		{"foreign origin's rendering", "GET", "/api/v1/render.svg?guest=grid:4x4&host=mesh:4x4&algo=affn", map[string]string{"Origin": "https://evil.example", "Authorization": "Bearer " + token}, 403},
		{"same-origin image solved on the fly", "GET", "/api/v1/render.svg?guest=grid:4x4&host=mesh:4x4&algo=affn", map[string]string{"Sec-Fetch-Site": "same-origin", "Authorization": "Bearer " + token}, 200},
		{"cross-site read of a stored job", "GET", "/api/v1/jobs/0123456789abcdef0123", map[string]string{"Sec-Fetch-Site": "cross-site"}, 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rd io.Reader
			if tc.method == "POST" {
				rd = strings.NewReader(body)
			}
			req := httptest.NewRequest(tc.method, tc.path, rd)
			for k, v := range tc.hdr {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			f.srv.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body)
			}
			if rec.Code >= 400 && !strings.Contains(rec.Body.String(), `"error"`) {
				t.Errorf("no JSON error: %s", rec.Body)
			}
		})
	}
}

// TestCancelToken: job ids derive from the request, so anyone who knew the
// instance could DELETE someone else's job; DELETE now wants the token of
// the submit that started the run, and a later identical submit gets the
// job but not the token. A missing or wrong token is a 403 on the field
// token (it named no field).
func TestCancelToken(t *testing.T) {
	f := newFixture(t, jobs.Options{Workers: 1}, server.Options{})
	defer close(f.release)
	rec := f.do(t, "POST", "/api/v1/jobs", `{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`)
	var j jobs.Job
	if err := json.Unmarshal(rec.Body.Bytes(), &j); err != nil || rec.Code != 202 || j.CancelToken == "" {
		t.Fatalf("submit: %d %s", rec.Code, rec.Body)
	}
	again := f.do(t, "POST", "/api/v1/jobs", `{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`)
	if strings.Contains(again.Body.String(), "cancelToken") || strings.Contains(f.do(t, "GET", "/api/v1/jobs/"+j.ID, "").Body.String(), j.CancelToken) {
		t.Fatalf("the token leaked to another caller: %s", again.Body)
	}
	for _, q := range []string{"", "?token=", "?token=guess"} {
		if rec := f.do(t, "DELETE", "/api/v1/jobs/"+j.ID+q, ""); rec.Code != 403 || decode[server.ErrorBody](t, rec).Field != "token" {
			t.Fatalf("DELETE%s: %d %s, want 403 on token", q, rec.Code, rec.Body)
		}
	}
	if rec := f.do(t, "DELETE", "/api/v1/jobs/"+j.ID+"?token="+j.CancelToken, ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"cancelled"`) {
		t.Fatalf("DELETE with the token: %d %s", rec.Code, rec.Body)
	}
}

// TestMethodNotAllowed: a wrong method on a known path was a 404; the
// 405's Allow lists HEAD where the path's reads answer it, and OPTIONS,
// which answers 204 with the same Allow (it was a 405); an unknown path
// is a 404 whatever the method.
func TestMethodNotAllowed(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for path, allow := range map[string]string{
		"/api/v1/jobs":                      "GET, POST, OPTIONS",
		"/api/v1/jobs/0123456789abcdef0123": "GET, HEAD, DELETE, OPTIONS",
		"/api/v1/healthz":                   "GET, HEAD, OPTIONS",
	} {
		for method, code := range map[string]int{"PUT": 405, "OPTIONS": 204} {
			rec := f.do(t, method, path, "")
			if rec.Code != code || rec.Header().Get("Allow") != allow || code == 204 && rec.Body.Len() > 0 {
				t.Errorf("%s %s: %d, Allow %q, %q; want %d, %q", method, path, rec.Code, rec.Header().Get("Allow"), rec.Body, code, allow)
			}
		}
	}
	if rec := f.do(t, "OPTIONS", "/api/v1/nothing", ""); rec.Code != 404 {
		t.Errorf("OPTIONS of an unknown path: %d, want 404", rec.Code)
	}
}

// TestMetricsWrongMethodIs405: /metrics lies outside /api, where the
// browser app's catch-all answered a wrong method (PUT, HEAD, OPTIONS)
// with its HTML not-found page; it is now a JSON 405 with Allow, as on
// the API's paths (OPTIONS a 204 with Allow), and the app still answers
// its own paths.
func TestMetricsWrongMethodIs405(t *testing.T) {
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("a page")) })
	f := newFixture(t, jobs.Options{}, server.Options{App: app, Metrics: metrics.New().Handler()})
	for _, method := range []string{"PUT", "HEAD", "POST"} {
		rec := f.do(t, method, "/metrics", "")
		if rec.Code != 405 || rec.Header().Get("Allow") != "GET, OPTIONS" || rec.Header().Get("Content-Type") != "application/json" {
			t.Errorf("%s /metrics: %d, Allow %q, %s; want a JSON 405, Allow GET, OPTIONS", method, rec.Code, rec.Header().Get("Allow"), rec.Header().Get("Content-Type"))
		}
	}
	if rec := f.do(t, "OPTIONS", "/metrics", ""); rec.Code != 204 || rec.Header().Get("Allow") != "GET, OPTIONS" {
		t.Errorf("OPTIONS /metrics: %d, Allow %q; want 204, GET, OPTIONS", rec.Code, rec.Header().Get("Allow"))
	}
	if rec := f.do(t, "GET", "/metrics", ""); rec.Code != 200 {
		t.Errorf("GET /metrics: %d", rec.Code)
	}
	if rec := f.do(t, "PUT", "/my-jobs", ""); rec.Code != 200 || rec.Body.String() != "a page" {
		t.Errorf("PUT /my-jobs: %d %q, want the app's answer", rec.Code, rec.Body)
	}
}

// TestExactKeys: encoding/json matched "GUEST" and "Algo" to the fields.
func TestExactKeys(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for _, body := range []string{
		`{"GUEST":"grid:4x4","host":"mesh:4x4","algo":"affn"}`,
		`{"guest":"grid:4x4","host":"mesh:4x4","Algo":"affn"}`,
	} {
		rec := f.do(t, "POST", "/api/v1/map", body)
		var e server.ErrorBody
		json.Unmarshal(rec.Body.Bytes(), &e)
		if rec.Code != 400 || (e.Field != "GUEST" && e.Field != "Algo") {
			t.Errorf("%s: %d %s, want 400 naming the key", body, rec.Code, rec.Body)
		}
	}
}

// TestSlowBody: a body trickled at a byte a second held the connection
// for as long as the client liked; now it times out like slow headers.
func TestSlowBody(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{BodyTimeout: 300 * time.Millisecond})
	ts := httptest.NewServer(f.srv)
	defer ts.Close()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"guest":"grid:4x4","host":"mesh:4x4","algo":"affn"}`
	fmt.Fprintf(conn, "POST /api/v1/map HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body))
	var sent atomic.Int32
	done := make(chan struct{})
	go func() { // one byte every 100 ms until the server answers
		defer close(done)
		for i := range len(body) {
			if _, err := conn.Write([]byte{body[i]}); err != nil {
				return
			}
			sent.Add(1)
			time.Sleep(100 * time.Millisecond)
		}
	}()
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Counted, not timed: the answer came before the whole body did (it
	// takes 5 s at this pace), so the server stopped waiting for it.
	if n := sent.Load(); resp.StatusCode != http.StatusRequestTimeout || int(n) >= len(body) {
		t.Fatalf("status %d after %d of the body's %d bytes, want 408 before the body ends", resp.StatusCode, n, len(body))
	}
	conn.Close()
	<-done
	// A request that sent its body in time and then works longer than the
	// body timeout is not cut by it.
	go func() { time.Sleep(time.Second); close(f.release) }()
	resp, err = http.Post(ts.URL+"/api/v1/map", "application/json", strings.NewReader(`{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("a 1 s synchronous map after a prompt body: status %d", resp.StatusCode)
	}
}

// TestCorruptStoredRequest: a stored request that no longer parses was
// answered 400, blaming the client; it is the server's data: 500.
func TestCorruptStoredRequest(t *testing.T) {
	st := store.NewMemory()
	id := "0123456789abcdef0123"
	bad := jobs.Job{ID: id, Status: jobs.Done, Request: jobs.Request{Guest: "grid:4x4", Host: "nonsense:4", Algo: "affn"}}
	if err := st.Finish(bad, make([]int, 16)); err != nil {
		t.Fatal(err)
	}
	r, err := jobs.New(st, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	srv := server.New(server.Options{Jobs: r, Logger: slog.New(slog.DiscardHandler)})
	for _, p := range []string{"/api/v1/jobs/" + id + "/placement", "/api/v1/render.svg?job=" + id} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if rec.Code != 500 {
			t.Errorf("GET %s: %d %s, want 500", p, rec.Code, rec.Body)
		}
	}
}

// TestReadTokens: an empty token file, or a short token, would leave the
// server open while the operator believes it closed.
func TestReadTokens(t *testing.T) {
	for _, tc := range []struct {
		text string
		n    int
	}{
		{"# tokens\n\n0123456789abcdef\n  fedcba9876543210  \n", 2},
		{"", 0}, {"# only a comment\n", 0}, {"short\n", 0}, {"0123456789abcdef 0123456789abcdef\n", 0},
	} {
		toks, err := server.ReadTokens(tc.text)
		if len(toks) != tc.n || (err == nil) != (tc.n > 0) {
			t.Errorf("ReadTokens(%q) = %q, %v", tc.text, toks, err)
		}
	}
}

// TestHealthStore: /healthz reports the store's size.
func TestHealthStore(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{Store: func() store.Stats { return store.Stats{FileBytes: 32768, DataBytes: 1234, Jobs: 3} }})
	if h := decode[server.Health](t, f.do(t, "GET", "/api/v1/healthz", "")); h.Store == nil || h.Store.FileBytes != 32768 || h.Store.Jobs != 3 {
		t.Errorf("health %+v", h)
	}
}

// TestBearerSchemeIsCaseInsensitive: the auth scheme's name is
// case-insensitive (RFC 7235 section 2.1), so "bearer TOKEN" is "Bearer
// TOKEN", on every guarded route (a write, an upload, the list of jobs).
func TestBearerSchemeIsCaseInsensitive(t *testing.T) {
	const token = "0123456789abcdef-token"
	f := newFixture(t, jobs.Options{}, server.Options{Tokens: []string{token}})
	for _, scheme := range []string{"Bearer ", "bearer ", "BEARER ", "bEaReR ", "Bearer  "} {
		auth := scheme + token
		for _, r := range []struct{ method, target, contentType, body string }{
			{"POST", "/api/v1/map", "application/json", `{"guest":"grid:4x4","host":"mesh:4x4","algo":"affn"}`},
			{"GET", "/api/v1/jobs", "", ""},
		} {
			t.Run(fmt.Sprintf("%q %s %s", scheme, r.method, r.target), func(t *testing.T) {
				var rd io.Reader
				if r.body != "" {
					rd = strings.NewReader(r.body)
				}
				req := httptest.NewRequest(r.method, r.target, rd)
				if r.contentType != "" {
					req.Header.Set("Content-Type", r.contentType)
				}
				req.Header.Set("Authorization", auth)
				rec := httptest.NewRecorder()
				f.srv.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					t.Fatalf("Authorization: %q and the token: %d %s, want 200", scheme, rec.Code, rec.Body)
				}
			})
		}
	}
}

// TestWrongTokenIsToldFromMissingToken: a request without a bearer token
// is told the server wants one; one whose token is not accepted is told
// so, apart (with RFC 6750's error="invalid_token"), and neither message
// says anything of the server's tokens.
func TestWrongTokenIsToldFromMissingToken(t *testing.T) {
	const token = "0123456789abcdef-token"
	f := newFixture(t, jobs.Options{}, server.Options{Tokens: []string{token}})
	const missing, wrong = "this server wants an API token", "the API token sent is not accepted by this server"
	for _, tc := range []struct {
		name, auth, says, not, challenge string
	}{
		{"no header", "", missing, wrong, `Bearer realm="topomap"`},
		{"another scheme", "Basic dXNlcjpwYXNz", missing, wrong, `Bearer realm="topomap"`},
		{"an empty token", "Bearer ", missing, wrong, `Bearer realm="topomap"`},
		{"a wrong token", "Bearer nope", wrong, missing, `Bearer realm="topomap", error="invalid_token"`},
		{"a wrong token, lower-case scheme", "bearer nope", wrong, missing, `Bearer realm="topomap", error="invalid_token"`},
		{"a prefix of the token", "Bearer " + token[:10], wrong, missing, `Bearer realm="topomap", error="invalid_token"`},
		{"the token and more", "Bearer " + token + "x", wrong, missing, `Bearer realm="topomap", error="invalid_token"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/api/v1/jobs", nil)
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			rec := httptest.NewRecorder()
			f.srv.ServeHTTP(rec, req)
			e := decode[server.ErrorBody](t, rec)
			if rec.Code != http.StatusUnauthorized || !strings.Contains(e.Error, tc.says) || strings.Contains(e.Error, tc.not) {
				t.Fatalf("%d %+v, want 401 saying %q", rec.Code, e, tc.says)
			}
			if got := rec.Header().Get("WWW-Authenticate"); got != tc.challenge {
				t.Errorf("WWW-Authenticate %q, want %q", got, tc.challenge)
			}
			if strings.Contains(rec.Body.String(), token[:8]) || strings.Contains(rec.Body.String(), fmt.Sprint(len(token))) {
				t.Errorf("the answer tells of the server's token: %s", rec.Body)
			}
		})
	}
}
