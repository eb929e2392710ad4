package machinefile

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/hostlist"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

const slurmTitle = "Slurm topology.conf"

var slurmKey = regexp.MustCompile(`(?im)^\s*switchname\s*=`)

func sniffSlurm(head []byte) bool { return slurmKey.Match(head) }

// slurmSwitch is one SwitchName= line.
type slurmSwitch struct {
	name     string
	line     int
	switches []string // the names of Switches=
	nodes    int      // how many nodes hang from it
}

// slurmReader builds a switch tree line by line.
type slurmReader struct {
	switches []slurmSwitch
	byName   map[string]int // switch name → its index
	nodes    []string
	nodeOf   map[string]int // node name → its index
	parent   []int          // per node: its switch's index
	children int            // the names of all Switches= so far
}

func slurmErr(line int, format string, args ...any) error {
	return &graphfile.Error{Format: slurmTitle, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// readSlurm reads a topology.conf (see the package doc). As Slurm's
// parser does, a line ending in a backslash continues on the next; an
// error names the first of the lines, which together hold at most
// MaxLine bytes.
func readSlurm(text []byte) (topology.Host, error) {
	r := &slurmReader{byName: map[string]int{}, nodeOf: map[string]int{}}
	var joined strings.Builder
	first := 0
	err := lines(text, slurmTitle, func(no int, line string) error {
		if joined.Len() == 0 {
			first = no
		}
		head, more := strings.CutSuffix(line, `\`)
		if joined.Len()+len(head) >= MaxLine {
			return &graphfile.Error{Format: slurmTitle, Line: first, Msg: fmt.Sprintf("a line continued past %s bytes", numtext.Count(MaxLine)), Err: graphfile.ErrTooLarge}
		}
		joined.WriteString(head + " ")
		if more {
			return nil
		}
		defer joined.Reset()
		return r.line(first, joined.String())
	})
	if err == nil && joined.Len() > 0 {
		err = r.line(first, joined.String())
	}
	if err != nil {
		return nil, err
	}
	if err := r.checkNames(); err != nil {
		return nil, err
	}
	return r.tree()
}

// checkNames refuses a node name that launcher files cannot carry
// (checkNodeNames), at the line of the switch that names the node.
func (r *slurmReader) checkNames() error {
	i, err := checkNodeNames(r.nodes)
	if err != nil {
		return slurmErr(r.switches[r.parent[i]].line, "%v", err)
	}
	return nil
}

// slurmPair is a KEY=VALUE of a line, as Slurm's parser reads it
// (parse_config.c): blanks may surround the '=', and a value in double
// quotes may hold blanks.
var slurmPair = regexp.MustCompile(`^\s*([[:alnum:]_.]+)\s*=\s*(?:"([^"]*)"|(\S+))(?:\s|$)`)

// line reads one line: its keys, of which SwitchName is required.
func (r *slurmReader) line(no int, line string) error {
	sw := slurmSwitch{line: no}
	var nodes string
	for rest := line; strings.TrimSpace(rest) != ""; {
		m := slurmPair.FindStringSubmatch(rest)
		if m == nil || m[2]+m[3] == "" {
			return slurmErr(no, "%.40q: want KEY=VALUE (SwitchName=, Nodes=, Switches=)", strings.Fields(rest)[0])
		}
		rest = rest[len(m[0]):]
		key, value := m[1], m[2]+m[3]
		switch strings.ToLower(key) {
		case "switchname":
			sw.name = value
		case "nodes":
			nodes = value
		case "switches":
			names, err := r.expand(no, "Switches=", value, r.children)
			if err != nil {
				return err
			}
			sw.switches, r.children = names, r.children+len(names)
		}
	}
	if sw.name == "" {
		return slurmErr(no, "no SwitchName= on the line")
	}
	if prev, dup := r.byName[sw.name]; dup {
		return slurmErr(no, "switch %q is declared again (first on line %d)", sw.name, r.switches[prev].line)
	}
	r.byName[sw.name] = len(r.switches)
	if nodes != "" {
		if err := r.addNodes(&sw, nodes); err != nil {
			return err
		}
	}
	if sw.nodes == 0 && len(sw.switches) == 0 {
		return slurmErr(no, "switch %q has nothing under it: want Nodes= or Switches=", sw.name)
	}
	r.switches = append(r.switches, sw)
	return nil
}

// addNodes hangs the nodes of a hostlist from switch sw.
func (r *slurmReader) addNodes(sw *slurmSwitch, expr string) error {
	names, err := r.expand(sw.line, "Nodes=", expr, len(r.nodes))
	if err != nil {
		return err
	}
	for _, name := range names {
		if i, seen := r.nodeOf[name]; seen {
			if r.parent[i] == len(r.switches) {
				return slurmErr(sw.line, "node %q is named twice under switch %q", name, sw.name)
			}
			first := r.switches[r.parent[i]]
			return slurmErr(sw.line, "node %q is under switch %q (line %d) and switch %q", name, first.name, first.line, sw.name)
		}
		r.nodeOf[name] = len(r.nodes)
		r.nodes = append(r.nodes, name)
		r.parent = append(r.parent, len(r.switches))
	}
	sw.nodes += len(names)
	return nil
}

// expand expands the hostlist expr of a key (Nodes= or Switches=) on
// line no, used being the names the key gave on the lines before: each
// key names at most MaxNodes in the whole file, as a tree holds (a range
// of MaxNodes switches on every line would otherwise cost 10 MB a line).
func (r *slurmReader) expand(no int, key, expr string, used int) ([]string, error) {
	names, err := hostlist.Expand(expr, MaxNodes-used)
	switch {
	case errors.Is(err, hostlist.ErrTooManyNames):
		return nil, slurmErr(no, "%s%.40q: more than %s names of %s in all, the cap", key, expr, numtext.Count(MaxNodes), key)
	case err != nil:
		return nil, slurmErr(no, "%s: %v", key, err)
	}
	return names, nil
}

// tree resolves the Switches= names and checks that the switches form
// one tree.
func (r *slurmReader) tree() (topology.Host, error) {
	if len(r.switches) == 0 {
		return nil, slurmErr(0, "no SwitchName= line")
	}
	n := len(r.nodes)
	parent := make([]int, n+len(r.switches))
	for i := range parent {
		parent[i] = -1
	}
	for u, s := range r.parent {
		parent[u] = n + s
	}
	for s, sw := range r.switches {
		for _, child := range sw.switches {
			c, ok := r.byName[child]
			switch {
			case !ok:
				return nil, slurmErr(sw.line, "switch %q names switch %q, which no line declares", sw.name, child)
			case c == s:
				return nil, slurmErr(sw.line, "switch %q is under itself", sw.name)
			case parent[n+c] == n+s:
				return nil, slurmErr(sw.line, "switch %q names switch %q twice", sw.name, child)
			case parent[n+c] >= 0:
				first := r.switches[parent[n+c]-n]
				return nil, slurmErr(sw.line, "switch %q is under switch %q (line %d) and switch %q", child, first.name, first.line, sw.name)
			}
			parent[n+c] = n + s
		}
	}
	if err := r.checkTop(parent[n:], n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, slurmErr(0, "no nodes: want Nodes= on the lowest switches")
	}
	return topology.NewSwitchTree(r.nodes, r.names(), parent)
}

// checkTop refuses cycles and more than one switch at the top, naming
// their lines; up holds the switches' parents (vertices, n the nodes).
// Each walk up stops at a switch an earlier walk reached the top from,
// so that a chain of switches costs its length, not its square.
func (r *slurmReader) checkTop(up []int, n int) error {
	top := -1
	state := make([]int, len(up)) // 0 unseen, s+1 on the walk from s, -1 reaches the top
	for s := range up {
		w := s
		for ; state[w] == 0 && up[w] >= 0; w = up[w] - n {
			state[w] = s + 1
		}
		if state[w] == s+1 {
			return slurmErr(r.switches[s].line, "switch %q is above itself (a cycle of Switches=)", r.switches[w].name)
		}
		for v := s; state[v] == s+1; v = up[v] - n {
			state[v] = -1
		}
		state[w] = -1
		if up[s] < 0 && top >= 0 {
			a, b := r.switches[top], r.switches[s]
			return slurmErr(b.line, "switches %q (line %d) and %q are both at the top: want one switch above all", a.name, a.line, b.name)
		}
		if up[s] < 0 {
			top = s
		}
	}
	return nil
}

func (r *slurmReader) names() []string {
	out := make([]string, len(r.switches))
	for i, sw := range r.switches {
		out[i] = sw.name
	}
	return out
}

// WriteSlurm writes a switch tree as a topology.conf, one line per
// switch in its order, its nodes and switches listed by name as hostlist
// expressions (hostlist.Compress: "nid[0-262143]", so that no line is
// longer than the reader takes): reading it back gives the same tree,
// and the same id.
func WriteSlurm(w io.Writer, t *topology.SwitchTree) error {
	n := t.Size()
	nodes, switches := make([][]string, t.Switches()), make([][]string, t.Switches())
	for v := range n + t.Switches() {
		switch p := t.Parent(v) - n; {
		case p < 0:
		case v < n:
			nodes[p] = append(nodes[p], t.NodeName(v))
		default:
			switches[p] = append(switches[p], t.SwitchName(v-n))
		}
	}
	var b strings.Builder
	for s := range nodes {
		b.WriteString("SwitchName=" + t.SwitchName(s))
		if len(nodes[s]) > 0 {
			b.WriteString(" Nodes=" + hostlist.Compress(nodes[s]))
		}
		if len(switches[s]) > 0 {
			b.WriteString(" Switches=" + hostlist.Compress(switches[s]))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
