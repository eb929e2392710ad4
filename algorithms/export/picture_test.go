package export_test

import (
	"strconv"
	"strings"
	"testing"
)

// TestTextPictureFitsATerminal: the text report's placement picture keeps
// its lines short: a ring's nodes 16 a line, each line led by its first
// node (ring:4096's was one line of 20,480 columns), and a 2-D host too
// wide for a row (mesh:2048x2) lists coordinates. Read back, the rows
// are the placement.
func TestTextPictureFitsATerminal(t *testing.T) {
	place := make([]int, 4096)
	for v := range place {
		place[v] = (v * 7) % 4096 // vertex v on node 7v mod 4096
	}
	for _, host := range []string{"ring:4096", "mesh:2048x2"} {
		text := write(t, "text", result(t, "hypercube:12", host, "mine", place))
		picture := text[strings.Index(text, "\nplacement")+1:]
		for _, line := range strings.Split(picture, "\n") {
			if len(line) > 330 {
				t.Fatalf("%s: a line of %d columns: %.60s…", host, len(line), line)
			}
		}
		if host == "ring:4096" {
			checkRows(t, picture, place)
		}
	}
}

// checkRows reads a 1-D picture's rows back ("first node | vertices")
// and compares them with place.
func checkRows(t *testing.T, picture string, place []int) {
	t.Helper()
	onNode := make([]int, len(place))
	lines := strings.Split(strings.TrimSpace(picture), "\n")[1:]
	for i, line := range lines {
		first, cells, ok := strings.Cut(line, "|")
		if n, err := strconv.Atoi(strings.TrimSpace(first)); !ok || err != nil || n != 16*i {
			t.Fatalf("line %d %q: want it led by node %d", i, line, 16*i)
		}
		for j, f := range strings.Fields(cells) {
			onNode[16*i+j], _ = strconv.Atoi(f)
		}
	}
	for v, h := range place {
		if onNode[h] != v {
			t.Fatalf("node %d holds %d in the picture, want %d (%d lines)", h, onNode[h], v, len(lines))
		}
	}
}
