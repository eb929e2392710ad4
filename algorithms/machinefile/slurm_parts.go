package machinefile

import (
	"fmt"
	"slices"
	"strings"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

// maxRingNodes is the most nodes a ring of Slurm's topology/ring holds
// (its MAX_RING_SIZE; Slurm refuses a longer ring).
const maxRingNodes = 16

// slurmPart is one ring of topology/ring or one torus of
// topology/torus3d: named nodes on a torus (a ring is a torus of one
// axis). Slurm runs a job inside one ring, and gives no distance
// between rings or between toruses, so each is a machine of its own.
type slurmPart struct {
	name   string
	line   int
	dims   []int    // the torus's sizes, the first fastest
	names  []string // the nodes
	places []int    // per node, its node index on the torus
}

// kind names the kind of part p: "ring" or "torus".
func (p slurmPart) kind() string {
	if len(p.dims) == 3 {
		return "torus"
	}
	return "ring"
}

// addRing adds a ring of topology/ring (RingName= or "- ring: NAME"):
// its name and the hostlist of its nodes, in ring order.
func (r *slurmReader) addRing(no int, name, nodes string) error {
	if first := max(r.tree, r.blocks); first > 0 {
		return r.mixed(no, "ring", name, r.kinds(), first)
	}
	if r.rings == 0 {
		r.rings = no
	}
	if nodes == "" {
		return r.err(no, "ring %q has no nodes: want %s, the ring's nodes in order", name, r.keys.nodes)
	}
	names, err := r.expand(no, r.keys.nodes, nodes, r.partNodes)
	switch {
	case err != nil:
		return err
	case len(names) > maxRingNodes:
		return r.err(no, "ring %q has %s nodes: Slurm's topology/ring holds at most %d a ring", name, numtext.Count(len(names)), maxRingNodes)
	}
	places := make([]int, len(names))
	for i := range places {
		places[i] = i
	}
	return r.addPart(slurmPart{name: name, line: no, dims: []int{len(names)}, names: names, places: places})
}

// notRings refuses a switch or block (what) in a file of rings.
func (r *slurmReader) notRings(no int, what, name string) error {
	if r.rings == 0 {
		return nil
	}
	return r.mixed(no, what, name, "rings", r.rings)
}

// mixed refuses a ring, switch or block (what) on line no in a file of
// other kinds, the first on line first.
func (r *slurmReader) mixed(no int, what, name, kinds string, first int) error {
	return r.err(no, "%s %q in a topology of %s (line %d): Slurm reads the rings of topology/ring, the switches of topology/tree or the blocks of topology/block, one kind", what, name, kinds, first)
}

// addPart adds a ring or torus, its name and its nodes' names unique
// in it.
func (r *slurmReader) addPart(p slurmPart) error {
	if i := slices.IndexFunc(r.parts, func(q slurmPart) bool { return q.name == p.name }); i >= 0 {
		return r.err(p.line, "%s %q again (first on line %d)", p.kind(), p.name, r.parts[i].line)
	}
	seen := make(map[string]bool, len(p.names))
	for _, n := range p.names {
		if seen[n] {
			return r.err(p.line, "node %q is named twice in %s %q", n, p.kind(), p.name)
		}
		seen[n] = true
	}
	if i, err := checkNodeNames(p.names); err != nil {
		return r.err(p.line, "%s %q: node %q: %v", p.kind(), p.name, p.names[i], err)
	}
	r.parts, r.partNodes = append(r.parts, p), r.partNodes+len(p.names)
	return nil
}

// part returns the machine of the ring or torus of the given name, ""
// the only one: its named nodes on a torus. prefix is what comes before
// a part's name where the reader is told which to read ("topo:" in a
// topology.yaml).
func (r *slurmReader) part(name, prefix string) (topology.Host, error) {
	kind := r.parts[0].kind()
	i := slices.IndexFunc(r.parts, func(p slurmPart) bool { return p.name == name })
	switch {
	case name == "" && len(r.parts) == 1:
		i = 0
	case name == "":
		return nil, r.err(r.parts[1].line, "%s, %s: Slurm gives no distance between them (a job %s): name the %s to read, %q (the command line's --topology, the API's topology=)",
			numtext.Plural(len(r.parts), kind, partPlural[kind]), r.partList(), partJobs[kind], kind, prefix+r.parts[0].name)
	case i < 0:
		return nil, r.err(0, "no %s %.80q: this file has %s", kind, name, r.partList())
	}
	p := r.parts[i]
	r.read = p.name
	torus, err := gridOf(p.dims, strings.Repeat("1", len(p.dims)))
	if err == nil {
		var l *topology.Listed
		if l, err = topology.NewListed(torus, p.places, p.names); err == nil {
			return l, nil
		}
	}
	return nil, r.err(p.line, "%s %q: %v", kind, p.name, err)
}

// partJobs says where Slurm runs a job on a file of rings or toruses.
var (
	partJobs   = map[string]string{"ring": "runs inside one ring", "torus": "gets sub-cubes, of one torus or several"}
	partPlural = map[string]string{"ring": "rings", "torus": "toruses"}
)

// partList lists the rings or toruses for a message: "ring0 (line 3, 8
// nodes) and ring1 (line 5, 8 nodes)".
func (r *slurmReader) partList() string {
	out := make([]string, len(r.parts))
	for i, p := range r.parts {
		out[i] = fmt.Sprintf("%s (line %d, %s)", p.name, p.line, numtext.Plural(len(p.names), "node"))
	}
	return andList(out)
}

// partNames returns the names of the rings or toruses.
func (r *slurmReader) partNames() []string {
	out := make([]string, len(r.parts))
	for i, p := range r.parts {
		out[i] = p.name
	}
	return out
}

// splitPart splits a name given to read a topology.yaml into the
// topology and, after its first ':', the ring or torus of it ("topo:ring0",
// as Slurm's Topology= of a dynamic node names them); a topology whose
// name holds the whole is that topology.
func splitPart(topos []slurmTopology, name string) (topo, part string) {
	if slices.ContainsFunc(topos, func(t slurmTopology) bool { return t.name == name }) {
		return name, ""
	}
	topo, part, _ = strings.Cut(name, ":")
	return topo, part
}
