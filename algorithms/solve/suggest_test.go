package solve_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// TestSuggestWithinBrowserCaps: the suggested method is PAIRS while the
// browser may search (up to 16,384 vertices and slots), rb up to 65,536,
// and above that PAIRS as a server job; the reason names the sizes and
// the cap. A guest larger than its host gets the sizes' error.
func TestSuggestWithinBrowserCaps(t *testing.T) {
	for _, tt := range []struct {
		guest, host string
		algo        string
		job         bool
		reason      []string
	}{
		{"grid:4x4", "ring:16", "pairs", false, []string{"16 vertices on 16 slots", "rb, ", "identity", "16,384"}},
		{"grid:4x4", "torus:8x8:cores=4", "pairs", false, []string{"16 vertices on 256 slots", "block", "cyclic"}},
		{"grid:128x128", "torus:128x128", "pairs", false, []string{"16,384 vertices"}},
		{"grid:128x129", "torus:128x129", "rb", false, []string{"16,512 vertices", "server job"}},
		{"grid:256x256", "torus:256x256", "rb", false, []string{"65,536 vertices"}},
		{"grid:64x64", "torus:128x128x8", "pairs", true, []string{"131,072 slots", "65,536", "server job"}},
	} {
		g, h := parse(t, tt.guest, tt.host)
		s, err := solve.Suggest(g, h)
		if err != nil || s.Algo != tt.algo || s.Job != tt.job {
			t.Errorf("%s on %s: %+v, %v; want %s, job %v", tt.guest, tt.host, s, err, tt.algo, tt.job)
			continue
		}
		for _, w := range tt.reason {
			if !strings.Contains(s.Reason, w) || !strings.HasSuffix(s.Reason, ".") {
				t.Errorf("%s on %s: reason %q, want a sentence with %q", tt.guest, tt.host, s.Reason, w)
			}
		}
	}
	g, h := parse(t, "grid:4x8", "ring:16")
	if _, err := solve.Suggest(g, h); !errors.Is(err, solve.ErrSizes) {
		t.Errorf("grid:4x8 on ring:16: %v, want the sizes' error", err)
	}
}

// The method for a 4×4 grid on a 16-node ring: PAIRS, within the
// browser's cap for a search.
func ExampleSuggest() {
	g, _ := spec.ParseGuest("grid:4x4")
	h, _ := spec.ParseHost("ring:16")
	s, _ := solve.Suggest(g, h)
	fmt.Println(s.Algo, s.Job)
	fmt.Println(s.Reason)
	// Output:
	// pairs false
	// pairs starts from the best of rb, greedy, identity, block, cyclic and only improves on it, so it is never worse than any of them or than rank order, and 16 vertices on 16 slots fit the browser's cap for a search (16,384).
}
