//go:build !(js && wasm)

package e2e

// Browser tests of real machines: named machines (presets), cores per
// node and their launcher files, fat trees and dragonflies drawn.

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/solve/solvetest"
)

// TestPresetCoresRankfile picks a named machine in the explorer (the
// xe6-slice: 4×4×8 Gemini routers, two 16-core nodes each, named
// nid00000 … nid00255), maps a 64×64 stencil onto its 4,096 slots in
// index order, and downloads the Open MPI rankfile: 4,096 lines
// "rank r=nid<n> slot=<t>", equal to the CLI's, every node holding 16
// ranks under its own name.
func TestPresetCoresRankfile(t *testing.T) {
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/?guest=grid%3A64x64&host=mesh%3A64x64&algo=rowmajor")
	waitJS(t, ctx, `document.querySelector('#f-preset') !== null && document.querySelector('#drawing svg') !== null`)
	if n := count(t, ctx, `#f-preset option`); n < 5 {
		t.Fatalf("%d options in the machine list, want the 4 presets and a prompt", n)
	}
	if about := eval[string](t, ctx, `document.querySelector('#f-preset option[value="bgq-midplane"]').title`); !strings.Contains(about, "Blue Gene/Q") {
		t.Errorf("the bgq-midplane option says %q", about)
	}
	if list := eval[string](t, ctx, `document.querySelector('#preset-list').textContent`); !strings.Contains(list, "preset:slingshot-small = dragonfly:8,4,4,9:cores=4") || !strings.Contains(list, "Slingshot-like") {
		t.Errorf("the list of machines says %q", list)
	}
	setField(t, ctx, "#f-preset", "xe6-slice", "change")
	waitJS(t, ctx, `document.querySelector('#f-host').value === 'torus:4x4x8:nodes-per-router=2:cores=16' && location.search.includes('cores%3D16') && document.querySelector('#drawing svg image.heat') !== null`)
	if about := eval[string](t, ctx, `document.querySelector('#preset-about')?.textContent ?? ""`); !strings.Contains(about, "Cray XE6") {
		t.Errorf("the chosen machine is described as %q", about)
	}
	if algo := eval[string](t, ctx, `document.querySelector('#f-algo').value`); algo != "rowmajor" {
		t.Fatalf("algorithm %q after the preset, want rowmajor kept", algo)
	}
	screenshot(t, ctx, "preset-cores")
	const q = "guest=grid:64x64&host=torus:4x4x8:nodes-per-router=2:cores=16&algo=rowmajor"
	r := solvetest.Map(t, q)
	checkMetrics(t, ctx, r)

	click(t, ctx, "#dl-rankfile")
	got := waitFile(t, filepath.Join(dir, "grid-64x64_torus-4x4x8-nodes-per-router-2-cores-16_rowmajor.rankfile"))
	var want bytes.Buffer
	if err := export.Write(&want, "rankfile", r); err != nil {
		t.Fatal(err)
	}
	if string(got) != want.String() {
		t.Errorf("rankfile differs from the CLI's: %.200q", got)
	}
	// read it back: 4,096 ranks, 16 per node, named by the machine
	re := regexp.MustCompile(`^rank (\d+)=nid(\d{5}) slot=(\d+)$`)
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(lines) != 4096 {
		t.Fatalf("%d lines, want 4096", len(lines))
	}
	perNode := map[int]int{}
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %d: %q", i+1, l)
		}
		rank, node, slot := atoi(m[1]), atoi(m[2]), atoi(m[3])
		if rank != i || slot < 0 || slot >= 16 || node >= 256 {
			t.Fatalf("line %d: %q", i+1, l)
		}
		if r.Mapping.Place[rank] != slot+16*node {
			t.Errorf("rank %d on node %d slot %d, the placement says slot %d", rank, node, slot, r.Mapping.Place[rank])
		}
		perNode[node]++
	}
	for node, n := range perNode {
		if n != 16 {
			t.Errorf("node %d has %d ranks, want 16", node, n)
		}
	}
	if len(perNode) != 256 {
		t.Errorf("%d nodes used, want 256", len(perNode))
	}
}

// TestMachineDrawingsInBrowser: the explorer draws a fat tree as its tree
// and a dragonfly as groups of routers with their nodes, from permalinks
// that name presets, mapped by nested bricks.
func TestMachineDrawingsInBrowser(t *testing.T) {
	ctx := tab(t)
	for _, c := range []struct {
		query, host    string
		switches, heat int
	}{
		// 3 levels of 64 switches, 512 nodes: edges drawn
		{"guest=grid%3A32x16&host=preset%3Afattree-16port&algo=bricks", "fattree:8,3", 192, 0},
		// 9 groups of 8 routers, 1,152 slots: a heat map
		{"guest=grid%3A48x24&host=preset%3Aslingshot-small&algo=bricks", "dragonfly:8,4,4,9:cores=4", 72, 1},
	} {
		open(t, ctx, "/?"+c.query)
		waitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll('#drawing svg rect.switch').length === %d`, c.switches))
		if got := eval[string](t, ctx, `document.querySelector('#drawing svg title').textContent`); !strings.Contains(got, " on "+c.host+" by bricks") {
			t.Errorf("drawing titled %q, want the preset's spec %q", got, c.host)
		}
		if n := count(t, ctx, `#drawing svg image.heat`); n != c.heat {
			t.Errorf("%s: %d heat maps, want %d", c.host, n, c.heat)
		}
		if c.heat == 0 && count(t, ctx, `#drawing svg .e`) != 2*32*16-32-16 {
			t.Errorf("%s: %d guest edges drawn", c.host, count(t, ctx, `#drawing svg .e`))
		}
		if name := eval[string](t, ctx, `document.querySelector('#f-preset').value`); !strings.Contains(c.query, name) || name == "" {
			t.Errorf("the machine list shows %q for %s", name, c.query)
		}
		screenshot(t, ctx, "machine-"+strings.NewReplacer(":", "-", ",", "-").Replace(c.host))
	}
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(fmt.Sprintf("not a number: %q", s))
	}
	return n
}
