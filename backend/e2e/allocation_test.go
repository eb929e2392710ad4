//go:build !(js && wasm)

package e2e

// Browser test of an allocation: a named machine restricted to the nodes a
// job was given, with a fixed number of ranks per node.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/hostlist"
)

// TestAllocationRankfile uploads a communication graph (24 ranks), picks
// the xe6-slice (256 nodes named nid00000 … nid00255), gives an
// allocation as a Slurm hostlist of 6 nodes and 4 ranks per node, and
// maps it: the drawing shows the whole machine with the 6 nodes' slots
// highlighted; the downloaded rankfile names exactly the allocated nodes,
// which in hostlist order each hold 4 ranks; the permalink, reloaded in a
// fresh tab, shows the same figures and the same allocation.
func TestAllocationRankfile(t *testing.T) {
	const nodes = "nid[00009-00010,00040],nid[00100-00102]"
	allocated, err := hostlist.Expand(nodes, 256)
	if err != nil {
		t.Fatal(err)
	}
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/")
	offerFile(t, ctx, "mesh.graph", meshMETIS(), false)
	waitJS(t, ctx, `location.search.includes("guest=graph:") && document.querySelector('#drawing svg') !== null`)
	setField(t, ctx, "#f-preset", "xe6-slice", "change")
	waitJS(t, ctx, `document.querySelector('#f-host').value === 'torus:4x4x8:nodes-per-router=2:cores=16' && location.search.includes('nodes-per-router')`)
	setField(t, ctx, "#f-algo", "greedy", "change")
	waitJS(t, ctx, `location.search.includes("algo=greedy")`)
	allocate(t, ctx, nodes, 4)
	// the nodes alone draw as many marks: wait for the drawing of the
	// ranks per node too (its caption, which may wrap), not the one
	// before it
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg rect.alloc').length === 6 * 16 && [...document.querySelectorAll('#drawing svg text.s')].map(e => e.textContent).join(' ').includes('ranks on each used node')`)
	marked := allocationMarked(t, ctx)
	if marked != "9,10,40,100,101,102" {
		t.Errorf("nodes highlighted %s, want the allocation's 9,10,40,100,101,102", marked)
	}
	if sub := eval[string](t, ctx, `[...document.querySelectorAll('#drawing svg text.s')].map(e => e.textContent).join(" ")`); !strings.Contains(sub, "allocation highlighted: 6 of 256 nodes, 4 ranks on each used node") {
		t.Errorf("caption %q", sub)
	}
	if row := eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="allocation"] td')?.textContent ?? ""`); row != "6 nodes allocated ("+nodes+"), 6 used, 4 ranks on each" {
		t.Errorf("the metrics' allocation row says %q", row)
	}
	hops := eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="hops per byte"] td')?.textContent ?? ""`)
	screenshot(t, ctx, "allocation")

	click(t, ctx, "#dl-rankfile")
	checkRankfileHosts(t, waitGlob(t, filepath.Join(dir, "*.rankfile")), allocated, 4)

	search := eval[string](t, ctx, `location.search`)
	fresh := tab(t)
	open(t, fresh, "/"+search)
	waitJS(t, fresh, `document.querySelectorAll('#drawing svg rect.alloc').length === 6 * 16`)
	waitHopsPerByte(t, fresh, hops)
	if got := eval[string](t, fresh, `document.querySelector('#f-nodes').value + " " + document.querySelector('#f-ranksPerNode').value`); got != nodes+" 4" {
		t.Errorf("the reloaded form holds %q, want %q", got, nodes+" 4")
	}
	if got := allocationMarked(t, fresh); got != marked {
		t.Errorf("the reloaded drawing highlights %s, want %s", got, marked)
	}
}

// waitGlob waits for a downloaded file matching pattern and returns it.
func waitGlob(t *testing.T, pattern string) []byte {
	t.Helper()
	for range 200 {
		if m, _ := filepath.Glob(pattern); len(m) == 1 {
			if b, err := os.ReadFile(m[0]); err == nil && len(b) > 0 {
				return b
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no file %s", filepath.Base(pattern))
	return nil
}
