package numtext

import (
	"fmt"
	"math"
	"testing"
)

// TestThousandsSeparatesEveryThreeDigits: whole numbers read with a comma
// between each group of three digits, signs kept, the extremes included.
func TestThousandsSeparatesEveryThreeDigits(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0"},
		{7, "7"},
		{999, "999"},
		{1000, "1,000"},
		{-1000, "-1,000"},
		{1024, "1,024"},
		{1 << 24, "16,777,216"},
		{1 << 26, "67,108,864"},
		{-123456789, "-123,456,789"},
		{math.MaxInt64, "9,223,372,036,854,775,807"},
		{math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := Thousands(tt.n); got != tt.want {
			t.Errorf("Thousands(%d) = %q, want %q", tt.n, got, tt.want)
		}
		if tt.n == int64(int32(tt.n)) {
			if got := Thousands(int32(tt.n)); got != tt.want {
				t.Errorf("Thousands(int32(%d)) = %q, want %q", tt.n, got, tt.want)
			}
		}
	}
}

func TestGroupSeparatesDigitStrings(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""}, {"1", "1"}, {"123", "123"}, {"1234", "1,234"}, {"123456", "123,456"}, {"1234567", "1,234,567"},
	} {
		if got := Group(tt.in); got != tt.want {
			t.Errorf("Group(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCountFormatsAsThousands: a Count passed to fmt reads as Thousands
// does, with %s and %v alike (messages pass it where they passed the
// string).
func TestCountFormatsAsThousands(t *testing.T) {
	for _, verb := range []string{"%s", "%v"} {
		if got := fmt.Sprintf("more than "+verb+" slots", Count(67108864)); got != "more than 67,108,864 slots" {
			t.Errorf("%s: %q", verb, got)
		}
	}
}

// TestFiguresReadForPeople: the figures of the graph and machine file
// readers' messages and of metric's tables read as metric documents them:
// six significant digits, never scientific notation, the SI form from
// 100,000 on, counts of things with their plural.
func TestFiguresReadForPeople(t *testing.T) {
	for _, tt := range []struct{ got, want string }{
		{Number(17722368), "17,722,368"},
		{Number(12290.25), "12,290.2"},
		{Number(1.5e-7), "0.00000015"},
		{Number(1e24), "1,000,000,000,000,000,000,000,000"},
		{Number(math.Inf(-1)), "-∞"},
		{Significant(0.012345, 2), "0.012"},
		{Rounded(12290, 3), "12,300"},
		{Fixed(4095.9375, 4), "4,095.9375"},
		{Fixed4(5e-7), "0.0000005"},
		{SI(17722368), "17,722,368 (17.7 M)"},
		{SI(12290), "12,290"},
		{SIDigits(12.345678, 4), "12.35"},
		{Bytes(16777216), "16,777,216 B (16.8 MB)"},
		{Bytes(65536), "65,536 B"},
		{Plural(1, "arc"), "1 arc"},
		{Plural(1024, "arc"), "1,024 arcs"},
		{Plural(2, "vertex", "vertices"), "2 vertices"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q, want %q", tt.got, tt.want)
		}
	}
}
