package solve

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// Entry is one algorithm's outcome in a comparison: its metrics and run
// time, or the error it returned. The JSON form is the element of
// `topomap compare --format json` and of the API's comparison.
type Entry struct {
	Algo string `json:"algo"`
	// Metrics is nil when the algorithm failed.
	Metrics *metric.Metrics `json:"metrics,omitempty"`
	// Baseline compares the hop-bytes with rank order's (nil when the
	// algorithm failed).
	Baseline *metric.Baseline `json:"baseline,omitempty"`
	// Seconds is the mapper's run time, metrics excluded.
	Seconds float64 `json:"seconds"`
	Error   string  `json:"error,omitempty"`
	// Partial marks the entry of an anytime search that the end of ctx
	// interrupted: its metrics are those of the best mapping it had.
	Partial bool `json:"partial,omitempty"`
}

// CompareOptions are the hooks of a comparison; its parameters are those
// of the instance compared. The zero value calls none.
type CompareOptions struct {
	// Progress, if set, receives the progress of each algorithm by name.
	Progress func(algo string, p Progress)
	// Done, if set, is called after each algorithm with its entry, its
	// index and the number of algorithms.
	Done func(e Entry, i, total int)
}

// Compare runs every algorithm that applies to in's guest on its host
// (Applicable), in listing order, one after the other so that their times
// compare, each with in's parameters (its algorithm aside: the seed, the
// budget, moves and objective of the local searches, and the start, which
// every algorithm but the start itself receives and which must name an
// equal-size algorithm that applies), and returns their entries (the Figure 9.7 table of Bhatele 2010 for any
// configuration). An algorithm's failure is kept in its entry; Compare
// fails only when no algorithm applies, the instance is invalid, or ctx
// ends (then it returns the entries so far with ctx's error, the last one
// Partial if the interrupted algorithm kept its best mapping). Time: the
// sum of the algorithms' times plus O(arcs·c) per algorithm for metrics.
func Compare(ctx context.Context, in spec.Instance, opts CompareOptions) ([]Entry, error) {
	algos, err := comparedAlgorithms(in)
	if err != nil {
		return nil, err
	}
	entries := make([]Entry, 0, len(algos))
	for i, a := range algos {
		r, err := Map(ctx, comparedRun(in, a.Name), opts.progress(a.Name))
		if ctx.Err() != nil && (r == nil || !r.Partial) {
			return entries, ctx.Err()
		}
		e := newEntry(a.Name, r, err)
		entries = append(entries, e)
		if opts.Done != nil {
			opts.Done(e, i, len(algos))
		}
		if e.Partial {
			return entries, ctx.Err()
		}
	}
	return entries, nil
}

// comparedAlgorithms returns the algorithms that Compare runs on in,
// those that apply to its guest on its host (or its allocated slots),
// once it has checked the instance and that the start is one of them.
func comparedAlgorithms(in spec.Instance) ([]Algorithm, error) {
	g, h := in.Guest, in.Host
	if _, _, err := Build(spec.Instance{Guest: g, Host: h}); err != nil {
		return nil, err
	}
	alloc, err := allocation(in)
	if err != nil {
		return nil, err
	}
	if alloc != nil {
		h = alloc.Host // the algorithms that apply to the allocated slots
	}
	algos := Applicable(g, h)
	if in.Start != "" {
		s, ok := Lookup(in.Start)
		if !ok || s.LargerHost || !slices.ContainsFunc(algos, func(a Algorithm) bool { return a.Name == s.Name }) {
			return nil, &spec.FieldError{Field: "start", Err: fmt.Errorf("start %q is not an algorithm that maps %s onto %s", in.Start, g, h)}
		}
	}
	if len(algos) == 0 {
		err := NoneApplies(in)
		if spec.FieldOf(err) == "" {
			err = &spec.FieldError{Field: "host", Err: err}
		}
		return nil, err
	}
	return algos, nil
}

// comparedRun returns in set to run algorithm algo, without a start when
// algo is the start itself.
func comparedRun(in spec.Instance, algo string) spec.Instance {
	in.Algo = algo
	if in.Start == algo {
		in.Start = ""
	}
	return in
}

// progress returns the hook that passes algorithm algo's progress to
// o.Progress with its name, or nil when o.Progress is not set.
func (o CompareOptions) progress(algo string) func(Progress) {
	if o.Progress == nil {
		return nil
	}
	return func(p Progress) { o.Progress(algo, p) }
}

// newEntry returns algorithm algo's entry: the metrics and run time of
// its result r, or the error err when it has none.
func newEntry(algo string, r *Result, err error) Entry {
	e := Entry{Algo: algo}
	if r != nil {
		e.Metrics, e.Baseline, e.Seconds, e.Partial = &r.Metrics, r.Baseline, r.Seconds, r.Partial
	} else {
		e.Error = err.Error()
	}
	return e
}

// Comparison is the outcome of the compare use case: every applicable
// algorithm's entry and the lower bounds they compare against.
type Comparison struct {
	Entries []Entry
	Bounds  []metric.Bound
}

// CompareInstance is the compare use case, as the CLI, the server and the
// pages run it: Compare, then Bounds.
// On a cancelled ctx it returns the entries so far and the bounds with
// ctx's error.
func CompareInstance(ctx context.Context, in spec.Instance, opts CompareOptions) (*Comparison, error) {
	entries, err := Compare(ctx, in, opts)
	c := &Comparison{Entries: entries}
	if err != nil && ctx.Err() == nil {
		return c, err
	}
	h := in.Host
	if alloc, aerr := allocation(in); aerr == nil && alloc != nil {
		h = alloc.Host // bounds over the mappings onto the allocated slots
	}
	bounds, berr := Bounds(in.Guest, h)
	if berr != nil {
		return nil, berr
	}
	c.Bounds = bounds
	return c, err
}

// Bounds returns the lower bounds on hops per byte for mapping g onto h
// (metric.Bounds), the ones valid for every mapping first.
func Bounds(g spec.Guest, h topology.Host) ([]metric.Bound, error) {
	gg, hh, err := Build(spec.Instance{Guest: g, Host: h})
	if err != nil {
		return nil, err
	}
	return metric.Bounds(gg, hh), nil
}

// NoneApplies says why no algorithm maps in's guest onto its host (the
// allocated nodes, if in gives an allocation): their sizes, as a
// FieldError, when some algorithm refuses them for that (that the host is
// too small, if one that takes larger hosts does), else that none
// applies. O(algorithms).
func NoneApplies(in spec.Instance) error {
	var sizes error
	for _, a := range All() {
		in.Algo = a.Name
		if _, err := Check(in); !errors.Is(err, ErrSizes) {
			continue
		} else if a.LargerHost {
			return err
		} else if sizes == nil {
			sizes = err
		}
	}
	if sizes != nil {
		return sizes
	}
	return fmt.Errorf("no algorithm maps %s onto %s", in.Guest, in.Host)
}
