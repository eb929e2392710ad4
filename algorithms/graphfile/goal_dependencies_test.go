package graphfile_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
)

// readGOAL reads in as a GOAL schedule.
func readGOAL(in string) error {
	_, err := graphfile.Read(strings.NewReader(in), graphfile.Options{Format: "goal"})
	return err
}

// goalChain is rank 0 of n calcs, each requiring the one before; cyclic
// makes the first require the last.
func goalChain(n int, cyclic bool) string {
	var b strings.Builder
	b.WriteString("num_ranks 1\nrank 0 {\n")
	for i := range n {
		b.WriteString("l" + strconv.Itoa(i) + ": calc 1\n")
	}
	for i := 1; i < n; i++ {
		b.WriteString("l" + strconv.Itoa(i) + " requires l" + strconv.Itoa(i-1) + "\n")
	}
	if cyclic {
		b.WriteString("l0 requires l" + strconv.Itoa(n-1) + "\n")
	}
	b.WriteString("}\n")
	return b.String()
}

var brokenDependencyTests = []struct{ name, in, want string }{
	{"undefined label", "num_ranks 2\nrank 0 {\nl1: send 8b to 1\nl1 requires l9\n}\n",
		`GOAL schedule, line 4, field 3: expected a label of an operation above, in the block of rank 0, got "l9"`},
	{"undefined first label", "num_ranks 2\nrank 0 {\nl1: send 8b to 1\nl9 irequires l1\n}\n",
		`GOAL schedule, line 4, field 1: expected a label of an operation above, in the block of rank 0, got "l9"`},
	{"label defined below the dependency", "num_ranks 2\nrank 0 {\nl1 requires l2\nl1: calc 1\nl2: calc 1\n}\n",
		`GOAL schedule, line 3, field 1: expected a label of an operation above, in the block of rank 0, got "l1"`},
	{"label of another rank", "num_ranks 2\nrank 0 {\nl1: send 8b to 1\n}\nrank 1 {\nl2: recv 8b from 0\nl2 requires l1\n}\n",
		`GOAL schedule, line 7, field 3: expected a label of an operation above, in the block of rank 1, got "l1"`},
	{"two-label cycle", "num_ranks 2\nrank 0 {\nl1: send 8b to 1\nl2: calc 5\nl1 requires l2\nl2 requires l1\n}\n",
		"GOAL schedule, line 5: the dependencies of rank 0 form a cycle, so none of its operations can start: l1 requires l2 (line 5), l2 requires l1 (line 6)"},
	{"three-label cycle through irequires", "num_ranks 2\nrank 1 {\na: calc 1\nb: calc 2\nc: recv 1b from 0\nb requires c\nc irequires a\na requires b\n}\n",
		"GOAL schedule, line 6: the dependencies of rank 1 form a cycle, so none of its operations can start: b requires c (line 6), c irequires a (line 7), a requires b (line 8)"},
	{"label requiring itself", "num_ranks 1\nrank 0 {\nl1: calc 1\nl1 requires l1\n}\n",
		"GOAL schedule, line 4: the dependencies of rank 0 form a cycle, so none of its operations can start: l1 requires l1 (line 4)"},
	{"cycle downstream of a chain", "num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\nc: calc 1\nd: calc 1\nd requires c\nc requires b\nb requires c\nb requires a\n}\n",
		"GOAL schedule, line 8: the dependencies of rank 0 form a cycle, so none of its operations can start: c requires b (line 8), b requires c (line 9)"},
	{"long cycle", goalChain(100000, true),
		"GOAL schedule, line 100003: the dependencies of rank 0 form a cycle, so none of its operations can start: l1 requires l0 (line 100003), l0 requires l99999 (line 200002), l99999 requires l99998 (line 200001), l99998 requires l99997 (line 200000), l99997 requires l99996 (line 199999), l99996 requires l99995 (line 199998), l99995 requires l99994 (line 199997), l99994 requires l99993 (line 199996), … (100,000 dependencies in all)"},
	{"duplicate label", "num_ranks 2\nrank 0 {\nl1: send 8b to 1\nl1: calc 5\n}\n",
		`GOAL schedule, line 4, field 1: the label "l1" already names the operation on line 3: a label names one operation of its rank`},
	{"duplicate glued label", "num_ranks 2\nrank 0 {\nl1 : send 8b to 1\nl1:calc 5\n}\n",
		`GOAL schedule, line 4, field 1: the label "l1" already names the operation on line 3: a label names one operation of its rank`},
	{"rank twice", "num_ranks 2\nrank 0 {\nsend 8b to 1\n}\nrank 0 {\nsend 8b to 1\n}\n",
		"GOAL schedule, line 5, field 2: rank 0 has a block already, opened on line 2: each rank has one block"},
}

func TestGoalRefusesBrokenDependencies(t *testing.T) {
	for _, tt := range brokenDependencyTests {
		t.Run(tt.name, func(t *testing.T) {
			err := readGOAL(tt.in)
			var e *graphfile.Error
			if !errors.As(err, &e) || err.Error() != tt.want {
				t.Errorf("error %v\nwant %q", err, tt.want)
			}
		})
	}
}

var acyclicDependencyTests = []struct{ name, in string }{
	{"labels reused in each rank", "num_ranks 2\nrank 0 {\nl1: send 8b to 1\nl2: calc 1\nl2 requires l1\n}\nrank 1 {\nl1: recv 8b from 0\nl2: calc 1\nl2 requires l1\n}\n"},
	{"diamond", "num_ranks 1\nrank 0 {\na: calc 1\nb: calc 1\nc: calc 1\nd: calc 1\nb requires a\nc irequires a\nd requires b\nd requires c\nd requires b\n}\n"},
	{"long chain", goalChain(100000, false)},
}

func TestGoalAcceptsAcyclicDependencies(t *testing.T) {
	for _, tt := range acyclicDependencyTests {
		if err := readGOAL(tt.in); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
