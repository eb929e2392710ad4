package web

import (
	"strings"
	"testing"
)

func TestCellsBreakOnlyBetweenFigures(t *testing.T) {
	const nb = "\u00a0"
	for _, c := range []struct{ in, want string }{
		{"1: 77.2 %, 2: 16.5 %, 3: 6.3 %", "1:" + nb + "77.2" + nb + "%, 2:" + nb + "16.5" + nb + "%, 3:" + nb + "6.3" + nb + "%"},
		{"map < 0.1 ms, draw 0.669 ms", "map <" + nb + "0.1" + nb + "ms, draw 0.669" + nb + "ms"},
		{"−63.6 % hop-bytes vs rank order (identity: 900)", "−63.6" + nb + "% hop-bytes vs rank order (identity: 900)"},
		{"120,792 (121 k)", "120,792 (121" + nb + "k)"},
		{"1.25 s", "1.25" + nb + "s"},
		{"made 2 swaps in 3 rounds", "made 2 swaps in 3 rounds"},
		{"222 of 252", "222 of 252"},
		{"~1.48 ~1.10", "~1.48 ~1.10"},
	} {
		if got := unbroken(c.in); got != c.want {
			t.Errorf("unbroken(%q) = %q, want %q", c.in, got, c.want)
		}
		if plain := strings.ReplaceAll(unbroken(c.in), nb, " "); plain != c.in {
			t.Errorf("unbroken(%q) changed more than spaces: %q", c.in, plain)
		}
	}
}
