package graphmap

import "context"

// progressKey is the context key of a progress report (WithProgress).
type progressKey struct{}

// WithProgress returns ctx carrying report, which the mappers of this
// package (Bipartition, Multisection, Greedy) called with the returned
// context call from their own goroutine with the share of their work
// done, in (0, 1], nondecreasing, each time it has grown by a thousandth
// or more: a mapper of a million vertices runs for seconds to minutes.
// As net/http/httptrace hooks a request, the report rides the context so
// that the mappers keep one signature.
//
// The share counts units of work that each mapper defines: Greedy its
// vertices placed; Bipartition, for each level of its bisections, the
// vertices of the parts it cut, against n times the levels a host of its
// size needs; Multisection likewise, per level of the host's groups. It
// is an estimate of the time, not a promise: a level's cuts do not all
// cost the same.
func WithProgress(ctx context.Context, report func(done float64)) context.Context {
	return context.WithValue(ctx, progressKey{}, report)
}

// progress counts a mapper's units of work against its total and reports
// their share (WithProgress). A nil *progress counts nothing.
type progress struct {
	report      func(float64)
	total, done float64
	last        float64 // the share last reported
}

// newProgress returns the count of a run of total units of work, or nil
// if ctx carries no report.
func newProgress(ctx context.Context, total float64) *progress {
	report, _ := ctx.Value(progressKey{}).(func(float64))
	if report == nil || total <= 0 {
		return nil
	}
	return &progress{report: report, total: total}
}

// add counts units more work done and reports the share when it has grown
// by a thousandth since the last report.
func (p *progress) add(units float64) {
	if p != nil {
		p.reach(p.done + units)
	}
}

// reach counts the work done up to units at least, where the units
// counted fell short of an estimate (a run's end), and reports the share
// as add does.
func (p *progress) reach(units float64) {
	if p == nil {
		return
	}
	p.done = max(p.done, units)
	if f := min(1, p.done/p.total); f-p.last >= 1e-3 || f == 1 && p.last < 1 {
		p.last = f
		p.report(f)
	}
}
