//go:build !(js && wasm)

package web

import (
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestComputeInBrowser: a page load is anonymous, yet its pre-render
// mapped on the server: with API tokens set, pages that map a 2^14-vertex
// instance took 100-210 ms of CPU each. With ComputeInBrowser (what the
// server sets when it has tokens) the pages come with their forms and no
// drawing, having computed nothing: the browser maps.
func TestComputeInBrowser(t *testing.T) {
	small := []string{
		"/",
		"/compare?guest=hypercube:4&host=ring:16",
		"/gantt?guest=hypercube:4&host=ring:16",
	}
	for _, p := range small {
		if n := strings.Count(get(t, p), "<svg"); n == 0 {
			t.Fatalf("%s: the pre-render draws nothing by default, so the test cannot tell", p)
		}
	}
	served := func(p string) string {
		t.Helper()
		w := httptest.NewRecorder()
		AppHandler(AppOptions{Version: "t", NoServiceWorker: true, ComputeInBrowser: true}).ServeHTTP(w, httptest.NewRequest("GET", p, nil))
		if w.Code != 200 {
			t.Fatalf("GET %s: status %d", p, w.Code)
		}
		return w.Body.String()
	}
	t.Cleanup(func() { AppHandler(AppOptions{Version: "t", NoServiceWorker: true}) })
	for _, p := range small {
		page := served(p)
		if n := strings.Count(page, "<svg"); n > 0 {
			t.Errorf("%s: %d drawings pre-rendered on the server, want none", p, n)
		}
		if !strings.Contains(page, `id="f-guest"`) {
			t.Errorf("%s: no form", p)
		}
	}
	heavy := []string{
		"/?algo=pairs&budget=10s&guest=hypercube:14&host=mesh:128x128",
		"/compare?guest=hypercube:14&host=mesh:128x128&budget=10s",
		"/gantt?guest=hypercube:10&host=ring:1024&algo=pairs",
	}
	for _, p := range heavy {
		t0 := cpuTime(t)
		served(p)
		// A page of forms costs 2-3 ms; mapping it, 100-210 ms.
		if used := cpuTime(t) - t0; used > 50*time.Millisecond {
			t.Errorf("%s: pre-render took %v of CPU, want a page without mapping", p, used)
		}
	}
}

// cpuTime returns the CPU time the process has used (user and system).
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
