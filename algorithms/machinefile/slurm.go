package machinefile

import (
	"bufio"
	"bytes"
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

var slurmKey = regexp.MustCompile(`(?im)^\s*(switchname|blockname|blocksizes|ringname|aggregatedblock|torusname)\s*=`)

func sniffSlurm(head []byte) bool { return slurmKey.Match(head) }

// slurmSwitch is one switch (SwitchName=) or block (BlockName=).
type slurmSwitch struct {
	name     string
	line     int
	switches []string // the names of Switches=
	nodes    int      // how many nodes hang from it
}

// slurmReader builds a switch tree, or a hierarchy of blocks, switch by
// switch, or reads rings or toruses: from the lines of a topology.conf or
// the entries of a topology.yaml.
type slurmReader struct {
	title     string         // the format, for errors
	keys      slurmKeys      // the keys of the format, for errors
	switches  []slurmSwitch  // the switches, or the blocks in their order
	byName    map[string]int // switch name → its index
	nodes     []string
	nodeOf    map[string]int // node name → its index
	parent    []int          // per node: its switch's index
	children  int            // the names of all Switches= so far
	blocks    int            // the line of the first block (0: none)
	tree      int            // the line of the first switch (0: none)
	sizes     []int          // BlockSizes, in nodes (nil: none given)
	sizesAt   int            // the line of BlockSizes
	parts     []slurmPart    // the rings, or the toruses
	partNodes int            // the nodes of the parts
	rings     int            // the line of the first ring (0: none)
	read      string         // the name of the part read
	listed    []scontrolListed
	shown     []int // the sizes of scontrol's BlockSize=, in nodes
	shownAt   int   // the line of the first
}

// slurmKeys are the words of a format for errors: the keys of a
// switch's or block's nodes and of a switch's switches, and what
// declares a switch or block.
type slurmKeys struct{ nodes, switches, entry string }

func newSlurmReader(title string, keys slurmKeys) *slurmReader {
	return &slurmReader{title: title, keys: keys, byName: map[string]int{}, nodeOf: map[string]int{}}
}

func (r *slurmReader) err(line int, format string, args ...any) error {
	return &graphfile.Error{Format: r.title, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// readSlurm reads a topology.conf (see the package doc) line by line, as
// Slurm's parser reads it (slurmLines): of a file of rings the ring of
// the given name, "" the only one; a name is refused on a file of
// switches or blocks. It says which ring it read, of which.
func readSlurm(text []byte, name string) (topology.Host, Source, error) {
	r := newSlurmReader(slurmTitle, slurmKeys{"Nodes=", "Switches=", "SwitchName=, BlockName= or RingName= line"})
	if err := slurmLines(text, r.line); err != nil {
		return nil, Source{}, err
	}
	h, err := r.host(name, "")
	var src Source
	if err == nil && len(r.parts) > 0 {
		src = Source{Topology: r.read, Topologies: r.partNames()}
	}
	return h, src, err
}

// slurmLines calls f with each line of a Slurm configuration file as
// Slurm's parser (parse_config.c) reads it, numbered by its first line:
// a comment starts at a '#' that follows an even number of backslashes
// (so in "\#" the '#' is of the text); a line that ends in an odd
// number of backslashes, blanks after them aside, continues on the next,
// joined where the last backslash stood (no blank added); then each
// backslash is dropped and the character after it kept ("\#" is "#",
// "\\" one backslash). The lines joined hold at most MaxLine bytes,
// or the error names the first.
func slurmLines(text []byte, f func(no int, line string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, MaxLine)
	var joined strings.Builder
	no, first := 0, 0
	for sc.Scan() {
		no++
		if joined.Len() == 0 {
			first = no
		}
		line, more := slurmContinued(slurmComment(sc.Text()))
		if joined.Len()+len(line) >= MaxLine {
			return &graphfile.Error{Format: slurmTitle, Line: first, Msg: fmt.Sprintf("a line continued past %s bytes", numtext.Count(MaxLine)), Err: graphfile.ErrTooLarge}
		}
		joined.WriteString(line)
		if more {
			continue
		}
		if err := slurmEmit(first, &joined, f); err != nil {
			return err
		}
	}
	if sc.Err() != nil {
		return &graphfile.Error{Format: slurmTitle, Line: no + 1, Msg: fmt.Sprintf("a line of more than %s bytes", numtext.Count(MaxLine)), Err: graphfile.ErrTooLarge}
	}
	return slurmEmit(first, &joined, f)
}

// slurmEmit calls f with the joined line, its escapes resolved, unless
// blank, and empties it.
func slurmEmit(no int, joined *strings.Builder, f func(no int, line string) error) error {
	line := slurmUnescape(joined.String())
	joined.Reset()
	if strings.TrimSpace(line) == "" {
		return nil
	}
	return f(no, line)
}

// slurmComment cuts line at its comment: the first '#' after an even
// number of backslashes.
func slurmComment(line string) string {
	slashes := 0
	for i := range len(line) {
		switch {
		case line[i] == '#' && slashes%2 == 0:
			return line[:i]
		case line[i] == '\\':
			slashes++
		default:
			slashes = 0
		}
	}
	return line
}

// slurmContinued reports whether line continues on the next (it ends in
// an odd number of backslashes, then blanks), and returns it without
// its last backslash and what follows.
func slurmContinued(line string) (string, bool) {
	end := len(strings.TrimRight(line, " \t\r\v\f"))
	body := strings.TrimRight(line[:end], `\`)
	if (end-len(body))%2 == 0 {
		return line, false
	}
	return line[:end-1], true
}

// slurmUnescape drops each backslash and keeps the character after it.
func slurmUnescape(line string) string {
	if !strings.Contains(line, `\`) {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] == '\\' {
			i++
			if i == len(line) {
				break
			}
		}
		b.WriteByte(line[i])
	}
	return b.String()
}

// host checks the node names and builds the machine: the ring or torus
// named (part; "" the only one, prefix comes before its name where it
// is named) of a file of rings or toruses, the hierarchy of blocks of a
// block topology, else the tree of switches.
func (r *slurmReader) host(part, prefix string) (topology.Host, error) {
	if err := r.shownSizes(); err != nil {
		return nil, err
	}
	if len(r.parts) > 0 && r.sizesAt > 0 {
		return nil, r.err(r.sizesAt, "block sizes in a topology of rings (line %d): they are of topology/block", r.rings)
	}
	if len(r.parts) > 0 {
		return r.part(part, prefix)
	}
	if part != "" {
		return nil, r.err(0, "%.80q names a ring or torus, and this %s of %s describes one machine: a name chooses a ring of a topology.conf of rings, or a topology of a topology.yaml (NAME, or NAME:PART for its ring or torus)", prefix+part, r.title, r.kinds())
	}
	if len(r.switches) == 0 {
		return nil, r.err(0, "no %s", r.keys.entry)
	}
	if err := r.checkNames(); err != nil {
		return nil, err
	}
	if r.blocks > 0 {
		return r.blockTree()
	}
	if r.sizesAt > 0 {
		return nil, r.err(r.sizesAt, "block sizes in a tree of switches (line %d): they are of topology/block", r.tree)
	}
	return r.switchTree()
}

// checkNames refuses a node name that launcher files cannot carry
// (checkNodeNames), at the line of the switch that names the node.
func (r *slurmReader) checkNames() error {
	i, err := checkNodeNames(r.nodes)
	if err != nil {
		return r.err(r.switches[r.parent[i]].line, "%v", err)
	}
	return nil
}

// slurmPair is a KEY=VALUE of a line, as Slurm's parser reads it
// (parse_config.c): blanks may surround the '=', and a value in double
// quotes may hold blanks.
var slurmPair = regexp.MustCompile(`^\s*([[:alnum:]_.]+)\s*=\s*(?:"([^"]*)"|(\S+))(?:\s|$)`)

// line reads one line of a topology.conf: a switch (SwitchName=, with
// Nodes= and Switches=), a block (BlockName=, with Nodes=), the
// BlockSizes= of the blocks or a ring (RingName=, with Nodes=); other
// keys are ignored.
func (r *slurmReader) line(no int, line string) error {
	keys := map[string]string{}
	for rest := line; strings.TrimSpace(rest) != ""; {
		m := slurmPair.FindStringSubmatch(rest)
		if m == nil || m[2]+m[3] == "" {
			return r.err(no, "%.40q: want KEY=VALUE (SwitchName=, BlockName=, RingName=, Nodes=, Switches=, BlockSizes=)", strings.Fields(rest)[0])
		}
		rest = rest[len(m[0]):]
		keys[strings.ToLower(m[1])] = m[2] + m[3]
	}
	if sizes, ok := keys["blocksizes"]; ok {
		if err := r.blockSizes(no, sizes); err != nil {
			return err
		}
	}
	_, scontrolBlocks := keys["blockindex"]
	switch sw, block, ring := keys["switchname"], keys["blockname"], keys["ringname"]; {
	case keys["aggregatedblock"] != "" && sw+block+ring == "":
		return r.scontrolBlock(no, "AggregatedBlock=", keys)
	case keys["torusname"] != "":
		return r.err(no, "TorusName=%.40q: `scontrol show topology` prints a torus3d topology's nodes in Slurm's order of its nodes, not their places on the torus: read its topology.yaml (torus3d:, where nodes: or regions: place them)", keys["torusname"])
	case sw != "" && block != "":
		return r.err(no, "both SwitchName= and BlockName= on the line: a switch of topology/tree or a block of topology/block, not both")
	case ring != "" && sw+block != "":
		return r.err(no, "RingName= with SwitchName= or BlockName= on the line: a ring of topology/ring, or a switch or block, not both")
	case ring != "":
		return r.addRing(no, ring, keys["nodes"])
	case block != "" && scontrolBlocks:
		if err := r.scontrolBlock(no, "BlockName=", keys); err != nil {
			return err
		}
		return r.addBlock(no, block, keys["nodes"])
	case block != "":
		return r.addBlock(no, block, keys["nodes"])
	case sw != "":
		return r.addSwitch(no, sw, r.scontrolSwitch(no, keys), keys["switches"])
	case keys["blocksizes"] == "":
		return r.err(no, "no SwitchName=, BlockName= or RingName= on the line")
	}
	return nil
}

// addSwitch adds a switch of a tree: name, the hostlists of its nodes
// and of its switches (either may be "").
func (r *slurmReader) addSwitch(no int, name, nodes, switches string) error {
	if r.blocks > 0 {
		return r.err(no, "switch %q in a topology of blocks (line %d): Slurm reads the switches of topology/tree or the blocks of topology/block, not both", name, r.blocks)
	}
	if err := r.notRings(no, "switch", name); err != nil {
		return err
	}
	if r.tree == 0 {
		r.tree = no
	}
	sw := slurmSwitch{line: no, name: name}
	if switches != "" {
		names, err := r.expand(no, r.keys.switches, switches, r.children)
		if err != nil {
			return err
		}
		sw.switches, r.children = names, r.children+len(names)
	}
	if err := r.add(&sw, nodes); err != nil {
		return err
	}
	if sw.nodes == 0 && len(sw.switches) == 0 {
		return r.err(no, "switch %q has nothing under it: want %s or %s", name, r.keys.nodes, r.keys.switches)
	}
	r.switches = append(r.switches, sw)
	return nil
}

// addBlock adds a block of nodes: its name and the hostlist of its nodes.
func (r *slurmReader) addBlock(no int, name, nodes string) error {
	if r.tree > 0 {
		return r.err(no, "block %q in a tree of switches (line %d): Slurm reads the switches of topology/tree or the blocks of topology/block, not both", name, r.tree)
	}
	if err := r.notRings(no, "block", name); err != nil {
		return err
	}
	if r.blocks == 0 {
		r.blocks = no
	}
	if i := strings.IndexAny(name, "[],"); i >= 0 {
		return r.err(no, "block %q has '%c': the switches of its aggregates are named by its name, which a hostlist would read as other names; rename the block", name, name[i])
	}
	b := slurmSwitch{line: no, name: name}
	if err := r.add(&b, nodes); err != nil {
		return err
	}
	if b.nodes == 0 {
		return r.err(no, "block %q has no nodes: want %s", name, r.keys.nodes)
	}
	r.switches = append(r.switches, b)
	return nil
}

// add declares switch or block sw, its name unique, with the nodes of
// a hostlist ("": none).
func (r *slurmReader) add(sw *slurmSwitch, nodes string) error {
	if prev, dup := r.byName[sw.name]; dup {
		return r.err(sw.line, "%q is declared again (first on line %d)", sw.name, r.switches[prev].line)
	}
	r.byName[sw.name] = len(r.switches)
	if nodes == "" {
		return nil
	}
	return r.addNodes(sw, nodes)
}

// addNodes hangs the nodes of a hostlist from switch sw.
func (r *slurmReader) addNodes(sw *slurmSwitch, expr string) error {
	names, err := r.expand(sw.line, r.keys.nodes, expr, len(r.nodes))
	if err != nil {
		return err
	}
	for _, name := range names {
		if i, seen := r.nodeOf[name]; seen {
			if r.parent[i] == len(r.switches) {
				return r.err(sw.line, "node %q is named twice under %s %q", name, r.kind(), sw.name)
			}
			first := r.switches[r.parent[i]]
			return r.err(sw.line, "node %q is under %s %q (line %d) and %[2]s %[5]q", name, r.kind(), first.name, first.line, sw.name)
		}
		r.nodeOf[name] = len(r.nodes)
		r.nodes = append(r.nodes, name)
		r.parent = append(r.parent, len(r.switches))
	}
	sw.nodes += len(names)
	return nil
}

// expand expands the hostlist expr of a key (Nodes=, Switches=, or
// topology.yaml's nodes:, children:) on line no, used being the names
// the key gave on the lines before: each
// key names at most MaxNodes in the whole file, as a tree holds (a range
// of MaxNodes switches on every line would otherwise cost 10 MB a line).
func (r *slurmReader) expand(no int, key, expr string, used int) ([]string, error) {
	names, err := hostlist.Expand(expr, MaxNodes-used)
	switch {
	case errors.Is(err, hostlist.ErrTooManyNames):
		return nil, r.err(no, "%s%.40q: more than %s names of %s in all, the cap", key, expr, numtext.Count(MaxNodes), key)
	case err != nil:
		return nil, r.err(no, "%s: %v", key, err)
	}
	return names, nil
}

// switchTree resolves the Switches= names and checks that the switches form
// one tree.
func (r *slurmReader) switchTree() (topology.Host, error) {
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
				return nil, r.err(sw.line, "switch %q names switch %q, which no line declares", sw.name, child)
			case c == s:
				return nil, r.err(sw.line, "switch %q is under itself", sw.name)
			case parent[n+c] == n+s:
				return nil, r.err(sw.line, "switch %q names switch %q twice", sw.name, child)
			case parent[n+c] >= 0:
				first := r.switches[parent[n+c]-n]
				return nil, r.err(sw.line, "switch %q is under switch %q (line %d) and switch %q", child, first.name, first.line, sw.name)
			}
			parent[n+c] = n + s
		}
	}
	if err := r.checkTop(parent[n:], n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, r.err(0, "no nodes: want %s on the lowest switches", r.keys.nodes)
	}
	if err := r.checkListed(parent, n); err != nil {
		return nil, err
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
			return r.err(r.switches[s].line, "switch %q is above itself (a cycle of Switches=)", r.switches[w].name)
		}
		for v := s; state[v] == s+1; v = up[v] - n {
			state[v] = -1
		}
		state[w] = -1
		if up[s] < 0 && top >= 0 {
			a, b := r.switches[top], r.switches[s]
			return r.err(b.line, "switches %q (line %d) and %q are both at the top: want one switch above all", a.name, a.line, b.name)
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

// slurmEscape escapes what Slurm's parser reads otherwise (slurmLines).
var slurmEscape = strings.NewReplacer(`\`, `\\`, "#", `\#`)

// slurmValue writes a value as Slurm's parser reads it back: its
// backslashes and '#' escaped, in double quotes if it holds blanks.
func slurmValue(v string) string {
	v = slurmEscape.Replace(v)
	if strings.ContainsAny(v, " \t\v\f\r") {
		return `"` + v + `"`
	}
	return v
}

// WriteSlurm writes a tree of named switches (NamedTree: a SwitchTree,
// read from a topology.conf) as a topology.conf, one line per switch in
// its order, its nodes and switches listed by name as hostlist
// expressions (hostlist.Compress: "nid[0-262143]", so that no line is
// longer than the reader takes), escaped as Slurm's parser reads them
// (slurmValue): reading it back gives the same tree, and the same id.
func WriteSlurm(w io.Writer, t topology.NamedTree) error {
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
		b.WriteString("SwitchName=" + slurmValue(t.SwitchName(s)))
		if len(nodes[s]) > 0 {
			b.WriteString(" Nodes=" + slurmValue(hostlist.Compress(nodes[s])))
		}
		if len(switches[s]) > 0 {
			b.WriteString(" Switches=" + slurmValue(hostlist.Compress(switches[s])))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
