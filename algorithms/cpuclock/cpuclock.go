package cpuclock

import (
	"context"
	"time"
)

// poll is how often Context reads the process's CPU time.
const poll = 2 * time.Millisecond

// Since returns the CPU time the process has spent since start, a value
// of Used.
func Since(start time.Duration) time.Duration { return Used() - start }

// Context returns a context cancelled once the process has spent budget
// of CPU time from now, or when parent ends, or when cancel is called.
// Once the budget is spent its error is context.Canceled, and its cause
// (context.Cause) is context.DeadlineExceeded.
func Context(parent context.Context, budget time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	start := Used()
	go func() {
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if Since(start) >= budget {
					cancel(context.DeadlineExceeded)
					return
				}
			}
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}
