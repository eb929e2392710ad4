package jobs

import (
	"context"
	"sync"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// clockEvery is how often a running job's progress is reported again,
// its elapsed time brought up to date, while its solver reports none (rb
// reports nothing for its whole run).
const clockEvery = time.Second

// MapTimed runs the solver's Map with progress, which also receives, every
// clockEvery that passes without a report, the last report (the zero one
// before the first) with its elapsed time brought up to date: the
// solver's own clock after its first report, the time since MapTimed was
// called before. progress is never called concurrently, nor after
// MapTimed returns. Every Service runs its jobs with it.
func (s Solver) MapTimed(ctx context.Context, in spec.Instance, progress func(solve.Progress)) (*solve.Result, error) {
	var mu sync.Mutex
	var last solve.Progress
	start := time.Now()
	at := start // of the last report, or the start
	report := func(p solve.Progress) {
		mu.Lock()
		defer mu.Unlock()
		last, at = p, time.Now()
		progress(p)
	}
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(clockEvery)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
			}
			mu.Lock()
			if now := time.Now(); now.Sub(at) >= clockEvery {
				last.Elapsed += now.Sub(at)
				at = now
				progress(last)
			}
			mu.Unlock()
		}
	}()
	defer func() { close(stop); <-stopped }()
	return s.Map(ctx, in, report)
}
