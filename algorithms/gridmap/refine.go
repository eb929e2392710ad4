package gridmap

import "topomap/algorithms/topology"

// Halve returns the sizes of a grid halved along every axis, and false if
// some side is odd: the coarse grid of a multilevel search, whose object
// (or processor) q stands for the 2×…×2 block of fine ones at 2q.
func Halve(dims []int) ([]int, bool) {
	out := make([]int, len(dims))
	for j, k := range dims {
		if k%2 != 0 {
			return nil, false
		}
		out[j] = k / 2
	}
	return out, true
}

// Refine turns a placement of the halved object grid on the halved host
// (coarse object q → coarse processor place[q]; see Halve) into one of the
// object grid obj (periodic if wrap) on host h: the 2^c objects of q's
// block go to the 2^c processors of place[q]'s block, in one of the
// block's 2^c·c! orientations (an axis permutation and a reflection per
// axis). Edges inside a block are one hop in any orientation; between
// blocks, a coarse placement that turns the grid somewhere would stretch
// them to three hops if the blocks kept their own orientation. So each
// block starts turned as the coarse placement turns there (each object
// axis along the host axis on which its coarse neighbour lies), then
// each takes in turn the orientation that makes its edges to the others
// shortest, until a sweep changes none (at most refineSweeps); the
// blocks' own orientation is kept instead if that is shorter still. obj
// and h have the same rank (2 or 3) and even sides. O(n·2^c·c!) per
// sweep, at most refineSweeps of them; deterministic. It does not stop
// for h.Ctx: its cost is bounded so, and a coarse placement found before
// a deadline (a partial result) is refined after it. Our construction [P].
func Refine(place, obj []int, h Box, wrap bool) []int {
	r := newRefinement(place, obj, h, wrap)
	own := r.total()
	r.follow()
	if r.descend() > own {
		clear(r.orient) // every block in its own orientation
	}
	return r.placement()
}

// refineSweeps bounds the sweeps of Refine.
const refineSweeps = 2

// orientation maps the offset b ∈ {0,1}^c of an object within its block
// to the offset of its processor within the host block: bit j of b goes
// to axis perm[j], flipped if flip has bit j.
type orientation struct {
	perm [3]int
	flip int
}

// refinement is one run of Refine.
type refinement struct {
	obj, host []int
	c         int
	wrap      bool
	hostWrap  []bool
	coarse    []int // coarse object → coarse processor
	half      []int // sides of the coarse grid
	// corner[q] is the host coordinates of the low corner of q's block.
	corner  [][3]int
	orients []orientation
	orient  []int // coarse object → index into orients (0: identity)
}

func newRefinement(place, obj []int, h Box, wrap bool) *refinement {
	c := len(obj)
	r := &refinement{obj: obj, host: h.Dims, c: c, wrap: wrap, coarse: place}
	r.hostWrap = make([]bool, c)
	for j := range c {
		r.hostWrap[j] = h.wraps(j)
	}
	r.half, _ = Halve(obj)
	r.corner = make([][3]int, len(place))
	for q, p := range place {
		for j := range c {
			half := r.host[j] / 2
			r.corner[q][j] = 2 * (p % half)
			p /= half
		}
	}
	// identity first, so that ties keep it
	for _, p := range permutations(c) {
		var perm [3]int
		copy(perm[:], p)
		for flip := range 1 << c {
			r.orients = append(r.orients, orientation{perm, flip})
		}
	}
	r.orient = make([]int, len(place))
	return r
}

// at returns the host coordinates of the object at block offset b of
// coarse object q under orientation o.
func (r *refinement) at(q int, o orientation, b int) [3]int {
	x := r.corner[q]
	for j := range r.c {
		x[o.perm[j]] += (b>>j ^ o.flip>>j) & 1
	}
	return x
}

// link is an edge from a block to the next one: the offset b of its end
// in the block, and the host coordinates of its other end.
type link struct {
	b     int
	there [3]int
}

// links returns the edges from coarse object q's block to the blocks
// next to it, the others in their present orientations.
func (r *refinement) links(q int, out []link) []link {
	g := r.coordsOf(q)
	out = out[:0]
	for b := range 1 << r.c {
		for j := range r.c {
			// the neighbour across q's face along j on b's side
			step := 1
			if b>>j&1 == 0 {
				step = -1
			}
			nj := g[j] + step
			switch {
			case nj >= 0 && nj < r.half[j]:
			case !r.wrap:
				continue
			default:
				nj = (nj + r.half[j]) % r.half[j]
			}
			ng := g
			ng[j] = nj
			nq := r.indexOf(ng)
			out = append(out, link{b, r.at(nq, r.orients[r.orient[nq]], b^1<<j)})
		}
	}
	return out
}

// costs holds the hops of a block's links along each host axis k when
// object axis j lies along it, reflected (f = 1) or not: the hops of an
// orientation o are Σ_j costs[o.perm[j]][j][o.flip bit j], since each
// host axis takes one object axis. 18 sums instead of a pass over the
// links for each of 48 orientations.
type costs [3][3][2]int

// costsOf returns the costs of coarse object q's links.
func (r *refinement) costsOf(q int, links []link) costs {
	var t costs
	for _, l := range links {
		for k := range r.c {
			// the hops along k from the block's low and high side
			var d [2]int
			for side := range 2 {
				d[side] = topology.AxisHops(r.corner[q][k]+side, l.there[k], r.host[k], r.hostWrap[k])
			}
			for j := range r.c {
				bit := l.b >> j & 1
				t[k][j][0] += d[bit]
				t[k][j][1] += d[bit^1]
			}
		}
	}
	return t
}

// of returns the hops of the links under orientation o.
func (t *costs) of(o orientation, c int) int {
	total := 0
	for j := range c {
		total += t[o.perm[j]][j][o.flip>>j&1]
	}
	return total
}

// descend sweeps until no block changes (at most refineSweeps) and
// returns the hops of the edges between blocks, counted from both sides.
func (r *refinement) descend() int {
	for range refineSweeps {
		if !r.sweep() {
			break
		}
	}
	return r.total()
}

// total returns the hops of the edges between blocks, counted from both
// sides.
func (r *refinement) total() int {
	total := 0
	var links []link
	for q := range r.coarse {
		links = r.links(q, links)
		t := r.costsOf(q, links)
		total += t.of(r.orients[r.orient[q]], r.c)
	}
	return total
}

// follow turns each block as the coarse placement turns there: object
// axis j goes along the host axis of the largest offset to the coarse
// neighbour along j (the next one, or the previous one, reversed), among
// the host axes not yet taken, reflected if that offset is negative.
func (r *refinement) follow() {
	index := make(map[orientation]int, len(r.orients))
	for i, o := range r.orients {
		index[o] = i
	}
	for q := range r.coarse {
		g := r.coordsOf(q)
		var o orientation
		taken := 0
		for j := range r.c {
			var off [3]int
			if nq, sign, ok := r.neighbour(g, j); ok {
				for k := range r.c {
					off[k] = sign * r.offset(r.corner[q][k], r.corner[nq][k], k)
				}
			}
			axis := -1
			for k := range r.c {
				if taken&(1<<k) == 0 && (axis < 0 || abs(off[k]) > abs(off[axis])) {
					axis = k
				}
			}
			taken |= 1 << axis
			o.perm[j] = axis
			if off[axis] < 0 {
				o.flip |= 1 << j
			}
		}
		r.orient[q] = index[o]
	}
}

// neighbour returns the coarse object next to coarse coordinates g along
// axis j (the next one, sign 1, or else the previous one, sign −1), and
// false if there is none.
func (r *refinement) neighbour(g [3]int, j int) (q, sign int, ok bool) {
	for _, step := range []int{1, -1} {
		nj := g[j] + step
		if nj < 0 || nj >= r.half[j] {
			if !r.wrap || r.half[j] < 2 {
				continue
			}
			nj = (nj + r.half[j]) % r.half[j]
		}
		h := g
		h[j] = nj
		return r.indexOf(h), step, true
	}
	return 0, 0, false
}

// coordsOf returns coarse object q's coordinates in the coarse grid.
func (r *refinement) coordsOf(q int) [3]int {
	var g [3]int
	for j := range r.c {
		g[j] = q % r.half[j]
		q /= r.half[j]
	}
	return g
}

// indexOf returns the coarse object at coarse coordinates g.
func (r *refinement) indexOf(g [3]int) int {
	q, st := 0, 1
	for k := range r.c {
		q += g[k] * st
		st *= r.half[k]
	}
	return q
}

// offset returns the shortest offset from host coordinate a to b on host
// axis k (around it if it wraps).
func (r *refinement) offset(a, b, k int) int {
	d := b - a
	if n := r.host[k]; r.hostWrap[k] {
		if 2*d > n {
			d -= n
		} else if 2*d < -n {
			d += n
		}
	}
	return d
}

// sweep gives each coarse object in turn its best orientation; false if
// none changed.
func (r *refinement) sweep() bool {
	changed := false
	var links []link
	for q := range r.coarse {
		links = r.links(q, links)
		t := r.costsOf(q, links)
		best, bestCost := r.orient[q], t.of(r.orients[r.orient[q]], r.c)
		for i, o := range r.orients {
			if c := t.of(o, r.c); c < bestCost {
				best, bestCost = i, c
			}
		}
		if best != r.orient[q] {
			r.orient[q], changed = best, true
		}
	}
	return changed
}

// placement returns the fine placement.
func (r *refinement) placement() []int {
	out := make([]int, product(r.obj))
	for v := range out {
		x, q, st := v, 0, 1
		b := 0
		for j := range r.c {
			g := x % r.obj[j]
			x /= r.obj[j]
			b |= g % 2 << j
			q += g / 2 * st
			st *= r.half[j]
		}
		at := r.at(q, r.orients[r.orient[q]], b)
		node, hst := 0, 1
		for j := range r.c {
			node += at[j] * hst
			hst *= r.host[j]
		}
		out[v] = node
	}
	return out
}
