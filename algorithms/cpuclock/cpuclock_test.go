package cpuclock_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
)

// spin burns CPU until ctx ends and returns how many rounds it made.
func spin(ctx context.Context) int {
	n := 0
	for ctx.Err() == nil {
		x := 1
		for i := 0; i < 1000; i++ {
			x = x*31 + i
		}
		n += x & 1
	}
	return n
}

// TestContextEndsWhenTheBudgetIsSpent: a busy loop under a 50 ms CPU
// budget stops once the process has spent it (and not much more), with
// DeadlineExceeded as the cause.
func TestContextEndsWhenTheBudgetIsSpent(t *testing.T) {
	const budget = 50 * time.Millisecond
	start := cpuclock.Used()
	ctx, cancel := cpuclock.Context(context.Background(), budget)
	defer cancel()
	spin(ctx)
	used := cpuclock.Since(start)
	if used < budget || used > 10*budget {
		t.Errorf("spent %v of CPU under a %v budget", used, budget)
	}
	if !errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
		t.Errorf("cause %v, want DeadlineExceeded", context.Cause(ctx))
	}
}

// TestContextIdleSpendsNoBudget: a context nobody works under does not
// end by itself: waiting is not spending.
func TestContextIdleSpendsNoBudget(t *testing.T) {
	ctx, cancel := cpuclock.Context(context.Background(), time.Second)
	select {
	case <-ctx.Done():
		t.Fatal("ended while the process was idle")
	case <-time.After(30 * time.Millisecond):
	}
	cancel()
	if !errors.Is(context.Cause(ctx), context.Canceled) {
		t.Errorf("cause %v after cancel, want Canceled", context.Cause(ctx))
	}
}
