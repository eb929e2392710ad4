package machinefile

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

const (
	xmlTitle       = "hwloc XML"
	syntheticTitle = "hwloc synthetic string"
)

// hwlocOrder are the levels of a node that are read, from the outermost,
// each with the names hwloc's types and the synthetic strings' short
// names give it (in lower case). A Group that holds a NUMA node's memory
// (hwloc 2 inserts one where no other object has the NUMA node's cores)
// is read as the NUMANode level; every other object is not read, its
// objects counted in the next level read (in a synthetic string, an
// object of a type hwloc knows: syntheticType).
var hwlocOrder = []struct {
	level string
	names []string
}{
	{"Package", []string{"package", "pack", "socket"}}, {"Die", []string{"die"}},
	{"NUMANode", []string{"numanode", "numa", "node"}}, {"L3", []string{"l3cache", "l3"}},
	{"L2", []string{"l2cache", "l2"}}, {"Core", []string{"core"}},
}

// hwlocLevels are hwlocOrder's levels by name.
var hwlocLevels = func() map[string]string {
	out := map[string]string{}
	for _, l := range hwlocOrder {
		for _, name := range l.names {
			out[name] = l.level
		}
	}
	return out
}()

// readLevels names hwlocOrder's levels from the outermost, for messages.
func readLevels() string {
	names := make([]string, len(hwlocOrder))
	for i, l := range hwlocOrder {
		names[i] = l.level
	}
	return andList(names)
}

// NodeLevels is the inside of one node: its levels from the outermost,
// each with the number of its objects in one object of the level above
// (Sizes[len-1] is the cores per object of the last level). Levels of
// one object are dropped; Ignored names the types of the levels not read
// (Group, L1dCache...) whose objects were counted in the next level read.
type NodeLevels struct {
	Names   []string
	Sizes   []int
	Ignored []string
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

// ignore notes a level of a type not read, if it has more than one
// object in the level above (of one, nothing is lost).
func (n *NodeLevels) ignore(typ string, size int) {
	if size > 1 && !slices.Contains(n.Ignored, typ) {
		n.Ignored = append(n.Ignored, typ)
	}
}

// check refuses a node of more than MaxCores cores.
func (n NodeLevels) check() error {
	c := 1
	for _, s := range n.Sizes {
		if c > topology.MaxCores/s {
			return fmt.Errorf("a node of more than %s cores", numtext.Count(topology.MaxCores))
		}
		c *= s
	}
	return nil
}

var (
	syntheticWord = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9]*):([0-9]+)(\([^()]*\))?$`)
	memoryWord    = regexp.MustCompile(`^\[\s*([A-Za-z]*).*\]$`)
)

func sniffSynthetic(head []byte) bool {
	_, first := firstLine(head)
	for _, w := range syntheticWords(first) {
		if !memoryWord.MatchString(w) {
			return syntheticWord.MatchString(w)
		}
	}
	return false
}

// syntheticWords splits an hwloc synthetic string at the blanks outside
// parentheses and brackets: "Package:2 [NUMANode(memory=1 indexes=1,0)]
// Core:2" is 3 words.
func syntheticWords(s string) []string {
	var words []string
	depth, start := 0, -1
	for i, c := range s {
		switch {
		case c == '(' || c == '[':
			depth++
		case (c == ')' || c == ']') && depth > 0:
			depth--
		case depth == 0 && unicode.IsSpace(c):
			if start >= 0 {
				words, start = append(words, s[start:i]), -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, s[start:])
	}
	return words
}

// groupsAsNUMA renames a Group level followed by a NUMA node in brackets,
// its memory child ("Group:2 [NUMANode(memory=…)]", as lstopo writes
// pack:2 numa:2), to the NUMANode level it is.
func groupsAsNUMA(words []string) {
	for i := range len(words) - 1 {
		m, mem := syntheticWord.FindStringSubmatch(words[i]), memoryWord.FindStringSubmatch(words[i+1])
		if m != nil && mem != nil && strings.HasPrefix(strings.ToLower(m[1]), "group") && hwlocLevels[strings.ToLower(mem[1])] == "NUMANode" {
			words[i] = "NUMANode" + words[i][len(m[1]):]
		}
	}
}

// maxSyntheticLevels is the most levels lstopo 2.9 reads in a synthetic
// string (a 127th: "Too many synthetic levels, max 128", counting levels
// of its own); the bound also keeps checkOrder's look at the levels seen
// from growing with the input (2M words of a 16 MB file: an hour).
const maxSyntheticLevels = 126

// ParseSynthetic reads an hwloc synthetic string, "pack:2 numa:2 l3:1
// core:8 pu:2": levels from the outermost, TYPE:COUNT each (attributes
// in parentheses ignored), memory children in brackets ("[NUMANode]",
// as lstopo --of synthetic writes them) skipped but for a Group's (see
// hwlocLevels). The types are hwloc's (syntheticType); levels of the
// types hwloc knows but topomap does not read multiply the next level
// read. The string must have a core level; below it come only levels
// that are not read (caches, groups) and the PUs, which come last (see
// checkOrder). An unknown type, or an order that hwloc or topomap
// refuses, is an error naming the word.
func ParseSynthetic(s string) (NodeLevels, error) {
	var n NodeLevels
	var seen []string // the levels met so far, "" for a type not read
	mult := 1
	words := syntheticWords(s)
	groupsAsNUMA(words)
	for i, w := range words {
		if memoryWord.MatchString(w) {
			continue
		}
		if len(seen) == maxSyntheticLevels {
			return n, fmt.Errorf("word %d: more than %d levels, which lstopo refuses", i+1, maxSyntheticLevels)
		}
		typ, level, count, err := syntheticLevel(w, seen)
		if err != nil {
			return n, fmt.Errorf("word %d, %.30q: %w", i+1, w, err)
		}
		cores := slices.Contains(seen, "Core")
		seen = append(seen, level)
		switch {
		case cores || level == "PU": // below the cores, or no cores at all
			continue
		case level == "": // its objects merge into the next level read
			mult = min(mult*count, topology.MaxCores+1)
			n.ignore(typ, count)
			continue
		}
		n.add(level, count*mult)
		mult = 1
		if err := n.check(); err != nil {
			return n, err
		}
	}
	if !slices.Contains(seen, "Core") {
		return n, fmt.Errorf("no core level (core:N)")
	}
	return n, nil
}

// syntheticLevel reads a word TYPE:COUNT of a synthetic string whose
// levels seen come before it, and returns TYPE, its level
// (syntheticType) and COUNT.
func syntheticLevel(w string, seen []string) (typ, level string, count int, err error) {
	m := syntheticWord.FindStringSubmatch(w)
	count, err = strconv.Atoi(m1(m))
	if m == nil || err != nil || count < 1 || count > topology.MaxCores {
		return "", "", 0, fmt.Errorf("want TYPE:COUNT (or a memory child in brackets), COUNT from 1 to %s", numtext.Count(topology.MaxCores))
	}
	level, known := syntheticType(m[1])
	if !known {
		return "", "", 0, fmt.Errorf("unknown type %.20q: want %s", m[1], syntheticTypes())
	}
	return m[1], level, count, checkOrder(level, seen)
}

// otherTypes are the types of hwloc's synthetic strings that are not
// read: the machine, groups (Group0…), the caches not read (L1, L4, L5,
// instruction and data caches: l1i, l2dcache…) and the PUs.
var otherTypes = regexp.MustCompile(`^(?i:machine|group[0-9]*|l[1-5][idu]?(cache)?|pu)$`)

// syntheticType returns the level that a type of a synthetic string
// gives (hwlocLevels), "PU" for the PUs and "" for the other types hwloc
// knows (otherTypes); known is false for a type hwloc does not know.
func syntheticType(typ string) (level string, known bool) {
	t := strings.ToLower(typ)
	if level, ok := hwlocLevels[t]; ok {
		return level, true
	}
	if t == "pu" {
		return "PU", true
	}
	return "", otherTypes.MatchString(t)
}

// syntheticTypes names the types syntheticType knows, for messages.
func syntheticTypes() string {
	names := make([]string, len(hwlocOrder))
	for i, l := range hwlocOrder {
		names[i] = l.names[0]
		if len(l.names) > 1 {
			names[i] += " (" + strings.Join(l.names[1:], ", ") + ")"
		}
	}
	return strings.Join(names, ", ") + ", or a type topomap does not read: machine, group, the other caches (l1, l1i, l2d, l4cache…) or pu"
}

// singleLevels are the levels hwloc allows once in a synthetic string
// (caches and groups may repeat).
var singleLevels = []string{"Package", "Die", "NUMANode", "Core", "PU"}

// checkOrder refuses a level that cannot come after the levels seen: as
// hwloc refuses them, anything after the PUs and a second level of
// singleLevels; as topomap reads the levels above the cores only, a
// level it reads below the Core level.
func checkOrder(level string, seen []string) error {
	switch {
	case slices.Contains(seen, "PU"):
		return fmt.Errorf("a level below the PUs: pu:N is the last level")
	case slices.Contains(singleLevels, level) && slices.Contains(seen, level):
		return fmt.Errorf("a second %s level: hwloc allows one", level)
	case level != "" && level != "PU" && slices.Contains(seen, "Core"):
		return fmt.Errorf("%s below the Core level: topomap reads the levels above the cores, from the outermost (%s); below them only caches, groups and PUs", level, readLevels())
	}
	return nil
}

func m1(m []string) string {
	if m == nil {
		return ""
	}
	return m[2]
}

// syntheticText joins the lines of a synthetic string read from a file,
// comments cut; a line above MaxLine is an error.
func syntheticText(text []byte) (string, error) {
	var words []string
	err := lines(text, syntheticTitle, func(_ int, line string) error {
		words = append(words, line)
		return nil
	})
	return strings.Join(words, " "), err
}

func readSynthetic(text []byte) (topology.Host, error) {
	s, err := syntheticText(text)
	if err != nil {
		return nil, err
	}
	n, err := ParseSynthetic(s)
	if err != nil {
		return nil, &graphfile.Error{Format: syntheticTitle, Msg: err.Error()}
	}
	return n.Host(nil)
}

func sniffXML(head []byte) bool {
	t := bytes.TrimSpace(head)
	return bytes.HasPrefix(t, []byte("<?xml")) || bytes.HasPrefix(t, []byte("<topology"))
}

// xobj is an hwloc object, kept if its level is read.
type xobj struct {
	level  string // "" for the root and the types not read, or a read level
	typ    string
	line   int
	kids   []*xobj  // the kept objects below, the nearest
	merged []string // the types not read of the objects whose kids hang here, once each
}

// readHwlocXML reads an lstopo --of xml file (hwloc 2; NUMA nodes as
// memory children of the object whose cores they hold, or, in hwloc 1,
// as their parents, and caches of type "Cache": xmlType).
func readHwlocXML(text []byte) (topology.Host, error) {
	n, err := readNodeXML(text)
	if err != nil {
		return nil, err
	}
	return n.Host(nil)
}

// readNodeXML reads the levels of the node of an hwloc XML file.
func readNodeXML(text []byte) (NodeLevels, error) {
	root, ignored, err := parseHwlocXML(text)
	if err != nil {
		return NodeLevels{}, err
	}
	n, err := regularLevels(root)
	n.Ignored = ignored
	return n, err
}

// maxXMLDepth bounds the nesting of an hwloc XML file's elements, which
// the decoder would otherwise keep a record of each (hundreds of MB for
// 16 MB of "<a>"); hwloc's objects nest about 20 deep (Machine, Package,
// Die, Groups, caches, Core, PU, I/O bridges).
const maxXMLDepth = 256

// maxReadObjects bounds the objects of the levels read (hwlocLevels)
// that an hwloc XML file may hold: a node of topology.MaxCores cores has
// fewer. The kids of every object not read move up to its parent
// (closeObject), so without the bound 700,000 cores under 250 Groups cost
// 1.5 GB.
const maxReadObjects = 8 * topology.MaxCores

// parseHwlocXML reads the objects into a tree of the levels read, and
// returns the types not read that held more than one object with cores
// in one object.
func parseHwlocXML(text []byte) (*xobj, []string, error) {
	d := xml.NewDecoder(bytes.NewReader(text))
	x := &xmlTree{stack: []*xobj{{}}}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		line, _ := d.InputPos()
		if err != nil {
			return nil, nil, xmlError(line, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := x.start(t, line); err != nil {
				return nil, nil, err
			}
		case xml.EndElement:
			x.end(t)
		}
	}
	if x.objects == 0 {
		return nil, nil, &graphfile.Error{Format: xmlTitle, Msg: "no <object> elements: want the output of lstopo --of xml"}
	}
	return x.stack[0], x.ignored, nil
}

// xmlTree is the tree of the levels read that parseHwlocXML builds.
type xmlTree struct {
	stack         []*xobj  // the root, then the open <object> elements
	ignored       []string // see closeObject
	objects, read int      // the objects, and those of the levels read
	depth         int      // the open elements
}

// start opens an element at line: an object, or an object's info, which
// may give a Group its type (groupType). Too deep a nesting, too many
// objects and too many of the levels read are errors.
func (x *xmlTree) start(t xml.StartElement, line int) error {
	if x.depth++; x.depth > maxXMLDepth {
		return xmlTooLarge(line, fmt.Sprintf("elements nested more than %d deep: an hwloc topology is a few levels deep", maxXMLDepth))
	}
	switch t.Name.Local {
	case "info":
		groupType(x.stack[len(x.stack)-1], t)
		return nil
	case "object":
	default:
		return nil
	}
	typ := xmlType(t)
	level := hwlocLevels[strings.ToLower(typ)]
	if x.objects++; level != "" {
		x.read++
	}
	switch {
	case x.objects > 1<<20:
		return xmlTooLarge(line, "more than 1,048,576 objects")
	case x.read > maxReadObjects:
		return xmlTooLarge(line, fmt.Sprintf("more than %s objects of the levels read (%s): a node has at most %s cores", numtext.Count(maxReadObjects), readLevels(), numtext.Count(topology.MaxCores)))
	}
	x.stack = append(x.stack, &xobj{level: level, typ: typ, line: line})
	return nil
}

// end closes an element; an object is hung from its parent (closeObject).
func (x *xmlTree) end(t xml.EndElement) {
	x.depth--
	if n := len(x.stack); t.Name.Local == "object" && n > 1 {
		x.ignored = closeObject(x.stack[n-2], x.stack[n-1], x.ignored)
		x.stack = x.stack[:n-1]
	}
}

func xmlTooLarge(line int, msg string) error {
	return &graphfile.Error{Format: xmlTitle, Line: line, Msg: msg, Err: graphfile.ErrTooLarge}
}

// closeObject hangs o, whose element ends, from parent: itself if its
// level is read or if it is a Group that holds a NUMA node's memory (the
// NUMANode level), else its kids. A type not read is added to ignored
// when parent holds two objects of it with cores below.
func closeObject(parent, o *xobj, ignored []string) []string {
	switch {
	case o.level != "":
	case strings.HasPrefix(strings.ToLower(o.typ), "group") && slices.ContainsFunc(o.kids, isMemory):
		o.level = "NUMANode"
	default:
		if slices.ContainsFunc(o.kids, func(k *xobj) bool { return !isMemory(k) }) { // not PUs, I/O, memory
			switch {
			case !slices.Contains(parent.merged, o.typ):
				parent.merged = append(parent.merged, o.typ)
			case !slices.Contains(ignored, o.typ):
				ignored = append(ignored, o.typ)
			}
		}
		parent.kids = append(parent.kids, o.kids...)
		return ignored
	}
	parent.kids = append(parent.kids, o)
	return ignored
}

// isMemory reports whether o is a memory NUMA node (hwloc 2's, without
// children).
func isMemory(o *xobj) bool { return o.level == "NUMANode" && len(o.kids) == 0 }

// xmlType returns an object's type as hwloc 2 names it: hwloc 1 writes
// every cache as "Cache", with its depth and cache_type (2: instruction).
func xmlType(t xml.StartElement) string {
	typ := attr(t, "type")
	if typ != "Cache" {
		return typ
	}
	i := ""
	if attr(t, "cache_type") == "2" {
		i = "i"
	}
	return "L" + attr(t, "depth") + i + "Cache"
}

// groupType gives a Group the type that its info Type names, if it is
// a level read: hwloc 2 exports a Die so for hwloc 1, which has none.
func groupType(o *xobj, info xml.StartElement) {
	level := hwlocLevels[strings.ToLower(attr(info, "value"))]
	if o.typ == "Group" && attr(info, "name") == "Type" && level != "" {
		o.typ, o.level = attr(info, "value"), level
	}
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
			if isMemory(k) {
				continue
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
			return nil, "", &graphfile.Error{Format: xmlTitle, Line: o.line, Msg: fmt.Sprintf("this object holds %s %s objects, the first of its level %s: the node is not regular", numtext.Count(kids), name, numtext.Count(per))}
		}
		per = kids
	}
	return next, name, nil
}

// xmlError is the error of a malformed XML file at line: the decoder's
// own line when it says one (a syntax error), its message without "XML
// syntax error on line N" (the Error says the line).
func xmlError(line int, err error) error {
	msg := err.Error()
	if se, ok := errors.AsType[*xml.SyntaxError](err); ok {
		line, msg = se.Line, se.Msg
	}
	return &graphfile.Error{Format: xmlTitle, Line: line, Msg: msg}
}
