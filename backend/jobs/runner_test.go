package jobs_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/store"
)

func TestSubmitRunsStoresAndShares(t *testing.T) {
	r, st, _ := newRunner(t, jobs.Options{})
	in := instance(t, "hypercube:4", "ring:16", "xor")
	j, started, err := r.Submit(in)
	if err != nil || !started || j.ID != jobs.ID(in) {
		t.Fatalf("Submit = %+v, %v, %v", j, started, err)
	}
	final := waitFinal(t, r, j.ID)
	if final.Status != jobs.Done || final.Metrics == nil || final.Progress.Fraction != 1 {
		t.Fatalf("final %+v", final)
	}
	rec, err := st.Get(j.ID)
	if err != nil || rec.Status != jobs.Done {
		t.Fatalf("stored %+v, %v", rec, err)
	}
	res, err := r.Result(j.ID)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, res)
	if res.Metrics.HopsPerByte != final.Metrics.HopsPerByte {
		t.Fatalf("result hops/byte %v, job %v", res.Metrics.HopsPerByte, final.Metrics.HopsPerByte)
	}
	// rank order of the 4-cube on ring:16: 240 hop-bytes (16 arcs of
	// each dimension i, 2^i hops)
	if b := rec.Baseline; b == nil || b.HopBytes != 240 || final.Baseline == nil || res.Baseline == nil || b.Text() != res.Baseline.Text() {
		t.Errorf("baseline stored %+v, job %+v, result %+v; want rank order's 240 hop-bytes in all", b, final.Baseline, res.Baseline)
	}
	again, started, err := r.Submit(instance(t, "HYPERCUBE:4", "ring:16", "xor"))
	if err != nil || started || again.ID != j.ID || again.Status != jobs.Done {
		t.Fatalf("resubmit = %+v, %v, %v; want the done job, not started", again, started, err)
	}
}

func TestIdenticalLiveRequestsShareOneRun(t *testing.T) {
	r, _, release := newRunner(t, jobs.Options{})
	in := instance(t, "grid:4x4", "mesh:4x4", jobstest.Block)
	var wg sync.WaitGroup
	var mu sync.Mutex
	startedN := 0
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j, started, err := r.Submit(in)
			if err != nil || j.ID != jobs.ID(in) {
				t.Errorf("Submit = %+v, %v", j, err)
			}
			mu.Lock()
			startedN += map[bool]int{true: 1}[started]
			mu.Unlock()
		}()
	}
	wg.Wait()
	if startedN != 1 {
		t.Fatalf("%d runs started for one request, want 1", startedN)
	}
	close(release)
	if j := waitFinal(t, r, jobs.ID(in)); j.Status != jobs.Done {
		t.Fatalf("final %+v", j)
	}
}

func TestProgressEvents(t *testing.T) {
	r, _, release := newRunner(t, jobs.Options{ProgressEvery: time.Millisecond})
	j, _, err := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	if err != nil {
		t.Fatal(err)
	}
	_, ch, unsub, err := r.Subscribe(j.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer unsub()
	var last jobs.Job
	for last.Progress.Evaluated < 3 {
		last = <-ch
	}
	if last.Status != jobs.Running || last.Progress.Fraction != 0.5 || last.Progress.HopsPerByte != 2 {
		t.Fatalf("progress event %+v", last)
	}
	close(release)
	for next := range ch {
		last = next
	}
	if last.Status != jobs.Done {
		t.Fatalf("last event %+v, want done", last)
	}
}

// TestFinalElapsedNeverGoesBack: a done job's elapsed time is not less
// than the last one its progress showed while it ran (the mapper's own
// time, which leaves out building the instance and the metrics, is).
func TestFinalElapsedNeverGoesBack(t *testing.T) {
	r, _, release := newRunner(t, jobs.Options{})
	j, _, err := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	if err != nil {
		t.Fatal(err)
	}
	running := j
	for running.Progress.Evaluated < 3 {
		running = waitStatus(t, r, j.ID, jobs.Running)
	}
	close(release)
	if final := waitFinal(t, r, j.ID); final.Status != jobs.Done || final.Progress.Elapsed < running.Progress.Elapsed {
		t.Fatalf("final %s, elapsed %v; want done, elapsed at least the %v shown while running", final.Status, final.Progress.Elapsed, running.Progress.Elapsed)
	}
}

func TestCancel(t *testing.T) {
	r, st, _ := newRunner(t, jobs.Options{Workers: 1})
	running, _, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	waitStatus(t, r, running.ID, jobs.Running)
	queued, _, err := r.Submit(instance(t, "grid:2x8", "mesh:2x8", jobstest.Block))
	if err != nil || queued.Status != jobs.Queued {
		t.Fatalf("second job %+v, %v", queued, err)
	}
	ctx := context.Background()
	// The same instance again: the live job, but no token for this caller.
	if again, started, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block)); started || again.CancelToken != "" || again.ID != running.ID {
		t.Fatalf("resubmit %+v, started %v: want the running job without a token", again, started)
	}
	for _, j := range []jobs.Job{queued, running} {
		for _, bad := range []string{"", "x", queued.CancelToken + running.CancelToken} {
			if _, err := r.Cancel(ctx, j.ID, bad); !errors.Is(err, jobs.ErrForbidden) {
				t.Fatalf("Cancel(%s, %q): %v, want ErrForbidden", j.ID, bad, err)
			}
		}
	}
	for _, sub := range []jobs.Job{queued, running} {
		id := sub.ID
		j, err := r.Cancel(ctx, id, sub.CancelToken)
		if err != nil || j.Status != jobs.Cancelled || j.Error == "" {
			t.Fatalf("Cancel(%s) = %+v, %v", id, j, err)
		}
		if rec, _ := st.Get(id); rec.Status != jobs.Cancelled {
			t.Fatalf("stored %s as %s", id, rec.Status)
		}
	}
	if _, err := r.Cancel(ctx, running.ID, running.CancelToken); !errors.Is(err, jobs.ErrConflict) {
		t.Fatalf("second cancel: %v, want ErrConflict", err)
	}
	if _, err := r.Cancel(ctx, strings.Repeat("0", jobs.IDLen), ""); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("cancel unknown: %v, want ErrNotFound", err)
	}
	if _, err := r.Result(running.ID); !errors.Is(err, jobs.ErrConflict) {
		t.Fatalf("Result of a cancelled job: %v, want ErrConflict", err)
	}
	// Resubmitting a cancelled job runs it again.
	j, started, err := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	if err != nil || !started || j.Status != jobs.Queued {
		t.Fatalf("resubmit = %+v, %v, %v", j, started, err)
	}
}

func TestQueueFull(t *testing.T) {
	r, _, release := newRunner(t, jobs.Options{Workers: 1, Queue: 2})
	a, _, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	waitStatus(t, r, a.ID, jobs.Running)
	for _, g := range []string{"grid:2x8", "grid:8x2"} {
		if _, _, err := r.Submit(instance(t, g, "mesh:"+g[5:], jobstest.Block)); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
	}
	if _, _, err := r.Submit(instance(t, "grid:1x16", "mesh:1x16", jobstest.Block)); !errors.Is(err, jobs.ErrBusy) {
		t.Fatalf("submit past the queue: %v, want ErrBusy", err)
	}
	if s := r.Stats(); s.Queued != 2 || s.Running != 1 || s.Workers != 1 || s.Queue != 2 {
		t.Fatalf("stats %+v", s)
	}
	close(release)
	waitFinal(t, r, a.ID)
}

func TestLimits(t *testing.T) {
	r, _, _ := newRunner(t, jobs.Options{MaxNodes: 64, MaxTime: time.Second})
	tests := []struct {
		name, guest, host, algo, budget string
		field, says                     string
	}{
		{"guest over the cap", "grid:16x16", "mesh:16x16", "affn", "", "guest", "cap of 64"},
		{"host over the cap", "grid:8x8", "mesh:16x16", "affn", "", "host", "cap of 64"},
		{"budget over the limit", "grid:8x8", "mesh:8x8", "pairs", "2s", "budget", "time limit of 1s"},
		{"unknown algorithm", "grid:8x8", "mesh:8x8", "nosuch", "", "algo", "unknown algorithm"},
		{"sizes differ", "hypercube:4", "ring:8", "xor", "", "host", "sizes differ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := jobs.Request{Guest: tt.guest, Host: tt.host, Algo: tt.algo, Budget: tt.budget}.Instance()
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = r.Submit(in)
			if spec.FieldOf(err) != tt.field || err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("error %v (field %q), want field %q saying %q", err, spec.FieldOf(err), tt.field, tt.says)
			}
		})
	}
}

func TestTimeLimitAndPanic(t *testing.T) {
	r, _, _ := newRunner(t, jobs.Options{MaxTime: 50 * time.Millisecond})
	slow, _, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	boom, _, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Boom))
	for _, c := range []struct {
		id, says string
	}{{slow.ID, "time limit of 50ms"}, {boom.ID, "internal error in boom"}} {
		j := waitFinal(t, r, c.id)
		if j.Status != jobs.Failed || !strings.Contains(j.Error, c.says) {
			t.Fatalf("job %+v, want failed saying %q", j, c.says)
		}
	}
	// A failed job runs again when resubmitted.
	if j, started, err := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Boom)); err != nil || !started {
		t.Fatalf("resubmitting a failed job: %+v, %v, %v", j, started, err)
	}
}

func TestCloseRecordsInterrupted(t *testing.T) {
	st := store.NewMemory()
	r, err := jobs.New(st, jobs.Options{Workers: 1, Solver: jobstest.Solver(nil)})
	if err != nil {
		t.Fatal(err)
	}
	running, _, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	waitStatus(t, r, running.ID, jobs.Running)
	queued, _, _ := r.Submit(instance(t, "grid:2x8", "mesh:2x8", jobstest.Block))
	_, ch, unsub, _ := r.Subscribe(running.ID)
	defer unsub()
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	var last jobs.Job
	for j := range ch {
		last = j
	}
	if last.Status != jobs.Interrupted {
		t.Fatalf("subscriber's last state %+v, want interrupted", last)
	}
	for _, id := range []string{running.ID, queued.ID} {
		if rec, _ := st.Get(id); rec.Status != jobs.Interrupted || rec.Error == "" {
			t.Fatalf("stored %+v, want interrupted", rec)
		}
	}
	if _, _, err := r.Submit(instance(t, "hypercube:4", "ring:16", "xor")); !errors.Is(err, jobs.ErrClosed) {
		t.Fatalf("submit after Close: %v, want ErrClosed", err)
	}
}

// TestCloseKeepsTheBestPlacementSoFar: an anytime search running when its
// server stops is recorded interrupted with the best placement it had
// found, marked partial, as a cancelled one is, and its error says so.
func TestCloseKeepsTheBestPlacementSoFar(t *testing.T) {
	st := store.NewMemory()
	r, err := jobs.New(st, jobs.Options{Workers: 1, Solver: jobstest.Solver(nil)})
	if err != nil {
		t.Fatal(err)
	}
	j, _, err := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Anytime))
	if err != nil {
		t.Fatal(err)
	}
	waitStatus(t, r, j.ID, jobs.Running)
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	rec, err := st.Get(j.ID)
	if err != nil || rec.Status != jobs.Interrupted || !rec.Partial || rec.Metrics == nil || !strings.Contains(rec.Error, "kept (partial)") {
		t.Fatalf("stored %+v, %v; want interrupted, partial, with metrics, saying so", rec, err)
	}
	res, err := r.Result(j.ID)
	if err != nil || !res.Partial {
		t.Fatalf("Result = %+v, %v", res, err)
	}
	checkResult(t, res)
}

func TestNewMarksStaleRecordsInterrupted(t *testing.T) {
	st := store.NewMemory()
	in := instance(t, "hypercube:4", "ring:16", "xor")
	stale := jobs.Job{ID: jobs.ID(in), Status: jobs.Running, Request: jobs.RequestOf(in)}
	if err := st.Put(stale); err != nil {
		t.Fatal(err)
	}
	r, err := jobs.New(st, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	if j, _ := r.Get(stale.ID); j.Status != jobs.Interrupted {
		t.Fatalf("after restart %+v, want interrupted", j)
	}
	j, started, err := r.Submit(in)
	if err != nil || !started {
		t.Fatalf("resubmitting an interrupted job: %+v, %v, %v", j, started, err)
	}
	if j := waitFinal(t, r, j.ID); j.Status != jobs.Done {
		t.Fatalf("rerun %+v", j)
	}
}

// failingStore fails the writes it is told to.
type failingStore struct {
	*store.Memory
	failPut, failFinish bool
}

var errDisk = errors.New("disk full")

func (s *failingStore) Put(j jobs.Job) error {
	if s.failPut {
		return errDisk
	}
	return s.Memory.Put(j)
}

func (s *failingStore) Finish(j jobs.Job, place []int) error {
	if s.failFinish {
		return errDisk
	}
	return s.Memory.Finish(j, place)
}

func TestStoreFailures(t *testing.T) {
	st := &failingStore{Memory: store.NewMemory(), failFinish: true}
	r, err := jobs.New(st, jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	in := instance(t, "hypercube:4", "ring:16", "xor")
	j, _, err := r.Submit(in)
	if err != nil {
		t.Fatal(err)
	}
	// A result that cannot be committed is never reported done.
	if j := waitFinal(t, r, j.ID); j.Status != jobs.Failed || !strings.Contains(j.Error, "disk full") || j.Metrics != nil {
		t.Fatalf("uncommitted result: %+v", j)
	}
	st.failPut = true
	in2 := instance(t, "hypercube:3", "ring:8", "xor")
	if _, _, err := r.Submit(in2); !errors.Is(err, errDisk) {
		t.Fatalf("Submit with a failing store: %v", err)
	}
	if _, err := r.Get(jobs.ID(in2)); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("unrecorded job is visible: %v", err)
	}
	if s := r.Stats(); s.Queued != 0 {
		t.Fatalf("stats %+v after a failed submit", s)
	}
}

// TestCancelKeepsBest: a cancelled PAIRS job stores the best placement its
// search had found, marked partial, and Result serves it.
func TestCancelKeepsBest(t *testing.T) {
	r, _, _ := newRunner(t, jobs.Options{Workers: 1, Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}})
	in := instance(t, "grid:64x64", "mesh:128x32", "pairs")
	in.Budget, in.Start = time.Minute, "rowmajor"
	j, _, err := r.Submit(in)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if cur, _ := r.Get(j.ID); cur.Progress.Evaluated > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no progress")
		}
	}
	got, err := r.Cancel(context.Background(), j.ID, j.CancelToken)
	if err != nil || got.Status != jobs.Cancelled || !got.Partial || got.Metrics == nil {
		t.Fatalf("Cancel = %+v, %v; want cancelled, partial, with metrics", got, err)
	}
	res, err := r.Result(j.ID)
	if err != nil || !res.Partial || res.Mapping.Validate() != nil {
		t.Fatalf("Result = %+v, %v", res, err)
	}
	if res.Metrics.HopsPerByte != got.Metrics.HopsPerByte {
		t.Errorf("stored metrics %v, job says %v", res.Metrics.HopsPerByte, got.Metrics.HopsPerByte)
	}
}

// TestTimeLimitKeepsTheBestOfPairs: a PAIRS job that the time limit stops
// (solve.Map's context past its deadline) fails saying so and keeps the
// best placement its search had found, marked partial, as a cancelled one
// does, and Result serves it.
func TestTimeLimitKeepsTheBestOfPairs(t *testing.T) {
	const limit = 500 * time.Millisecond
	r, _, _ := newRunner(t, jobs.Options{Workers: 1, MaxTime: limit, Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}})
	in := instance(t, "grid:64x64", "mesh:128x32", "pairs")
	in.Start, in.Moves = "rowmajor", spec.MaxMoves // far more moves than the limit allows
	j, _, err := r.Submit(in)
	if err != nil {
		t.Fatal(err)
	}
	got := waitFinal(t, r, j.ID)
	if got.Status != jobs.Failed || got.Error != jobs.TimeLimitError(limit, true) || !got.Partial || got.Metrics == nil {
		t.Fatalf("job %+v; want failed at the time limit, partial, with metrics", got)
	}
	res, err := r.Result(j.ID)
	if err != nil || !res.Partial {
		t.Fatalf("Result = %+v, %v", res, err)
	}
	checkResult(t, res)
}

// TestRunnerHonoursTheServiceContract runs the service contract on a
// runner over each store: in memory and in a bbolt file.
func TestRunnerHonoursTheServiceContract(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) jobs.Store{
		"memory": func(*testing.T) jobs.Store { return store.NewMemory() },
		"bolt": func(t *testing.T) jobs.Store {
			st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		},
	} {
		t.Run(name, func(t *testing.T) {
			jobstest.TestService(t, func(t *testing.T, o jobs.Options) jobs.Service {
				o.Workers, o.Logger = 2, slog.New(slog.DiscardHandler) // the contract's solver panics on purpose
				r, err := jobs.New(open(t), o)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { r.Close(context.Background()) })
				return r
			})
		})
	}
}

// TestQueuedJobHoldsNoUploadedGraph: a queued job keeps its request, not
// the uploaded graph it maps (tens of MB at a million vertices, a copy
// per queued job: 12 queued jobs on one 1M-vertex graph held 540 MB),
// and resolves the graph again when it starts.
func TestQueuedJobHoldsNoUploadedGraph(t *testing.T) {
	grid := func(context.Context, string) (*guest.Graph, error) {
		g, err := guest.Spec{Kind: guest.Grid, Dims: []int{4, 4}}.Build()
		return guest.Canonical(g), err
	}
	g, _ := grid(context.Background(), "")
	var resolved weak.Pointer[guest.Graph]
	graphs := func(ctx context.Context, id string) (*guest.Graph, error) {
		g, err := grid(ctx, id)
		resolved = weak.Make(g)
		return g, err
	}
	r, _, release := newRunner(t, jobs.Options{Workers: 1, Graphs: graphs})
	blocker, _, _ := r.Submit(instance(t, "grid:4x4", "mesh:4x4", jobstest.Block))
	waitStatus(t, r, blocker.ID, jobs.Running)
	in := instance(t, "graph:"+g.ID, "mesh:4x4", "rb")
	if err := in.Resolve(context.Background(), graphs); err != nil {
		t.Fatal(err)
	}
	j, _, err := r.Submit(in)
	if err != nil || j.Status != jobs.Queued {
		t.Fatalf("Submit = %+v, %v; want queued", j, err)
	}
	runtime.GC()
	if resolved.Value() != nil {
		t.Errorf("the queued job holds its uploaded graph")
	}
	close(release)
	if final := waitFinal(t, r, j.ID); final.Status != jobs.Done || final.Metrics == nil {
		t.Fatalf("final %+v; want done with the graph resolved again", final)
	}
}
