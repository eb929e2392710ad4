package draw_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"topomap/web/draw"
)

// TestCaptionOfAGuestWithoutMessages: the title of a mapping whose guest
// sends nothing says so, as the reports do, rather than 0.0000 hops per
// byte (0/0 is not 0).
func TestCaptionOfAGuestWithoutMessages(t *testing.T) {
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, onHost(t, "grid:1x1", "mesh:1x1"), draw.Options{}); err != nil {
		t.Fatal(err)
	}
	text := plainText(buf.Bytes())
	if !strings.Contains(text, "grid:1x1 on mesh:1x1 by pairs: no messages, max dilation 0") || strings.Contains(text, "0.0000") {
		t.Errorf("caption: %s", text)
	}
}

// TestCaptionKeepsTheFigureWithItsUnit: where the title wraps, hops per
// byte stays on one line with its figure (a no-break space joins them).
func TestCaptionKeepsTheFigureWithItsUnit(t *testing.T) {
	var buf bytes.Buffer
	if err := draw.Mapping(&buf, onHost(t, "grid:32x16", "torus:16x32"), draw.Options{Width: 300}); err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`>[^<>]*[0-9]\x{00a0}hops/byte[^<>]*<`)
	if !re.Match(buf.Bytes()) {
		t.Errorf("no line holds a figure and its unit:\n%s", plainText(buf.Bytes()))
	}
}
