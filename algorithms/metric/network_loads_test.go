package metric_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

// joined writes numbers as "a,b,c".
func joined(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// below writes the coordinates of the slots below a switch of that level
// whose shared digits are shared: "·" for each digit that varies.
func below(level int, shared []int) string {
	return "(" + strings.TrimSuffix(strings.Repeat("·,", level)+joined(shared), ",") + ")"
}

// fatTreeRoute is the D-mod-k route from a to b on fattree:K,N written
// from the rules of package topology's doc, on switch labels (c, u)
// rather than numbers: up from a's leaf ((), a_1..a_{N-1}) appending the
// destination's digit b_{i-1} to c at level i, then down, each step
// dropping c's last digit and putting b's next digit in front of u.
// Links are named "tail→head" as topology.VertexName names their ends.
func fatTreeRoute(k, levels, a, b int) []string {
	if a == b {
		return nil
	}
	digits := func(x int) []int {
		d := make([]int, levels)
		for i := range d {
			d[i], x = x%k, x/k
		}
		return d
	}
	da, db := digits(a), digits(b)
	top := levels // the lowest common level: one above the highest differing digit
	for top > 0 && da[top-1] == db[top-1] {
		top--
	}
	name := func(level int, c, u []int) string { // L2 #c (·,·,u)
		number, pow := 0, 1
		for _, x := range c {
			number, pow = number+x*pow, pow*k
		}
		if level == 1 {
			return "L1 " + below(1, u)
		}
		return "L" + strconv.Itoa(level) + " #" + strconv.Itoa(number) + " " + below(level, u)
	}
	c, u := []int{}, da[1:]
	at := name(1, c, u)
	route := []string{"(" + joined(da) + ")→" + at}
	for i := 1; i < top; i++ {
		c, u = append(c, db[i-1]), u[1:]
		next := name(i+1, c, u)
		route, at = append(route, at+"→"+next), next
	}
	for i := top; i > 1; i-- {
		c, u = c[:len(c)-1], append([]int{db[i-1]}, u...)
		next := name(i-1, c, u)
		route, at = append(route, at+"→"+next), next
	}
	return append(route, at+"→("+joined(db)+")")
}

// dragonflyRoute is the minimal route from terminal a to terminal b on
// dragonfly:A,P,H,G written from the rules of package topology's doc: the
// channel from group g to g' ≠ g is g' if g' < g, else g' − 1, on router
// channel div H.
func dragonflyRoute(ra, p, h, a, b int) []string {
	if a == b {
		return nil
	}
	type term struct{ t, r, g int }
	ta := term{a % p, a / p % ra, a / (p * ra)}
	tb := term{b % p, b / p % ra, b / (p * ra)}
	router := func(r, g int) string { return "router (" + strconv.Itoa(r) + "," + strconv.Itoa(g) + ")" }
	channelRouter := func(g, to int) int {
		if to < g {
			return to / h
		}
		return (to - 1) / h
	}
	at := router(ta.r, ta.g)
	route := []string{"(" + joined([]int{ta.t, ta.r, ta.g}) + ")→" + at}
	hop := func(r, g int) {
		next := router(r, g)
		route, at = append(route, at+"→"+next), next
	}
	r := ta.r
	if ta.g != tb.g {
		if out := channelRouter(ta.g, tb.g); out != r {
			hop(out, ta.g)
		}
		r = channelRouter(tb.g, ta.g)
		hop(r, tb.g)
	}
	if r != tb.r {
		hop(tb.r, tb.g)
	}
	return append(route, at+"→("+joined([]int{tb.t, tb.r, tb.g})+")")
}

// treeRoute is the tree path from slot a to slot b of
// tree:S1x…xSk:dist=2,4,…, written with the group labels of package
// topology's doc: up through "Li (digits i+1..k of a)" to the lowest
// common level, then down through b's groups.
func treeRoute(sizes []int, a, b int) []string {
	digits := func(x int) []int {
		d := make([]int, len(sizes))
		for i, s := range sizes {
			d[i], x = x%s, x/s
		}
		return d
	}
	da, db := digits(a), digits(b)
	top := len(sizes)
	for top > 0 && da[top-1] == db[top-1] {
		top--
	}
	group := func(level int, d []int) string { return "L" + strconv.Itoa(level) + " " + below(level, d[level:]) }
	var up, down []string
	at, bt := "("+joined(da)+")", "("+joined(db)+")"
	for i := 1; i <= top; i++ {
		up = append(up, at+"→"+group(i, da))
		down = append([]string{group(i, db) + "→" + bt}, down...)
		at, bt = group(i, da), group(i, db)
	}
	return append(up, down...)
}

// TestNetworkLinkLoadsFromTheRules: the link loads of fat trees,
// dragonflies and routed trees equal an independent recomputation that routes every arc by
// the rules of package topology's doc on switch labels and sums the
// volumes per named link; the figures follow (the largest, the links
// used, Σ L(e) = hop-bytes), on random weighted graphs at random places
// and on a grid placed in index order.
func TestNetworkLinkLoadsFromTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	for _, c := range []struct {
		host  string
		route func(a, b int) []string
	}{
		{"fattree:4,3", func(a, b int) []string { return fatTreeRoute(4, 3, a, b) }},
		{"fattree:2,5", func(a, b int) []string { return fatTreeRoute(2, 5, a, b) }},
		{"dragonfly:4,2,2,5", func(a, b int) []string { return dragonflyRoute(4, 2, 2, a, b) }},
		{"dragonfly:3,2,2,7", func(a, b int) []string { return dragonflyRoute(3, 2, 2, a, b) }},
		{"tree:4x2x3:dist=2,4,6", func(a, b int) []string { return treeRoute([]int{4, 2, 3}, a, b) }},
	} {
		h, err := topology.Parse(c.host)
		if err != nil {
			t.Fatal(err)
		}
		n := h.Size()
		grid := must(guest.NewGrid([]int{4, n / 4}, false))
		places := []*mapping.Mapping{{Guest: grid, Host: h, Place: identity(grid.Order())}}
		for range 5 {
			places = append(places, &mapping.Mapping{Guest: randomGraph(rng, n*3/4), Host: h, Place: rng.Perm(n)[:n*3/4]})
		}
		for i, m := range places {
			checkLoadsByRules(t, c.host+" placement "+strconv.Itoa(i), m, c.route)
		}
	}
}

// checkLoadsByRules compares m's link loads and figures with the sums
// over the routes that route gives.
func checkLoadsByRules(t *testing.T, name string, m *mapping.Mapping, route func(a, b int) []string) {
	t.Helper()
	g := m.Guest
	want := map[string]float64{}
	for u := range g.Order() {
		for e := g.Offsets[u]; e < g.Offsets[u+1]; e++ {
			for _, l := range route(m.Place[u], m.Place[g.Adj[e]]) {
				want[l] += g.Volume(int(e))
			}
		}
	}
	load, _, ok := metric.LinkLoads(m)
	r, _ := topology.RouterOf(m.Host)
	if !ok {
		t.Fatalf("%s: no link loads", name)
	}
	got := map[string]float64{}
	for id, x := range load {
		tail, head, ok := r.Link(id)
		if ok && x != 0 {
			got[topology.VertexName(m.Host, tail)+"→"+topology.VertexName(m.Host, head)] = x
		}
	}
	sum, most := 0.0, 0.0
	for l, x := range want {
		if got[l] != x { // integer volumes: exact
			t.Fatalf("%s: link %s carries %v, the rules say %v", name, l, got[l], x)
		}
		sum, most = sum+x, max(most, x)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d links carry load, the rules say %d", name, len(got), len(want))
	}
	f := metric.Evaluate(m)
	if *f.MaxLinkLoad != most || *f.LinksUsed != len(want) || f.HopBytes != sum || f.Routing != r.Routing() {
		t.Fatalf("%s: max %v, %d used, hop-bytes %v under %s; the rules say %v, %d, %v", name, *f.MaxLinkLoad, *f.LinksUsed, f.HopBytes, f.Routing, most, len(want), sum)
	}
}
