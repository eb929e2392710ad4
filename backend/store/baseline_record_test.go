package store_test

import (
	"encoding/json"
	"strings"
	"testing"

	"topomap/algorithms/metric"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// TestJobRecordKeepsBaseline: a done job's comparison with rank order
// outlives a restart (the record keeps it under "baseline"), and a record
// written before it existed reads back without one.
func TestJobRecordKeepsBaseline(t *testing.T) {
	id := strings.Repeat("b", jobs.IDLen)
	j := jobs.Job{ID: id, Status: jobs.Done, Metrics: &metric.Metrics{HopBytes: 88}, Baseline: metric.NewBaseline("identity", 88, 120, 48)}
	b, err := store.EncodeJob(j)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"baseline":{"algo":"identity","hopBytes":120,"hopsPerByte":2.5,"change":-0.26666666666666666}`) {
		t.Errorf("record %s, want its baseline", b)
	}
	back, err := store.DecodeJob(b)
	if err != nil || back.Baseline == nil || back.Baseline.Text() != j.Baseline.Text() {
		t.Fatalf("read back: %+v, %v", back.Baseline, err)
	}
	var old map[string]any
	json.Unmarshal(b, &old)
	delete(old, "baseline")
	b, _ = json.Marshal(old)
	if back, err = store.DecodeJob(b); err != nil || back.Baseline != nil {
		t.Errorf("a record without a baseline: %+v, %v", back.Baseline, err)
	}
}
