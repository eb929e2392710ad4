package pgstore

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestTheSweepRecountsTheTotalOnceAnHour: the sweep's recount corrects a
// total that is off and says so in the log, then waits recountEvery
// before it reads every row again.
func TestTheSweepRecountsTheTotalOnceAnHour(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t)
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	skew := func(d int64) {
		if _, err := db.pool.Exec(ctx, "UPDATE topomap_bytes SET bytes = bytes + $1 WHERE slot = 3", d); err != nil {
			t.Fatal(err)
		}
	}
	var c recounter
	now := time.Date(2026, 12, 7, 8, 0, 0, 0, time.UTC)
	for _, step := range []struct {
		after time.Duration
		fixed bool
	}{{0, true}, {recountEvery / 2, false}, {recountEvery, true}} {
		skew(1000)
		logged.Reset()
		if err := c.recountDue(ctx, db, now.Add(step.after), log); err != nil {
			t.Fatal(err)
		}
		total, err := totalBytes(ctx, db.pool)
		if err != nil {
			t.Fatal(err)
		}
		if fixed := total == 0; fixed != step.fixed || fixed != strings.Contains(logged.String(), "drift=-1000") {
			t.Errorf("%v after the first: total %d, log %q; want it recounted: %v", step.after, total, logged.String(), step.fixed)
		}
		if !step.fixed {
			skew(-1000)
		}
	}
}
