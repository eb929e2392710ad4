package machinefile

import (
	"strconv"

	"go.yaml.in/yaml/v3"

	"topomap/algorithms/internal/numtext"
)

// axes are the keys of a torus3d coordinate, the first fastest.
var axes = [3]string{"x", "y", "z"}

// yamlToruses reads the toruses of a torus3d topology: each its name,
// its dims and its nodes (x fastest) or regions; placements, the shapes
// Slurm allocates, do not change the network and are not read.
func (r *slurmReader) yamlToruses(t slurmTopology) error {
	return r.yamlEntries(t, "toruses", nil, func(line int, fields map[string]*yaml.Node) error {
		name, nodes, err := r.yamlNamed(line, fields, "torus", "name")
		if err != nil {
			return err
		}
		p := slurmPart{name: name, line: line}
		if err := r.torusDims(&p, fields["dims"]); err != nil {
			return err
		}
		regions, ok := fields["regions"]
		switch {
		case nodes != "" && ok:
			return r.err(line, "torus %q has nodes: and regions:: Slurm takes one or the other", p.name)
		case nodes != "":
			err = r.torusNodes(&p, nodes)
		case ok:
			err = r.torusRegions(&p, regions)
		default:
			return r.err(line, "torus %q has no nodes: want nodes: (a hostlist, x fastest) or regions:", p.name)
		}
		if err != nil {
			return err
		}
		return r.addPart(p)
	})
}

// torusDims reads the dims of torus p: at most MaxNodes places.
func (r *slurmReader) torusDims(p *slurmPart, n *yaml.Node) error {
	if n == nil {
		return r.err(p.line, "torus %q has no dims: want dims: {x: X, y: Y, z: Z}", p.name)
	}
	dims, err := r.yamlXYZ(n, "dims of torus "+strconv.Quote(p.name), 1)
	if err != nil {
		return err
	}
	if dims[0]*dims[1]*dims[2] > MaxNodes {
		return r.err(n.Line, "torus %q has %d×%d×%d places: more than %s, the most topomap reads", p.name, dims[0], dims[1], dims[2], numtext.Count(MaxNodes))
	}
	p.dims = dims[:]
	return nil
}

// yamlXYZ reads a coordinate {x: X, y: Y, z: Z}, each at least least and
// at most MaxNodes; what names it for errors.
func (r *slurmReader) yamlXYZ(n *yaml.Node, what string, least int) ([3]int, error) {
	var out [3]int
	fields, err := r.yamlFields(n, what)
	if err != nil {
		return out, err
	}
	m := make(map[string]*yaml.Node, len(fields))
	for _, f := range fields {
		m[f.key.Value] = f.value
	}
	for j, a := range axes {
		v, ok := m[a]
		if !ok {
			return out, r.err(n.Line, "%s: no %s: want {x: X, y: Y, z: Z}", what, a)
		}
		s, err := r.yamlScalar(v, what+": "+a+", a number")
		if err != nil {
			return out, err
		}
		if out[j], err = strconv.Atoi(s); err != nil || out[j] < least || out[j] > MaxNodes {
			return out, r.err(v.Line, "%s: %s: %.20q: want a whole number from %d to %s", what, a, s, least, numtext.Count(MaxNodes))
		}
	}
	return out, nil
}

// torusNodes places the nodes of a hostlist on torus p, one a place, x
// fastest, as Slurm does.
func (r *slurmReader) torusNodes(p *slurmPart, expr string) error {
	names, err := r.expand(p.line, r.keys.nodes, expr, r.partNodes)
	if err != nil {
		return err
	}
	if size := p.dims[0] * p.dims[1] * p.dims[2]; len(names) != size {
		return r.err(p.line, "torus %q: %s for its %d×%d×%d places: Slurm wants one a place, x fastest (or regions:)", p.name, numtext.Plural(len(names), "node"), p.dims[0], p.dims[1], p.dims[2])
	}
	p.names = names
	for i := range names {
		p.places = append(p.places, i)
	}
	return nil
}

// torusRegions places the nodes of the regions of torus p: each its
// anchor, dims and nodes (x fastest in the region), inside the torus
// (a region does not wrap) and apart from the others.
func (r *slurmReader) torusRegions(p *slurmPart, n *yaml.Node) error {
	taken := map[int]int{} // place → the line of its region
	return r.yamlEach(n, "regions", func(line int, fields map[string]*yaml.Node) error {
		at, size, err := r.region(p, line, fields)
		if err != nil {
			return err
		}
		v, err := r.yamlStrings(fields, "nodes")
		if err != nil {
			return err
		}
		names, err := r.expand(line, r.keys.nodes, v[0], r.partNodes+len(p.names))
		if err != nil {
			return err
		}
		if len(names) != size[0]*size[1]*size[2] {
			return r.err(line, "a region of torus %q: %s for its %d×%d×%d places: Slurm wants one a place, x fastest", p.name, numtext.Plural(len(names), "node"), size[0], size[1], size[2])
		}
		for i, name := range names {
			place := at[0] + i%size[0] + p.dims[0]*(at[1]+i/size[0]%size[1]+p.dims[1]*(at[2]+i/(size[0]*size[1])))
			if first, dup := taken[place]; dup {
				return r.err(line, "a region of torus %q overlaps the region of line %d (node %q)", p.name, first, name)
			}
			taken[place] = line
			p.names, p.places = append(p.names, name), append(p.places, place)
		}
		return nil
	})
}

// region reads the anchor and dims of a region of torus p, on line, and
// checks that it lies inside the torus.
func (r *slurmReader) region(p *slurmPart, line int, fields map[string]*yaml.Node) (at, size [3]int, err error) {
	what := "a region of torus " + strconv.Quote(p.name)
	for _, k := range []string{"anchor", "dims"} {
		if fields[k] == nil {
			return at, size, r.err(line, "%s has no %s: want anchor: {x: X, y: Y, z: Z}, dims: {x: X, y: Y, z: Z} and nodes:", what, k)
		}
	}
	if at, err = r.yamlXYZ(fields["anchor"], what+": anchor", 0); err != nil {
		return at, size, err
	}
	if size, err = r.yamlXYZ(fields["dims"], what+": dims", 1); err != nil {
		return at, size, err
	}
	for j, a := range axes {
		if at[j]+size[j] > p.dims[j] {
			return at, size, r.err(line, "%s reaches %s = %d, past the torus's %d: a region does not wrap", what, a, at[j]+size[j]-1, p.dims[j]-1)
		}
	}
	return at, size, nil
}
