package repocheck_test

import (
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"
	"testing"
)

// flowStages are the packages of the data flow, spec → instance →
// algorithm → mapping → metrics → draw, export and store, stage by
// stage (an algorithm's package with the mapping it makes): no package
// imports one of a later stage (a number written for a message is
// numtext's, not metric's).
var flowStages = [][]string{
	// The machine and graph file readers make instances: they write the
	// sizes and figures of their messages with numtext, not metric.
	{"algorithms/spec", "algorithms/topology", "algorithms/guest", "algorithms/hostlist", "algorithms/machinefile", "algorithms/graphfile"},
	{"algorithms/embedding", "algorithms/gridmap", "algorithms/pairs", "algorithms/optimal", "algorithms/mapping"},
	{"algorithms/metric"},
	{"algorithms/export", "web", "web/draw", "backend/store", "backend/server"},
}

// TestDataFlowsOneWay: the non-test files of each package of flowStages
// import no package of a later stage.
func TestDataFlowsOneWay(t *testing.T) {
	stage := map[string]int{}
	for i, pkgs := range flowStages {
		for _, p := range pkgs {
			stage["topomap/"+p] = i
		}
	}
	for _, f := range trackedFiles(t) {
		if !strings.HasSuffix(f.name, ".go") || strings.HasSuffix(f.name, "_test.go") {
			continue
		}
		from, ok := stage["topomap/"+path.Dir(f.name)]
		if !ok {
			continue
		}
		syn, err := parser.ParseFile(token.NewFileSet(), f.name, f.text, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range syn.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if to, ok := stage[p]; ok && to > from {
				t.Errorf("%s imports %s, of a later stage of the data flow", f.name, p)
			}
		}
	}
}
