//go:build !(js && wasm)

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"topomap/algorithms/metric"
)

// maxGzipBytes is the most the gzipped client may weigh, what a first
// visit downloads before the page runs: 2.5 MiB (5 << 19). (2,611,964
// bytes at the end of a stop of 2026-12-05; the browser's canvas writes
// the heat maps' PNG files since that day: compress/flate had cost some
// 27 KB. 2,619,365 at the end of the next, whose fixes took some 21 KB:
// the server draws the projected 3-D view since, some 11 KB. 2,605,909 on
// 2026-12-06, once the placement readers, which only the server runs,
// were left out of the client: 16 KB; 2,611,552 at noon, 2,619,384 at
// that day's end, 2,056 under the budget; 2,529,122 once net/http was
// compiled with inlining, which let its unused DefaultTransport and the
// proxy, IDNA and Unicode-normalisation code it kept leave the client
// (see the Makefile's WASM_FLAGS): 90 KB; 2,532,968 at that day's end,
// with the triangles bound, 88,472 under the budget; 2,548,427 once
// PAIRS annealed focused and the pages left huge instances to the server,
// 73,013 under it; 2,555,541 once rb, multisection and greedy reported
// their progress and the pages' audit fixes came in, 65,899 under it;
// 2,557,028 once PAIRS reported its starts and the request fields' table
// drove the pages' form, 64,412 under it; 2,558,931 with Chaco in the
// upload formats and the host capabilities, 62,509 under it; 2,560,366
// with the machine upload's topology box and note, and uploads read again
// on a changed choice, 61,074 under it; 2,561,227 with the topology
// box's help naming rings and toruses, 60,213 under it; 2,570,216 once
// PAIRS started renumbered grids (5-, 7- and 9-point stencils) from
// their grid's heuristics and the page suggested a torus of their shape,
// 51,224 under it; 2,569,606 once every 9- and 27-point stencil was
// recognised through its Cartesian skeleton, 51,834 under it; 2,574,682
// once PAIRS read distances from a table of the offsets between nodes
// and from the codes of a host's levels, 46,758 under it; 2,577,344 once
// focused annealing summed the heaviest arcs first, 44,096 under it;
// 2,578,743 with its excess keys and table of steps, 42,697 under it.)
const maxGzipBytes = 5 << 19

// TestWasmFitsDownloadBudget builds the client exactly as make wasm does
// (the Makefile's own target, into a temporary directory, compressed by
// zopfli as the server sends it) and fails when its gzipped size passes
// maxGzipBytes.
func TestWasmFitsDownloadBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm client")
	}
	for _, tool := range []string{"make", "zopfli"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "1" {
				t.Fatalf("no %s on PATH (`make deps` installs it) and TOPOMAP_REQUIRE_TOOLS=1", tool)
			}
			t.Skipf("no %s on PATH (`make deps` installs it; make wasm compresses with it)", tool)
		}
	}
	out := filepath.Join(t.TempDir(), "app.wasm")
	cmd := exec.Command("make", "-s", "wasm", "WASM="+out)
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make wasm: %v\n%s", err, b)
	}
	raw, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	gz, err := os.Stat(out + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("app.wasm: %s bytes, %s bytes gzipped (budget %s)", metric.Thousands(int(raw.Size())), metric.Thousands(int(gz.Size())), metric.Thousands(maxGzipBytes))
	if gz.Size() > maxGzipBytes {
		t.Errorf("app.wasm gzipped is %s bytes, more than the %s bytes budget (2.5 MiB)", metric.Thousands(int(gz.Size())), metric.Thousands(maxGzipBytes))
	}
}
