//go:build !(js && wasm)

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/bits"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"topomap/algorithms/metric"
)

// meshMETIS is a METIS graph of a 6x4 mesh of processes (1-based, edge
// weights): 10 bytes along x, 1 along y, so a good mapping keeps the x
// neighbours together.
func meshMETIS() string {
	const kx, ky = 6, 4
	var lines []string
	edges := 0
	for v := range kx * ky {
		x, y := v%kx, v/kx
		var parts []string
		for _, n := range [][3]int{{x - 1, y, 10}, {x + 1, y, 10}, {x, y - 1, 1}, {x, y + 1, 1}} {
			if n[0] >= 0 && n[0] < kx && n[1] >= 0 && n[1] < ky {
				parts = append(parts, fmt.Sprintf("%d %d", n[0]+kx*n[1]+1, n[2]))
				edges++
			}
		}
		lines = append(lines, strings.Join(parts, " "))
	}
	return fmt.Sprintf("%% a weighted 6x4 mesh\n%d %d 001\n%s\n", kx*ky, edges/2, strings.Join(lines, "\n"))
}

// ringCSV is a CSV edge list of a ring of n processes, both directions.
func ringCSV(n int) string {
	var b strings.Builder
	b.WriteString("src,dst,volume\n")
	for v := range n {
		fmt.Fprintf(&b, "%d,%d,1\n%d,%d,1\n", v, (v+1)%n, (v+1)%n, v)
	}
	return b.String()
}

// offerFile hands a file to the page as a user would: chosen in the file
// picker (#f-graph), or dropped on the upload zone (#graph-drop).
func offerFile(t *testing.T, ctx context.Context, name, text string, drop bool) {
	t.Helper()
	js := `(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([%q], %q));
		if (%t) {
			document.querySelector('#graph-drop').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		} else {
			const i = document.querySelector('#f-graph');
			i.files = dt.files;
			i.dispatchEvent(new Event('change', {bubbles: true}));
		}
		return true;
	})()`
	eval[bool](t, ctx, fmt.Sprintf(js, text, name, drop))
}

// waitHopsPerByte waits until the page's metrics show hops per byte as
// want (the panel's text).
func waitHopsPerByte(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#metrics tr[data-metric="hops per byte"] td')?.textContent === %q`, want))
}

// serverHopsPerByte maps a permalink's instance (its guest, host, algo
// and allocation) with POST /api/v1/map and returns its hops per byte as
// the panel formats it.
func serverHopsPerByte(t *testing.T, query string) string {
	t.Helper()
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		t.Fatal(err)
	}
	req := map[string]any{"guest": q.Get("guest"), "host": q.Get("host"), "algo": q.Get("algo")}
	if q.Has("nodes") {
		req["nodes"] = q.Get("nodes")
	}
	if q.Has("ranksPerNode") {
		req["ranksPerNode"] = atoi(q.Get("ranksPerNode"))
	}
	body, _ := json.Marshal(req)
	resp, err := http.Post(baseURL+"/api/v1/map", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Metrics struct {
			HopsPerByte float64 `json:"hopsPerByte"`
		} `json:"metrics"`
	}
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&r) != nil {
		t.Fatalf("POST /map %s: %d", body, resp.StatusCode)
	}
	return metric.Fixed(r.Metrics.HopsPerByte, 4)
}

// TestUploadGraphFile: a METIS file chosen in "Upload a graph"
// is stored on the server and mapped in the page: the URL names it
// (graph:ID), the drawing shows its edges by hops and the hop histogram,
// and the metrics are the server's for the same permalink; the permalink
// works in a fresh tab, which fetches the graph and names it, and on a larger host
// shows the empty nodes; a graph too large for PAIRS in the page, dropped
// on the zone, becomes a server job that runs to the end.
func TestUploadGraphFile(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "mesh.graph", meshMETIS(), false)
	waitJS(t, ctx, `location.search.includes("guest=graph:")`)
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .e').length > 0 && !!document.querySelector('#drawing #hop-histogram')`)
	search := eval[string](t, ctx, `location.search`)
	guest := eval[string](t, ctx, `new URLSearchParams(location.search).get("guest")`)
	if info := eval[string](t, ctx, `document.querySelector('#graph-info').textContent`); !strings.Contains(info, guest) || !strings.Contains(info, "24 vertices, 76 arcs (metis)") {
		t.Errorf("upload note %q", info)
	}
	if host := eval[string](t, ctx, `new URLSearchParams(location.search).get("host")`); host != "torus:6x4" {
		t.Errorf("host %q, want torus:6x4 (the shape of the mesh stencil)", host)
	}
	// 38 communicating pairs, each one edge; 24 vertices on 24 nodes.
	if e, n := eval[int](t, ctx, `document.querySelectorAll('#drawing svg .e').length`), eval[int](t, ctx, `document.querySelectorAll('#drawing svg .n:not(.free)').length`); e != 38 || n != 24 {
		t.Errorf("%d edges, %d occupied nodes; want 38, 24", e, n)
	}
	// An edge's tooltip says its hops and the pair's volume, both ways.
	eval[bool](t, ctx, `document.querySelector('#drawing svg .e[data-u="0"][data-v="1"]').dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))`)
	waitJS(t, ctx, `/^guest edge 0–1: dilation 1, volume 20; route/.test(document.querySelector('#hover').textContent)`)
	want := serverHopsPerByte(t, search)
	waitHopsPerByte(t, ctx, want)
	screenshot(t, ctx, "graph-upload")

	// The permalink in a fresh tab: no graph in memory, fetched by id.
	fresh := tab(t)
	open(t, fresh, "/"+search)
	waitJS(t, fresh, `document.querySelectorAll('#drawing svg .e').length === 38`)
	waitHopsPerByte(t, fresh, want)
	// and says which graph it is (the upload said "No file chosen")
	if info := eval[string](t, fresh, `document.querySelector('#graph-info')?.textContent ?? ''`); info != guest+", 24 vertices, 76 arcs (from the link)" {
		t.Errorf("the link's graph note %q", info)
	}

	// A host larger than the graph: the empty nodes are
	// drawn dashed, counted in the caption and in the metrics.
	open(t, fresh, "/?"+url.Values{"guest": {guest}, "host": {"torus:8x4"}, "algo": {"greedy"}}.Encode())
	waitJS(t, fresh, `document.querySelectorAll('#drawing svg .n.free').length === 8 && document.querySelectorAll('#drawing svg .n:not(.free)').length === 24`)
	if sub := eval[string](t, fresh, `document.querySelector('#drawing svg text.s').textContent`); !strings.Contains(sub, "8 of 32 slots empty") {
		t.Errorf("caption %q", sub)
	}
	waitJS(t, fresh, `document.querySelector('#metrics tr[data-metric="empty slots"] td')?.textContent === "8 (the host is larger than the guest)"`)
	screenshot(t, fresh, "graph-upload-larger-host")

	// The Compare page of the uploaded graph: every algorithm that applies.
	open(t, fresh, "/compare?"+url.Values{"guest": {guest}, "host": {"torus:6x4"}}.Encode())
	waitJS(t, fresh, `document.querySelectorAll('#compare-table tbody tr').length >= 1 && !document.querySelector('#progress')`)
	if rows := eval[string](t, fresh, `[...document.querySelectorAll('#compare-table tbody tr')].map(r => r.dataset.algo).join(",")`); !strings.Contains(rows, "pairs") {
		t.Errorf("compare rows %q, want pairs among them", rows)
	}
	if got := eval[int](t, fresh, `document.querySelectorAll('#compare svg rect.bar').length`); got == 0 {
		t.Error("no bars in the comparison")
	}
	// ... and its own upload control: the same file dropped there compares
	// the same graph.
	open(t, fresh, "/compare")
	offerFile(t, fresh, "mesh.graph", meshMETIS(), true)
	waitJS(t, fresh, fmt.Sprintf(`new URLSearchParams(location.search).get("guest") === %q && document.querySelectorAll('#compare-table tbody tr').length >= 1`, guest))

	// Too large for the page: a server job.
	const n = 17000
	offerFile(t, ctx, "ring.csv", ringCSV(n), true)
	waitJS(t, ctx, `location.search.includes("host=torus:34x25x20")`) // the most cube-like 3-D torus of 17,000
	// The graph heuristics map it here; PAIRS would freeze the tab.
	eval[bool](t, ctx, `(s => { s.value = "pairs"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-algo'))`)
	waitJS(t, ctx, `!!document.querySelector('#too-big #submit-job') && location.search.includes("algo=pairs")`)
	click(t, ctx, "#submit-job")
	waitJS(t, ctx, `location.pathname.startsWith("/jobs/")`)
	tctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	if _, err := chromedp.Run(tctx, chromedp.Poll[bool](`document.querySelector('#job-status')?.textContent === "done"`, chromedp.WithPollingTimeout(85*time.Second))); err != nil {
		t.Fatalf("the job did not finish: %v", err)
	}
	if g := eval[string](t, ctx, `document.querySelector('#request [data-key="guest"]').textContent`); !strings.HasPrefix(g, "graph:") || g == guest {
		t.Errorf("the job's guest %q, want the ring's graph:ID", g)
	}
	waitJS(t, ctx, `!!document.querySelector('.result svg #hop-histogram')`)
	screenshot(t, ctx, "graph-upload-job")
}

// TestUploadGraphErrors: a malformed file is refused with the
// line at fault, an empty one with its reason, and the URL stays as it was.
func TestUploadGraphErrors(t *testing.T) {
	ctx := tab(t, "400") // the refused uploads' responses
	open(t, ctx, "/?guest=grid:9x8&host=mesh:6x12&algo=affn")
	offerFile(t, ctx, "bad.graph", "4 4 001\n2 5 4 x\n", false)
	waitJS(t, ctx, `/^bad\.graph: METIS graph, line 2, field 4: expected the weight/.test(document.querySelector('#graph-error')?.textContent ?? "")`)
	offerFile(t, ctx, "empty.csv", "", true)
	waitJS(t, ctx, `/^empty\.csv: CSV edge list: .*holds none/.test(document.querySelector('#graph-error')?.textContent ?? "")`)
	offerFile(t, ctx, "bad.goal", "num_ranks 4\nrank 0 {\nl1: send 8 to 1\n}\n", true)
	waitJS(t, ctx, `document.querySelector('#graph-error')?.textContent === 'bad.goal: GOAL schedule, line 3, field 3: expected a size in bytes such as 8b, got "8"'`)
	if q := eval[string](t, ctx, `location.search`); q != "?guest=grid:9x8&host=mesh:6x12&algo=affn" {
		t.Errorf("the URL changed to %s", q)
	}
}

// bcastGOAL is LogGOPSim's binomial-tree broadcast from rank 0 to n
// ranks (a power of 2) as a GOAL schedule: rank r receives 1 byte from
// r minus its highest bit, then sends it on to r + 2^k for every 2^k > r.
func bcastGOAL(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "num_ranks %d\n", n)
	for r := range n {
		fmt.Fprintf(&b, "\nrank %d {\n", r)
		high := 0
		if r > 0 {
			high = 1 << (bits.Len(uint(r)) - 1)
			fmt.Fprintf(&b, "l0: recv 1b from %d tag 0\n", r-high)
		}
		for k := max(1, 2*high); r+k < n; k *= 2 {
			fmt.Fprintf(&b, "l%d: send 1b to %d tag 0\n", k, r+k)
			if r > 0 {
				fmt.Fprintf(&b, "l%d requires l0\n", k)
			}
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// TestUploadGOALSchedule: a LogGOPSim schedule dropped on the upload is
// read by its sends (a broadcast tree of 16 ranks: 15 one-byte arcs) and
// mapped in the page with the server's figures.
func TestUploadGOALSchedule(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "bcast.goal", bcastGOAL(16), true)
	waitJS(t, ctx, `location.search.includes("guest=graph:") && document.querySelectorAll('#drawing svg .e').length === 15`)
	guest := eval[string](t, ctx, `new URLSearchParams(location.search).get("guest")`)
	if info := eval[string](t, ctx, `document.querySelector('#graph-info').textContent`); !strings.Contains(info, guest+", 16 vertices, 15 arcs (goal)") {
		t.Errorf("upload note %q", info)
	}
	waitHopsPerByte(t, ctx, serverHopsPerByte(t, eval[string](t, ctx, `location.search`)))
}

// halo3D is a blank-separated edge list of the 3-D periodic halo of
// k×k×k processes (the first coordinate fastest), numbered from 1.
func halo3D(k int) string {
	var b strings.Builder
	for v := range k * k * k {
		x, y, z := v%k, v/k%k, v/k/k
		for _, d := range [][3]int{{1, 0, 0}, {k - 1, 0, 0}, {0, 1, 0}, {0, k - 1, 0}, {0, 0, 1}, {0, 0, k - 1}} {
			u := (x+d[0])%k + k*((y+d[1])%k) + k*k*((z+d[2])%k)
			fmt.Fprintf(&b, "%d %d 8\n", v+1, u+1)
		}
	}
	return b.String()
}

// TestUploadHaloDefaults: a 512-process 3-D halo exchange written as a
// blank-separated edge list numbered from 1, its format chosen in the
// selector, is read as 512 vertices (the message says it was numbered
// from 1) and mapped on a host of its shape, torus:8x8x8 (where it fits
// with dilation 1), not on the squarest 2-D torus 32x16.
func TestUploadHaloDefaults(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	eval[bool](t, ctx, `(s => { s.value = "edges"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-graph-format'))`)
	offerFile(t, ctx, "halo.txt", halo3D(8), false)
	waitJS(t, ctx, `location.search.includes("host=torus:8x8x8") && !!document.querySelector('#metrics tr[data-metric="max dilation"]')`)
	if info := eval[string](t, ctx, `document.querySelector('#graph-info').textContent`); !strings.Contains(info, "512 vertices, 3,072 arcs (edges)") {
		t.Errorf("upload note %q, want 512 vertices, 3,072 arcs (edges)", info)
	}
	if w := eval[string](t, ctx, `[...document.querySelectorAll('.graph-warning')].map(e => e.textContent).join(' | ')`); !strings.Contains(w, "numbered from 1") {
		t.Errorf("warnings %q, want the 1-based numbering said", w)
	}
	screenshots(t, ctx, "upload-halo")
}

// TestUploadFormatChangedReadsTheFileAgain: a Chaco file named .graph is
// read as METIS (its vertex numbers taken for vertex sizes, with the
// warning); choosing chaco in the selector afterwards uploads the same
// file again in that format, without picking it again (a picker does not
// fire for the same file chosen twice).
func TestUploadFormatChangedReadsTheFileAgain(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "path.graph", "3 2 100\n1 2\n2 1 3\n3 2\n", false)
	waitJS(t, ctx, `(document.querySelector('#graph-info')?.textContent ?? "").includes("3 vertices, 4 arcs (metis)")`)
	eval[bool](t, ctx, `(s => { s.value = "chaco"; s.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-graph-format'))`)
	waitJS(t, ctx, `(document.querySelector('#graph-info')?.textContent ?? "").includes("3 vertices, 4 arcs (chaco)")`)
	if w := eval[string](t, ctx, `[...document.querySelectorAll('.graph-warning')].map(e => e.textContent).join(' | ')`); w != "" {
		t.Errorf("warnings %q once read as Chaco, want none", w)
	}
}
