package machinefile

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

const slurmYAMLTitle = "Slurm topology.yaml"

// MaxYAMLItems caps the characters ",[{:-" of a topology.yaml: the YAML
// parser builds a node per item, some 250 bytes each, and an item can
// take 2 bytes ("[a,a,…]": 4 MB made 500 MB); a tree of switches written
// with hostlist ranges has 5 per switch.
const MaxYAMLItems = 1 << 18

// slurmYAMLKey is a key of a topology in a topology.yaml, first in its
// line or after "- ".
var slurmYAMLKey = regexp.MustCompile(`(?m)^[ \t]*(?:-[ \t]+)?(?:topology|cluster_default)[ \t]*:`)

func sniffSlurmYAML(head []byte) bool { return slurmYAMLKey.Match(head) }

// slurmKinds are the kinds of topology a topology.yaml may give, each
// Slurm's plugin of that name.
var slurmKinds = []string{"block", "flat", "ring", "torus3d", "tree"}

// slurmTopology is one topology of a topology.yaml.
type slurmTopology struct {
	name string
	line int
	def  bool       // cluster_default
	kind string     // one of slurmKinds
	body *yaml.Node // the value of its kind's key
}

// readSlurmYAML reads a topology.yaml (see the package doc): the topology
// of the given name, "" the one Slurm uses outside partitions, a tree,
// blocks, or a ring or torus of it ("NAME:RING"); it says which it read.
func readSlurmYAML(text []byte, name string) (topology.Host, Source, error) {
	r := newSlurmReader(slurmYAMLTitle, slurmKeys{"nodes:", "children:", "switch, block, ring or torus in the topology read"})
	topos, err := r.yamlTopologies(text)
	if err != nil {
		return nil, Source{}, err
	}
	name, part := splitPart(topos, name)
	t, err := r.chosen(topos, name)
	if err != nil {
		return nil, Source{}, err
	}
	src := Source{Topology: t.name}
	for _, u := range topos {
		src.Topologies = append(src.Topologies, u.name)
	}
	h, err := r.yamlTopology(t, part, topos)
	if part != "" {
		src.Topology += ":" + part
	}
	return h, src, err
}

// yamlTopologies parses a topology.yaml and returns its topologies.
func (r *slurmReader) yamlTopologies(text []byte) ([]slurmTopology, error) {
	if err := r.yamlItems(text); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		return nil, r.yamlErr(err)
	}
	return r.topologies(&doc)
}

// yamlTopology reads topology t, one of the file's topos, as a tree,
// blocks, or its ring or torus named part ("" the only one).
func (r *slurmReader) yamlTopology(t slurmTopology, part string, topos []slurmTopology) (topology.Host, error) {
	var err error
	switch t.kind {
	case "tree":
		err = r.yamlTree(t)
	case "block":
		err = r.yamlBlocks(t)
	case "ring":
		err = r.yamlRings(t)
	case "torus3d":
		err = r.yamlToruses(t)
	default:
		return nil, r.err(t.line, "topology %q is %s (topology/%[2]s), which gives no network: topomap reads tree, block, ring and torus3d topologies; this file has %s: name one of those to read it (the command line's --topology, the API's topology=)", t.name, t.kind, topologyList(topos))
	}
	if err != nil {
		return nil, err
	}
	return r.host(part, t.name+":")
}

// chosen returns the topology of the given name, "" the default
// (defaultTopology); a name the file does not list is an error listing
// those it does.
func (r *slurmReader) chosen(topos []slurmTopology, name string) (slurmTopology, error) {
	if name == "" {
		return topos[defaultTopology(topos)], nil
	}
	i := slices.IndexFunc(topos, func(t slurmTopology) bool { return t.name == name })
	if i < 0 {
		return slurmTopology{}, r.err(0, "no topology %.80q: this file has %s", name, topologyList(topos))
	}
	return topos[i], nil
}

// defaultTopology returns the index of the topology Slurm uses outside
// partitions (DefaultTopology).
func defaultTopology(topos []slurmTopology) int {
	return max(slices.IndexFunc(topos, func(t slurmTopology) bool { return t.def }), 0)
}

// topologyList lists the topologies of a file for a message, the
// default marked: "topo1 (tree, line 2, the default), topo2 (flat, line
// 9)".
func topologyList(topos []slurmTopology) string {
	out := make([]string, len(topos))
	for i, t := range topos {
		out[i] = fmt.Sprintf("%s (%s, line %d)", t.name, t.kind, t.line)
	}
	d := defaultTopology(topos)
	out[d] = strings.TrimSuffix(out[d], ")") + ", the default)"
	return andList(out)
}

// yamlItems refuses a text of more than MaxYAMLItems items, at the line
// of the first past the cap, before the YAML parser reads it.
func (r *slurmReader) yamlItems(text []byte) error {
	items, line := 0, 1
	for _, c := range text {
		switch c {
		case '\n':
			line++
		case ',', '[', '{', ':', '-':
			if items++; items > MaxYAMLItems {
				return &graphfile.Error{Format: r.title, Line: line, Msg: fmt.Sprintf("more than %s items (the characters ,[{:- counted): write hostlists as ranges (node[01-64]), or the tree as a topology.conf", numtext.Count(MaxYAMLItems)), Err: graphfile.ErrTooLarge}
			}
		}
	}
	return nil
}

// yamlSyntax is the YAML parser's error: "yaml: line 3: did not find
// expected key".
var yamlSyntax = regexp.MustCompile(`^yaml: line ([0-9]+): (.*)$`)

// yamlErr is the error of the YAML parser, at its line.
func (r *slurmReader) yamlErr(err error) error {
	m := yamlSyntax.FindStringSubmatch(err.Error())
	if m == nil {
		return r.err(0, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	line, _ := strconv.Atoi(m[1])
	return r.err(line, "%s", m[2])
}

// topologies reads the list of topologies of a document.
func (r *slurmReader) topologies(doc *yaml.Node) ([]slurmTopology, error) {
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.SequenceNode {
		return nil, r.err(max(doc.Line, 1), "want a list of topologies, each \"- topology: NAME\" with a tree:, block:, ring:, torus3d: or flat:")
	}
	var topos []slurmTopology
	for _, item := range doc.Content[0].Content {
		t, err := r.topology(item)
		if err != nil {
			return nil, err
		}
		if i := slices.IndexFunc(topos, func(u slurmTopology) bool { return u.name == t.name }); i >= 0 {
			return nil, r.err(t.line, "topology %q again (first on line %d)", t.name, topos[i].line)
		}
		topos = append(topos, t)
	}
	if len(topos) == 0 {
		return nil, r.err(doc.Content[0].Line, "no topology: want \"- topology: NAME\" with a tree:, block:, ring:, torus3d: or flat:")
	}
	return topos, nil
}

// topology reads one topology: its name, cluster_default and kind.
func (r *slurmReader) topology(item *yaml.Node) (slurmTopology, error) {
	t := slurmTopology{line: item.Line}
	fields, err := r.yamlFields(item, "a topology")
	if err != nil {
		return t, err
	}
	for _, f := range fields {
		switch key := f.key.Value; {
		case key == "topology":
			t.name, err = r.yamlScalar(f.value, "topology: NAME")
		case key == "cluster_default":
			if f.value.Kind != yaml.ScalarNode || f.value.Decode(&t.def) != nil {
				err = r.err(f.value.Line, "cluster_default: %.20q: want true or false", f.value.Value)
			}
		case slices.Contains(slurmKinds, key) && t.kind != "":
			err = r.err(f.key.Line, "topology %q is %s and %s: want one of %s", t.name, t.kind, key, strings.Join(slurmKinds, ", "))
		case slices.Contains(slurmKinds, key):
			t.kind, t.body = key, f.value
		}
		if err != nil {
			return t, err
		}
	}
	switch {
	case t.name == "":
		return t, r.err(t.line, "a topology without its name: want \"- topology: NAME\"")
	case t.kind == "":
		return t, r.err(t.line, "topology %q has none of %s", t.name, strings.Join(slurmKinds, ", "))
	}
	return t, nil
}

// yamlField is a key and its value in a mapping.
type yamlField struct{ key, value *yaml.Node }

// yamlFields returns the fields of a mapping, what naming it for errors.
func (r *slurmReader) yamlFields(n *yaml.Node, what string) ([]yamlField, error) {
	if n.Kind != yaml.MappingNode {
		return nil, r.err(n.Line, "%s: want keys and values (key: value), not %s", what, yamlKind(n))
	}
	out := make([]yamlField, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, yamlField{n.Content[i], n.Content[i+1]})
	}
	return out, nil
}

// yamlScalar returns the text of a scalar, what naming it for errors.
func (r *slurmReader) yamlScalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", r.err(n.Line, "want %s, not %s", what, yamlKind(n))
	}
	return n.Value, nil
}

// yamlList returns the items of a sequence, what naming it for errors.
func (r *slurmReader) yamlList(n *yaml.Node, what string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, r.err(n.Line, "%s: want a list (- …), not %s", what, yamlKind(n))
	}
	return n.Content, nil
}

// yamlKind names the kind of a node for errors.
func yamlKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "keys and values"
	case yaml.AliasNode:
		return "an alias (*" + n.Value + "; aliases are not read)"
	}
	return fmt.Sprintf("%.40q", n.Value)
}

// yamlEntries calls f with the fields of each entry of the list of key
// list in the body of topology t ("switches" of a tree, "blocks" of
// blocks), and with the other fields of the body (g, may be nil).
func (r *slurmReader) yamlEntries(t slurmTopology, list string, g func(yamlField) error, f func(line int, fields map[string]*yaml.Node) error) error {
	body, err := r.yamlFields(t.body, t.kind+" of topology "+strconv.Quote(t.name))
	if err != nil {
		return err
	}
	found := false
	for _, field := range body {
		if field.key.Value != list {
			if g != nil {
				err = g(field)
			}
		} else {
			found = true
			err = r.yamlEach(field.value, list, f)
		}
		if err != nil {
			return err
		}
	}
	if !found {
		return r.err(t.body.Line, "%s of topology %q has no %s:", t.kind, t.name, list)
	}
	return nil
}

// yamlEach calls f with the fields of each entry of list n.
func (r *slurmReader) yamlEach(n *yaml.Node, list string, f func(line int, fields map[string]*yaml.Node) error) error {
	items, err := r.yamlList(n, list)
	if err != nil {
		return err
	}
	for _, item := range items {
		fields, err := r.yamlFields(item, "an entry of "+list)
		if err != nil {
			return err
		}
		m := make(map[string]*yaml.Node, len(fields))
		for _, fl := range fields {
			m[fl.key.Value] = fl.value
		}
		if err := f(item.Line, m); err != nil {
			return err
		}
	}
	return nil
}

// yamlStrings returns the texts of the scalars of keys in fields ("" for
// a key not there).
func (r *slurmReader) yamlStrings(fields map[string]*yaml.Node, keys ...string) ([]string, error) {
	out := make([]string, len(keys))
	for i, k := range keys {
		n, ok := fields[k]
		if !ok {
			continue
		}
		s, err := r.yamlScalar(n, k+": a name or hostlist")
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// yamlTree reads the switches of a tree topology.
func (r *slurmReader) yamlTree(t slurmTopology) error {
	return r.yamlEntries(t, "switches", nil, func(line int, fields map[string]*yaml.Node) error {
		v, err := r.yamlStrings(fields, "switch", "nodes", "children")
		if err != nil {
			return err
		}
		if v[0] == "" {
			return r.err(line, "a switch without its name: want \"- switch: NAME\"")
		}
		return r.addSwitch(line, v[0], v[1], v[2])
	})
}

// yamlBlocks reads the blocks and block sizes of a block topology.
func (r *slurmReader) yamlBlocks(t slurmTopology) error {
	sizes := func(f yamlField) error {
		if f.key.Value != "block_sizes" {
			return nil
		}
		return r.yamlSizes(f.value)
	}
	return r.yamlEntries(t, "blocks", sizes, func(line int, fields map[string]*yaml.Node) error {
		name, nodes, err := r.yamlNamed(line, fields, "block", "block")
		if err != nil {
			return err
		}
		return r.addBlock(line, name, nodes)
	})
}

// yamlNamed returns the name (under key) and the nodes of an entry of a
// list of blocks, rings or toruses (what), refusing one without its name.
func (r *slurmReader) yamlNamed(line int, fields map[string]*yaml.Node, what, key string) (name, nodes string, err error) {
	v, err := r.yamlStrings(fields, key, "nodes")
	if err == nil && v[0] == "" {
		err = r.err(line, "a %s without its name: want \"- %s: NAME\"", what, key)
	}
	if err != nil {
		return "", "", err
	}
	return v[0], v[1], nil
}

// yamlRings reads the rings of a ring topology.
func (r *slurmReader) yamlRings(t slurmTopology) error {
	return r.yamlEntries(t, "rings", nil, func(line int, fields map[string]*yaml.Node) error {
		name, nodes, err := r.yamlNamed(line, fields, "ring", "ring")
		if err != nil {
			return err
		}
		return r.addRing(line, name, nodes)
	})
}

// yamlSizes reads block_sizes: a list of numbers of nodes.
func (r *slurmReader) yamlSizes(n *yaml.Node) error {
	items, err := r.yamlList(n, "block_sizes")
	if err != nil {
		return err
	}
	sizes := make([]int, len(items))
	for i, item := range items {
		v, err := r.yamlScalar(item, "a block size, a number of nodes")
		if err != nil {
			return err
		}
		if sizes[i], err = strconv.Atoi(v); err != nil {
			return r.err(item.Line, "block size %.20q: want a number of nodes", v)
		}
	}
	return r.setSizes(n.Line, sizes)
}
