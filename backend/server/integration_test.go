package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// newBoltServer serves a real runner (the registry's algorithms) on a bbolt
// store in a temp dir, on 127.0.0.1.
func newBoltServer(t *testing.T, jo jobs.Options, so server.Options) (*jobs.Runner, *server.Client) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	runner, err := jobs.New(st, jo)
	if err != nil {
		t.Fatal(err)
	}
	so.Jobs = runner
	ts := httptest.NewServer(server.New(patient(so)))
	t.Cleanup(func() {
		ts.Close()
		runner.Close(context.Background())
		st.Close()
	})
	return runner, &server.Client{Base: ts.URL, HTTP: ts.Client()}
}

// TestPairs64KThroughAPI runs a 65,536-object PAIRS job (256×256 grid onto
// a 128×512 mesh, a budget of 250 ms: 2M moves) through the API, follows its progress over
// SSE to the end and checks the result without the metric package: the
// placement JSON must be a bijection onto the mesh, and hops per byte,
// recomputed from the coordinates (unit volume per stencil edge, Manhattan
// distance on the mesh), must equal the reported value.
func TestPairs64KThroughAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("64K-node job: skipped with -short")
	}
	req := jobs.Request{Guest: "grid:256x256", Host: "mesh:128x512", Algo: "pairs", Budget: "250ms", Seed: 1}
	if _, ok := solve.Lookup("pairs"); !ok {
		t.Skip("pairs is not registered yet")
	}
	_, c := newBoltServer(t, jobs.Options{ProgressEvery: 10 * time.Millisecond}, server.Options{})
	// A liveness bound: a 64K PAIRS job under the race detector beside
	// four busy processes took over a minute.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	start := time.Now()
	j, err := c.Submit(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	var progress []jobs.Progress
	final, err := c.Follow(ctx, j.ID, func(s jobs.Job) {
		if s.Status == jobs.Running && s.Progress.Evaluated > 0 {
			progress = append(progress, s.Progress)
		}
	})
	if err != nil || final.Status != jobs.Done || final.Metrics == nil {
		t.Fatalf("final %+v, %v", final, err)
	}
	// PAIRS may converge early (even before the stream is followed); the
	// stream must still end with the done state, a run of half a second
	// must have shown progress (PAIRS reports every 50 ms), and progress
	// must move forward.
	if final.Seconds > 0.5 && len(progress) == 0 {
		t.Fatalf("a %.2fs run showed no progress events", final.Seconds)
	}
	for i := 1; i < len(progress); i++ {
		if progress[i].Evaluated < progress[i-1].Evaluated || progress[i].Elapsed < progress[i-1].Elapsed {
			t.Fatalf("progress went backwards: %+v then %+v", progress[i-1], progress[i])
		}
	}

	var buf bytes.Buffer
	if err := c.Placement(ctx, j.ID, "json", &buf); err != nil {
		t.Fatal(err)
	}
	var r solve.Report
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	const gx, gy, hx, hy = 256, 256, 128, 512
	if r.Guest != req.Guest || r.Host != req.Host || r.Algo != "pairs" || len(r.Placement) != gx*gy {
		t.Fatalf("report header %s %s %s, %d entries", r.Guest, r.Host, r.Algo, len(r.Placement))
	}
	used := make([]bool, hx*hy)
	for v, xy := range r.Placement {
		if len(xy) != 2 || xy[0] < 0 || xy[0] >= hx || xy[1] < 0 || xy[1] >= hy || used[xy[0]+hx*xy[1]] {
			t.Fatalf("vertex %d at %v: not a bijection onto the mesh", v, xy)
		}
		used[xy[0]+hx*xy[1]] = true
	}
	hops, edges := 0, 0
	dist := func(a, b []int) int { return abs(a[0]-b[0]) + abs(a[1]-b[1]) }
	for y := range gy {
		for x := range gx {
			v := x + gx*y // first coordinate fastest
			if x+1 < gx {
				hops += dist(r.Placement[v], r.Placement[v+1])
				edges++
			}
			if y+1 < gy {
				hops += dist(r.Placement[v], r.Placement[v+gx])
				edges++
			}
		}
	}
	hpb := float64(hops) / float64(edges)
	if diff := hpb - r.Metrics.HopsPerByte; diff > 1e-9 || diff < -1e-9 || r.Metrics.HopsPerByte != final.Metrics.HopsPerByte {
		t.Fatalf("hops/byte: recomputed %.9f, report %.9f, job %.9f", hpb, r.Metrics.HopsPerByte, final.Metrics.HopsPerByte)
	}
	t.Logf("pairs 256x256 -> mesh 128x512: %.4f hops/byte (lower bound %.4f), %d progress events, mapper %.2fs, wall %.2fs, placement JSON %d KiB",
		hpb, r.Metrics.LowerBound, len(progress), final.Seconds, time.Since(start).Seconds(), buf.Len()>>10)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
