package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"topomap/algorithms/export"
	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/metrics"
	"topomap/backend/server"
)

// TestErrors: every bad request is a JSON {error, field} with the right
// status.
func TestErrors(t *testing.T) {
	f := newFixture(t, jobs.Options{MaxNodes: 1 << 12}, server.Options{MaxBody: 1 << 10, MaxSyncNodes: 64})
	unknown := strings.Repeat("0", jobs.IDLen)
	tests := []struct {
		name, method, target, body string
		code                       int
		field, says                string
	}{
		{"malformed JSON", "POST", "/api/v1/jobs", `{"guest":`, 400, "", "truncated"},
		{"unknown field", "POST", "/api/v1/jobs", `{"guest":"hypercube:4","host":"ring:16","algo":"xor","x":1}`, 400, "x", "unknown field"},
		{"bad guest", "POST", "/api/v1/jobs", `{"guest":"cube:4","host":"ring:16","algo":"xor"}`, 400, "guest", "unknown kind"},
		{"unknown algorithm", "POST", "/api/v1/jobs", `{"guest":"hypercube:4","host":"ring:16","algo":"nosuch"}`, 400, "algo", "unknown algorithm"},
		{"sizes differ", "POST", "/api/v1/jobs", `{"guest":"hypercube:4","host":"ring:8","algo":"xor"}`, 400, "host", "sizes differ"},
		{"job over the size cap", "POST", "/api/v1/jobs", `{"guest":"hypercube:13","host":"ring:8192","algo":"xor"}`, 400, "guest", "cap of 4,096"},
		{"body over the limit", "POST", "/api/v1/jobs", `{"guest":"` + strings.Repeat("x", 2000) + `"}`, 413, "body", "larger than 1,024 B (many host names go to POST /api/v1/jobs/{id}/placement"},
		{"map over the sync cap", "POST", "/api/v1/map", `{"guest":"hypercube:7","host":"ring:128","algo":"xor"}`, 400, "guest", "cap of 64"},
		{"map bad format", "POST", "/api/v1/map?format=pdf", xorBody, 400, "format", "unknown format"},
		{"rankorder with empty slots", "POST", "/api/v1/map?format=rankorder", `{"guest":"grid:3x2","host":"mesh:4x2","algo":"step"}`, 400, "format", "leaves 2 of the 8 host slots empty"},
		{"moves out of range", "POST", "/api/v1/jobs", `{"guest":"grid:3x2","host":"mesh:3x2","algo":"pairs","moves":-1}`, 400, "moves", "want a whole number"},
		{"moves not whole", "POST", "/api/v1/jobs", `{"guest":"grid:3x2","host":"mesh:3x2","algo":"pairs","moves":1.5}`, 400, "moves", "want a whole number, got number 1.5"},
		{"malformed id", "GET", "/api/v1/jobs/xyz", "", 400, "id", "malformed job id"},
		{"unknown job", "GET", "/api/v1/jobs/" + unknown, "", 404, "id", "no such job"},
		{"unknown job events", "GET", "/api/v1/jobs/" + unknown + "/events", "", 404, "id", "no such job"},
		{"cancel unknown job", "DELETE", "/api/v1/jobs/" + unknown, "", 404, "id", "no such job"},
		{"placement of unknown job", "GET", "/api/v1/jobs/" + unknown + "/placement", "", 404, "id", "no such job"},
		{"unknown API path", "GET", "/api/v1/nope", "", 404, "", "no API route GET /api/v1/nope"},
		{"unknown API version", "GET", "/api/v2/jobs", "", 404, "", "no API route"},
		{"wrong method", "PUT", "/api/v1/jobs", "", 405, "", "method not allowed"},
		{"list of an unknown status", "GET", "/api/v1/jobs?status=asleep", "", 400, "status", "unknown job status"},
		{"list limit not a number", "GET", "/api/v1/jobs?limit=ten", "", 400, "limit", "not a whole number"},
		{"list limit over the cap", "GET", "/api/v1/jobs?limit=201", "", 400, "limit", "1 to 200"},
		{"list malformed cursor", "GET", "/api/v1/jobs?after=zz", "", 400, "after", "malformed cursor"},
		{"wrong method on a job", "POST", "/api/v1/jobs/0123456789abcdef0123", "", 405, "", "method not allowed"},
		{"render unknown view", "GET", "/api/v1/render.svg?view=pie", "", 400, "view", "unknown view"},
		{"render bad width", "GET", "/api/v1/render.svg?width=5&guest=hypercube:4&host=ring:16&algo=xor", "", 400, "width", "[64, 8192]"},
		{"render bad height", "GET", "/api/v1/render.svg?height=tall&guest=hypercube:4&host=ring:16&algo=xor", "", 400, "height", "[64, 8192]"},
		{"gantt of a grid", "GET", "/api/v1/render.svg?view=gantt&guest=grid:4x4&host=mesh:4x4&algo=rowmajor", "", 400, "view", "hypercube guest"},
		{"compare of a job", "GET", "/api/v1/render.svg?view=compare&job=" + unknown, "", 400, "view", "not a job"},
		{"compare over the sync cap", "GET", "/api/v1/render.svg?view=compare&guest=grid:16x16&host=mesh:16x16", "", 400, "guest", "cap of 64"},
		{"render malformed job", "GET", "/api/v1/render.svg?job=1", "", 400, "job", "malformed"},
		{"render missing host", "GET", "/api/v1/render.svg?guest=hypercube:4&algo=xor", "", 400, "host", "empty"},
		{"non-API path without app", "GET", "/some/page", "", 404, "", "no API route"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(t, tt.method, tt.target, tt.body)
			if rec.Code != tt.code {
				t.Fatalf("status %d, want %d (body %s)", rec.Code, tt.code, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("Content-Type %q, want JSON", ct)
			}
			e := decode[server.ErrorBody](t, rec)
			if e.Field != tt.field || !strings.Contains(e.Error, tt.says) {
				t.Fatalf("body %+v, want field %q and an error saying %q", e, tt.field, tt.says)
			}
		})
	}
}

func TestHealthAlgorithmsOpenAPI(t *testing.T) {
	f := newFixture(t, jobs.Options{Workers: 2, Queue: 5}, server.Options{Version: "v-test", Metrics: metrics.New().Handler()})
	rec := f.do(t, "GET", "/api/v1/healthz", "")
	h := decode[server.Health](t, rec)
	if rec.Code != 200 || h.Status != "ok" || h.Version != "v-test" || h.Jobs.Workers != 2 || h.Jobs.Queue != 5 {
		t.Fatalf("healthz %d %+v", rec.Code, h)
	}
	rec = f.do(t, "GET", "/api/v1/algorithms", "")
	algos := decode[[]solve.Algorithm](t, rec)
	if len(algos) != len(solve.All()) || len(algos) == 0 {
		t.Fatalf("%d algorithms listed, registry has %d", len(algos), len(solve.All()))
	}
	for _, a := range algos {
		if a.Name == "" || a.Notes.Confidence == "" || a.Guests == "" || a.Hosts == "" {
			t.Errorf("incomplete listing %+v", a)
		}
		// its cost, in O(·) and measured at the largest size
		if a.Notes.Complexity == "" || !strings.HasSuffix(a.Notes.Measured, solve.MeasuredOn) {
			t.Errorf("%s: cost %q, measured %q, want both (the machine last)", a.Name, a.Notes.Complexity, a.Notes.Measured)
		}
	}
	rec = f.do(t, "GET", "/api/v1/openapi.yaml", "")
	doc := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(doc, "openapi: 3.") {
		t.Fatalf("openapi %d %.40q", rec.Code, doc)
	}
	for _, field := range []string{"complexity", "measured"} {
		if !strings.Contains(doc, "\n        "+field+": {type: string") {
			t.Errorf("the OpenAPI Notes do not document %s", field)
		}
	}
	// Every API route is documented, and every documented path is routed.
	documented := 0
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "  /") && strings.HasSuffix(line, ":") {
			documented++
		}
	}
	paths := map[string]bool{}
	for _, r := range f.srv.Routes() {
		method, path, _ := strings.Cut(r, " ")
		if method == http.MethodHead {
			continue // a read's HEAD is its GET without the body (the document says so once)
		}
		path = strings.TrimPrefix(path, "/api/v1")
		path = strings.ReplaceAll(path, ":id", "{id}")
		paths[path] = true
		at := strings.Index(doc, "\n  "+path+":")
		if at < 0 {
			t.Errorf("route %s %s is not in openapi.yaml", method, path)
			continue
		}
		section := doc[at+1:]
		if end := strings.Index(section, "\n  /"); end >= 0 {
			section = section[:end]
		}
		if !strings.Contains(section, "\n    "+strings.ToLower(method)+":") {
			t.Errorf("method %s of %s is not in openapi.yaml", method, path)
		}
	}
	if documented != len(paths) {
		t.Errorf("openapi.yaml documents %d paths, the server routes %d", documented, len(paths))
	}
}

// TestJobLifecycle drives a job through the API: submit, follow its events
// to the end (its status never cached), fetch it in every format,
// resubmit, and refuse to cancel it.
func TestJobLifecycle(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	_, c := f.loopback(t)
	ctx := context.Background()
	rec := f.do(t, "POST", "/api/v1/jobs", xorBody)
	j := decode[jobs.Job](t, rec)
	if rec.Code != http.StatusAccepted && rec.Code != http.StatusOK {
		t.Fatalf("submit %d %s", rec.Code, rec.Body)
	}
	if loc := rec.Header().Get("Location"); loc != "/api/v1/jobs/"+j.ID {
		t.Fatalf("Location %q", loc)
	}
	final, err := c.Follow(ctx, j.ID, nil)
	if err != nil || final.Status != jobs.Done || final.Metrics == nil {
		t.Fatalf("Follow = %+v, %v", final, err)
	}
	// A job's status is never cached: it changes until the job ends.
	if cc := f.do(t, "GET", "/api/v1/jobs/"+j.ID, "").Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("GET /jobs/{id}: Cache-Control %q, want no-store", cc)
	}
	rec = f.do(t, "POST", "/api/v1/jobs", `{"guest":"HYPERCUBE:4","host":"ring:16","algo":"xor"}`)
	if again := decode[jobs.Job](t, rec); rec.Code != http.StatusOK || again.ID != j.ID || again.Status != jobs.Done {
		t.Fatalf("identical request: %d %+v", rec.Code, again)
	}

	// Every format is what algorithms/export writes for the same result.
	res, err := f.runner.Result(j.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range export.Names() {
		var want bytes.Buffer
		if err := export.WriteWith(&want, format, res, export.Options{RunTime: true}); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := c.Placement(ctx, j.ID, format, &got); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if got.String() != want.String() {
			t.Fatalf("%s placement differs from algorithms/export:\n%s\nwant\n%s", format, got.String(), want.String())
		}
	}
	// placement?format=json is what `topomap map --format json` prints:
	// both are export.JSON of solve.Map's result; only seconds may differ.
	in, _ := jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"}.Instance()
	direct, err := solve.Map(ctx, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	direct.Seconds = res.Seconds
	var cli, api bytes.Buffer
	export.JSON(&cli, direct)
	c.Placement(ctx, j.ID, "json", &api)
	if cli.String() != api.String() {
		t.Fatalf("API JSON differs from the CLI's:\n%s\n%s", api.String(), cli.String())
	}
	jobstest.CheckPlacement(t, in, res.Mapping.Place, final.Metrics.HopsPerByte)

	// A browser's EventSource reconnecting after the end gets 204: stop.
	req := httptest.NewRequest("GET", "/api/v1/jobs/"+j.ID+"/events", nil)
	req.Header.Set("Last-Event-ID", "end")
	rec = httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusNoContent {
		t.Fatalf("reconnect after the end: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/jobs/"+j.ID+"/events", "")
	if want := "id: end\nevent: end\ndata: {"; rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), want) {
		t.Fatalf("events of a done job: %d %q, want it to start with %q", rec.Code, rec.Body.String(), want)
	}
	rec = f.do(t, "DELETE", "/api/v1/jobs/"+j.ID, "")
	if rec.Code != http.StatusConflict {
		t.Fatalf("cancel a done job: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/render.svg?job="+j.ID+"&width=300", "")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), "<svg") {
		t.Fatalf("render of a job: %d %.80q", rec.Code, rec.Body.String())
	}
	// A done job's outputs revalidate with their ETag: 304, per variant.
	etags := map[string]bool{}
	for _, target := range []string{
		"/api/v1/jobs/" + j.ID + "/placement?format=csv",
		"/api/v1/jobs/" + j.ID + "/placement?format=json",
		"/api/v1/render.svg?job=" + j.ID + "&width=300",
	} {
		etag := f.do(t, "GET", target, "").Header().Get("ETag")
		if etag == "" || etags[etag] {
			t.Fatalf("%s: ETag %q missing or shared", target, etag)
		}
		etags[etag] = true
		req := httptest.NewRequest("GET", target, nil)
		req.Header.Set("If-None-Match", etag)
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Fatalf("%s with its ETag: %d, %d bytes", target, rec.Code, rec.Body.Len())
		}
	}
}

// TestEventsAndCancel follows a running job's progress over SSE, cancels it
// through the API and sees the stream end with the cancelled state.
func TestEventsAndCancel(t *testing.T) {
	f := newFixture(t, jobs.Options{ProgressEvery: time.Millisecond}, server.Options{})
	_, c := f.loopback(t)
	ctx := context.Background()
	j, err := c.Submit(ctx, jobs.Request{Guest: "grid:4x4", Host: "mesh:4x4", Algo: jobstest.Block})
	if err != nil {
		t.Fatal(err)
	}
	var states []jobs.Job
	var cancelOnce sync.Once
	cancelled := make(chan struct{})
	seen := 0 // running states with progress received
	final, err := c.Follow(ctx, j.ID, func(s jobs.Job) {
		states = append(states, s)
		// Progress is latest-wins (a slow reader skips states), so cancel
		// after two progress states have arrived, not at one exact count.
		if s.Status == jobs.Running && s.Progress.Evaluated > 0 {
			seen++
		}
		if seen >= 2 {
			cancelOnce.Do(func() {
				go func() {
					defer close(cancelled)
					if got, err := c.Cancel(ctx, j.ID, j.CancelToken); err != nil || got.Status != jobs.Cancelled {
						t.Errorf("Cancel = %+v, %v", got, err)
					}
				}()
			})
		}
	})
	<-cancelled
	if err != nil || final.Status != jobs.Cancelled {
		t.Fatalf("Follow = %+v, %v", final, err)
	}
	progress, last := 0, int64(0)
	for _, s := range states[:len(states)-1] {
		if s.Status.Final() {
			t.Fatalf("final state %s before the end", s.Status)
		}
		if s.Status == jobs.Running && s.Progress.Evaluated > 0 {
			if s.Progress.Evaluated < last {
				t.Fatalf("progress went back from %d to %d", last, s.Progress.Evaluated)
			}
			progress, last = progress+1, s.Progress.Evaluated
		}
	}
	if progress < 2 {
		t.Fatalf("%d progress events, want at least 2", progress)
	}
	// Resubmitting a cancelled job runs it again: 202.
	rec := f.do(t, "POST", "/api/v1/jobs", `{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`)
	if rec.Code != http.StatusAccepted {
		t.Fatalf("resubmit: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/jobs/"+j.ID+"/placement", "")
	if e := decode[server.ErrorBody](t, rec); rec.Code != http.StatusConflict || !strings.Contains(e.Error, "once it is done") {
		t.Fatalf("placement of a live job: %d %+v", rec.Code, e)
	}
	close(f.release)
	if final, err := c.Follow(ctx, j.ID, nil); err != nil || final.Status != jobs.Done {
		t.Fatalf("rerun: %+v, %v", final, err)
	}
}

func TestQueueFull503(t *testing.T) {
	f := newFixture(t, jobs.Options{Workers: 1, Queue: 1}, server.Options{})
	bodies := []string{
		`{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`,
		`{"guest":"grid:2x8","host":"mesh:2x8","algo":"block"}`,
		`{"guest":"grid:8x2","host":"mesh:8x2","algo":"block"}`,
	}
	first := decode[jobs.Job](t, f.do(t, "POST", "/api/v1/jobs", bodies[0]))
	for range 1000 {
		if j, _ := f.runner.Get(first.ID); j.Status == jobs.Running {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if rec := f.do(t, "POST", "/api/v1/jobs", bodies[1]); rec.Code != http.StatusAccepted {
		t.Fatalf("second job: %d %s", rec.Code, rec.Body)
	}
	rec := f.do(t, "POST", "/api/v1/jobs", bodies[2])
	if e := decode[server.ErrorBody](t, rec); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(e.Error, "queue is full") {
		t.Fatalf("past the queue: %d %q %+v", rec.Code, rec.Header().Get("Retry-After"), e)
	}
	close(f.release)
}

func TestMapSync(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	rec := f.do(t, "POST", "/api/v1/map", xorBody)
	if rec.Code != 200 {
		t.Fatalf("map: %d %s", rec.Code, rec.Body)
	}
	r := decode[solve.Report](t, rec)
	if r.Guest != "hypercube:4" || r.Host != "ring:16" || r.Algo != "xor" || len(r.Placement) != 16 {
		t.Fatalf("report %+v", r)
	}
	in, _ := jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"}.Instance()
	place := make([]int, len(r.Placement))
	for v, c := range r.Placement {
		place[v] = c[0] // a ring's coordinate is its index
	}
	jobstest.CheckPlacement(t, in, place, r.Metrics.HopsPerByte)
	rec = f.do(t, "POST", "/api/v1/map?format=csv", xorBody)
	if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "vertex,node,x1,g1,g2,g3,g4\n") {
		t.Fatalf("map csv: %d %.40q", rec.Code, rec.Body.String())
	}
	for _, q := range []string{
		"guest=hypercube:4&host=ring:16&algo=xor",
		"view=gantt&guest=hypercube:3&host=line:8&algo=byweight&tc=2",
		"view=compare&guest=grid:8x4&host=mesh:4x8&budget=50ms",
	} {
		rec = f.do(t, "GET", "/api/v1/render.svg?"+q, "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "<svg") {
			t.Fatalf("render %s: %d %.80q", q, rec.Code, rec.Body.String())
		}
	}
}

// TestMapTextLeavesOutTheRunTimeAJobStates: POST /map answers the same
// bytes for the same request, so its text report has no run time; a
// job's, computed once, states it.
func TestMapTextLeavesOutTheRunTimeAJobStates(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	hasTime := func(text string) bool { return strings.Contains(text, "\ntime ") }
	rec := f.do(t, "POST", "/api/v1/map?format=text", xorBody)
	if rec.Code != 200 || hasTime(rec.Body.String()) || !strings.Contains(rec.Body.String(), "\nhops per byte ") {
		t.Fatalf("map text: %d\n%s", rec.Code, rec.Body)
	}
	_, c := f.loopback(t)
	j := decode[jobs.Job](t, f.do(t, "POST", "/api/v1/jobs", xorBody))
	if final, err := c.Follow(context.Background(), j.ID, nil); err != nil || final.Status != jobs.Done {
		t.Fatalf("job: %+v, %v", final, err)
	}
	if rec = f.do(t, "GET", "/api/v1/jobs/"+j.ID+"/placement?format=text", ""); rec.Code != 200 || !hasTime(rec.Body.String()) {
		t.Fatalf("job text: %d\n%s", rec.Code, rec.Body)
	}
}

// TestAppCatchAll: the app gets every non-API path; /api stays JSON.
func TestAppCatchAll(t *testing.T) {
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("app:" + r.URL.Path))
	})
	f := newFixture(t, jobs.Options{}, server.Options{App: app})
	for path, want := range map[string]string{"/": "app:/", "/jobs/abc": "app:/jobs/abc", "/web/app.wasm": "app:/web/app.wasm"} {
		if rec := f.do(t, "GET", path, ""); rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("GET %s: %d %q, want %q", path, rec.Code, rec.Body, want)
		}
	}
	if rec := f.do(t, "GET", "/api/v1/nope", ""); rec.Code != 404 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("unknown API path with an app: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// TestSyncLimits: a synchronous request that runs out of time, and one that
// finds no free slot, both get 503 with Retry-After, never 500; the one
// that waited for the other's slot says it found the server busy (no slot
// in time, or much of its time spent waiting), not just that it ran out of
// time.
func TestSyncLimits(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{SyncWorkers: 1, SyncTimeout: 100 * time.Millisecond})
	body := `{"guest":"grid:4x4","host":"mesh:4x4","algo":"block"}`
	first := make(chan *httptest.ResponseRecorder)
	go func() { first <- f.do(t, "POST", "/api/v1/map", body) }()
	time.Sleep(20 * time.Millisecond) // let the first take the only slot
	second := f.do(t, "POST", "/api/v1/map", strings.Replace(body, "4x4", "2x8", 2))
	busy := 0
	for i, rec := range []*httptest.ResponseRecorder{<-first, second} {
		e := decode[server.ErrorBody](t, rec)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" ||
			!strings.Contains(e.Error, "synchronous") {
			t.Errorf("request %d: %d %q %+v", i, rec.Code, rec.Header().Get("Retry-After"), e)
		}
		if strings.Contains(e.Error, "too many synchronous requests") || strings.Contains(e.Error, "waiting for a free slot, the server being busy") {
			busy++
		}
	}
	if busy == 0 { // the one that took the slot second (on a loaded machine, maybe the first sent)
		t.Error("neither request says it found the server busy, though one waited for the other's slot")
	}
}

// TestSyncPairsReproducible: a synchronous PAIRS request with a
// budget answers the same bytes every time, whatever the machine's load
// (the clock used to cut the run at the budget, after however many moves
// it had made): the budget plans 2M moves, and the run makes about as
// many (1.84M). A request that the synchronous deadline ends gets the
// usual 503 naming the time limit, never a shorter run's result.
func TestSyncPairsReproducible(t *testing.T) {
	// a long deadline: under the race detector and a loaded machine 2M
	// moves (a quarter second's budget) take over the default 10 s
	f := newFixture(t, jobs.Options{}, server.Options{SyncTimeout: 2 * time.Minute})
	body := `{"guest":"grid:40x30","host":"mesh:20x60","algo":"pairs","start":"rowmajor","seed":2,"budget":"250ms"}`
	var first string
	for i := range 2 {
		rec := f.do(t, "POST", "/api/v1/map", body)
		if rec.Code != http.StatusOK {
			t.Fatalf("run %d: %d %s", i, rec.Code, rec.Body)
		}
		if i == 0 {
			first = rec.Body.String()
		} else if rec.Body.String() != first {
			t.Fatalf("run %d differs:\n%.300s\nvs\n%.300s", i, rec.Body, first)
		}
	}
	var rep struct {
		Pairs struct {
			Moves     int64
			Converged bool
		}
	}
	// the swap search has 7/8 of the 2M moves planned (the closing search
	// over communication neighbours keeps the rest), and its last cycle
	// ends where another would not fit: short of its share by less than
	// a first cycle (218 rounds of 1,200 moves)
	const share = 2_000_000 / 8 * 7
	if err := json.Unmarshal([]byte(first), &rep); err != nil || rep.Pairs.Moves < share-218*1200 || rep.Pairs.Moves > share+1024 || !rep.Pairs.Converged {
		t.Fatalf("pairs report %+v (%v): want about the swap search's 1.75M of the 2M moves planned, never more", rep.Pairs, err)
	}

	// a budget above the time limit is refused (400), so the moves are
	// given: 2M of them take longer than 20 ms
	short := newFixture(t, jobs.Options{}, server.Options{SyncTimeout: 20 * time.Millisecond})
	rec := short.do(t, "POST", "/api/v1/map", strings.Replace(body, `"budget":"250ms"`, `"moves":2000000`, 1))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "synchronous time limit") {
		t.Fatalf("past the deadline: %d %s, want 503 naming the time limit", rec.Code, rec.Body)
	}
}

// TestSyncMovesAreBudgeted: moves without a budget plan a search as a
// budget does, so a synchronous request whose moves would take longer
// than MaxSyncBudget is refused up front on the field moves (it ran for
// the whole SyncTimeout, then answered 503), on /map and on a rendering
// solved on the fly; moves that fit run.
func TestSyncMovesAreBudgeted(t *testing.T) {
	f := newFixture(t, jobs.Options{}, patient(server.Options{}))
	const body = `{"guest":"grid:32x32","host":"torus:32x32","algo":"pairs","moves":%d}`
	rec := f.do(t, "POST", "/api/v1/map", fmt.Sprintf(body, int64(1)<<34))
	if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "moves" || !strings.Contains(e.Error, "17,179,869,184 moves") || !strings.Contains(e.Error, "submit a job") {
		t.Errorf("2^34 moves: %d %+v", rec.Code, e)
	}
	rec = f.do(t, "GET", "/api/v1/render.svg?guest=grid:32x32&host=torus:32x32&algo=pairs&moves=17179869184", "")
	if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "moves" {
		t.Errorf("render.svg, 2^34 moves: %d %+v", rec.Code, e)
	}
	if rec := f.do(t, "POST", "/api/v1/map", fmt.Sprintf(body, 10000)); rec.Code != 200 {
		t.Errorf("10,000 moves: %d %s", rec.Code, rec.Body)
	}
}

// TestOpenAPINamesEveryKind: the served OpenAPI document lists the form
// of every registered guest and host kind, read from their registries,
// and the suffixes a host spec may end with (topology.Suffixes).
func TestOpenAPINamesEveryKind(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	doc := f.do(t, "GET", "/api/v1/openapi.yaml", "").Body.String()
	if strings.Contains(doc, "{{") {
		t.Errorf("a placeholder left in the document: %.80q", doc[strings.Index(doc, "{{"):])
	}
	for _, k := range topology.Kinds() {
		if !strings.Contains(doc, k.Form) {
			t.Errorf("host kind %s: form %q not in the document", k.Name, k.Form)
		}
	}
	for _, k := range guest.Kinds() {
		if !strings.Contains(doc, k.Form) {
			t.Errorf("guest kind %s: form %q not in the document", k.Name, k.Form)
		}
	}
	if !strings.Contains(doc, topology.Suffixes) {
		t.Errorf("the host suffixes %q are not in the document", topology.Suffixes)
	}
}

// TestServerWithoutGraphsSaysSo: a server started without a graph store
// answers an upload 501 with the reason (the status's name was all it
// said, "not Implemented").
func TestServerWithoutGraphsSaysSo(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	rec := serve(f, "POST", "/api/v1/graphs?format=csv", "text/csv", "0,1,1\n", "")
	if rec.Code != http.StatusNotImplemented || !strings.Contains(rec.Body.String(), "this server keeps no uploaded graphs") {
		t.Errorf("upload without a graph store: %d %s", rec.Code, rec.Body)
	}
}

// TestCompareViewSaysItsBudget: the compare drawing gives its local
// searches a budget when the query gives none, and says so; its pairs bar
// is then the figure of a comparison under that budget (the CLI's
// compare --budget 250ms), and a query's own budget is not annotated.
func TestCompareViewSaysItsBudget(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	q := "/api/v1/render.svg?view=compare&guest=grid:9x8&host=mesh:12x6&seed=1"
	rec := f.do(t, "GET", q, "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `id="compare-note"`) || !strings.Contains(rec.Body.String(), "budget of 250ms each, as none was given") {
		t.Fatalf("%s: %d, no note of the budget:\n%.2000s", q, rec.Code, rec.Body)
	}
	in, err := jobs.Request{Guest: "grid:9x8", Host: "mesh:12x6", Algo: "pairs", Seed: 1, Budget: "250ms"}.Instance() // Compare ignores the algorithm
	if err != nil {
		t.Fatal(err)
	}
	cmp, err := solve.CompareInstance(context.Background(), in, solve.CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(cmp.Entries, func(e solve.Entry) bool { return e.Algo == "pairs" })
	if want := fmt.Sprintf(`data-algo="pairs" data-hpb="%.4f"`, cmp.Entries[max(i, 0)].Metrics.HopsPerByte); i < 0 || !strings.Contains(rec.Body.String(), want) {
		t.Errorf("the pairs bar is not %s (pairs compared: %v)", want, i >= 0)
	}
	if rec = f.do(t, "GET", q+"&budget=50ms", ""); rec.Code != 200 || strings.Contains(rec.Body.String(), `id="compare-note"`) {
		t.Fatalf("%s&budget=50ms: %d, a note of a budget the query gave", q, rec.Code)
	}
}
