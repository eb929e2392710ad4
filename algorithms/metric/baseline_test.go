package metric_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"topomap/algorithms/metric"
)

// TestChangePercent: the change from a baseline is signed, with a true
// minus sign and one decimal; 0 → 0 is no change, 0 → more has no ratio.
func TestChangePercent(t *testing.T) {
	for _, tt := range []struct {
		v, base float64
		ok      bool
		percent string
	}{
		{88, 120, true, "−26.7 %"}, // grid:4x4 on ring:16 by rb against rank order
		{126, 120, true, "+5.0 %"},
		{120, 120, true, "0.0 %"},
		{119.99, 120, true, "0.0 %"}, // −0.008 % rounds to no change, unsigned
		{0, 120, true, "−100.0 %"},
		{2400, 120, true, "+1,900.0 %"},
		{0, 0, true, "0.0 %"},
		{5, 0, false, ""},
	} {
		c, ok := metric.Change(tt.v, tt.base)
		if ok != tt.ok || ok && metric.Percent(c) != tt.percent {
			t.Errorf("%v from %v: %v %v (%q), want %v %q", tt.v, tt.base, c, ok, metric.Percent(c), tt.ok, tt.percent)
		}
	}
}

// TestBaselineText: the sentence of a result's baseline, rank order's
// hop-bytes written as every hop-bytes figure is (with the SI form from
// 100,000 on), and the one without a ratio.
func TestBaselineText(t *testing.T) {
	for _, tt := range []struct {
		hopBytes, base float64
		want           string
	}{
		{88, 120, "−26.7 % hop-bytes vs rank order (identity: 120)"},
		{99999, 99999, "0.0 % hop-bytes vs rank order (identity: 99,999)"},
		{1234567, 1234567, "0.0 % hop-bytes vs rank order (identity: 1,234,567 (1.23 M))"},
		{67100672, 72666512, "−7.7 % hop-bytes vs rank order (identity: 72,666,512 (72.7 M))"},
		{4, 0, "rank order (identity) has 0 hop-bytes, this mapping more"},
	} {
		b := metric.NewBaseline("identity", tt.hopBytes, tt.base, 48)
		if got := b.Text(); got != tt.want || b.HopsPerByte == nil || *b.HopsPerByte != tt.base/48 {
			t.Errorf("%v against %v: %q, want %q", tt.hopBytes, tt.base, got, tt.want)
		}
	}
}

// TestBaselineWithoutMessages: rank order of a guest that sends nothing
// has no hops per byte (null in JSON, as the metrics'), not 0.
func TestBaselineWithoutMessages(t *testing.T) {
	b, err := json.Marshal(metric.NewBaseline("identity", 0, 0, 0))
	if err != nil || !strings.Contains(string(b), `"hopsPerByte":null`) || !strings.Contains(string(b), `"change":0`) {
		t.Fatalf("%s, %v: want hopsPerByte null and change 0", b, err)
	}
}

// A mapping of grid:4x4 on ring:16 with 88 hop-bytes, against rank
// order's 120 (2.5 hops per byte over 48 bytes).
func ExampleNewBaseline() {
	b := metric.NewBaseline("identity", 88, 120, 48)
	fmt.Println(b.Text())
	fmt.Printf("%.4f\n", *b.Change)
	// Output:
	// −26.7 % hop-bytes vs rank order (identity: 120)
	// -0.2667
}
