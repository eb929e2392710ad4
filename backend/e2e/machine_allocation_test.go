//go:build !(js && wasm)

package e2e

// Browser test of a job as a user runs it: the site's own machine, the
// nodes Slurm gave the job, a fixed number of ranks per node.

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// threeSwitches is a topology.conf in the manner of the Slurm
// documentation's examples: tux01..tux08 under s1, tux09..tux16 under
// s2, tux17..tux24 under s3, the three under s0.
const threeSwitches = "# three leaf switches under one top switch\n" +
	"SwitchName=s1 Nodes=tux[01-08]\nSwitchName=s2 Nodes=tux[09-16]\nSwitchName=s3 Nodes=tux[17-24]\n" +
	"SwitchName=s0 Switches=s[1-3]\n"

// TestAllocationOnUploadedMachine uploads a topology.conf (24 nodes
// under 3 leaf switches) and a communication graph (24 ranks), gives an
// allocation of 7 nodes as a hostlist written out of index order and 4
// ranks per node, and maps with greedy. The downloaded rankfile lists
// the ranks in rank order (rank 0 first); its host names are exactly the
// first 24/4 = 6 nodes of the allocation in hostlist order (tux17, tux03,
// tux04, tux05, tux10, tux11; tux12 unused), each holding 4 ranks on
// slots 0-3. The drawing highlights those 6 nodes' slots, the metrics
// are the server's for the same permalink, and the permalink reloaded in
// a fresh tab shows the same machine, allocation and figures (every row
// of the metrics panel but the run time).
func TestAllocationOnUploadedMachine(t *testing.T) {
	const nodes = "tux[17,03-05],tux[10-12]"
	used := []string{"tux17", "tux03", "tux04", "tux05", "tux10", "tux11"}
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/?guest=hypercube:4&host=ring:16&algo=greedy")
	offerMachine(t, ctx, "topology.conf", threeSwitches)
	waitJS(t, ctx, `location.search.includes("host=machine:") && document.querySelectorAll('#drawing svg .switch').length === 4`)
	offerFile(t, ctx, "mesh.graph", meshMETIS(), false)
	waitJS(t, ctx, `location.search.includes("guest=graph:") && location.search.includes("host=machine:")`)
	allocate(t, ctx, nodes, 4)
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg rect.alloc').length === 6 * 4`)
	marked := allocationMarked(t, ctx)
	if marked != "16,2,3,4,9,10" {
		t.Errorf("nodes highlighted %s, want tux17, tux03-05, tux10-11: 16,2,3,4,9,10", marked)
	}
	if row := eval[string](t, ctx, `document.querySelector('#metrics tr[data-metric="allocation"] td')?.textContent ?? ""`); row != "7 nodes allocated ("+nodes+"), the first 6 usable, 6 used, 4 ranks on each" {
		t.Errorf("the metrics' allocation row says %q", row)
	}
	search := eval[string](t, ctx, `location.search`)
	hops := serverHopsPerByte(t, search)
	waitHopsPerByte(t, ctx, hops)
	figures := metricsFigures(t, ctx)
	if !strings.Contains(figures, "hops per byte: "+hops) || !strings.Contains(figures, "allocation: ") {
		t.Errorf("metrics panel:\n%s", figures)
	}
	t.Logf("metrics:\n%s", figures)
	screenshot(t, ctx, "machine-allocation")

	click(t, ctx, "#dl-rankfile")
	checkRankfileHosts(t, waitGlob(t, filepath.Join(dir, "*.rankfile")), used, 4)

	fresh := tab(t)
	open(t, fresh, "/"+search)
	waitJS(t, fresh, `document.querySelectorAll('#drawing svg .switch').length === 4 && document.querySelectorAll('#drawing svg rect.alloc').length === 6 * 4`)
	waitHopsPerByte(t, fresh, hops)
	if got := metricsFigures(t, fresh); got != figures {
		t.Errorf("the reloaded metrics:\n%s\nwant\n%s", got, figures)
	}
	if got := eval[string](t, fresh, `document.querySelector('#f-nodes').value + " " + document.querySelector('#f-ranksPerNode').value`); got != nodes+" 4" {
		t.Errorf("the reloaded form holds %q, want %q", got, nodes+" 4")
	}
	if got := allocationMarked(t, fresh); got != marked {
		t.Errorf("the reloaded drawing highlights %s, want %s", got, marked)
	}
}

// allocate opens the Allocation section and gives the nodes and the
// ranks per node, as a user types them, until the URL holds both.
func allocate(t *testing.T, ctx context.Context, nodes string, perNode int) {
	t.Helper()
	eval[bool](t, ctx, `(document.querySelector('#allocation').open = true)`)
	setField(t, ctx, "#f-nodes", nodes, "input", "change")
	setField(t, ctx, "#f-ranksPerNode", strconv.Itoa(perNode), "input", "change")
	waitJS(t, ctx, fmt.Sprintf(`(q => q.get("nodes") === %q && q.get("ranksPerNode") === "%d")(new URLSearchParams(location.search))`, nodes, perNode))
}

// allocationMarked returns the whole machine's nodes the drawing
// highlights as allocated, comma-separated in drawing order.
func allocationMarked(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `[...new Set([...document.querySelectorAll('#drawing svg rect.alloc')].map(r => r.dataset.node))].join(",")`)
}

// metricsFigures returns the metrics panel's rows, "label: value" a
// line, but for the run time (which no two runs share).
func metricsFigures(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `[...document.querySelectorAll('#metrics tr[data-metric]')].filter(r => r.dataset.metric !== 'time').map(r => r.dataset.metric + ': ' + r.querySelector('td').textContent).join('\n')`)
}

// offerMachine chooses a machine file named name holding text in
// "Upload a machine".
func offerMachine(t *testing.T, ctx context.Context, name, text string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([%q], %q));
		const i = document.querySelector('#f-machine');
		i.files = dt.files;
		i.dispatchEvent(new Event('change', {bubbles: true}));
		return true;
	})()`, text, name))
}

// checkRankfileHosts reads a rankfile back: one line per rank in rank
// order, its host names exactly the nodes used (in any order), each
// holding per ranks on the distinct slots 0 … per-1.
func checkRankfileHosts(t *testing.T, got []byte, used []string, per int) {
	t.Helper()
	re := regexp.MustCompile(`^rank (\d+)=(\S+) slot=(\d+)$`)
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(lines) != len(used)*per {
		t.Fatalf("%d lines, want %d: %.200q", len(lines), len(used)*per, got)
	}
	slots := map[string][]int{}
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil || atoi(m[1]) != i {
			t.Fatalf("line %d: %q, want rank %d", i+1, l, i)
		}
		slots[m[2]] = append(slots[m[2]], atoi(m[3]))
	}
	if hosts := slices.Sorted(maps.Keys(slots)); !slices.Equal(hosts, slices.Sorted(slices.Values(used))) {
		t.Errorf("the rankfile names %v, want the nodes %v", hosts, used)
	}
	for node, s := range slots {
		if got := slices.Sorted(slices.Values(s)); len(got) != per || got[0] != 0 || got[per-1] != per-1 || len(slices.Compact(got)) != per {
			t.Errorf("node %s holds slots %v, want 0 to %d once each", node, s, per-1)
		}
	}
}
