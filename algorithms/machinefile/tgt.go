package machinefile

import (
	"fmt"
	"io"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
	"topomap/algorithms/topology"
)

const tgtTitle = "Scotch target"

// tgtKinds are the Scotch target architectures read, by name, with the
// number of numbers that follow (-1: given by the first number).
var tgtKinds = map[string]int{
	"tleaf": -1, "cmplt": 1, "hcub": 1,
	"mesh2D": 2, "mesh3D": 3, "torus2D": 2, "torus3D": 3, "torusXD": -1,
}

// tgtUnread are Scotch's other target keywords (Scotch 7's arch.c, and
// the older vcmplt and vhcub), each with why it is not read.
var tgtUnread = map[string]string{
	"cmpltw":   "a complete graph of weighted processors: topomap's slots are alike; write cmplt N if the weights are equal",
	"deco":     "a decomposition-defined target, as Scotch's amk_* tools write: it lists a distance per pair of terminals; write the machine as the algorithmic target it was made from or as a Slurm topology.conf",
	"dist":     "a distance-scaled wrapper of another target: write the target it wraps",
	"ltleaf":   "a tleaf with its leaves relabelled: write the tleaf",
	"meshXD":   "Scotch 7 measures its distances as a torus's (atst): write mesh2D or mesh3D, or torusXD for the torus it is",
	"sub":      "a part of another target: write that target",
	"varcmplt": "a variable-sized target, for recursive partitioning: it has no fixed number of terminals",
	"varhcub":  "a variable-sized target, for recursive partitioning: it has no fixed number of terminals",
	"vcmplt":   "a variable-sized target, for recursive partitioning: it has no fixed number of terminals",
	"vhcub":    "a variable-sized target, for recursive partitioning: it has no fixed number of terminals",
}

// tgtRead names the targets read (tgtKinds), for messages.
func tgtRead() string { return andList(slices.Sorted(maps.Keys(tgtKinds))) }

// tgtKind returns the Scotch keyword that word is, in the spelling of
// tgtKinds or tgtUnread (Scotch reads keywords in any case), or "".
func tgtKind(word string) string {
	for _, names := range []iter.Seq[string]{maps.Keys(tgtKinds), maps.Keys(tgtUnread)} {
		for k := range names {
			if strings.EqualFold(k, word) {
				return k
			}
		}
	}
	return ""
}

func sniffTarget(head []byte) bool { return tgtKind(firstWord(head)) != "" }

// token is a word of the input and its line.
type token struct {
	text string
	line int
}

func tokens(text []byte) ([]token, error) {
	var out []token
	err := lines(text, tgtTitle, func(no int, line string) error {
		for _, w := range strings.Fields(line) {
			if len(out) > 64 {
				return &graphfile.Error{Format: tgtTitle, Line: no, Msg: "more than 64 words: a target is a name and a few numbers"}
			}
			out = append(out, token{w, no})
		}
		return nil
	})
	return out, err
}

func tgtErr(line int, format string, args ...any) error {
	return &graphfile.Error{Format: tgtTitle, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// readTarget reads a Scotch target (see the package doc).
func readTarget(text []byte) (topology.Host, error) {
	line, _ := firstLine(text)
	kind := tgtKind(firstWord(text))
	if why, ok := tgtUnread[kind]; ok { // before tokens: a deco target is long
		return nil, tgtErr(line, "Scotch target %s is not read (%s); topomap reads %s", kind, why, tgtRead())
	}
	toks, err := tokens(text)
	if err != nil {
		return nil, err
	}
	nums := make([]int, len(toks)-1)
	for i, t := range toks[1:] {
		v, err := strconv.Atoi(t.text)
		if err != nil || v < 0 || v > topology.MaxNodes {
			return nil, tgtErr(t.line, "%.20q: want a whole number from 0 to %s", t.text, numtext.Count(topology.MaxNodes))
		}
		nums[i] = v
	}
	want := tgtKinds[kind]
	switch {
	case want < 0 && len(nums) == 0:
		return nil, tgtErr(line, "%s: want its count of levels or dimensions", kind)
	case kind == "tleaf":
		want = 1 + 2*nums[0]
	case want < 0:
		want = 1 + nums[0]
	}
	if len(nums) != want {
		return nil, tgtErr(line, "%s takes %d numbers, not %d", kind, want, len(nums))
	}
	h, err := buildTarget(kind, nums)
	if err != nil {
		return nil, tgtErr(line, "%s: %s", kind, reason.Of(err))
	}
	return h, nil
}

// buildTarget returns the host of a target whose numbers are counted.
func buildTarget(kind string, nums []int) (topology.Host, error) {
	switch kind {
	case "tleaf":
		// the file lists the levels from the root, each with the cost of
		// its links; two leaves whose lowest common ancestor is at level
		// i are the sum of the costs of the levels below it apart (atst)
		k := nums[0]
		if k == 0 { // one terminal, as atst reads it
			return topology.BuildTree([]int{1}, []int{1})
		}
		sizes, costs := make([]int, k), make([]int, k)
		sum := 0
		for i := range k {
			sizes[i] = nums[1+2*(k-1-i)]
			sum += nums[2+2*(k-1-i)]
			if nums[2+2*(k-1-i)] == 0 || sum > topology.MaxLevelCost {
				return nil, fmt.Errorf("level %d from the root: link costs from 1, summing to at most %s", k-i, numtext.Count(topology.MaxLevelCost))
			}
			costs[i] = sum
		}
		return topology.BuildTree(sizes, costs)
	case "cmplt":
		return topology.BuildTree(nums, []int{1})
	case "hcub":
		return topology.Parse("hypercube:" + strconv.Itoa(nums[0]))
	}
	dims := nums
	if strings.HasSuffix(kind, "XD") {
		dims = nums[1:]
	}
	var parts []string // axes of size 1 dropped: mesh2D 5 1 is line:5
	for _, d := range dims {
		if d != 1 {
			parts = append(parts, strconv.Itoa(d))
		}
	}
	if len(parts) == 0 {
		parts = []string{"1"}
	}
	return topology.Parse(kind[:len(kind)-2] + ":" + strings.Join(parts, "x"))
}

// WriteTarget writes h as a Scotch target: a hypercube as hcub, a mesh
// or torus (wrap-around on every axis of more than 2 nodes or on none:
// gridKind) as mesh2D/3D (a line as mesh2D K 1) or torus2D/3D/XD, a hierarchy as tleaf (levels from the
// root, each with the cost its level adds; a tree of switches read from
// a file too when it is regular, 2 per level). Other hosts have no Scotch
// target (a mesh of more than 3 axes, cores: Scotch has no link of cost
// 0), and the error says so.
func WriteTarget(w io.Writer, h topology.Host) error {
	text, err := target(h)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text+"\n")
	return err
}

func target(h topology.Host) (string, error) {
	if _, cores := topology.SplitCores(h); cores > 1 {
		return "", fmt.Errorf("host %s has cores, 0 apart, and a Scotch target has no link of cost 0: write the host without :cores", h)
	}
	if r, ok := h.(regularTree); ok {
		lc, ok := r.Regular()
		if !ok {
			return "", fmt.Errorf("host %s has no Scotch target: Scotch's tleaf is a regular tree of switches (every node at one depth, as many children for every switch of a level, the nodes under each switch numbered in a row), and this tree is not", h)
		}
		return tleaf(lc), nil
	}
	if hi, ok := h.(topology.LevelCosts); ok {
		return tleaf(hi), nil
	}
	g, ok := h.(topology.Grid)
	if !ok {
		return "", fmt.Errorf("host %s has no Scotch target (Scotch reads meshes, tori, hypercubes and trees, tleaf)", h)
	}
	if topology.IsHypercube(g) {
		return "hcub " + strconv.Itoa(g.Rank()), nil
	}
	dims := topology.DimsOf(g)
	torus, mixed := gridKind(topology.WrapsOf(g), dims)
	name := "mesh"
	if torus {
		name = "torus"
	}
	switch {
	case mixed:
		return "", fmt.Errorf("host %s wraps around on some axes of more than 2 nodes only, which no Scotch target does", h)
	case len(dims) == 1:
		dims = append(dims, 1)
	case len(dims) > 3 && !torus:
		return "", fmt.Errorf("host %s: Scotch 7 measures meshXD as a torus, so a mesh of more than 3 axes (one of more than 2 nodes) has no Scotch target", h)
	}
	words := make([]string, len(dims))
	for i, d := range dims {
		words[i] = strconv.Itoa(d)
	}
	if len(dims) <= 3 {
		return fmt.Sprintf("%s%dD %s", name, len(dims), strings.Join(words, " ")), nil
	}
	return fmt.Sprintf("torusXD %d %s", len(dims), strings.Join(words, " ")), nil
}

// gridKind says whether Scotch measures a grid as a torus: its axes of
// more than 2 nodes must all wrap around or none (mixed if not), since an
// axis of 1 or 2 nodes is as far across either way. A grid of such small
// axes only is a torus if its first axis wraps or it has more than 3
// axes (torusXD; Scotch 7 has no mesh of more).
func gridKind(wraps []bool, dims []int) (torus, mixed bool) {
	torus = wraps[0] || len(dims) > 3
	long := false // an axis of more than 2 nodes was seen
	for i, d := range dims {
		switch {
		case d <= 2:
		case !long:
			torus, long = wraps[i], true
		case wraps[i] != torus:
			return torus, true
		}
	}
	return torus, false
}

// regularTree is a tree of switches that may be regular
// (topology.SwitchTree.Regular): then it has the LevelCosts capability
// through the hierarchy it returns.
type regularTree interface {
	Regular() (topology.LevelCosts, bool)
}

// tleaf writes a hierarchy from its top level down, each level with the
// cost it adds to the one below; levels of one cost are one level of
// Scotch's (their slots are as far apart), whose links cost at least 1.
// Levels of one child are left out: no two slots meet there, and Scotch
// refuses a size below 2 (a tree of one slot is "tleaf 0").
func tleaf(h topology.LevelCosts) string {
	var sizes, adds []int // innermost first
	below := 0
	for i, s := range h.Radices() {
		switch c := h.LevelCost(i + 1); {
		case s == 1:
		case c == below && len(sizes) > 0:
			sizes[len(sizes)-1] *= s
		default:
			sizes, adds, below = append(sizes, s), append(adds, c-below), c
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tleaf %d", len(sizes))
	for i := len(sizes) - 1; i >= 0; i-- {
		fmt.Fprintf(&b, " %d %d", sizes[i], adds[i])
	}
	return b.String()
}
