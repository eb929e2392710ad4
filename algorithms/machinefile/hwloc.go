package machinefile

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

const (
	xmlTitle       = "hwloc XML"
	syntheticTitle = "hwloc synthetic string"
)

// The levels of a node that are read, by hwloc's type names and the
// synthetic strings' short names; every other object is ignored.
var hwlocLevels = map[string]string{
	"package": "Package", "pack": "Package", "socket": "Package",
	"numanode": "NUMANode", "numa": "NUMANode", "node": "NUMANode",
	"l3cache": "L3", "l3": "L3", "l2cache": "L2", "l2": "L2",
	"core": "Core",
}

// NodeLevels is the inside of one node: its levels from the outermost,
// each with the number of its objects in one object of the level above
// (Sizes[len-1] is the cores per object of the last level). Levels of
// one object are dropped.
type NodeLevels struct {
	Names []string
	Sizes []int
}

// Host returns the node as a host: a tree of the levels, innermost
// first, with one cost per level (nil: all 0, one node of C cores).
func (n NodeLevels) Host(costs []int) (topology.Host, error) {
	k := len(n.Sizes)
	sizes := make([]int, k)
	for i, s := range n.Sizes {
		sizes[k-1-i] = s
	}
	if costs == nil {
		costs = make([]int, k)
	}
	if k == 0 {
		return topology.BuildTree([]int{1}, []int{0})
	}
	return topology.BuildTree(sizes, costs)
}

// add appends a level, dropping those of one object.
func (n *NodeLevels) add(name string, size int) {
	if size > 1 {
		n.Names, n.Sizes = append(n.Names, name), append(n.Sizes, size)
	}
}

// check refuses a node of more than MaxCores cores.
func (n NodeLevels) check() error {
	c := 1
	for _, s := range n.Sizes {
		if c > topology.MaxCores/s {
			return fmt.Errorf("a node of more than %s cores", metric.Count(topology.MaxCores))
		}
		c *= s
	}
	return nil
}

var syntheticWord = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9]*):([0-9]+)(\([^()]*\))?$`)

func sniffSynthetic(head []byte) bool {
	return syntheticWord.MatchString(firstWord(head))
}

// ParseSynthetic reads an hwloc synthetic string, "pack:2 numa:2 l3:1
// core:8 pu:2": levels from the outermost, TYPE:COUNT each (attributes
// in parentheses ignored). Levels of other types than those read
// multiply the next level read; the string must have a core level.
func ParseSynthetic(s string) (NodeLevels, error) {
	var n NodeLevels
	mult, cores := 1, false
	for i, w := range strings.Fields(s) {
		m := syntheticWord.FindStringSubmatch(w)
		count, err := strconv.Atoi(m1(m))
		if m == nil || err != nil || count < 1 || count > topology.MaxCores {
			return n, fmt.Errorf("word %d, %.30q: want TYPE:COUNT, COUNT from 1 to %s", i+1, w, metric.Count(topology.MaxCores))
		}
		level, read := hwlocLevels[strings.ToLower(m[1])]
		switch {
		case cores: // PUs and whatever else is below the cores
			continue
		case !read: // its objects merge into the next level read
			mult = min(mult*count, topology.MaxCores+1)
			continue
		}
		n.add(level, count*mult)
		mult, cores = 1, level == "Core"
		if err := n.check(); err != nil {
			return n, err
		}
	}
	if !cores {
		return n, fmt.Errorf("no core level (core:N)")
	}
	return n, nil
}

func m1(m []string) string {
	if m == nil {
		return ""
	}
	return m[2]
}

func readSynthetic(text []byte) (topology.Host, error) {
	var words []string
	lines(text, syntheticTitle, func(_ int, line string) error {
		words = append(words, line)
		return nil
	})
	n, err := ParseSynthetic(strings.Join(words, " "))
	if err != nil {
		return nil, &graphfile.Error{Format: syntheticTitle, Msg: err.Error()}
	}
	return n.Host(nil)
}

func sniffXML(head []byte) bool {
	t := bytes.TrimSpace(head)
	return bytes.HasPrefix(t, []byte("<?xml")) || bytes.HasPrefix(t, []byte("<topology"))
}

// xobj is an hwloc object kept for the node's levels.
type xobj struct {
	level string // "" for the root, a read level, or a NUMA group
	line  int
	kids  []*xobj
}

// readHwlocXML reads an lstopo --of xml file (hwloc 2; NUMA nodes as
// memory children of the object whose cores they hold, or, in hwloc 1,
// as their parents).
func readHwlocXML(text []byte) (topology.Host, error) {
	root, err := parseHwlocXML(text)
	if err != nil {
		return nil, err
	}
	n, err := regularLevels(root)
	if err != nil {
		return nil, err
	}
	return n.Host(nil)
}

// parseHwlocXML reads the objects into a tree of the levels read.
func parseHwlocXML(text []byte) (*xobj, error) {
	d := xml.NewDecoder(bytes.NewReader(text))
	root := &xobj{}
	// per open <object>: the kept object its children hang from
	stack := []*xobj{root}
	objects := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		line, _ := d.InputPos()
		if err != nil {
			return nil, &graphfile.Error{Format: xmlTitle, Line: line, Msg: err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local != "object" {
				continue
			}
			if objects++; objects > 1<<20 {
				return nil, &graphfile.Error{Format: xmlTitle, Line: line, Msg: "more than 1,048,576 objects", Err: graphfile.ErrTooLarge}
			}
			stack = append(stack, openObject(stack[len(stack)-1], attr(t, "type"), line))
		case xml.EndElement:
			if t.Name.Local == "object" && len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if objects == 0 {
		return nil, &graphfile.Error{Format: xmlTitle, Msg: "no <object> elements: want the output of lstopo --of xml"}
	}
	return root, nil
}

// openObject returns the object that the children of an object of type
// typ (under parent) hang from: a new level object if the type is read,
// parent otherwise.
func openObject(parent *xobj, typ string, line int) *xobj {
	level, read := hwlocLevels[strings.ToLower(typ)]
	if !read {
		return parent
	}
	o := &xobj{level: level, line: line}
	parent.kids = append(parent.kids, o)
	return o
}

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// regularLevels checks that every object of a level holds as many
// objects of the next, of one type, down to the cores, and returns the
// levels. A memory NUMA node (hwloc 2's, without children) is not a
// level of its own: its parent's objects are its group.
func regularLevels(root *xobj) (NodeLevels, error) {
	var n NodeLevels
	level := []*xobj{root}
	for {
		next, name, err := nextLevel(level)
		if err != nil {
			return n, err
		}
		if next == nil {
			break
		}
		n.add(name, len(next)/len(level))
		if err := n.check(); err != nil {
			return n, &graphfile.Error{Format: xmlTitle, Line: next[0].line, Msg: err.Error()}
		}
		if name == "Core" {
			return n, nil
		}
		level = next
	}
	return n, &graphfile.Error{Format: xmlTitle, Msg: "no Core objects"}
}

// nextLevel returns the children of the objects of one level, which
// must be of one type and as many under each object; memory NUMA nodes
// are dropped (their parent is the NUMA group).
func nextLevel(level []*xobj) ([]*xobj, string, error) {
	var next []*xobj
	name, per := "", -1
	for _, o := range level {
		kids := 0
		for _, k := range o.kids {
			if k.level == "NUMANode" && len(k.kids) == 0 {
				continue // a memory child
			}
			if name == "" {
				name = k.level
			}
			if k.level != name {
				return nil, "", &graphfile.Error{Format: xmlTitle, Line: k.line, Msg: fmt.Sprintf("a %s beside a %s: the levels of the node are not regular", k.level, name)}
			}
			next = append(next, k)
			kids++
		}
		if per >= 0 && kids != per {
			return nil, "", &graphfile.Error{Format: xmlTitle, Line: o.line, Msg: fmt.Sprintf("this object holds %s %s objects, the first of its level %s: the node is not regular", metric.Count(kids), name, metric.Count(per))}
		}
		per = kids
	}
	return next, name, nil
}
