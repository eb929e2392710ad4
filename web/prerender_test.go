//go:build !(js && wasm)

package web

import (
	"strings"
	"testing"

	"topomap/algorithms/cpuclock"
)

// TestPrerenderBudget: the pre-render of affn3d on 1×1×8192 → 8192×1×1
// took 17.4 s (the mapper ignored the 300 ms budget). Now a pre-render
// runs only what fits its budget and leaves the rest to the browser: the
// page comes back at once, without an error and without a drawing.
func TestPrerenderBudget(t *testing.T) {
	for _, p := range []string{
		"/?algo=affn3d&guest=grid:1x1x8192&host=mesh:8192x1x1",
		"/?algo=pairs&budget=10s&guest=grid:128x128&host=mesh:128x128",
		"/?algo=pairs&guest=grid:1x16384&host=mesh:128x128",
		"/compare?guest=grid:128x128&host=mesh:128x128&budget=10s",
	} {
		start := cpuclock.Used()
		page := get(t, p)
		used := cpuclock.Since(start)
		t.Logf("%s: %v of CPU", p, used)
		// The budget is wall-clock time (a page's latency): CPU time
		// spent is at most about as much, whatever the machine's load, and
		// ten times leaves room for the page itself; before, 17 s.
		if used > 10*prerenderBudget {
			t.Errorf("%s: pre-render spent %v of CPU, budget %v", p, used, prerenderBudget)
		}
		if strings.Contains(page, "deadline") || strings.Contains(page, "cancel") {
			t.Errorf("%s: the pre-render shows the cut-off as an error", p)
		}
	}
}
