//go:build !(js && wasm)

package web

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/api"
)

func mustQuery(t *testing.T, s string) url.Values {
	t.Helper()
	q, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestFormCheck checks that each field's message is exactly the spec
// parser's (the same messages as the CLI and the API).
func TestFormCheck(t *testing.T) {
	_, guestErr := spec.ParseGuest("grid:9")
	_, hostErr := spec.ParseHost("torus:4xq")
	_, algoErr := spec.ParseAlgo("Xor!")
	_, budgetErr := spec.ParseQuery(url.Values{"guest": {"hypercube:4"}, "host": {"ring:16"}, "algo": {"xor"}, "budget": {"forever"}})
	_, sizeErr := solve.Check(spec.Instance{Guest: mustGuest(t, "hypercube:4"), Host: mustHost(t, "ring:8"), Algo: "xor"})
	tests := []struct {
		name  string
		query string
		want  map[string]string
	}{
		{"valid", "guest=hypercube:4&host=ring:16&algo=xor", map[string]string{}},
		{"defaults", "", map[string]string{}},
		{"bad guest", "guest=grid:9&host=ring:16&algo=xor", map[string]string{"guest": guestErr.Error()}},
		{"bad host and algo", "guest=hypercube:4&host=torus:4xq&algo=Xor!", map[string]string{"host": hostErr.Error(), "algo": algoErr.Error()}},
		{"bad budget", "guest=hypercube:4&host=ring:16&algo=xor&budget=forever", map[string]string{"budget": budgetErr.Error()}},
		{"sizes differ", "guest=hypercube:4&host=ring:8&algo=xor", map[string]string{spec.FieldOf(sizeErr): sizeErr.Error()}},
	}
	// A size mismatch is shown under the field the user edited last.
	f := formFromQuery(mustQuery(t, "guest=hypercube:4&host=ring:8&algo=xor"))
	f.edited = "guest"
	if _, errs := f.check(); errs["guest"] != sizeErr.Error() || errs["host"] != "" {
		t.Errorf("edited guest: errors %v, want the size mismatch under guest", errs)
	}
	// Without algo, the first applicable algorithm (the one listed first).
	if f := formFromQuery(mustQuery(t, "guest=hypercube:4&host=ring:16")); f.Algo != solve.Applicable(mustGuest(t, "hypercube:4"), mustHost(t, "ring:16"))[0].Name {
		t.Errorf("no algo: %q", f.Algo)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := formFromQuery(mustQuery(t, tc.query)).check()
			if len(errs) != len(tc.want) {
				t.Fatalf("errors %v, want %v", errs, tc.want)
			}
			for k, v := range tc.want {
				if errs[k] != v {
					t.Errorf("%s: %q, want %q", k, errs[k], v)
				}
			}
		})
	}
}

func mustGuest(t *testing.T, s string) spec.Guest {
	g, err := spec.ParseGuest(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustHost(t *testing.T, s string) topology.Host {
	h, err := spec.ParseHost(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestPageURL: permalinks are canonical (sorted keys, canonical specs),
// so equal states give equal URLs.
func TestPageURL(t *testing.T) {
	in, errs := formFromQuery(mustQuery(t, "host=RING:16&guest=hypercube:4&algo=xor&seed=0")).check()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := pageURL("/", in, url.Values{"step": {"2"}, "empty": {""}})
	if want := "/?algo=xor&guest=hypercube:4&host=ring:16&step=2"; got != want {
		t.Errorf("pageURL = %s, want %s", got, want)
	}
}

// TestPermalinkReadsAsTyped: a permalink keeps the specs' : , @ / ? as
// typed (RFC 3986 allows them in a query) and escapes what a query cannot
// hold as is (& = # + % space, non-ASCII); it reads back to the same
// values, and so does the older, fully escaped form.
func TestPermalinkReadsAsTyped(t *testing.T) {
	in, errs := formFromQuery(mustQuery(t, "guest=grid:8x8x8&host=fattree:4,3:cores=8&algo=bricks")).check()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if got, want := pageURL("/", in, nil), "/?algo=bricks&guest=grid:8x8x8&host=fattree:4,3:cores%3D8"; got != want {
		t.Errorf("pageURL = %s, want %s", got, want)
	}
	q := url.Values{"a": {"x:1,2@h/p?q"}, "b&c": {"d=e#f+g h%20é"}}
	s := queryString(q)
	if want := "a=x:1,2@h/p?q&b%26c=d%3De%23f%2Bg+h%2520%C3%A9"; s != want {
		t.Errorf("queryString = %s, want %s", s, want)
	}
	for _, form := range []string{s, q.Encode()} {
		if back, err := url.ParseQuery(form); err != nil || back.Encode() != q.Encode() {
			t.Errorf("%s reads back as %v (%v), want %v", form, back, err, q)
		}
	}
}

func TestHoverText(t *testing.T) {
	// Standard 2-cube on a 4-line: vertex v on node v; vertex 3's edges go
	// to 2 (1 link) and 1 (2 links).
	r, err := solve.Map(context.Background(), spec.Instance{Guest: mustGuest(t, "hypercube:2"), Host: mustHost(t, "line:4"), Algo: "standard"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data map[string]string
		want string
	}{
		{"nothing", nil, ""},
		{"vertex", map[string]string{"h": "3", "v": "3"}, "guest vertex 3 (bits 1,1, bit 0 first) on host node 3 at (3); 2 edges, the longest 2 hops"},
		{"free node", map[string]string{"h": "2"}, "host node 2 at (2): free"},
		{"bad node", map[string]string{"h": "99"}, ""},
		{"edge", map[string]string{"u": "1", "v": "3", "dil": "2", "dim": "1"}, "guest edge 1–3 (dimension 1): dilation 2; route on the host: (1) → (2) → (3) (2 hops)"},
	}
	for _, tc := range tests {
		if got := hoverText(r, tc.data); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestHoverTextNamesTheMachinesNodes: on a machine read from a file the
// pointer's readout and a route name the nodes as the file does.
func TestHoverTextNamesTheMachinesNodes(t *testing.T) {
	h, _, err := machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=nx[1-2]\nSwitchName=s1 Nodes=nx[3-4]\nSwitchName=top Switches=s[0-1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := solve.Map(context.Background(), spec.Instance{Guest: mustGuest(t, "hypercube:2"), Host: h, Algo: "identity"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		data map[string]string
		want string
	}{
		{map[string]string{"h": "2", "v": "2"}, "guest vertex 2 (bits 0,1, bit 0 first) on host node 2 (nx3) at (2); 2 edges, the longest 4 hops"},
		{map[string]string{"u": "0", "v": "2", "dil": "4"}, "guest edge 0–2: dilation 4; route on the host: nx1 → s0 → top → s1 → nx3 (4 hops)"},
	} {
		if got := hoverText(r, tc.data); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}

func TestBarText(t *testing.T) {
	d := map[string]string{"p": "3", "stage": "1", "kind": "wait", "start": "5", "end": "6"}
	if got, want := barText(d), "process 3, stage 1: wait from 5 to 6"; got != want {
		t.Errorf("barText = %q, want %q", got, want)
	}
	if got := barText(nil); got != "" {
		t.Errorf("barText(nil) = %q", got)
	}
}

// TestRenderZero renders every page from its zero value, as go-app does
// before OnNav and on the server.
func TestRenderZero(t *testing.T) {
	for _, c := range []app.Composer{&Explorer{}, &GanttPage{}, &ComparePage{}, &JobPage{}} {
		e := app.NewTestEngine()
		if err := e.Load(c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		e.ConsumeAll()
	}
}

// The grab types capture a real app.Context for calling handlers.
type explorerGrab struct {
	Explorer
	ctx app.Context
}

func (g *explorerGrab) OnPreRender(ctx app.Context) { g.ctx = ctx }

type compareGrab struct {
	ComparePage
	ctx app.Context
}

func (g *compareGrab) OnPreRender(ctx app.Context) { g.ctx = ctx }

// TestExplorerLoad maps a permalink as OnNav does and checks the result,
// the drawing and the rendered metrics panel.
func TestExplorerLoad(t *testing.T) {
	g := &explorerGrab{}
	e := app.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	g.load(g.ctx, mustQuery(t, "guest=hypercube:4&host=ring:16&algo=xor&step=2"))
	e.ConsumeAll()
	if g.res == nil || g.runErr != "" {
		t.Fatalf("no result (error %q)", g.runErr)
	}
	// Xor on a 16-ring: D_a = (3·2^2-1)/4 = 2.75 (package embedding's doc).
	if got := g.res.Metrics.HopsPerByte; got != 2.75 {
		t.Errorf("hops per byte %v, want 2.75", got)
	}
	if !strings.HasPrefix(g.svg, "<svg") || strings.Count(g.svg, `class="e"`) != 16 {
		t.Errorf("step-2 drawing has %d edges, want 16", strings.Count(g.svg, `class="e"`))
	}
	if g.step != 2 {
		t.Errorf("step %d, want 2", g.step)
	}
	// A step change redraws without mapping again.
	res := g.res
	g.load(g.ctx, mustQuery(t, "guest=hypercube:4&host=ring:16&algo=xor"))
	e.ConsumeAll()
	if g.res != res || strings.Count(g.svg, `class="e"`) != 32 {
		t.Errorf("step change: remapped %v, %d edges (want same result, 32 edges)", g.res != res, strings.Count(g.svg, `class="e"`))
	}

	// Invalid input: the message is shown under its field.
	// Through Dispatch, as an event would, so the page re-renders.
	g.ctx.Dispatch(func(ctx app.Context) { g.load(ctx, mustQuery(t, "guest=hypercube:4&host=ring:8&algo=xor")) })
	e.ConsumeAll()
	if g.errs["host"] == "" {
		t.Fatalf("no host error for 16 vertices on 8 nodes: %v", g.errs)
	}
	// Path: #root > main (after the skip link and the header) >
	// section.controls (after the intro) > div.row >
	// host field > message.
	if err := app.Match(app.Div().ID("err-host").Class("msg").Aria("live", "polite").Text(g.errs["host"]), g, 0, 2, 1, 0, 1, 2); err != nil {
		t.Error(err)
	}
	if err := app.Match(app.Text(g.errs["host"]), g, 0, 2, 1, 0, 1, 2, 0); err != nil {
		t.Error(err)
	}

	// Above the browser's limit the page offers a server job instead: 64K
	// vertices for a heuristic, 16K for an anytime search.
	for _, q := range []string{"guest=hypercube:17&host=ring:131072&algo=xor", "guest=grid:256x128&host=mesh:256x128&algo=pairs"} {
		g.load(g.ctx, mustQuery(t, q))
		e.ConsumeAll()
		if !g.tooBig || g.res != nil || g.work.running {
			t.Errorf("%s: tooBig %v, result %v, running %v; want an offer of a server job", q, g.tooBig, g.res != nil, g.work.running)
		}
	}
}

// TestExplorerResultStaysStaleUntilMapped: a result is marked stale while
// a field does not parse, and still once the field is fixed to another
// valid instance that is not mapped yet; only the fields' return to its
// instance (or mapping theirs) clears the mark.
func TestExplorerResultStaysStaleUntilMapped(t *testing.T) {
	g := &explorerGrab{}
	e := app.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	g.load(g.ctx, mustQuery(t, "guest=hypercube:4&host=ring:16&algo=xor"))
	e.ConsumeAll()
	for _, c := range []struct {
		host  string
		stale bool
	}{{"torus:4xq", true}, {"torus:4x4", true}, {"ring:16", false}, {"ring:16 ", false}} {
		g.ctx.Dispatch(func(ctx app.Context) { g.form.Host = c.host; g.check() }) // as the field's input event does
		e.ConsumeAll()
		if got := strings.Contains(app.HTMLString(g), `id="stale"`); got != c.stale {
			t.Errorf("host typed %q: result marked stale %t, want %t", c.host, got, c.stale)
		}
	}
}

// TestGanttLoad: the Xor paper's Fig. 4 pair, T = 10 and 12.
func TestGanttLoad(t *testing.T) {
	c := &GanttPage{}
	c.load(app.Context{}, mustQuery(t, "guest=hypercube:3&host=line:8&algo=standard&vs=byweight&ta=1&tc=1"))
	if len(c.scheds) != 2 || len(c.errs) > 0 {
		t.Fatalf("%d schedules, errors %v", len(c.scheds), c.errs)
	}
	if a, b := c.scheds[0].Total(), c.scheds[1].Total(); a != 10 || b != 12 {
		t.Errorf("totals %v and %v, want 10 and 12 (sim's example, Xor paper Fig. 4)", a, b)
	}
	if got := c.url(); got != "/gantt?algo=standard&guest=hypercube:3&host=line:8&ta=1&tc=1&vs=byweight" {
		t.Errorf("url %s", got)
	}
	c.load(app.Context{}, mustQuery(t, "guest=grid:4x4&host=mesh:4x4&algo=standard"))
	if c.errs["guest"] == "" && c.errs["algo"] == "" {
		t.Errorf("a grid guest should be refused: %v", c.errs)
	}
}

// TestCompareRun runs every applicable algorithm, as the compare page does
// in the browser. The test engine runs as the server, whose pre-render
// drops what its 300 ms budget cut off: on a loaded machine that lost the
// last row (7 rows, want 8), so the test lifts the budget as the browser
// has none.
func TestCompareRun(t *testing.T) {
	liftPrerenderBudget(t)
	g := &compareGrab{}
	e := app.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	in, errs := formFromQuery(mustQuery(t, "guest=hypercube:4&host=ring:16")).check()
	if len(errs) > 0 {
		// check needs an algorithm; the page picks one.
		g.form = formFromQuery(mustQuery(t, "guest=hypercube:4&host=ring:16"))
		in, errs = g.checkConfig()
		if len(errs) > 0 {
			t.Fatal(errs)
		}
	}
	g.run(g.ctx, in)
	e.ConsumeAll()
	want := solve.Applicable(in.Guest, in.Host)
	if len(g.rows) != len(want) || g.svg == "" || len(g.bounds) == 0 {
		t.Fatalf("%d rows, svg %v, %d bounds; want %d rows", len(g.rows), g.svg != "", len(g.bounds), len(want))
	}
	for i, r := range g.rows {
		if r.Algo.Name != want[i].Name || r.Err != "" {
			t.Errorf("row %d: %s (%s), want %s", i, r.Algo.Name, r.Err, want[i].Name)
		}
	}
}

// liftPrerenderBudget runs the test's pages without the pre-render's
// budget, as in the browser.
func liftPrerenderBudget(t *testing.T) {
	t.Helper()
	b := prerenderBudget
	prerenderBudget = time.Hour
	t.Cleanup(func() { prerenderBudget = b })
}

// TestJobPageDone renders a finished job: status, the request with a link
// to the explorer and its budget written for people, every figure of the
// explorer's metrics panel and one named download per format (the drawing
// itself is fetched by the browser).
func TestJobPageDone(t *testing.T) {
	r, err := solve.Map(context.Background(), spec.Instance{Guest: mustGuest(t, "hypercube:4"), Host: mustHost(t, "ring:16"), Algo: "xor"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	req := api.RequestOf(r.Instance)
	req.Budget = (time.Minute).String() // "1m0s", as a pairs job's request says
	c := &JobPage{id: "0123456789abcdef0123", loaded: true,
		job: api.Job{ID: "0123456789abcdef0123", Status: api.Done, Metrics: &r.Metrics, Request: req}}
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := app.HTMLString(c)
	for _, want := range []string{
		`id="job-status">done<`,
		`href="/api/v1/render.svg?download=1&job=0123456789abcdef0123"`,
		`download="hypercube-4_ring-16_xor.csv"`,
		`href="/api/v1/jobs/0123456789abcdef0123/placement?format=csv"`,
		`href="/?algo=xor&budget=1m0s&guest=hypercube:4&host=ring:16"`,
		`href="/api/v1/jobs/0123456789abcdef0123/placement?format=scotch"`,
		"<td>2.7500</td>",
		`data-key="budget">60 s</dd>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("job page lacks %s", want)
		}
	}
	for _, row := range r.Metrics.Rows(metric.Detail) {
		if !strings.Contains(html, `data-metric="`+row.Label+`"`) {
			t.Errorf("job page lacks the explorer's figure %s", row.Label)
		}
	}
	if strings.Contains(html, `id="progress"`) {
		t.Error("a finished job shows a progress bar")
	}
	for _, tt := range []struct {
		status api.Status
		want   bool
	}{{"", false}, {api.Queued, false}, {api.Running, false}, {api.Done, true}, {api.Failed, true}, {api.Cancelled, true}, {api.Interrupted, true}} {
		if got := tt.status.Final(); got != tt.want {
			t.Errorf("Status(%q).Final() = %t, want %t", tt.status, got, tt.want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for _, c := range []struct{ s, lead, rest string }{
		{"", "", ""},
		{"One sentence only, without an end", "One sentence only, without an end", ""},
		{"Short. Then a second sentence follows here, long enough. And a third.", "Short. Then a second sentence follows here, long enough.", "And a third."},
		{"As in Fig. 9.4 of the thesis, rows are mapped in bands here. Rest.", "As in Fig. 9.4 of the thesis, rows are mapped in bands here.", "Rest."},
		{"The grid is cut into subgrids of the host's planes. 2-D onto 3-D: folded.", "The grid is cut into subgrids of the host's planes.", "2-D onto 3-D: folded."},
	} {
		if lead, rest := firstSentence(c.s); lead != c.lead || rest != c.rest {
			t.Errorf("firstSentence(%q) = %q, %q; want %q, %q", c.s, lead, rest, c.lead, c.rest)
		}
	}
}
