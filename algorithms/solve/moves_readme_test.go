package solve_test

import (
	"os"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestReadmeSaysMovesStopAtACheckPoint: moves is no cap. A run told to
// make 10 moves stops at its first check point (every 1,024 moves, and
// between rounds) that reaches them, here after 1,023, and the moves it
// reports repeat it; the README says so, in the words of map -h.
func TestReadmeSaysMovesStopAtACheckPoint(t *testing.T) {
	g, h := solvetest.Pair(t, "grid:4x4", "mesh:2x8")
	in := spec.Instance{Guest: g, Host: h, Algo: "pairs", Moves: 10}
	r, err := solve.Map(t.Context(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pairs == nil || r.Pairs.Moves <= in.Moves || r.Pairs.Moves > in.Moves+1024 {
		t.Fatalf("moves 10: %+v, want more than 10 moves, to the next check point", r.Pairs)
	}
	in.Moves = r.Pairs.Moves
	if again, err := solve.Map(t.Context(), in, nil); err != nil || again.Pairs.Moves != in.Moves {
		t.Errorf("moves %d: %v, %+v; want the same moves", in.Moves, err, again.Pairs)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Join(strings.Fields(string(readme)), " ")
	want := "`--moves N` (or `moves=N` in a link or a request) stops the same schedule after N moves, at the first check point (every 1,024 moves, and between rounds) that reaches them"
	if !strings.Contains(words, want) || strings.Contains(words, "caps the same schedule at N moves") {
		t.Errorf("the README does not say that --moves stops at a check point: want %q", want)
	}
}
