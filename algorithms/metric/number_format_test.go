package metric_test

import (
	"math"
	"testing"

	"topomap/algorithms/metric"
)

// TestNumberHasSeparatorsAndNoExponent: every figure people read has
// thousands separators and never scientific notation, whatever its size.
func TestNumberHasSeparatorsAndNoExponent(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{12, "12"},
		{999, "999"},
		{12290, "12,290"},
		{1e6, "1,000,000"},
		{1.7722368e+07, "17,722,368"},
		{1.34496e+06, "1,344,960"},
		{-1234567, "-1,234,567"},
		{12290.25, "12,290.2"},
		{1234.5678, "1,234.57"},
		{1.5, "1.5"},
		{0.5, "0.5"},
		{2.0 / 3, "0.666667"},
		{1.5e-7, "0.00000015"},
		{-0.25, "-0.25"},
		{1e21, "1,000,000,000,000,000,000,000"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "-∞"},
	} {
		if got := metric.Number(c.in); got != c.want {
			t.Errorf("Number(%g) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestRoundedKeepsSignificantDigits: brief labels round, still without
// an exponent.
func TestRoundedKeepsSignificantDigits(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0.000012345, "0.0000123"}, {12290, "12,300"}, {1.7722368e+07, "17,700,000"}, {2.5, "2.5"},
	} {
		if got := metric.Rounded(c.in, 3); got != c.want {
			t.Errorf("Rounded(%g, 3) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLinkLoadsShowFourSignificantDigits: a link load reads to four
// significant digits (the whole part always whole), with separators and
// the compact SI form, never with an exponent.
func TestLinkLoadsShowFourSignificantDigits(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{12.3456789, "12.35"}, {1234.5678, "1,235"}, {2, "2"}, {0.000123456, "0.0001235"}, {9.99996, "10"},
		{17722368, "17,722,368 (17.7 M)"}, {123456.789, "123,457 (123 k)"}, {1.5e21, "1,500,000,000,000,000,000,000 (1.5 Z)"},
	} {
		if got := metric.FormatLoad(c.in); got != c.want {
			t.Errorf("FormatLoad(%g) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestThousandsGroupsEveryInteger covers the ends of int.
func TestThousandsGroupsEveryInteger(t *testing.T) {
	for _, c := range []struct {
		in   int
		want string
	}{
		{0, "0"}, {-5, "-5"}, {1000, "1,000"}, {-12578816, "-12,578,816"},
		{math.MaxInt64, "9,223,372,036,854,775,807"}, {math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := metric.Thousands(c.in); got != c.want {
			t.Errorf("Thousands(%d) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestPluralAgreesWithTheCount: "1 hop", "2 hops", "1 vertex", "12,290
// vertices".
func TestPluralAgreesWithTheCount(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{metric.Plural(1, "hop"), "1 hop"}, {metric.Plural(0, "hop"), "0 hops"}, {metric.Plural(2, "hop"), "2 hops"},
		{metric.Plural(1, "vertex", "vertices"), "1 vertex"}, {metric.Plural(12290, "vertex", "vertices"), "12,290 vertices"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestRunTimeNeverReadsZero(t *testing.T) {
	for _, c := range []struct {
		sec  float64
		want string
	}{
		{0, "< 0.1 ms"},
		{0.00009, "< 0.1 ms"},
		{0.0001, "0.1 ms"},
		{0.000312, "0.312 ms"},
		{0.0184, "18.4 ms"},
		{1.84, "1.84 s"},
		{312.4, "312 s"},
		{1234.4, "1,234 s"},
	} {
		if got := metric.RunTime(c.sec); got != c.want {
			t.Errorf("RunTime(%v) = %q, want %q", c.sec, got, c.want)
		}
	}
}

// TestVolumeByHopsListsOnlyCountsTravelled: the volume-by-hops row leaves
// out the hop counts no message travels (a fat tree's odd ones) and never
// shows a travelled one as 0.0 %.
func TestVolumeByHopsListsOnlyCountsTravelled(t *testing.T) {
	for _, c := range []struct {
		hist []float64
		want string
	}{
		{[]float64{0, 4, 4}, "1: 50.0 %, 2: 50.0 %"},
		{[]float64{2, 0, 5, 0, 3}, "0: 20.0 %, 2: 50.0 %, 4: 30.0 %"},
		{[]float64{0, 9999, 0, 0, 0, 0, 0, 0, 1}, "1: 100.0 %, 8: < 0.1 %"},
	} {
		m := metric.Metrics{Arcs: 1, HopHistogram: c.hist}
		if got, _ := m.Value("hopHistogram"); got != c.want {
			t.Errorf("%v: %q, want %q", c.hist, got, c.want)
		}
	}
}

// TestFixed4ShowsNoNonZeroFigureAsZero: hops per byte, dilations and
// bounds read four decimals, but a positive figure that would round to
// 0.0000 keeps two significant digits (a graph of 2,000,001 bytes with
// one byte crossing a link: 5e-7 hops per byte), and a guest that sends
// nothing has no average dilation, as it has no hops per byte.
func TestFixed4ShowsNoNonZeroFigureAsZero(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0.0000"},
		{4095.9375, "4,095.9375"},
		{1.84, "1.8400"},
		{0.00005, "0.0001"},
		{0.0000499, "0.00005"},
		{1.0 / 2000001, "0.0000005"},
		{1.5e-9, "0.0000000015"},
		{math.NaN(), "NaN"},
	} {
		if got := metric.Fixed4(c.in); got != c.want {
			t.Errorf("Fixed4(%g) = %q, want %q", c.in, got, c.want)
		}
	}
	m := metric.Metrics{HopBytes: 1, HopsPerByte: 1.0 / 2000001, Arcs: 3, AvgDilation: 1.0 / 3, LowerBound: 1.0 / 2000001}
	for key, want := range map[string]string{"hopsPerByte": "0.0000005", "lowerBound": "0.0000005", "avgDilation": "0.3333"} {
		if got, ok := m.Value(key); !ok || got != want {
			t.Errorf("%s: %q, %v; want %q", key, got, ok, want)
		}
	}
	for _, key := range []string{"hopsPerByte", "avgDilation"} {
		if got, ok := (metric.Metrics{}).Value(key); ok || got != "no messages" {
			t.Errorf("%s without messages: %q, %v; want no messages", key, got, ok)
		}
	}
}
