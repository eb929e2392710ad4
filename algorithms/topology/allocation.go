package topology

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"topomap/algorithms/hostlist"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// Named is the optional capability of hosts whose nodes have names (a
// machine read from a file, a preset of a real machine): launcher files
// write them and an allocation may name them. On a host with cores the
// names are those of the host of its nodes (SplitCores).
type Named interface {
	Host
	// NodeName returns the name of node i.
	NodeName(i int) string
}

// Placed is the optional capability of hosts whose nodes are named nodes
// of a whole host, each at its place there, keeping its distances and
// routes: node i's coordinates are its place's on Whole(). A torus
// coordinates file writes such nodes of a torus or mesh, a line of its
// name and coordinates per node (Listed).
type Placed interface {
	Named
	// Whole returns the host the nodes are placed on.
	Whole() Host
}

// NodeNameOf returns the name of the node of slot v of h, if its nodes
// have names (Named: a machine file's).
func NodeNameOf(h Host, v int) (string, bool) {
	nodes, c := NodesOf(h)
	if n, ok := nodes.(Named); ok {
		return n.NodeName(v / c), true
	}
	return "", false
}

// NamesOf returns the names of h's nodes (not slots) in node-index order:
// those of the Named capability of the host of its nodes, or those of the
// preset whose machine h is; nil if its nodes have no names.
func NamesOf(h Host) []string {
	inner, _ := NodesOf(h)
	if n, ok := inner.(Named); ok {
		names := make([]string, inner.Size())
		for i := range names {
			names[i] = n.NodeName(i)
		}
		return names
	}
	return presetNames(h)
}

// Subset is the host of some nodes of a whole host, in a chosen order:
// node i is node Node(i) of the whole, with its coordinates; distances
// are the whole host's. It is what mappers see of an allocation.
type Subset struct {
	whole Host
	ids   []int
	pos   map[int]int

	ballsOnce sync.Once
	balls     []int // balls[r]: Ball(r), counted once (countBalls)
}

// NewSubset returns the nodes ids of whole (at least one, distinct, in
// range), in that order.
func NewSubset(whole Host, ids []int) (*Subset, error) {
	if len(ids) == 0 {
		return nil, reason.New(ErrInvalid, "no nodes")
	}
	s := &Subset{whole: whole, ids: ids, pos: make(map[int]int, len(ids))}
	for i, u := range ids {
		if u < 0 || u >= whole.Size() {
			return nil, reason.New(ErrInvalid, "node %d out of range [0, %d)", u, whole.Size())
		}
		if j, dup := s.pos[u]; dup {
			return nil, reason.New(ErrInvalid, "node %d given twice (entries %d and %d)", u, j+1, i+1)
		}
		s.pos[u] = i
	}
	return s, nil
}

// Node returns the whole host's node i of the subset is.
func (s *Subset) Node(i int) int { return s.ids[i] }

// Whole returns the host the subset's nodes are of: the k-th nearest
// node of the subset is at least as far as the whole host's k-th nearest,
// so bounds computed on the whole hold on the subset.
func (s *Subset) Whole() Host { return s.whole }

// Size returns the number of nodes of the subset.
func (s *Subset) Size() int { return len(s.ids) }

// String names the whole host and the nodes, as index ranges; it is for
// people (Parse does not read it: an allocation is the instance's nodes
// field).
func (s *Subset) String() string { return s.whole.String() + " nodes " + FormatRanges(s.ids) }

// Coords writes the whole host's coordinates of node idx.
func (s *Subset) Coords(idx int, dst []int) []int { return s.whole.Coords(s.ids[idx], dst) }

// Index returns the node of the subset at the given coordinates.
func (s *Subset) Index(coords []int) (int, error) {
	u, err := s.whole.Index(coords)
	if err != nil {
		return 0, err
	}
	i, ok := s.pos[u]
	if !ok {
		return 0, reason.New(ErrInvalid, "node %d is not allocated", u)
	}
	return i, nil
}

// Hops returns the whole host's hops between the nodes.
func (s *Subset) Hops(a, b int) int { return s.whole.Hops(s.ids[a], s.ids[b]) }

// network returns the same nodes of the whole host's network (NetworkOf),
// or nil where that is the whole host itself.
func (s *Subset) network() Host {
	net := NetworkOf(s.whole)
	if net == s.whole {
		return nil
	}
	return &Subset{whole: net, ids: s.ids, pos: s.pos}
}

// router routes as the whole host does (subsetRouter).
func (s *Subset) router() (Router, bool) {
	r, ok := RouterOf(s.whole)
	if !ok {
		return nil, false
	}
	return subsetRouter{s, r}, true
}

// Ball returns the largest number of the subset's nodes within r hops of
// one of them, itself included, at the whole host's distances (the Balls
// capability). The first call counts them from all pairwise distances,
// O(N²) Hops calls on N nodes, for every radius at once; later calls
// read that count, O(1).
func (s *Subset) Ball(r int) int {
	s.ballsOnce.Do(s.countBalls)
	switch {
	case r < 0:
		return 0
	case r >= len(s.balls):
		return len(s.ids)
	}
	return s.balls[r]
}

// countBalls sets balls[r], for every radius up to the farthest pair, to
// the largest count over the nodes of the nodes within r hops of one.
func (s *Subset) countBalls() {
	n := len(s.ids)
	var cnt []int // one node's nodes at r hops (its length never shrinks)
	for a := range n {
		clear(cnt)
		for b := range n {
			d := s.Hops(a, b)
			for len(cnt) <= d {
				cnt = append(cnt, 0)
			}
			cnt[d]++
		}
		for len(s.balls) < len(cnt) { // radii beyond the farthest of the nodes before, which see all there
			s.balls = append(s.balls, min(a, 1)*n)
		}
		within := 0
		for r, c := range cnt {
			within += c
			s.balls[r] = max(s.balls[r], within)
		}
	}
}

// Neighbors appends the subset's nodes one hop from idx in the whole host.
func (s *Subset) Neighbors(idx int, dst []int) []int {
	start := len(dst)
	dst = s.whole.Neighbors(s.ids[idx], dst)
	out := dst[:start]
	for _, u := range dst[start:] {
		if i, ok := s.pos[u]; ok {
			out = append(out, i)
		}
	}
	return out
}

// subsetRouter routes a subset's messages as the whole host does: a
// route's links are the whole host's, numbered as there (Link's ends are
// vertices of the whole host's wiring).
type subsetRouter struct {
	*Subset
	r Router
}

func (h subsetRouter) Routing() string                       { return h.r.Routing() }
func (h subsetRouter) LinkSlots() int                        { return h.r.LinkSlots() }
func (h subsetRouter) Links() int                            { return h.r.Links() }
func (h subsetRouter) Link(id int) (tail, head int, ok bool) { return h.r.Link(id) }
func (h subsetRouter) Route(a, b int, dst []int) []int       { return h.r.Route(h.ids[a], h.ids[b], dst) }

// Allocation is a machine restricted to the nodes a job was given, with
// a number of slots per node. Whole is the machine the placement lives
// on (its distances and routes are the whole machine's); Host is what a
// mapper sees: the allocated nodes, in allocation order, each with its
// slots. Slot translates a slot of Host to Whole's.
type Allocation struct {
	Whole Host
	Host  Host
	nodes *Subset
	given int // nodes of the allocation, before ranks per node took the first
	per   int // slots per node of Host
	cores int // slots per node of Whole
}

// Slot returns Whole's slot of slot s of Host.
func (a *Allocation) Slot(s int) int { return s%a.per + a.cores*a.nodes.ids[s/a.per] }

// Holds tells whether slot w of Whole is one of the allocation's. O(1).
func (a *Allocation) Holds(w int) bool {
	_, ok := a.nodes.pos[w/a.cores]
	return ok && w%a.cores < a.per
}

// Nodes returns the whole machine's nodes that the allocation uses, in
// allocation order.
func (a *Allocation) Nodes() []int { return a.nodes.ids }

// Given returns the number of nodes of the allocation as given: with
// ranks per node R, Nodes are the first ranks/R of them.
func (a *Allocation) Given() int { return a.given }

// PerNode returns the slots per allocated node.
func (a *Allocation) PerNode() int { return a.per }

// Allocate restricts h to its nodes ids (nil: all of them, in index
// order) for a guest of that many ranks. With ranksPerNode R > 0 every
// used node holds exactly R ranks, as srun --ntasks-per-node does: the
// ranks fill the first ranks/R allocated nodes, R slots each (R at most
// the cores of h's nodes; on a host without cores, its nodes get R).
// Errors say what does not fit, for users.
func Allocate(h Host, ids []int, ranksPerNode, ranks int) (*Allocation, error) {
	inner, c := NodesOf(h)
	whole, per := h, c
	if ids == nil {
		ids = firstNodes(inner.Size(), ranks, ranksPerNode)
	}
	given := len(ids)
	if ranksPerNode > 0 {
		var err error
		if whole, err = perNodeHost(h, ranksPerNode); err != nil {
			return nil, err
		}
		if ids, err = usedNodes(ids, ranksPerNode, ranks); err != nil {
			return nil, err
		}
		per = ranksPerNode
	}
	_, cores := NodesOf(whole)
	if ranks > len(ids)*per {
		return nil, fmt.Errorf("%s ranks do not fit the %s slots of the %s allocated %s (%s per node): allocate more nodes",
			numtext.Thousands(ranks), numtext.Thousands(len(ids)*per), numtext.Thousands(len(ids)), plural(len(ids), "node"), numtext.Thousands(per))
	}
	sub, err := NewSubset(inner, ids)
	if err != nil {
		return nil, err
	}
	mapped, err := allocated(whole, sub, per, cores)
	if err != nil {
		return nil, err
	}
	return &Allocation{Whole: whole, Host: mapped, nodes: sub, given: given, per: per, cores: cores}, nil
}

// allocated returns what a mapper sees of the nodes sub of whole (a host
// of cores slots per node), per slots each: the whole machine itself when
// that is all of it (it keeps its capabilities, Grid), else the nodes
// with per cores 0 apart; but on nodes with an inside (cores not 0 apart,
// NodesOf but not SplitCores) the first per cores of each node, at the
// whole machine's distances.
func allocated(whole Host, sub *Subset, per, cores int) (Host, error) {
	all := wholeInOrder(sub.ids, sub.whole.Size())
	if _, zero := SplitCores(whole); cores > 1 && zero == 1 {
		if all && per == cores {
			return whole, nil
		}
		slots := make([]int, 0, len(sub.ids)*per)
		for _, u := range sub.ids {
			for t := range per {
				slots = append(slots, t+cores*u)
			}
		}
		return NewSubset(whole, slots)
	}
	var mapped Host = sub
	if all {
		mapped = sub.whole
	}
	if per > 1 {
		return NewCores(mapped, per)
	}
	return mapped, nil
}

// wholeInOrder reports whether ids are the n nodes of a host in index
// order.
func wholeInOrder(ids []int, n int) bool {
	if len(ids) != n {
		return false
	}
	for i, u := range ids {
		if u != i {
			return false
		}
	}
	return true
}

// firstNodes returns the nodes 0.. of a host of n nodes that an
// allocation of the whole machine needs: ranks/R of them with R ranks per
// node, else all.
func firstNodes(n, ranks, ranksPerNode int) []int {
	if ranksPerNode > 0 {
		n = min(n, (ranks+ranksPerNode-1)/ranksPerNode)
	}
	ids := make([]int, max(n, 0))
	for i := range ids {
		ids[i] = i
	}
	return ids
}

// perNodeHost returns h with R slots per node: h itself when its nodes
// have cores (R must not exceed them), else its nodes with R cores.
func perNodeHost(h Host, r int) (Host, error) {
	inner, c := NodesOf(h)
	switch {
	case r < 1 || r > MaxCores:
		return nil, fmt.Errorf("%s ranks per node, want 1 to %s", numtext.Count(r), numtext.Count(MaxCores))
	case c > 1 && r > c:
		return nil, fmt.Errorf("%s ranks per node, more than the %s cores of a node of %s", numtext.Count(r), numtext.Count(c), h)
	case c > 1 || r == 1:
		return h, nil
	}
	return withCores(inner, r)
}

// usedNodes returns the first ranks/R nodes of ids, refusing ranks that
// do not fill whole nodes or need more nodes than ids has.
func usedNodes(ids []int, r, ranks int) ([]int, error) {
	if ranks%r != 0 {
		return nil, fmt.Errorf("%s ranks do not fill nodes of %s ranks each: give a multiple of %s ranks, or another ranks per node", numtext.Count(ranks), numtext.Count(r), numtext.Count(r))
	}
	if need := ranks / r; need > len(ids) {
		return nil, fmt.Errorf("%s ranks at %s per node need %s nodes; the allocation has %s", numtext.Count(ranks), numtext.Count(r), numtext.Count(need), numtext.Count(len(ids)))
	} else if need == 0 {
		return nil, errors.New("no ranks to place")
	}
	return ids[:ranks/r], nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// ResolveNodes reads an allocation of h's nodes (not slots): a Slurm
// hostlist of node names (hostlist.Expand) when h's nodes have names,
// given as names or NamesOf(h); otherwise index ranges such as
// "0-15,32-47" (brackets around them allowed). The nodes keep the order
// written. Errors name the node or range at fault.
func ResolveNodes(expr string, h Host, names []string) ([]int, error) {
	inner, _ := NodesOf(h)
	if names == nil {
		names = NamesOf(h)
	}
	if names == nil {
		ids, err := ParseRanges(expr, inner.Size())
		if err == nil {
			return ids, nil
		}
		n := inner.Size()
		if ids, byName := nodesByName(expr, n, defaultIndex(n), DefaultNodeName(0), DefaultNodeName(n-1)); byName == nil {
			return ids, nil // the names of the launcher files written without host names
		}
		return nil, fmt.Errorf("%w (the nodes of %s have no names but node0 … node%d: give index ranges such as 0-15,32-47 or those names)", err, inner, n-1)
	}
	return nodesByName(expr, len(names), namedIndex(names), names[0], names[len(names)-1])
}

// DefaultNodeName is the name of node i of a machine whose nodes have no
// names of their own, as the launcher files name it: "node<i>".
func DefaultNodeName(i int) string { return "node" + strconv.Itoa(i) }

// defaultIndex is the node whose default name (DefaultNodeName) is name
// on a machine of n nodes.
func defaultIndex(n int) func(name string) (int, bool) {
	return func(name string) (int, bool) {
		digits, ok := strings.CutPrefix(name, "node")
		i, err := strconv.Atoi(digits)
		return i, ok && err == nil && i >= 0 && i < n && DefaultNodeName(i) == name
	}
}

// namedIndex is the index of each of names.
func namedIndex(names []string) func(name string) (int, bool) {
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
	}
	return func(name string) (int, bool) { i, ok := index[name]; return i, ok }
}

// nodesByName returns the index of each name of a hostlist expression on
// a machine of n nodes named first … last, which index looks up.
func nodesByName(expr string, n int, index func(string) (int, bool), first, last string) ([]int, error) {
	list, err := hostlist.Expand(expr, n)
	if errors.Is(err, hostlist.ErrTooManyNames) {
		return nil, fmt.Errorf("the allocation names more nodes than the machine's %s", numtext.Count(n))
	}
	if err != nil {
		return nil, err
	}
	ids := make([]int, len(list))
	seen := make(map[int]bool, len(list))
	for i, name := range list {
		u, ok := index(name)
		if !ok {
			return nil, fmt.Errorf("%.40q is no node of the machine (its nodes are named %s … %s)", name, first, last)
		}
		if seen[u] {
			return nil, fmt.Errorf("node %.40q is allocated twice", name)
		}
		ids[i], seen[u] = u, true
	}
	return ids, nil
}

// ParseRanges reads node index ranges "0-15,32-47" (optionally in
// brackets, "[0-15,32-47]") of a host of n nodes: each item a node or a
// range lo-hi, every node below n and named once. The nodes keep the
// order written.
func ParseRanges(s string, n int) ([]int, error) {
	body := strings.TrimSpace(s)
	if strings.HasPrefix(body, "[") && strings.HasSuffix(body, "]") {
		body = body[1 : len(body)-1]
	}
	var ids []int
	seen := make(map[int]bool)
	for _, item := range strings.Split(body, ",") {
		lo, hi, err := parseRange(strings.TrimSpace(item), n)
		if err != nil {
			return nil, err
		}
		for u := lo; u <= hi; u++ {
			if seen[u] {
				return nil, fmt.Errorf("node %d is allocated twice", u)
			}
			seen[u] = true
			ids = append(ids, u)
		}
	}
	return ids, nil
}

// parseRange reads "a" or "a-b", nodes of a host of n nodes.
func parseRange(item string, n int) (lo, hi int, err error) {
	loText, hiText, isRange := strings.Cut(item, "-")
	lo, err1 := strconv.Atoi(loText)
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = strconv.Atoi(hiText)
	}
	switch {
	case err1 != nil || err2 != nil || !digits(loText) || isRange && !digits(hiText):
		return 0, 0, fmt.Errorf("%.40q is not a node index or a range lo-hi of them", item)
	case hi < lo:
		return 0, 0, fmt.Errorf("range %.40q ends below its start", item)
	case hi >= n:
		return 0, 0, fmt.Errorf("node %d is out of range: the host has nodes 0 to %d", hi, n-1)
	}
	return lo, hi, nil
}

// digits reports whether s is 1 to 9 decimal digits.
func digits(s string) bool { return s != "" && len(s) <= 9 && strings.Trim(s, "0123456789") == "" }

// FormatRanges writes node indices as ranges "0-15,32-47", in their order.
func FormatRanges(ids []int) string {
	var b strings.Builder
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(ids[i]))
		if j > i {
			b.WriteString("-" + strconv.Itoa(ids[j]))
		}
		i = j + 1
	}
	return b.String()
}
