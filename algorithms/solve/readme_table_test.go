package solve_test

import (
	"os"
	"strings"
	"testing"

	"topomap/algorithms/solve"
)

// TestReadmeTableNamesEveryAlgorithm: the README's table of algorithms
// has a row naming each registered algorithm (`pairs-uniform` was
// missing), and names none that is not registered.
func TestReadmeTableNamesEveryAlgorithm(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const header = "| name | algorithm | maps | conf. | cost |"
	_, table, ok := strings.Cut(string(readme), header+"\n|---|---|---|---|---|\n")
	if !ok {
		t.Fatalf("the README has no table headed %q", header)
	}
	table, _, _ = strings.Cut(table, "\n\n")
	named := map[string]bool{}
	for _, row := range strings.Split(table, "\n") {
		for _, n := range strings.Split(strings.Split(row, "|")[1], ",") {
			named[strings.Trim(strings.TrimSpace(n), "`")] = true
		}
	}
	for _, a := range solve.All() {
		if !named[a.Name] {
			t.Errorf("the README's table of algorithms has no row for %s", a.Name)
		}
		delete(named, a.Name)
	}
	if len(named) > 0 {
		t.Errorf("the README's table names what is not an algorithm: %v", named)
	}
}
