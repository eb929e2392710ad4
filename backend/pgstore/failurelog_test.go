package pgstore

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// TestFailureLogLogsTheFirstFailureThenOneAnIntervalAndTheRecovery: a
// write failing ten times a second logs its first failure, then one every
// interval with the count left out, and the first success after them.
func TestFailureLogLogsTheFirstFailureThenOneAnIntervalAndTheRecovery(t *testing.T) {
	down := errors.New("dial tcp: connection refused")
	for _, c := range []struct {
		name    string
		outcome []error // one write every 100 ms
		want    []string
	}{
		{"successes only", []error{nil, nil}, nil},
		{"one failure", []error{down, nil}, []string{
			`level=WARN msg="pgstore: writing a job's progress" id=j err="dial tcp: connection refused" suppressed=0`,
			`level=INFO msg="pgstore: writing a job's progress succeeds again" id=j failures=1`,
		}},
		{"a 2.5 s outage", repeat(down, 25), []string{
			`level=WARN msg="pgstore: writing a job's progress" id=j err="dial tcp: connection refused" suppressed=0`,
			`level=WARN msg="pgstore: writing a job's progress" id=j err="dial tcp: connection refused" suppressed=9`,
			`level=WARN msg="pgstore: writing a job's progress" id=j err="dial tcp: connection refused" suppressed=9`,
		}},
		{"two outages", append(append(repeat(down, 3), nil), down), []string{
			`level=WARN msg="pgstore: writing a job's progress" id=j err="dial tcp: connection refused" suppressed=0`,
			`level=INFO msg="pgstore: writing a job's progress succeeds again" id=j failures=3`,
			`level=WARN msg="pgstore: writing a job's progress" id=j err="dial tcp: connection refused" suppressed=0`,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			noTime := func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			}
			clock := time.Unix(0, 0)
			l := &failureLog{log: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: noTime})),
				msg: "pgstore: writing a job's progress", attrs: []any{"id", "j"}, every: time.Second, now: func() time.Time { return clock }}
			for _, err := range c.outcome {
				l.report(err)
				clock = clock.Add(100 * time.Millisecond)
			}
			if got, want := strings.TrimSpace(buf.String()), strings.Join(c.want, "\n"); got != want {
				t.Errorf("logged:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func repeat(err error, n int) []error {
	errs := make([]error, n)
	for i := range errs {
		errs[i] = err
	}
	return errs
}
