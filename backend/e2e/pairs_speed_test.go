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

// procTicks returns the user and system clock ticks of /proc/<pid>/stat
// or /proc/<pid>/task/<tid>/stat (path), and the parent's pid.
func procTicks(path string) (ticks int64, parent int, ok bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, false
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndex(s, ")")+2:])
	if len(f) < 13 {
		return 0, 0, false
	}
	parent, _ = strconv.Atoi(f[1])
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st, parent, true
}

// browserCPU is the CPU time the processes started by this test binary
// (Chromium's) have used, from /proc, and that of the main threads of its
// renderers alone (where the page's wasm runs; without the threads that
// compile it); 0 where there is none.
func browserCPU() (all, renderers time.Duration) {
	ents, _ := os.ReadDir("/proc")
	parent, ticks := map[int]int{}, map[int]int64{}
	for _, e := range ents {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			if t, pp, ok := procTicks("/proc/" + e.Name() + "/stat"); ok {
				parent[pid], ticks[pid] = pp, t
			}
		}
	}
	var sum, main int64
	for pid, t := range ticks {
		for p := parent[pid]; p != 0; p = parent[p] {
			if p != os.Getpid() {
				continue
			}
			sum += t
			cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
			if strings.Contains(string(cmd), "--type=renderer") {
				mt, _, _ := procTicks("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/stat")
				main += mt
			}
			break
		}
	}
	const tick = 10 * time.Millisecond // USER_HZ = 100
	return time.Duration(sum) * tick, time.Duration(main) * tick
}

// TestMeasurePairsCongestion logs (run with -v) what PAIRS under the
// congestion objective costs on 256 objects natively (CPU time of the same
// solve.Map the CLI runs) and in the browser (the page's own map time,
// Chromium's CPU time over the page load, wasm compilation included, and
// that of its renderers' main threads, where the wasm runs), for the same
// moves: each once with one move per search and once in full, so that the
// difference is the search's (the page load, the starts and the drawing
// cancel out). It asserts only that both reach the same hops per byte.
func TestMeasurePairsCongestion(t *testing.T) {
	needAlgo(t, "pairs")
	ctx := tab(t)
	const q = "algo=pairs&guest=hypercube%3A8&host=torus%3A16x16&objective=congestion&seed=1"
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	type figures struct {
		native, all, main time.Duration
		page              string
	}
	var f [2]figures // one move, the full search
	for i, query := range []string{q + "&moves=1", q} {
		c0 := cpuclock.Used()
		r := solvetest.Map(t, query)
		f[i].native = cpuclock.Since(c0)
		a0, m0 := browserCPU()
		open(t, ctx, "/?"+query)
		waitJS(t, ctx, `document.querySelector('.progress') === null && (document.querySelector('#drawing svg title')?.textContent || '').includes('by pairs')`)
		a1, m1 := browserCPU()
		f[i].all, f[i].main = a1-a0, m1-m0
		f[i].page = eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="time"] td').textContent`)
		if got, want := eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="hops per byte"] td').textContent`), metric.Fixed(r.Metrics.HopsPerByte, 4); got != want {
			t.Errorf("%s: the page shows %s hops per byte, the native run %s", query, got, want)
		}
		t.Logf("%s, %s moves: native %.2f CPU-s; browser: page %s, Chromium %.2f CPU-s, its renderers' main threads %.2f",
			query, metric.Thousands(int(r.Pairs.Moves)), f[i].native.Seconds(), f[i].page, f[i].all.Seconds(), f[i].main.Seconds())
	}
	native, main := f[1].native-f[0].native, f[1].main-f[0].main
	t.Logf("the search alone (full less one move): native %.2f CPU-s, the renderers' main threads %.2f CPU-s: %.1f×",
		native.Seconds(), main.Seconds(), main.Seconds()/native.Seconds())
}
