package machinefile

import (
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/bom"
	"topomap/algorithms/internal/dims"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

// ReadNode reads the inside of one node from the text of an hwloc XML
// file or hwloc synthetic string (the format from the content; a leading
// byte order mark skipped, bom.Trim). ReadText reads such a text.
func ReadNode(text []byte) (NodeLevels, error) {
	text = bom.Trim(text)
	if sniffXML(text) {
		return readNodeXML(text)
	}
	s, err := syntheticText(text)
	if err != nil {
		return NodeLevels{}, err
	}
	return ParseSynthetic(s)
}

// Suffix returns the host spec suffix that gives a machine's nodes this
// inside: ":node=S1xS2…" (levels innermost first, as topology reads
// them), with ":dist=D1,…" when dist gives a cost per level (innermost
// first); without costs, or all 0, the cores are 0 apart (":cores=C").
func (n NodeLevels) Suffix(dist []int) (string, error) {
	k := len(n.Sizes)
	sizes, names := make([]int, k), make([]string, k)
	for i := range k {
		sizes[i], names[i] = n.Sizes[k-1-i], n.Names[k-1-i]
	}
	if k == 0 {
		return "", fmt.Errorf("a node of one core")
	}
	s := ":node=" + dims.Join(sizes)
	if dist == nil {
		return s, nil
	}
	if len(dist) != k {
		return "", fmt.Errorf("%d costs for the %d levels read (%s, innermost first): give one per level%s", len(dist), k, strings.Join(names, ", "), n.ignoredNote())
	}
	d := make([]string, k)
	for i, x := range dist {
		d[i] = strconv.Itoa(x)
	}
	return s + ":dist=" + strings.Join(d, ","), nil
}

// ignoredNote says which levels were not read, for a count of costs
// that does not match the levels read.
func (n NodeLevels) ignoredNote() string {
	if len(n.Ignored) == 0 {
		return ""
	}
	verb := " is"
	if len(n.Ignored) > 1 {
		verb = " are"
	}
	return "; " + strings.Join(n.Ignored, ", ") + verb + " not read (topomap reads " + readLevels() + " levels), its objects counted in the next level read"
}

// CutNodeDist splits the value of a --node flag, "SPEC dist=D1,D2,…" (the
// costs optional, innermost level first), into SPEC and the costs (nil
// without them).
func CutNodeDist(value string) (string, []int, error) {
	value = strings.TrimSpace(value)
	i := strings.LastIndex(value, " dist=")
	if i < 0 {
		return value, nil, nil
	}
	var dist []int
	for j, p := range strings.Split(value[i+len(" dist="):], ",") {
		d, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || d < 0 || d > topology.MaxLevelCost {
			return "", nil, fmt.Errorf("dist= cost %d, %.20q: want whole numbers from 0 to %s", j+1, p, numtext.Count(topology.MaxLevelCost))
		}
		dist = append(dist, d)
	}
	return strings.TrimSpace(value[:i]), dist, nil
}

// ParseNode reads the inside of a node given as an hwloc synthetic
// string, optionally followed by " dist=D1,D2,…" (a cost per level read,
// innermost first): "pack:2 core:2 dist=1,2" gives ":node=2x2:dist=1,2",
// the suffix to append to a host spec.
func ParseNode(value string) (string, error) {
	synthetic, dist, err := CutNodeDist(value)
	if err != nil {
		return "", err
	}
	n, err := ParseSynthetic(synthetic)
	if err != nil {
		return "", err
	}
	return n.Suffix(dist)
}
