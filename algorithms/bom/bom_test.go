package bom_test

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"topomap/algorithms/bom"
)

// skipCases: one leading mark is skipped, a second one or one further
// on is text.
var skipCases = []struct{ name, in, want string }{
	{"no mark", "pack:2 core:2", "pack:2 core:2"},
	{"leading mark", "\ufeffpack:2 core:2", "pack:2 core:2"},
	{"two marks", "\ufeff\ufeffx", "\ufeffx"},
	{"mark further on", "x\ufeff", "x\ufeff"},
	{"mark alone", "\ufeff", ""},
	{"start of a mark", "\xef\xbb", "\xef\xbb"},
	{"empty", "", ""},
}

// TestTrimSkipsOneLeadingMark: Trim drops one leading byte order mark.
func TestTrimSkipsOneLeadingMark(t *testing.T) {
	for _, c := range skipCases {
		if got := string(bom.Trim([]byte(c.in))); got != c.want {
			t.Errorf("%s: Trim(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// TestSkipReadsPastOneLeadingMark: after Skip, a reader reads what Trim
// leaves.
func TestSkipReadsPastOneLeadingMark(t *testing.T) {
	for _, c := range skipCases {
		br := bufio.NewReader(strings.NewReader(c.in))
		bom.Skip(br)
		got, err := io.ReadAll(br)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: read %q after Skip (%v), want %q", c.name, got, err, c.want)
		}
	}
}
