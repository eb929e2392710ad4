package web

import (
	"testing"

	"topomap/algorithms/solve"
)

// TestTimeNote: sub-millisecond run times are flagged as clock noise, and
// only then.
func TestTimeNote(t *testing.T) {
	fast := []compareRow{{Algo: solve.Algorithm{Name: "rowmajor"}, Seconds: 0.00002}, {Algo: solve.Algorithm{Name: "pairs"}, Seconds: 0.2}}
	if timeNote(fast) == nil {
		t.Error("a 0.02 ms run without the note")
	}
	if timeNote(fast[1:]) != nil {
		t.Error("the note on runs of 200 ms")
	}
	if timeNote([]compareRow{{Algo: solve.Algorithm{Name: "gray"}, Err: "does not apply"}}) != nil {
		t.Error("the note on a refused algorithm (it has no time)")
	}
}
