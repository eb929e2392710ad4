package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestSyncPairsReproducible (issue 14): a synchronous PAIRS request with a
// budget far shorter than its planned moves take (1 ms) answers the same
// bytes every time, whatever the machine's load; the clock used to cut
// the run at the budget, after however many moves it had made. A request
// that the synchronous deadline ends gets the usual 503 naming the time
// limit, never a shorter run's result.
func TestSyncPairsReproducible(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	body := `{"guest":"grid:40x30","host":"mesh:20x60","algo":"pairs","start":"rowmajor","seed":2,"budget":"1ms"}`
	var first string
	for i := range 2 {
		rec := f.do(t, "POST", "/api/v1/map", body)
		if rec.Code != http.StatusOK {
			t.Fatalf("run %d: %d %s", i, rec.Code, rec.Body)
		}
		if i == 0 {
			first = rec.Body.String()
		} else if rec.Body.String() != first {
			t.Fatalf("run %d differs:\n%.300s\nvs\n%.300s", i, rec.Body, first)
		}
	}
	var rep struct {
		Pairs struct {
			Moves     int64
			Converged bool
		}
	}
	if err := json.Unmarshal([]byte(first), &rep); err != nil || rep.Pairs.Moves < 1_000_000 || !rep.Pairs.Converged {
		t.Fatalf("pairs report %+v (%v): want a run to its stopping rule (1.8M moves)", rep.Pairs, err)
	}

	short := newFixture(t, jobs.Options{}, server.Options{SyncTimeout: 20 * time.Millisecond})
	rec := short.do(t, "POST", "/api/v1/map", body)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "synchronous time limit") {
		t.Fatalf("past the deadline: %d %s, want 503 naming the time limit", rec.Code, rec.Body)
	}
}
