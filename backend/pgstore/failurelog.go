package pgstore

import (
	"log/slog"
	"slices"
	"time"
)

// progressLogEvery is the least time between two logged failures to write
// a job's progress, or to reconnect the job-state listener: while the
// database is down, the writer fails at every report (10 a second), the
// listener at every try (one a second).
const progressLogEvery = 10 * time.Second

// failureLog rate-limits the warnings of a write that keeps failing while
// the database is down: the first failure is logged, then at most one
// every `every`, with the count of those left out since the last logged,
// and the first success after failures is logged too. Not safe for
// concurrent use.
type failureLog struct {
	log   *slog.Logger
	msg   string
	attrs []any // of every line: the job's id
	every time.Duration
	now   func() time.Time

	failures   int       // since the last success
	suppressed int       // failures left out since the last logged
	logged     time.Time // when the last failure was logged
}

// progressFailures is the failureLog of a job's progress writes.
func (s *Service) progressFailures(id string) *failureLog {
	return &failureLog{log: s.o.Logger, msg: "pgstore: writing a job's progress", attrs: []any{"id", id}, every: progressLogEvery, now: time.Now}
}

// report records the outcome of one write, err nil for a success, and
// logs it if it is due.
func (l *failureLog) report(err error) {
	if err == nil {
		if l.failures > 0 {
			l.log.Info(l.msg+" succeeds again", slices.Concat(l.attrs, []any{"failures", l.failures})...)
		}
		l.failures, l.suppressed = 0, 0
		return
	}
	l.failures++
	now := l.now()
	if l.failures > 1 && now.Sub(l.logged) < l.every {
		l.suppressed++
		return
	}
	l.log.Warn(l.msg, slices.Concat(l.attrs, []any{"err", err, "suppressed", l.suppressed})...)
	l.logged, l.suppressed = now, 0
}
