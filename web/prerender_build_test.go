//go:build !(js && wasm)

package web

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"topomap/algorithms/metric"
)

// TestPageOfHugeGuestBuildsNothing: the explorer's page built a
// permalink's guest to describe an uploaded graph before it asked
// whether the guest was one: a page load of
// /?guest=grid:4096x4096&host=ring:16, anonymous also on a server with
// API tokens (which maps nothing on page loads), took 1.2 CPU-s and
// some 700 MB to build 16,777,216 objects it never used. Now a guest
// that is no uploaded graph is not built.
func TestPageOfHugeGuestBuildsNothing(t *testing.T) {
	h := AppHandler(AppOptions{Version: "t", NoServiceWorker: true, ComputeInBrowser: true})
	t.Cleanup(func() { AppHandler(AppOptions{Version: "t", NoServiceWorker: true}) })
	for _, p := range []string{
		"/?guest=grid:4096x4096&host=ring:16&algo=rowmajor",
		"/?guest=grid:4096x4096&host=torus:4096x4096&algo=rowmajor",
	} {
		if w, allocs := pageAllocs(h, p); w.Code != 200 || allocs > 32<<20 {
			t.Errorf("GET %s: status %d, %s bytes allocated for a page of forms", p, w.Code, metric.Thousands(int(allocs)))
		}
	}
}

// TestPageOfHugeAllocationResolvesNothing: a page checked a permalink's
// allocation on any host: /?guest=grid:4x4&host=torus:4096x4096&nodes=0-16000000,
// anonymous also on a server with API tokens, took 16 CPU-s and 1.3 GB
// to list and check 16,000,001 nodes. Above the browser's cap the page
// leaves the allocation to the server, which checks it when the job is
// submitted, within its caps.
func TestPageOfHugeAllocationResolvesNothing(t *testing.T) {
	h := AppHandler(AppOptions{Version: "t", NoServiceWorker: true, ComputeInBrowser: true})
	t.Cleanup(func() { AppHandler(AppOptions{Version: "t", NoServiceWorker: true}) })
	for _, p := range []string{
		"/?guest=grid:4x4&host=torus:2048x2048&algo=rowmajor&nodes=0-4194303",
		"/compare?guest=grid:4x4&host=torus:2048x2048&nodes=0-4194303",
		"/gantt?guest=hypercube:2&host=torus:2048x2048&algo=identity&nodes=0-4194303",
	} {
		if w, allocs := pageAllocs(h, p); w.Code != 200 || allocs > 32<<20 {
			t.Errorf("GET %s: status %d, %s bytes allocated for a page of forms", p, w.Code, metric.Thousands(int(allocs)))
		}
	}
}

// TestGanttPageOfHugeHostMapsNothing: the Gantt page mapped its cubes onto
// any host in the pre-render of a server without API tokens (the
// explorer leaves a host larger than the browser maps to a job): a 2-cube
// onto torus:4096x4096 with nodes=0-4194303 took 4.5 s and 641 MB. Now
// the host's field says the server draws it from a job, and nothing is
// mapped.
func TestGanttPageOfHugeHostMapsNothing(t *testing.T) {
	h := AppHandler(AppOptions{Version: "t", NoServiceWorker: true})
	p := "/gantt?guest=hypercube:2&host=torus:2048x2048&algo=identity&nodes=0-4194303"
	w, allocs := pageAllocs(h, p)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "the server draws larger ones from jobs") {
		t.Errorf("GET %s: status %d, no word of a server job", p, w.Code)
	}
	if allocs > 32<<20 {
		t.Errorf("GET %s: %s bytes allocated for a page that maps nothing", p, metric.Thousands(int(allocs)))
	}
}

// pageAllocs serves GET p from h and returns the response and the bytes
// allocated meanwhile.
func pageAllocs(h http.Handler, p string) (*httptest.ResponseRecorder, uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
	runtime.ReadMemStats(&after)
	return w, after.TotalAlloc - before.TotalAlloc
}
