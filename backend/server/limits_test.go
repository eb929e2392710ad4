package server_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/server"
	"topomap/backend/store"
)

// doneJob submits body and waits until its job is done.
func doneJob(t *testing.T, f *fixture, body string) jobs.Job {
	t.Helper()
	_, c := f.loopback(t)
	j := decode[jobs.Job](t, f.do(t, "POST", "/api/v1/jobs", body))
	final, err := c.Follow(context.Background(), j.ID, nil)
	if err != nil || final.Status != jobs.Done {
		t.Fatalf("job %+v, %v", final, err)
	}
	return final
}

// TestRenderCaps: a render of a 1M-node job with detail=16777216 made a
// 1.14 GB SVG. Edges are now drawn up to MaxSyncNodes vertices whatever
// detail asks (a heat map above), and a job above MaxRenderNodes is
// refused naming the field.
func TestRenderCaps(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{MaxSyncNodes: 64, MaxRenderNodes: 128})
	small := doneJob(t, f, `{"guest":"hypercube:7","host":"ring:128","algo":"xor"}`)
	for _, detail := range []string{"16777216", "-1", "100"} {
		rec := f.do(t, "GET", "/api/v1/render.svg?detail="+detail+"&job="+small.ID, "")
		if rec.Code != 200 {
			t.Fatalf("detail=%s: %d %s", detail, rec.Code, rec.Body)
		}
		if body := rec.Body.String(); strings.Contains(body, `class="e"`) || !strings.Contains(body, `<image class="heat"`) {
			t.Errorf("detail=%s on 128 vertices, cap 64: edges drawn", detail)
		}
	}
	big := doneJob(t, f, `{"guest":"hypercube:8","host":"ring:256","algo":"xor"}`)
	rec := f.do(t, "GET", "/api/v1/render.svg?job="+big.ID, "")
	if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "job" {
		t.Errorf("render of 256 nodes, cap 128: %d %s", rec.Code, rec.Body)
	}
}

// TestSyncBudget: a synchronous pairs with budget=10s held a core for 9 s
// (with 8 slots on 2 cores), and a compare view with budget=6s always
// failed after 10 s with a "retryable" 503. Both are now a 400 naming the
// budget, at once.
func TestSyncBudget(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for _, tc := range []struct{ method, path, body string }{
		{"POST", "/api/v1/map", `{"guest":"grid:8x8","host":"mesh:8x8","algo":"pairs","budget":"10s"}`},
		{"GET", "/api/v1/render.svg?view=compare&budget=6s&guest=grid:8x8&host=mesh:8x8", ""},
		{"GET", "/api/v1/render.svg?algo=pairs&budget=3s&guest=grid:8x8&host=mesh:8x8", ""},
	} {
		start := cpuclock.Used()
		rec := f.do(t, tc.method, tc.path, tc.body)
		if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "budget" || cpuclock.Since(start) > time.Second {
			t.Errorf("%s %s: %d %s after %v of CPU, want 400 naming budget at once", tc.method, tc.path, rec.Code, rec.Body, cpuclock.Since(start))
		}
	}
	if rec := f.do(t, "GET", "/api/v1/render.svg?view=compare&budget=200ms&guest=grid:4x4&host=mesh:4x4", ""); rec.Code != 200 {
		t.Errorf("compare with a small budget: %d %s", rec.Code, rec.Body)
	}
}

// TestRenderWorkers: four default renders of a 1M-node job at once took
// the server to 2.47 GB. Renders are now drawn RenderWorkers at once; the
// others wait up to SyncTimeout, then get a 503 with Retry-After.
func TestRenderWorkers(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{RenderWorkers: 1, SyncTimeout: 50 * time.Millisecond, MaxRenderNodes: 1 << 20})
	// 1,048,576 nodes: rebuilding the result and drawing its heat map (one
	// image) take well over SyncTimeout.
	big := doneJob(t, f, `{"guest":"grid:1024x1024","host":"mesh:1024x1024","algo":"rowmajor"}`)
	codes := make(chan int, 3)
	for i := range 3 {
		go func() {
			// Distinct widths: no ETag short-cut.
			codes <- f.do(t, "GET", fmt.Sprintf("/api/v1/render.svg?width=%d&job=%s", 700+i, big.ID), "").Code
		}()
	}
	got := map[int]int{}
	for range 3 {
		got[<-codes]++
	}
	if got[200] < 1 || got[503] < 1 {
		t.Errorf("statuses %v: want one drawn and the others told to retry", got)
	}
}

// countingResults is a job service that counts the results it loads.
type countingResults struct {
	jobs.Service
	loads int
}

func (c *countingResults) Result(id string) (*solve.Result, error) {
	c.loads++
	return c.Service.Result(id)
}

// TestRenderOfTooLargeJobLoadsNothing: a job above MaxRenderNodes is
// refused from its record, before its result is loaded (0.3–0.8 CPU-s
// for a 1M-node job, on a route anyone may call).
func TestRenderOfTooLargeJobLoadsNothing(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{MaxRenderNodes: 128})
	big := doneJob(t, f, `{"guest":"hypercube:8","host":"ring:256","algo":"xor"}`)
	counted := &countingResults{Service: f.runner}
	srv := server.New(server.Options{Jobs: counted, MaxRenderNodes: 128})
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/render.svg?job="+big.ID, nil))
	if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "job" || !strings.Contains(e.Error, "256 nodes") || counted.loads != 0 {
		t.Errorf("render of 256 nodes, cap 128: %d %+v after %d result loads; want a 400 on job and none", rec.Code, e, counted.loads)
	}
}

// hold makes the first call that passes it say when it started
// (started) and wait for release.
type hold struct {
	started, release chan struct{}
	once             sync.Once
}

func newHold() *hold { return &hold{started: make(chan struct{}), release: make(chan struct{})} }

// pass holds the first call until release; the others go through (not
// waiting inside once.Do, which would hold them too).
func (h *hold) pass() {
	first := false
	h.once.Do(func() { first = true })
	if first {
		close(h.started)
		<-h.release
	}
}

// heldResults is a job service whose first result load is held.
type heldResults struct {
	jobs.Service
	*hold
}

func (h *heldResults) Result(id string) (*solve.Result, error) {
	h.pass()
	return h.Service.Result(id)
}

// TestReadsAreBounded: downloads of stored results are served
// ReadWorkers at once (each may load a whole result, some 100 MB for 2^20
// ranks, and any number of them ran at once); one that finds every slot
// taken for SyncTimeout gets 503 with Retry-After, and the held one still
// gets its file.
func TestReadsAreBounded(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	j := doneJob(t, f, `{"guest":"hypercube:3","host":"ring:8","algo":"xor"}`)
	srv, held, first := heldDownload(f, j)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/jobs/"+j.ID+"/placement?format=json", nil))
	if e := decode[server.ErrorBody](t, rec); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(e.Error, "downloads") {
		t.Errorf("a download while the one read slot is held: %d %q %+v", rec.Code, rec.Header().Get("Retry-After"), e)
	}
	close(held.release)
	if rec := <-first; rec.Code != http.StatusOK {
		t.Errorf("the held download: %d %s", rec.Code, rec.Body)
	}
}

// TestSyncMovesRefuseHugeGuestUnbuilt: moves without a budget on /map
// (and a rendering solved on the fly) built the guest to budget them
// before the size caps were checked: hypercube:21 allocated some 400 MB
// and 0.7 CPU-s per request, outside the synchronous slots, before its
// 400 (twelve at once took the server to 2.7 GB). The caps now come
// first and nothing is built.
func TestSyncMovesRefuseHugeGuestUnbuilt(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	for _, tc := range []struct{ method, path, body string }{
		{"POST", "/api/v1/map", `{"guest":"hypercube:21","host":"ring:16","algo":"pairs","moves":1}`},
		{"GET", "/api/v1/render.svg?guest=hypercube:21&host=ring:16&algo=pairs&moves=1", ""},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rec := f.do(t, tc.method, tc.path, tc.body)
		runtime.ReadMemStats(&after)
		if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "guest" {
			t.Errorf("%s %s: %d %+v, want a 400 on guest", tc.method, tc.path, rec.Code, e)
		}
		if allocs := after.TotalAlloc - before.TotalAlloc; allocs > 16<<20 {
			t.Errorf("%s %s: %s bytes allocated before the cap refused it", tc.method, tc.path, metric.Thousands(int(allocs)))
		}
	}
}

// TestNamedPlacementsAreBounded: a placement with host names (POST
// /jobs/{id}/placement) loads the whole result as a download does, but
// took no read slot: sixteen at once of a 2^20-rank job took the server
// to 2.8 GB, where sixteen downloads stay under 350 MB. It now waits for
// one of the ReadWorkers slots like the downloads, 503 past SyncTimeout.
func TestNamedPlacementsAreBounded(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	j := doneJob(t, f, `{"guest":"hypercube:3","host":"ring:8","algo":"xor"}`)
	srv, held, first := heldDownload(f, j)
	req := httptest.NewRequest("POST", "/api/v1/jobs/"+j.ID+"/placement?format=rankfile", strings.NewReader("n[0-7]\n"))
	req.Header.Set("Content-Type", "text/plain")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "downloads") {
		t.Errorf("a placement with host names while the one read slot is held: %d %q %.80q, want a 503 to retry", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	close(held.release)
	if rec := <-first; rec.Code != http.StatusOK {
		t.Errorf("the held download: %d %s", rec.Code, rec.Body)
	}
}

// countedHeld is heldResults that counts the results it loads.
type countedHeld struct {
	*heldResults
	loads atomic.Int32
}

func (c *countedHeld) Result(id string) (*solve.Result, error) {
	c.loads.Add(1)
	return c.heldResults.Result(id)
}

// TestRenderLoadsInItsSlot: a drawing of a job loaded the job's result
// before it waited for a rendering slot, so every render waiting held a
// whole result (64 renders at once of a 262,144-node job, a route open to
// anyone: 965 MB). The result is now loaded in the slot: a render that
// finds none free for SyncTimeout gets its 503 having loaded nothing.
func TestRenderLoadsInItsSlot(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	j := doneJob(t, f, `{"guest":"hypercube:3","host":"ring:8","algo":"xor"}`)
	held := &countedHeld{heldResults: &heldResults{Service: f.runner, hold: newHold()}}
	srv := server.New(server.Options{Jobs: held, RenderWorkers: 1, SyncTimeout: 50 * time.Millisecond})
	first := make(chan *httptest.ResponseRecorder)
	go func() {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/render.svg?width=700&job="+j.ID, nil))
		first <- rec
	}()
	<-held.started
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/render.svg?width=701&job="+j.ID, nil))
	if loads := held.loads.Load(); rec.Code != http.StatusServiceUnavailable || loads != 1 {
		t.Errorf("a render while the one rendering slot is held: %d after %d result loads, want a 503 and the held render's load only", rec.Code, loads)
	}
	close(held.release)
	if rec := <-first; rec.Code != http.StatusOK {
		t.Errorf("the held render: %d %s", rec.Code, rec.Body)
	}
}

// heldDownload starts a download of job j's placement from a server of
// one read slot whose first result load is held, once it is held; it
// returns the server, the hold, and where the held download's response
// comes.
func heldDownload(f *fixture, j jobs.Job) (*server.Server, *hold, <-chan *httptest.ResponseRecorder) {
	held := &heldResults{Service: f.runner, hold: newHold()}
	srv := server.New(server.Options{Jobs: held, ReadWorkers: 1, SyncTimeout: 50 * time.Millisecond})
	first := make(chan *httptest.ResponseRecorder)
	go func() {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/jobs/"+j.ID+"/placement?format=csv", nil))
		first <- rec
	}()
	<-held.started
	return srv, held.hold, first
}

// heldSubmits is a job service whose first Submit is held.
type heldSubmits struct {
	jobs.Service
	*hold
}

func (h *heldSubmits) Submit(in spec.Instance) (jobs.Job, bool, error) {
	h.pass()
	return h.Service.Submit(in)
}

// TestSubmitsAreBounded: a submit checks its instance in the request,
// which may cost the host's size (nodes=0-1048575 on torus:1024x1024:
// 0.6-1 CPU-s and 100 MB), and any number ran at once: sixteen took
// 15 CPU-s and 1.5 GB. Submits are now checked SyncWorkers at once, in
// slots of their own; one that finds none free for SyncTimeout gets 503
// with Retry-After, and the held one still gets its job.
func TestSubmitsAreBounded(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	held := &heldSubmits{Service: f.runner, hold: newHold()}
	srv := server.New(server.Options{Jobs: held, SyncWorkers: 1, SyncTimeout: 50 * time.Millisecond})
	submit := func(body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/api/v1/jobs", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec
	}
	first := make(chan *httptest.ResponseRecorder)
	go func() { first <- submit(xorBody) }()
	<-held.started
	rec := submit(`{"guest":"hypercube:3","host":"ring:8","algo":"xor"}`)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "submissions") {
		t.Errorf("a submit while the one submit slot is held: %d %q %.80q, want a 503 to retry", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	close(held.release)
	if rec := <-first; rec.Code != http.StatusAccepted && rec.Code != http.StatusOK {
		t.Errorf("the held submit: %d %s", rec.Code, rec.Body)
	}
}

// heldGraphs is a graph service whose first Resolve is held; it counts
// the graphs it loads.
type heldGraphs struct {
	jobs.GraphService
	*hold
	loads atomic.Int32
}

func (h *heldGraphs) Resolve(ctx context.Context, id string) (*guest.Graph, error) {
	h.loads.Add(1)
	h.pass()
	return h.GraphService.Resolve(ctx, id)
}

// TestGraphLoadsAreBounded: a request naming an uploaded graph loaded it
// before any cap could refuse it, any number at once: 48 requests naming
// a graph of 4M arcs (the 64 MiB upload cap) took 1.6 GB. The graph is
// now loaded in a read slot: a request that finds none free for
// SyncTimeout gets 503 with Retry-After having loaded nothing, and the
// held one is answered.
func TestGraphLoadsAreBounded(t *testing.T) {
	st := store.NewMemory()
	f := graphFixture(t, st, server.Options{})
	g := uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS)
	held := &heldGraphs{GraphService: st, hold: newHold()}
	srv := server.New(server.Options{Jobs: f.runner, Graphs: held, ReadWorkers: 1, SyncTimeout: 50 * time.Millisecond})
	body := `{"guest":"graph:` + g.ID + `","host":"ring:4","algo":"greedy"}`
	first := make(chan *httptest.ResponseRecorder)
	go func() { first <- serveOn(srv, "POST", "/api/v1/map", body) }()
	<-held.started
	for _, target := range []string{"/api/v1/map", "/api/v1/jobs"} {
		rec := serveOn(srv, "POST", target, body)
		if loads := held.loads.Load(); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || loads != 1 {
			t.Errorf("POST %s while the one read slot loads a graph: %d %q after %d loads, want a 503 to retry and the held load only", target, rec.Code, rec.Header().Get("Retry-After"), loads)
		}
	}
	close(held.release)
	if rec := <-first; rec.Code != http.StatusOK {
		t.Errorf("the held request: %d %s", rec.Code, rec.Body)
	}
}

// serveOn serves one JSON request on srv.
func serveOn(srv *server.Server, method, target, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	return rec
}

// TestEventStreamsAreBounded: every job event stream holds a connection
// and goroutines for as long as its job runs, and any number could be
// open. Past MaxStreams a stream gets 503 with Retry-After at once, and a
// closed stream frees its place; the client's Follow then fails, and
// topomap submit polls instead.
func TestEventStreamsAreBounded(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{MaxStreams: 1})
	ts, c := f.loopback(t)
	j, err := c.Submit(context.Background(), jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: jobstest.Block})
	if err != nil {
		t.Fatal(err)
	}
	events := ts.URL + "/api/v1/jobs/" + j.ID + "/events"
	ctx, closeFirst := context.WithCancel(context.Background())
	first := openStream(t, ctx, events)
	if first.StatusCode != http.StatusOK {
		t.Fatalf("the first stream: %d", first.StatusCode)
	}
	second := openStream(t, context.Background(), events)
	second.Body.Close()
	if second.StatusCode != http.StatusServiceUnavailable || second.Header.Get("Retry-After") == "" {
		t.Errorf("a stream past MaxStreams: %d %q, want a 503 to retry", second.StatusCode, second.Header.Get("Retry-After"))
	}
	var ae *server.APIError
	guard, cancel := context.WithTimeout(context.Background(), time.Minute) // a stream let open would follow the held job forever
	defer cancel()
	if _, err := c.Follow(guard, j.ID, nil); !errors.As(err, &ae) || ae.Status != http.StatusServiceUnavailable {
		t.Errorf("Follow past MaxStreams: %v, want the 503", err)
	}
	closeFirst()
	first.Body.Close()
	for range 1000 { // the handler sees the closed stream and leaves
		again := openStream(t, context.Background(), events)
		again.Body.Close()
		if again.StatusCode == http.StatusOK {
			close(f.release)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("a closed stream never freed its place")
}

// openStream opens a job's event stream and returns its response once
// its header has come.
func openStream(t *testing.T, ctx context.Context, url string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}
