package spec_test

import (
	"strings"
	"testing"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
)

// TestParseTimeTakesZeroOrASaneRange: a model time (ta, tc) is 0 or
// from 0.000000001 to 1,000,000,000; subnormal and other absurdly small
// values, which would print as hundreds of digits, and huge ones are
// refused with the range, as the API, permalinks and the CLI read them.
func TestParseTimeTakesZeroOrASaneRange(t *testing.T) {
	const rangeText = "want 0 or a number from 0.000000001 to 1,000,000,000 (any unit, the same for ta and tc)"
	for _, tt := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0", 0, true},
		{"-0", 0, true},
		{"1", 1, true},
		{"0.5", 0.5, true},
		{"1e-9", 1e-9, true},
		{"0.000000001", 1e-9, true},
		{"1e9", 1e9, true},
		{"1000000000", 1e9, true},
		{"1e-320", 0, false}, // subnormal
		{"5e-324", 0, false}, // the least subnormal
		{"2.2250738585072014e-308", 0, false},
		{"9.99e-10", 0, false},
		{"1000000001", 0, false},
		{"1e10", 0, false},
		{"1.8e308", 0, false},
		{"-1e-320", 0, false},
		{"-1", 0, false},
		{"NaN", 0, false},
		{"inf", 0, false},
		{"", 0, false},
	} {
		v, err := spec.ParseTime("ta", tt.in)
		switch {
		case tt.ok && (err != nil || v != tt.want):
			t.Errorf("ParseTime(%q) = %v, %v, want %v", tt.in, v, err, tt.want)
		case !tt.ok && err == nil:
			t.Errorf("ParseTime(%q) = %v, want it refused", tt.in, v)
		case !tt.ok:
			checkErr(t, err, `ta "`+tt.in+`": `+rangeText)
			if spec.FieldOf(err) != "ta" {
				t.Errorf("ParseTime(%q): error on field %q, want ta", tt.in, spec.FieldOf(err))
			}
		}
		if err == nil && v != 0 && len(metric.Number(v)) > 20 {
			t.Errorf("ParseTime(%q) = %v, which reads as %d characters", tt.in, v, len(metric.Number(v)))
		}
	}
	if spec.MinTime != 1e-9 || spec.MaxTime != 1e9 || !strings.HasPrefix(rangeText, "want "+spec.TimeRange) {
		t.Errorf("TimeRange %q does not say [%v, %v]", spec.TimeRange, spec.MinTime, spec.MaxTime)
	}
}
