//go:build !(js && wasm)

package e2e

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve/solvetest"
)

// browserCPU is the CPU time the processes started by this test binary
// (Chromium's) have used, from /proc; 0 where there is none.
func browserCPU() time.Duration {
	ents, _ := os.ReadDir("/proc")
	parent, ticks := map[int]int{}, map[int]int64{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndex(s, ")")+2:])
		if len(f) < 13 {
			continue
		}
		pp, _ := strconv.Atoi(f[1])
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		parent[pid], ticks[pid] = pp, u+st
	}
	var sum int64
	for pid, t := range ticks {
		for p := parent[pid]; p != 0; p = parent[p] {
			if p == os.Getpid() {
				sum += t
				break
			}
		}
	}
	return time.Duration(sum) * 10 * time.Millisecond // USER_HZ = 100
}

// TestMeasurePairsCongestion logs (run with -v) what PAIRS under the
// congestion objective costs on 256 objects natively (CPU time of the same
// solve.Map the CLI runs) and in the browser (the page's own map time, and
// Chromium's CPU time over the page load, wasm compilation included), for
// the same moves. It asserts only that both reach the same hops per byte.
func TestMeasurePairsCongestion(t *testing.T) {
	needAlgo(t, "pairs")
	ctx := tab(t)
	const q = "algo=pairs&guest=hypercube%3A8&host=torus%3A16x16&objective=congestion&seed=1"
	c0 := cpuclock.Used()
	r := solvetest.Map(t, q)
	native := cpuclock.Since(c0)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	b0, t0 := browserCPU(), time.Now()
	open(t, ctx, "/?"+q)
	waitJS(t, ctx, `document.querySelector('.progress') === null && (document.querySelector('#drawing svg title')?.textContent || '').includes('by pairs')`)
	wall, cpu := time.Since(t0), browserCPU()-b0
	page := eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="time"] td').textContent`)
	if got, want := eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="hops per byte"] td').textContent`), metric.Fixed(r.Metrics.HopsPerByte, 4); got != want {
		t.Errorf("the page shows %s hops per byte, the native run %s", got, want)
	}
	t.Logf("%s, %s moves: native %.2f CPU-s; browser: page %s, %.1f s from navigation to the drawing, Chromium %.2f CPU-s",
		q, metric.Thousands(int(r.Pairs.Moves)), native.Seconds(), page, wall.Seconds(), cpu.Seconds())
}
