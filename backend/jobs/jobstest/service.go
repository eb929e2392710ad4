package jobstest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

// TestService runs the contract of jobs.Service on a fresh service that
// open returns, which must use the Options given (this package's Solver,
// whose Block runs end when release closes, and sometimes a MaxTime),
// the others its own: a submit starts one run and hands its cancel token
// to that caller only, identical requests share it, a run ends done with
// a result that checks and the last progress it reported, a running
// job's elapsed time grows while its solver reports nothing, cancelling
// wants the token and a live job, a bad instance is a field error, a
// panicking solver fails its job only, a run stopped at the time limit
// fails keeping its last progress and, if the solver returned one, its
// partial result, and the listing shows the jobs newest first. Every
// implementation's tests call it.
func TestService(t *testing.T, open func(t *testing.T, o jobs.Options) jobs.Service) {
	t.Run("runs and shares", func(t *testing.T) {
		svc := open(t, jobs.Options{Solver: Solver(nil)})
		checkRunsAndShares(t, svc)
	})
	t.Run("cancels with the token", func(t *testing.T) {
		release := make(chan struct{})
		defer close(release)
		checkCancel(t, open(t, jobs.Options{Solver: Solver(release)}))
	})
	t.Run("refuses and fails", func(t *testing.T) {
		checkFailures(t, open(t, jobs.Options{Solver: Solver(nil)}))
	})
	t.Run("lists the formats of its result", func(t *testing.T) {
		checkFormats(t, open(t, jobs.Options{Solver: Solver(nil)}))
	})
	t.Run("keeps the last progress of a done job", func(t *testing.T) {
		checkLastProgress(t, open(t, jobs.Options{Solver: Solver(nil)}))
	})
	t.Run("counts the elapsed time of a silent solver", func(t *testing.T) {
		checkSilentElapsed(t, open(t, jobs.Options{Solver: Solver(nil)}))
	})
	t.Run("keeps the best placement at the time limit", func(t *testing.T) {
		checkTimeLimit(t, open(t, jobs.Options{Solver: Solver(nil), MaxTime: timeLimit}))
	})
}

// timeLimit is the job time limit of the time limit's contract: long
// enough for the solver's first progress reports (every 5 ms).
const timeLimit = 300 * time.Millisecond

// checkLastProgress: a done job's record, as followed and as read, keeps
// the last progress its solver reported (evaluated, improved).
func checkLastProgress(t *testing.T, svc jobs.Service) {
	for _, j := range runToEnd(t, svc, parse(t, "grid:2x2", "mesh:2x2", Steps)) {
		if p := j.Progress; j.Status != jobs.Done || p.Evaluated != StepsReported || p.Improved != StepsReported/2 || p.Fraction != 1 {
			t.Errorf("%s job, progress %+v; want done, evaluated %d and improved %d as last reported, fraction 1", j.Status, p, StepsReported, StepsReported/2)
		}
	}
}

// checkSilentElapsed: the progress of a job whose solver reports nothing
// (as the grid heuristics) shows its elapsed time growing while it runs, and when it was
// last reported (a heartbeat: an old time says the server stopped).
func checkSilentElapsed(t *testing.T, svc jobs.Service) {
	j, _, err := svc.Submit(parse(t, "grid:2x2", "mesh:2x2", Silent))
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Cancel(context.Background(), j.ID, j.CancelToken)
	// The elapsed time is reported every second or two: 10 s is a hang.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		got, err := svc.Get(j.ID)
		if err == nil && got.Status == jobs.Running && got.Progress.Elapsed > 0 {
			if at := got.Progress.At; time.Since(at) > 10*time.Second || time.Until(at) > time.Second {
				t.Errorf("progress reported at %v, now %v", at, time.Now().UTC())
			}
			return
		}
		if err != nil || got.Status.Final() || time.Now().After(deadline) {
			t.Fatalf("Get = %s, progress %+v, %v; want running with an elapsed time", got.Status, got.Progress, err)
		}
	}
}

// checkTimeLimit: a run stopped at the time limit fails saying so and
// keeps its last progress; an anytime search's best placement (a partial
// result) is kept, as a cancelled one's is: metrics, formats and the
// placement, which Result serves.
func checkTimeLimit(t *testing.T, svc jobs.Service) {
	for _, c := range []struct {
		algo    string
		partial bool
	}{{Block, false}, {Anytime, true}} {
		ends := runToEnd(t, svc, parse(t, "grid:4x4", "mesh:4x4", c.algo))
		for _, j := range ends {
			kept := strings.Contains(j.Error, "best placement found before it is kept")
			if j.Status != jobs.Failed || !strings.Contains(j.Error, "time limit of "+timeLimit.String()) || kept != c.partial {
				t.Errorf("%s: %s, error %q; want failed at the time limit, kept %v", c.algo, j.Status, j.Error, c.partial)
			}
			if j.Partial != c.partial || (j.Metrics != nil) != c.partial || slices.Contains(j.Formats, "rankfile") != c.partial {
				t.Errorf("%s: partial %v, metrics %v, formats %v; want a partial result %v", c.algo, j.Partial, j.Metrics, j.Formats, c.partial)
			}
			if j.Progress.Evaluated == 0 {
				t.Errorf("%s: progress %+v; want the last one reported", c.algo, j.Progress)
			}
		}
		checkPartialResult(t, svc, ends[0], c.partial)
	}
}

// checkPartialResult: Result serves a partial job's placement, with its
// metrics, and refuses another unfinished one.
func checkPartialResult(t *testing.T, svc jobs.Service, j jobs.Job, partial bool) {
	t.Helper()
	res, err := svc.Result(j.ID)
	if !partial {
		if !errors.Is(err, jobs.ErrConflict) {
			t.Errorf("Result of a failed job without a partial result: %v, want ErrConflict", err)
		}
		return
	}
	if err != nil || !res.Partial || res.Metrics.HopsPerByte != j.Metrics.HopsPerByte {
		t.Fatalf("Result of a partial job = %+v, %v; want its partial result", res, err)
	}
	CheckPlacement(t, res.Instance, res.Mapping.Place, res.Metrics.HopsPerByte)
}

// checkFormats: a done job lists the placement formats that can express
// its result, and a job's note reaches its record: rankorder, which cannot
// say a slot is empty, is left out when the host has slots to spare, and
// listed on an allocation whose own slots the ranks fill.
func checkFormats(t *testing.T, svc jobs.Service) {
	for _, c := range []struct {
		q               jobs.Request
		rankorder, note bool
	}{
		{jobs.Request{Guest: "grid:4x4", Host: "ring:16", Algo: "identity"}, true, false},
		{jobs.Request{Guest: "grid:2x2", Host: "ring:8", Algo: "identity"}, false, false},
		{jobs.Request{Guest: "grid:4x4", Host: "preset:xe6-slice", Algo: "identity", Nodes: "nid[00010-00013]", RanksPerNode: 4}, true, false},
		// rb's own placement has more hop-bytes than rank order's here.
		{jobs.Request{Guest: "hypercube:6", Host: "mesh:8x8", Algo: "rb"}, true, true},
	} {
		in, err := c.q.Instance()
		if err != nil {
			t.Fatal(err)
		}
		ends := runToEnd(t, svc, in)
		final, got := ends[0], ends[1]
		if final.Status != jobs.Done || !slices.Contains(final.Formats, "rankfile") || slices.Contains(final.Formats, "rankorder") != c.rankorder {
			t.Errorf("%+v: %s, formats %v; want rankfile, rankorder %v", c.q, final.Status, final.Formats, c.rankorder)
		}
		if !slices.Equal(got.Formats, final.Formats) || got.Note != final.Note || (got.Note != "") != c.note {
			t.Errorf("%+v: stored formats %v, note %q; want %v, a note %v", c.q, got.Formats, got.Note, final.Formats, c.note)
		}
	}
}

// runToEnd submits in, follows its job to its final state and returns
// the job as followed, then as read back (Get).
func runToEnd(t *testing.T, svc jobs.Service, in spec.Instance) [2]jobs.Job {
	t.Helper()
	j, _, err := svc.Submit(in)
	if err != nil {
		t.Fatal(err)
	}
	final := Follow(t, svc, j.ID)
	got, err := svc.Get(j.ID)
	if err != nil {
		t.Fatal(err)
	}
	return [2]jobs.Job{final, got}
}

// parse reads an instance of the contract's (known to be well formed).
func parse(t *testing.T, guest, host, algo string) spec.Instance {
	t.Helper()
	in, err := jobs.Request{Guest: guest, Host: host, Algo: algo}.Instance()
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// Follow subscribes to a job of svc until its final state and returns it;
// it fails the test if the updates end before, or after followLimit.
func Follow(t testing.TB, svc jobs.Service, id string) jobs.Job {
	t.Helper()
	return FollowUntil(t, svc, id, "final", func(j jobs.Job) bool { return j.Status.Final() })
}

// followLimit guards FollowUntil against a job that never gets there: a
// hang, not a measure of speed, so it is generous (a 10 MB placement's job
// took over 30 s under the race detector beside other packages' tests on
// two cores).
const followLimit = 5 * time.Minute

// FollowUntil subscribes to a job of svc until a state for which reached
// is true (what, e.g. "running", names it in failures) and returns it; it
// fails the test if the updates end before, or after followLimit.
func FollowUntil(t testing.TB, svc jobs.Service, id, what string, reached func(jobs.Job) bool) jobs.Job {
	t.Helper()
	j, updates, unsubscribe, err := svc.Subscribe(id)
	if err != nil {
		t.Fatal(err)
	}
	defer unsubscribe()
	timeout := time.After(followLimit)
	for !reached(j) {
		select {
		case next, ok := <-updates:
			if !ok {
				t.Fatalf("updates of %s closed in state %s before it was %s", id, j.Status, what)
			}
			j = next
		case <-timeout:
			t.Fatalf("job %s still %s after %v, not %s", id, j.Status, followLimit, what)
		}
	}
	return j
}

func checkRunsAndShares(t *testing.T, svc jobs.Service) {
	in := parse(t, "hypercube:4", "ring:16", "xor")
	j, started, err := svc.Submit(in)
	if err != nil || !started || j.CancelToken == "" || j.ID != jobs.ID(in) {
		t.Fatalf("Submit = %+v, started %v, %v; want a started run with a token", j, started, err)
	}
	final := Follow(t, svc, j.ID)
	if final.Status != jobs.Done || final.Metrics == nil || final.CancelToken != "" {
		t.Fatalf("final state %+v", final)
	}
	if got, err := svc.Get(j.ID); err != nil || got.Status != jobs.Done {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	res, err := svc.Result(j.ID)
	if err != nil {
		t.Fatal(err)
	}
	CheckPlacement(t, res.Instance, res.Mapping.Place, res.Metrics.HopsPerByte)
	again, started, err := svc.Submit(parse(t, "HYPERCUBE:4", "ring:16", "xor"))
	if err != nil || started || again.ID != j.ID || again.Status != jobs.Done || again.CancelToken != "" {
		t.Fatalf("resubmit = %+v, started %v, %v; want the done job, no token", again, started, err)
	}
	second, _, err := svc.Submit(parse(t, "hypercube:3", "ring:8", "xor"))
	if err != nil {
		t.Fatal(err)
	}
	Follow(t, svc, second.ID)
	list, err := svc.List(jobs.ListQuery{Limit: 10})
	if err != nil || len(list.Jobs) != 2 || list.Jobs[0].ID != second.ID || list.Jobs[1].ID != j.ID {
		t.Fatalf("List = %+v, %v; want the second job, then the first", list, err)
	}
	if list, err := svc.List(jobs.ListQuery{Limit: 1, Status: jobs.Failed}); err != nil || len(list.Jobs) != 0 {
		t.Fatalf("List of failed jobs = %+v, %v; want none", list, err)
	}
}

func checkCancel(t *testing.T, svc jobs.Service) {
	ctx := context.Background()
	in := parse(t, "grid:4x4", "mesh:4x4", Block)
	j, started, err := svc.Submit(in)
	if err != nil || !started {
		t.Fatalf("Submit = %+v, %v, %v", j, started, err)
	}
	if again, started, _ := svc.Submit(in); started || again.CancelToken != "" || again.ID != j.ID {
		t.Fatalf("identical submit %+v, started %v: want the live job without a token", again, started)
	}
	for _, bad := range []string{"", "x", j.CancelToken + "x"} {
		if _, err := svc.Cancel(ctx, j.ID, bad); !errors.Is(err, jobs.ErrForbidden) {
			t.Fatalf("Cancel with token %q: %v, want ErrForbidden", bad, err)
		}
	}
	if _, err := svc.Result(j.ID); !errors.Is(err, jobs.ErrConflict) {
		t.Fatalf("Result of a live job: %v, want ErrConflict", err)
	}
	got, err := svc.Cancel(ctx, j.ID, j.CancelToken)
	if err != nil || got.Status != jobs.Cancelled || got.Error == "" {
		t.Fatalf("Cancel = %+v, %v", got, err)
	}
	if _, err := svc.Cancel(ctx, j.ID, j.CancelToken); !errors.Is(err, jobs.ErrConflict) {
		t.Fatalf("second Cancel: %v, want ErrConflict", err)
	}
	if _, err := svc.Cancel(ctx, strings.Repeat("0", jobs.IDLen), ""); !errors.Is(err, jobs.ErrNotFound) {
		t.Fatalf("Cancel of an unknown job: %v, want ErrNotFound", err)
	}
	if j, started, err := svc.Submit(in); err != nil || !started || j.CancelToken == "" {
		t.Fatalf("submit after cancel = %+v, started %v, %v; want a new run", j, started, err)
	}
}

func checkFailures(t *testing.T, svc jobs.Service) {
	if _, _, err := svc.Submit(parse(t, "hypercube:4", "ring:8", "xor")); spec.FieldOf(err) == "" {
		t.Errorf("Submit of mismatched sizes: %v, want a field error", err)
	}
	if _, err := svc.Get(strings.Repeat("0", jobs.IDLen)); !errors.Is(err, jobs.ErrNotFound) {
		t.Errorf("Get of an unknown job: %v, want ErrNotFound", err)
	}
	j, _, err := svc.Submit(parse(t, "grid:2x2", "mesh:2x2", Boom))
	if err != nil {
		t.Fatal(err)
	}
	if final := Follow(t, svc, j.ID); final.Status != jobs.Failed || final.Error == "" {
		t.Errorf("a panicking solver's job: %+v, want failed with its error", final)
	}
	if _, err := svc.Result(j.ID); !errors.Is(err, jobs.ErrConflict) {
		t.Errorf("Result of a failed job: %v, want ErrConflict", err)
	}
	if s := svc.Stats(); s.Workers < 1 || s.Queue < 1 {
		t.Errorf("Stats %+v: want workers and a queue", s)
	}
	if lim := svc.Limits(); lim.Solver.Check == nil || lim.Solver.Map == nil || lim.MaxNodes < 1 {
		t.Errorf("Limits %+v: want the solver and the caps", lim)
	}
}
