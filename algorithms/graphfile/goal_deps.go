package graphfile

import (
	"slices"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
)

// goalDeps are the labels and dependencies of the open rank block. As
// txt2bin reads them, labels belong to their rank's block and a
// dependency resolves its labels when it is read, so it names operations
// above it in the block.
type goalDeps struct {
	index map[string]int // label → its number in the block
	names []string       // number → label
	lines []int          // number → the line of its operation
	deps  []goalDep
}

// goalDep is "l1 requires l2" or "l1 irequires l2" on line: operation
// waits cannot start before operation on ends (or, with irequires,
// starts).
type goalDep struct {
	waits, on, line int
	starts          bool // irequires
}

func (d goalDep) verb() string {
	if d.starts {
		return "irequires"
	}
	return "requires"
}

// reset empties d for the next block, keeping its memory.
func (d *goalDeps) reset() {
	if d.index == nil {
		d.index = map[string]int{}
	}
	clear(d.index)
	d.names, d.lines, d.deps = d.names[:0], d.lines[:0], d.deps[:0]
}

// room checks that one more label or dependency fits in the caps: a block
// holds at most MaxArcs of them.
func (g *goalReader) room() error {
	if len(g.deps.names)+len(g.deps.deps) >= g.lim.MaxArcs {
		return g.tooLargeAt(g.line, 0, "more than %d labels and dependencies in one rank's block, the cap", g.lim.MaxArcs)
	}
	return nil
}

// label records l, read in field, as the label of the current line's
// operation.
func (g *goalReader) label(l string, field int) error {
	if i, ok := g.deps.index[l]; ok {
		g.field = field
		return g.failHere("the label %s already names the operation on line %d: a label names one operation of its rank", quote(l), g.deps.lines[i])
	}
	if err := g.room(); err != nil {
		return err
	}
	g.deps.index[l] = len(g.deps.names)
	g.deps.names = append(g.deps.names, l)
	g.deps.lines = append(g.deps.lines, g.line)
	return nil
}

// labelled returns the number of label l, read in field, which an
// operation above in the block must have.
func (g *goalReader) labelled(l string, field int) (int, error) {
	i, ok := g.deps.index[l]
	if !ok {
		g.field = field
		return 0, g.failHere("expected a label of an operation above, in the block of rank %d, got %s", g.rank, quote(l))
	}
	return i, nil
}

// depend records the dependency "a dep b" of the current line, a read in
// field fa and b in fb.
func (g *goalReader) depend(a string, fa int, dep string, b string, fb int) error {
	waits, err := g.labelled(a, fa)
	if err != nil {
		return err
	}
	on, err := g.labelled(b, fb)
	if err != nil {
		return err
	}
	if err := g.room(); err != nil {
		return err
	}
	g.deps.deps = append(g.deps.deps, goalDep{waits: waits, on: on, line: g.line, starts: dep == "irequires"})
	return nil
}

// close ends the open block: its dependencies must form no cycle.
func (g *goalReader) close() error {
	if c := g.deps.cycle(); c != nil {
		return g.failAt(c[0].line, 0, "the dependencies of rank %d form a cycle, so none of its operations can start: %s", g.rank, g.deps.describe(c))
	}
	g.rank = -1
	g.deps.reset()
	return nil
}

// cycle returns a cycle of dependencies, from the one read first, or nil
// if there is none. Kahn's algorithm removes the operations that can
// run; each one left waits on another one left, so following those
// waits from any of them comes back to an operation already passed.
// O(labels + dependencies), no recursion.
func (d *goalDeps) cycle() []goalDep {
	left := d.unrunnable()
	if left == nil {
		return nil
	}
	next := make([]int, len(d.names)) // a dependency of a label left on another one left
	for i, dep := range d.deps {
		if left[dep.waits] && left[dep.on] {
			next[dep.waits] = i
		}
	}
	v := 0
	for !left[v] {
		v++
	}
	step := make([]int, len(d.names)) // 1 + the step v was passed at, 0 if not
	var walk []goalDep
	for ; step[v] == 0; v = d.deps[next[v]].on {
		step[v] = len(walk) + 1
		walk = append(walk, d.deps[next[v]])
	}
	return firstRead(walk[step[v]-1:])
}

// unrunnable returns which labels wait, directly or not, on a cycle
// (Kahn's algorithm), or nil if none does.
func (d *goalDeps) unrunnable() []bool {
	n := len(d.names)
	waiting := make([]int, n) // dependencies not yet met, per label
	for _, dep := range d.deps {
		waiting[dep.waits]++
	}
	off, waiters := d.waiters()
	var ready []int
	for v := range n {
		if waiting[v] == 0 {
			ready = append(ready, v)
		}
	}
	for len(ready) > 0 {
		v := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		for _, w := range waiters[off[v]:off[v+1]] {
			if waiting[w]--; waiting[w] == 0 {
				ready = append(ready, w)
			}
		}
	}
	if !slices.ContainsFunc(waiting, func(c int) bool { return c > 0 }) {
		return nil
	}
	left := make([]bool, n)
	for v, c := range waiting {
		left[v] = c > 0
	}
	return left
}

// waiters lists, for each label v, the labels that wait on it:
// waiters[off[v]:off[v+1]], once per dependency.
func (d *goalDeps) waiters() (off, waiters []int) {
	n := len(d.names)
	off = make([]int, n+1)
	for _, dep := range d.deps {
		off[dep.on+1]++
	}
	for v := range n {
		off[v+1] += off[v]
	}
	waiters, fill := make([]int, len(d.deps)), slices.Clone(off[:n])
	for _, dep := range d.deps {
		waiters[fill[dep.on]] = dep.waits
		fill[dep.on]++
	}
	return off, waiters
}

// firstRead rotates cycle c to start at its dependency read first.
func firstRead(c []goalDep) []goalDep {
	first := 0
	for i, dep := range c {
		if dep.line < c[first].line {
			first = i
		}
	}
	return slices.Concat(c[first:], c[:first])
}

// maxShown bounds the dependencies of a cycle an error lists.
const maxShown = 8

// describe writes cycle c as "l1 requires l2 (line 5), …".
func (d *goalDeps) describe(c []goalDep) string {
	var parts []string
	for _, dep := range c[:min(len(c), maxShown)] {
		parts = append(parts, d.names[dep.waits]+" "+dep.verb()+" "+d.names[dep.on]+" (line "+strconv.Itoa(dep.line)+")")
	}
	if len(c) > maxShown {
		parts = append(parts, "… ("+numtext.Thousands(len(c))+" dependencies in all)")
	}
	return strings.Join(parts, ", ")
}
