//go:build !(js && wasm)

package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"topomap/assets"
)

// TestAppHandler checks the routes go-app serves through AppHandler: pages
// (pre-rendered), generated scripts, the no-op worker, local assets and the
// precompressed wasm with its raw length.
func TestAppHandler(t *testing.T) {
	dir := t.TempDir()
	raw := bytes.Repeat([]byte("\x00asm wasm body "), 1000)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	zw.Close()
	os.WriteFile(filepath.Join(dir, "app.wasm"), raw, 0o644)
	os.WriteFile(filepath.Join(dir, "app.wasm.gz"), gz.Bytes(), 0o644)
	t.Setenv(assets.DirEnv, dir)
	known := func(id string) bool { return id == "abc" }
	srv := httptest.NewServer(AppHandler(AppOptions{Version: "test1", NoServiceWorker: true, JobExists: known}))
	defer srv.Close()

	get := func(path string, hdr ...string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		// A bare transport: no transparent gzip decoding.
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	tests := []struct {
		name, path string
		status     int
		contains   string
	}{
		{"explorer page", "/?guest=hypercube:4&host=ring:16&algo=xor", 200, "<html"},
		{"explorer's machine upload names a topology.yaml's topology", "/", 200, `id="f-machine-topology"`},
		{"gantt page", "/gantt", 200, "<html"},
		{"compare page", "/compare", 200, "<html"},
		{"job page", "/jobs/abc", 200, "<html"},
		{"page of an unknown job", "/jobs/abd", 404, "<html"},
		{"unrouted: the app's 404 page", "/nowhere", 404, "Page not found"},
		{"my jobs", "/my-jobs", 200, "My jobs · topomap"},
		{"algorithms: the served definitions", "/algorithms", 200, `id="mxovlp"`},
		{"app plumbing", "/web/topomap.js", 200, "topomapTakeTyped"},
		{"app.js", "/app.js", 200, "/web/app.wasm"},
		{"wasm_exec.js", "/wasm_exec.js", 200, "Go"},
		{"no-op worker", "/app-worker.js", 200, "service worker disabled"},
		{"stylesheet", "/web/app.css", 200, ""},
		{"icon", "/web/icon.svg", 200, "<svg"},
		{"no sources", "/web/handler.go", 404, ""},
		{"no directory listing", "/web/", 404, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, body := get(tc.path)
			if res.StatusCode != tc.status {
				t.Fatalf("GET %s: status %d, want %d", tc.path, res.StatusCode, tc.status)
			}
			if !strings.Contains(body, tc.contains) {
				t.Errorf("GET %s: body lacks %q", tc.path, tc.contains)
			}
		})
	}
	// The server pre-renders the same view as the browser: the drawing
	// and the metrics of the permalink's instance.
	t.Run("prerender", func(t *testing.T) {
		_, body := get("/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
		if n, e := strings.Count(body, `class="n"`), strings.Count(body, `class="e"`); n != 16 || e != 32 {
			t.Errorf("pre-rendered drawing has %d nodes, %d edges; want 16, 32", n, e)
		}
		// Xor on a 16-ring: D_a = (3·2^2-1)/4 = 2.75 (package embedding's doc).
		if !strings.Contains(body, "<td>2.7500</td>") {
			t.Errorf("pre-rendered metrics lack 2.7500 hops per byte")
		}
		_, body = get("/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&vs=byweight")
		if !strings.Contains(body, `class="total">10<`) || !strings.Contains(body, `class="total">12<`) {
			t.Errorf("pre-rendered Gantt page lacks the totals 10 and 12")
		}
	})
	t.Run("offline worker", func(t *testing.T) {
		srv := httptest.NewServer(AppHandler(AppOptions{Version: "v7"}))
		defer srv.Close()
		res, err := http.Get(srv.URL + "/app-worker.js")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		for _, want := range []string{`const cacheName = "app-" + "v7";`, `"/web/app.wasm"`, `"/web/app.css"`, `"/web/icon.svg"`, `caches.match("/", {ignoreSearch: true})`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("worker lacks %s", want)
			}
		}
	})
	t.Run("wasm gzip", func(t *testing.T) {
		res, body := get("/web/app.wasm", "Accept-Encoding", "gzip")
		if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != "application/wasm" {
			t.Fatalf("headers %v", res.Header)
		}
		if got := res.Header.Get(rawLengthHeader); got != strconv.Itoa(len(raw)) {
			t.Errorf("%s = %q, want %d", rawLengthHeader, got, len(raw))
		}
		if body != gz.String() {
			t.Errorf("body is not the precompressed file")
		}
	})
	t.Run("wasm plain", func(t *testing.T) {
		res, body := get("/app.wasm")
		if res.Header.Get("Content-Encoding") != "" || body != string(raw) {
			t.Errorf("plain wasm: encoding %q, %d bytes, want %d raw", res.Header.Get("Content-Encoding"), len(body), len(raw))
		}
	})
}
