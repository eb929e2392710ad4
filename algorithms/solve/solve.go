package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// Notes describe an algorithm for people: where it comes from and how sure
// we are that it is the source's algorithm.
type Notes struct {
	Title string `json:"title"`
	// Source cites the paper and section.
	Source string `json:"source"`
	// Confidence is one of the tags of the package doc: "V" (read in the
	// source), "R" (repaired from damaged text), "V-num" (checked by
	// computation) or "P" (the source is silent: our reading, not the
	// source's).
	Confidence string `json:"confidence"`
	// Complexity is the cost in n (guest vertices), m (guest arcs) and N
	// (host nodes).
	Complexity string `json:"complexity"`
	// Measured is the cost of one run at the largest size the server
	// takes (2^20 vertices), measured: "guest → host: C CPU-s, M MB"
	// (peak heap, guest and host included), on the machine MeasuredOn
	// names, which ends it.
	Measured string `json:"measured"`
	// Summary says in a sentence or two what the algorithm does, and for
	// "P" algorithms what we chose.
	Summary string `json:"summary"`
}

// MeasuredOn names the machine of the figures of Notes.Measured
// (solve's BenchmarkLargest).
const MeasuredOn = "(CPU seconds of all its threads, on a 2-vCPU AMD EPYC virtual machine, Go 1.26, at times shared with other work)"

// largestGraph names the guest of the graph mappers' measured cost: the
// largest graph a user may upload to the server, as random arcs (an
// expander, the hardest case of their cost).
const largestGraph = "1,048,576 vertices, 4,194,304 random arcs"

// Progress reports on a long run.
type Progress struct {
	Elapsed time.Duration `json:"elapsed"`
	// Evaluated counts the candidate moves tried so far.
	Evaluated int64 `json:"evaluated"`
	// Improved counts the moves that lowered the objective.
	Improved int64 `json:"improved,omitempty"`
	// HopsPerByte is the current value of the objective, under the
	// congestion objective the current placement's.
	HopsPerByte float64 `json:"hopsPerByte"`
	// SquaredLinkLoads is, under the congestion objective, the value it
	// lowers, the current placement's Σ L² over the directed links (0
	// otherwise).
	SquaredLinkLoads float64 `json:"squaredLinkLoads,omitempty"`
	// Level is 1 while a multilevel search (multilevel.go) works on the
	// grid halved: HopsPerByte is then that grid's.
	Level int `json:"level,omitempty"`
	// Fraction is the share of the budget used, in [0, 1].
	Fraction float64 `json:"fraction"`
	// Start names the start a local search is computing before its search
	// begins (PAIRS's rb at a million vertices: tens of seconds), while
	// Fraction is still 0; StartDone is the share of that start's own work
	// done, for the mappers that report it (rb, multisection, greedy).
	Start     string  `json:"start,omitempty"`
	StartDone float64 `json:"startDone,omitempty"`
}

// StartText says which start a progress report is computing, if any:
// "computing the start rb, 45.0 %" (StartDone known) or "computing the
// start bricks".
func StartText(start string, done float64) string {
	switch {
	case start == "":
		return ""
	case done > 0:
		return fmt.Sprintf("computing the start %s, %.1f %%", start, 100*done)
	}
	return "computing the start " + start
}

// Problem is what a mapper receives: the instance, its built guest and host
// and an optional progress callback (called from the mapper's goroutine).
type Problem struct {
	Instance spec.Instance
	Guest    *guest.Graph
	Host     topology.Host
	Progress func(Progress)
	// Report, if set, receives what a local search reports beyond its
	// placement.
	Report *PairsRun
	// Note, if set, receives what a mapper says about its answer: that it
	// answered rank order, which beat its own placement (rankOrderFloor).
	Note *string
	// share is the share of PAIRS's default work this problem gets, as
	// a coarse level of a multilevel search (see multilevel.go); 0 = 1.
	share float64
	// labels, on the grid problem of a graph that is a renumbered grid
	// (gridOrderStarts), is the grid object of each of the graph's
	// vertices; nil on any other, where a grid's object v is vertex v.
	labels []int32
	// bounds memoises metric.Bounds of Guest on Host (Bounds), counted
	// for PAIRS's floor and then for the result's metrics.
	bounds []metric.Bound
}

// Bounds returns metric.Bounds(p.Guest, p.Host), counted once: PAIRS's
// floor and the result's metrics read the same ones.
func (p *Problem) Bounds() []metric.Bound {
	if p.bounds == nil {
		p.bounds = metric.Bounds(p.Guest, p.Host)
	}
	return p.bounds
}

// on returns a copy of p for guest g (of spec sg) on host h, without
// p's bounds: a coarser level, the nodes of a multicore host, a graph's
// grid.
func (p *Problem) on(sg spec.Guest, g *guest.Graph, h topology.Host) *Problem {
	q := *p
	q.Instance.Guest, q.Instance.Host, q.Guest, q.Host, q.bounds = sg, h, g, h, nil
	return &q
}

// Algorithm is one registered mapper.
type Algorithm struct {
	Name  string `json:"name"`
	Notes Notes  `json:"notes"`
	// Guests and Hosts describe in words what it applies to (for listings).
	Guests string `json:"guests"`
	Hosts  string `json:"hosts"`
	// LargerHost allows hosts with more nodes than the guest has vertices.
	LargerHost bool `json:"largerHost"`
	// Search marks a local search, which reads the instance's seed,
	// budget, moves and start (and is no start itself); every other
	// algorithm is deterministic and ignores them.
	Search bool `json:"search"`
	// Applies returns nil if the algorithm can map g onto h, or an error
	// saying why not.
	Applies func(g spec.Guest, h topology.Host) error `json:"-"`
	// Map returns the host node of every guest vertex. It must honour ctx
	// when it can run long.
	Map func(ctx context.Context, p *Problem) ([]int, error) `json:"-"`
}

var registry []Algorithm

// register adds algorithms; called from the families' init functions.
func register(as ...Algorithm) {
	for _, a := range as {
		if _, ok := Lookup(a.Name); ok {
			panic("solve: algorithm registered twice: " + a.Name)
		}
		if figures, ok := measuredFigures[a.Name]; ok {
			a.Notes.Measured = figures + " " + MeasuredOn
		}
		w := written[a.Name]
		a.Notes.Summary = w.Summary + a.Notes.Summary
		a.Notes.Source, a.Notes.Complexity = w.Source, w.Complexity
		registry = append(registry, a)
	}
}

// All returns every registered algorithm, in listing order: families in
// registration order.
func All() []Algorithm {
	return slices.Clone(registry)
}

// Lookup returns the algorithm of that name.
func Lookup(name string) (Algorithm, bool) {
	for _, a := range registry {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// Applicable returns the algorithms that can map g onto h, in listing order.
func Applicable(g spec.Guest, h topology.Host) []Algorithm {
	var out []Algorithm
	for _, a := range All() {
		if checkSizes(a, g, h) == nil && a.Applies(g, h) == nil {
			out = append(out, a)
		}
	}
	return out
}

func checkSizes(a Algorithm, g spec.Guest, h topology.Host) error {
	n, k := g.Order(), h.Size()
	if n == k || a.LargerHost && k > n {
		return nil
	}
	if a.LargerHost {
		return &spec.FieldError{Field: "host", Err: sizeErrorf("host %s has %s, fewer than the %s vertices of guest %s", h, places(h), metric.Count(n), g)}
	}
	return &spec.FieldError{Field: "host", Err: sizeErrorf("sizes differ: guest %s has %s vertices, host %s has %s", g, metric.Count(n), h, places(h))}
}

// places counts the places of h a guest vertex can go, for messages:
// "16 nodes", or on a host with cores (or nodes with an inside) "16
// slots (4 nodes of 4 cores)".
func places(h topology.Host) string {
	nodes, c := topology.NodesOf(h)
	if c == 1 {
		return metric.Plural(h.Size(), "node")
	}
	return metric.Plural(h.Size(), "slot") + " (" + metric.Plural(nodes.Size(), "node") + " of " + metric.Plural(c, "core") + ")"
}

// ErrSizes matches (errors.Is) the error of an instance whose guest does
// not fit its host. Its FieldError names the host, but either side may be
// the one to change: a form blames the field the user edited last.
var ErrSizes = errors.New("guest and host sizes do not fit")

// sizeError is a size mismatch, with a message for users.
type sizeError struct{ msg string }

func (e *sizeError) Error() string        { return e.msg }
func (e *sizeError) Is(target error) bool { return target == ErrSizes }

func sizeErrorf(format string, args ...any) error { return &sizeError{fmt.Sprintf(format, args...)} }

// Check validates an instance: a known algorithm that applies to its guest
// and host (the allocated nodes, with their slots, when the instance gives
// an allocation or ranks per node), with matching sizes.
func Check(in spec.Instance) (Algorithm, error) {
	a, _, err := check(in)
	return a, err
}

// check is Check, which also returns the instance's allocation (nil:
// the whole machine).
func check(in spec.Instance) (Algorithm, *topology.Allocation, error) {
	alloc, err := allocation(in)
	if err != nil {
		a, _ := Lookup(in.Algo)
		return a, nil, err
	}
	if alloc != nil {
		in.Host = alloc.Host
	}
	a, err := checkOn(in)
	return a, alloc, err
}

// allocation returns in's allocation, nil when it gives none; a guest
// whose graph is not attached yet has no allocation to check.
func allocation(in spec.Instance) (*topology.Allocation, error) {
	if in.Nodes == "" && in.RanksPerNode == 0 || in.Host == nil {
		return nil, nil
	}
	if in.Guest.External() {
		if _, err := in.Guest.Build(); err != nil {
			return nil, &spec.FieldError{Field: "guest", Err: err}
		}
	}
	return in.Allocation()
}

// checkOn checks in on the host its mapper sees.
func checkOn(in spec.Instance) (Algorithm, error) {
	a, ok := Lookup(in.Algo)
	if !ok {
		return a, &spec.FieldError{Field: "algo", Err: fmt.Errorf("unknown algorithm %q (known: %s)", in.Algo, names())}
	}
	if in.Guest.External() {
		// graph:ID without its graph: say so, not "0 vertices" (O(1))
		if _, err := in.Guest.Build(); err != nil {
			return a, &spec.FieldError{Field: "guest", Err: err}
		}
	}
	if err := checkSizes(a, in.Guest, in.Host); err != nil {
		return a, err
	}
	if err := a.Applies(in.Guest, in.Host); err != nil {
		return a, &spec.FieldError{Field: "algo", Err: fmt.Errorf("%s does not apply to %s on %s: %w", a.Name, in.Guest, in.Host, err)}
	}
	if in.Start != "" {
		if err := checkStart(in); err != nil {
			return a, &spec.FieldError{Field: "start", Err: err}
		}
	}
	if a.Search && in.Objective == spec.ObjectiveCongestion {
		return a, checkRoutes(in.Host)
	}
	return a, nil
}

// checkRoutes refuses, under the objective field, a host whose link loads
// the congestion objective cannot keep: one without a routing rule, or
// whose link numbering is above metric.MaxLinkSlots (a dragonfly of huge
// groups has A−1 local links per router).
func checkRoutes(h topology.Host) error {
	r, ok := topology.RouterOf(h)
	switch {
	case !ok:
		return &spec.FieldError{Field: "objective", Err: fmt.Errorf("host %s has no routing rule, so no link loads to minimise: the congestion objective needs one (meshes, tori, hypercubes, fat trees, dragonflies)", h)}
	case r.LinkSlots() > metric.MaxLinkSlots:
		return &spec.FieldError{Field: "objective", Err: fmt.Errorf("host %s numbers %s links, more than the %s whose loads the congestion objective keeps", h, metric.Count(r.LinkSlots()), metric.Count(metric.MaxLinkSlots))}
	}
	return nil
}

// Starts returns the algorithms a local search can start from on g and h:
// every heuristic that maps g onto h (on a larger host, those that allow
// one), in listing order. They are all cheap: O(n) or near.
func Starts(g spec.Guest, h topology.Host) []Algorithm {
	var out []Algorithm
	for _, a := range Applicable(g, h) {
		if !a.Search {
			out = append(out, a)
		}
	}
	return out
}

// checkStart says why in.Start cannot start a search on in's guest and host.
func checkStart(in spec.Instance) error {
	s, ok := Lookup(in.Start)
	switch {
	case !ok:
		return fmt.Errorf("unknown start %q (known: %s)", in.Start, startNames(in.Guest, in.Host))
	case s.Search:
		return fmt.Errorf("start %q is a search itself; a start is a heuristic (here: %s)", in.Start, startNames(in.Guest, in.Host))
	}
	if err := checkSizes(s, in.Guest, in.Host); err != nil {
		return err
	}
	if err := s.Applies(in.Guest, in.Host); err != nil {
		return fmt.Errorf("start %s does not apply to %s on %s: %w", s.Name, in.Guest, in.Host, err)
	}
	return nil
}

// startNames lists the names of Starts, or says there is none.
func startNames(g spec.Guest, h topology.Host) string {
	var ns []string
	for _, a := range Starts(g, h) {
		ns = append(ns, a.Name)
	}
	if len(ns) == 0 {
		return "none applies"
	}
	return strings.Join(ns, ", ")
}

func names() string {
	s := ""
	for i, a := range All() {
		if i > 0 {
			s += ", "
		}
		s += a.Name
	}
	return s
}

// Canonical returns in without what a's mapping ignores, so that
// instances differing only there are one mapping: Applied's, and always ta
// and tc (the execution model's times, which only a schedule reads).
func Canonical(in spec.Instance, a Algorithm) spec.Instance {
	in = Applied(in, a)
	in.Ta, in.Tc = 0, 0
	return in
}

// Applied returns in as a runs it, the instance its Result names: without
// seed, budget, moves, start and objective unless a is a Search.
func Applied(in spec.Instance, a Algorithm) spec.Instance {
	if !a.Search {
		in.Seed, in.Budget, in.Moves, in.Start, in.Objective = 0, 0, 0, "", ""
	}
	return in
}

// Ignored returns the names of the fields given in in (spec.Fields) that
// a does not read, which Applied drops, for a caller to say so.
func Ignored(in spec.Instance, a Algorithm) []string {
	given, kept := in.Query(), Applied(in, a).Query()
	var names []string
	for _, f := range spec.Fields {
		if given.Has(f.Name) && !kept.Has(f.Name) {
			names = append(names, f.Name)
		}
	}
	return names
}

// Result is a solved instance.
type Result struct {
	Instance  spec.Instance
	Algorithm Algorithm
	Mapping   *mapping.Mapping
	Metrics   metric.Metrics
	// Seconds is the mapper's run time (metrics excluded).
	Seconds float64
	// Pairs is set for a local search (PAIRS).
	Pairs *PairsRun
	// Partial marks the best placement a search had found when its
	// context ended (see Map).
	Partial bool
	// Allocation is the instance's allocation (nodes, ranks per node),
	// nil for the whole machine: the mapper placed the ranks on its
	// slots, and Mapping holds them on the whole machine (Allocation.Whole).
	Allocation *topology.Allocation
	// Baseline compares the hop-bytes with rank order's on the same
	// slots, the launchers' default (nil on a result read back from
	// before it existed).
	Baseline *metric.Baseline
	// Baselines are the launchers' default placements evaluated beside a
	// scored placement (Score); nil otherwise.
	Baselines []Entry
	// Note is what the mapper said about its answer, if anything (e.g.
	// that rank order beat its own placement and was answered instead).
	Note string
	// loads are the link loads of Mapping (LinkLoads), once counted.
	loads *linkCount
}

// linkCount is what metric.LinkLoads returns.
type linkCount struct {
	load []float64
	msgs []int32
	ok   bool
}

// LinkLoads returns metric.LinkLoads of r's mapping, counted once per
// result: those its metrics counted (Map), else counted on first use,
// which must not be concurrent. O(1) after that.
func (r *Result) LinkLoads() (load []float64, msgs []int32, ok bool) {
	if r.loads == nil {
		load, msgs, ok := metric.LinkLoads(r.Mapping)
		r.loads = &linkCount{load, msgs, ok}
	}
	return r.loads.load, r.loads.msgs, r.loads.ok
}

// ErrInternal marks a mapper that returned an invalid placement: a bug, not
// bad input.
var ErrInternal = errors.New("internal error (a bug in topomap)")

// Build constructs the guest and host of an instance.
func Build(in spec.Instance) (*guest.Graph, topology.Host, error) {
	g, err := in.Guest.Build()
	if err != nil {
		return nil, nil, &spec.FieldError{Field: "guest", Err: err}
	}
	if in.Host == nil {
		return nil, nil, &spec.FieldError{Field: "host", Err: errors.New("no host")}
	}
	return g, in.Host, nil
}

// Map solves an instance: checks it, builds guest and host, runs the mapper,
// validates its placement and evaluates the metrics. When ctx ends while an
// anytime algorithm runs, Map returns the best placement found so far as a
// Result with Partial set and all its metrics, together with the context's
// error: callers that only look at the error lose nothing, the others keep
// the best so far.
func Map(ctx context.Context, in spec.Instance, progress func(Progress)) (*Result, error) {
	a, alloc, err := check(in)
	if err != nil {
		return nil, err
	}
	g, h, err := Build(in)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	var run *PairsRun
	if a.Search {
		run = &PairsRun{}
	}
	var note string
	p := &Problem{Instance: in, Guest: g, Host: h, Progress: progress, Report: run, Note: &note}
	if alloc != nil {
		p.Instance.Host, p.Host = alloc.Host, alloc.Host
		p.Instance.Nodes, p.Instance.RanksPerNode, p.Instance.Names = "", 0, nil
	}
	place, err := a.Map(ctx, p)
	partial := err != nil && place != nil && ctx.Err() != nil
	if err != nil && !partial {
		return nil, err
	}
	secs := time.Since(start).Seconds()
	h, place = onWhole(alloc, h, place)
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrInternal, a.Name, err)
	}
	var bounds []metric.Bound
	if alloc == nil && p.bounds != nil {
		bounds = p.bounds
	}
	mt, load, msgs := metric.EvaluateLoads(metricsContext(ctx, partial), m, bounds)
	if alloc != nil { // its placements are on the allocated slots
		metric.OnAllocation(&mt, g, alloc.Host)
	}
	r := &Result{Instance: Applied(in, a), Algorithm: a, Mapping: m, Metrics: mt, Baseline: baselineOf(m, alloc, mt.HopBytes),
		Seconds: secs, Pairs: run, Partial: partial, Allocation: alloc, Note: note}
	if load != nil {
		r.loads = &linkCount{load, msgs, true}
	}
	return r, err
}

// metricsContext is the context of a result's metrics: ctx, but for a
// partial result, one that ctx's end does not stop, since a caller keeps
// it (a cancelled job, the browser's cancelled search) and its link
// figures must be counted, as its drawing counts them.
func metricsContext(ctx context.Context, partial bool) context.Context {
	if partial {
		return context.Background() // (WithoutCancel would link 1.4 KB more into the browser's build)
	}
	return ctx
}

// onWhole moves a placement on an allocation's slots to the whole
// machine's (with its ranks per node); without an allocation it returns
// h and place.
func onWhole(alloc *topology.Allocation, h topology.Host, place []int) (topology.Host, []int) {
	if alloc == nil {
		return h, place
	}
	for v, s := range place {
		place[v] = -1 // Validate refuses it
		if s >= 0 && s < alloc.Host.Size() {
			place[v] = alloc.Slot(s)
		}
	}
	return alloc.Whole, place
}
