package graphmap

import (
	"context"
	"math/rand/v2"
	"slices"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// rbSeed seeds the random orders of the multilevel bisections: fixed, so
// that a graph and a host always give the same placement.
const rbSeed = 0x5c07c4

// A job is a part of the guest, the range [lo, hi) of rb.perm, and the
// host domain it goes to, the dom-th of its level.
type job struct {
	lo, hi, dom int32
}

// Bipartition maps g onto h by dual recursive bipartitioning in the style
// of Scotch (Pellegrini & Roman, HPCN 1996; F. Pellegrini, "Static mapping
// by dual recursive bipartitioning of process and architecture graphs",
// SHPCC 1994): the host domain is cut in two (a box across its longest
// axis, a set of nodes across the coordinate of largest extent), the
// guest part in two of exactly the halves' capacities, and each half of
// the guest goes on into its half of the host, breadth first, down to
// single nodes. A host larger than the guest is filled half by half: a
// part that fits in the first half goes there whole.
//
// Each bisection is multilevel: heavy-edge matching coarsens the part to
// at most 64 vertices, greedy graph growing from 8 seeded starts (fewer
// in parts below 4096 vertices) bisects
// it, and Fiduccia–Mattheyses passes refine every level on the way back,
// the last one to the exact sizes. It minimises the bytes cut times half
// the distance between the centres of the two host halves (at least 1:
// the cut edges end up on both sides of the halves' interface; Scotch
// takes the whole distance, which gave 1-2.5% more hop-bytes on the 4elt
// and copter2 quotients) plus, for the edges leaving the part, their
// bytes times the distance from each half to the domain their other end
// was sent to (the "external gains" of Scotch).
//
// A guest of n < 16384 vertices is mapped min(8, 16384/n) times, each
// run's random orders seeded differently, and the placement of lowest
// hop-bytes is kept.
//
// Time: O((n + edges)·log n) levels of bisection, each near-linear
// (O(n log n) per refinement pass), times the restarts, plus O(N) for
// the host.
func Bipartition(ctx context.Context, g *guest.Graph, h topology.Host) ([]int, error) {
	s, sp, err := prepare(g, h)
	if err != nil {
		return nil, err
	}
	runs := restarts(s.Order())
	var best []int
	bestHB := 0.0
	for i := range runs {
		place, err := bipartition(ctx, s, sp, rbSeed+uint64(i))
		if err != nil {
			return nil, err
		}
		if runs == 1 {
			return place, nil
		}
		if hb := hopBytes(s, sp, place); best == nil || hb < bestHB {
			best, bestHB = place, hb
		}
	}
	return best, nil
}

// restarts is the number of runs of different seeds that Bipartition
// keeps the best of: 16384/n, at most 8, at least 1, so that small
// guests, which map in milliseconds, get the luck of the draw (on 4elt's
// 1024-part quotient the best of 8 is 1-2% below one run).
func restarts(n int) int { return min(8, max(1, 16384/max(n, 1))) }

// hopBytes returns the hop-bytes of a placement of the undirected view s
// (each edge weighs both directions once). O(arcs·c).
func hopBytes(s *guest.Graph, sp *space, place []int) float64 {
	hb := 0.0
	for v := range s.Order() {
		for e := s.Offsets[v]; e < s.Offsets[v+1]; e++ {
			hb += s.Volume(int(e)) * float64(sp.hops(int32(place[v]), int32(place[s.Adj[e]])))
		}
	}
	return hb
}

// bipartition is one run of dual recursive bipartitioning of the
// undirected view s onto sp, its random orders seeded by seed. It works
// level by level (breadth first), each job's vertices a range of one
// permutation of the guest: only the jobs and domains of the level in
// hand and of the next are kept, and a job on one node is placed at once.
func bipartition(ctx context.Context, s *guest.Graph, sp *space, seed uint64) ([]int, error) {
	n := s.Order()
	r := newRB(ctx, s, sp, seed)
	whole := sp.whole(nil)
	w := r.wh[:r.wl]
	sp.where(whole, w)
	for v := range int32(n) {
		r.leave(v, w)
	}
	var now, next frontier
	r.push(&now, job{0, int32(n), 0}, whole)
	var halves []int32
	dl := int32(sp.domainLen())
	for len(now.jobs) > 0 {
		next.jobs, next.doms = next.jobs[:0], next.doms[:0]
		for _, j := range now.jobs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			halves = sp.split(now.doms[j.dom*dl:(j.dom+1)*dl], halves[:0])
			mid, err := r.bisect(j, halves[:dl], halves[dl:])
			if err != nil {
				return nil, err
			}
			r.push(&next, job{j.lo, mid, 0}, halves[:dl])
			r.push(&next, job{mid, j.hi, 0}, halves[dl:])
		}
		now, next = next, now
	}
	return r.place, nil
}

// A frontier is the jobs of one level of the recursion and their domains
// (each job's dom-th).
type frontier struct {
	jobs []job
	doms []int32
}

// push adds job j on domain d to f, or places its vertex if d is one
// node; an empty job is dropped.
func (r *rb) push(f *frontier, j job, d domain) {
	switch {
	case j.lo == j.hi:
	case r.sp.capacity(d) == 1:
		r.place[r.perm[j.lo]] = int(r.sp.node(d))
	default:
		j.dom = int32(len(f.doms) / len(d))
		f.doms = append(f.doms, d...)
		f.jobs = append(f.jobs, j)
	}
}

// rb is the state of one recursive bipartitioning.
type rb struct {
	s     *guest.Graph // the undirected view of the guest
	sp    *space
	perm  []int32 // the guest vertices, each job's a range
	place []int   // per guest vertex: its node, once placed
	wl    int     // sp.whereLen()
	// vx holds per guest vertex (wl+1 numbers, together: the job graph
	// reads both at each arc) its index in the current job or -1, and
	// where the domain it was last sent to lies
	vx    []int32
	spill []int32 // scratch of the partition
	wh    []int32 // where the two halves of the current job's domain lie
	bis   bisector
}

func newRB(ctx context.Context, s *guest.Graph, sp *space, seed uint64) *rb {
	n, wl := s.Order(), sp.whereLen()
	r := &rb{s: s, sp: sp, perm: make([]int32, n), place: make([]int, n), wl: wl, vx: make([]int32, n*(wl+1)),
		wh: make([]int32, 2*wl), bis: bisector{ctx: ctx, rng: rand.New(rand.NewPCG(seed, 0))}}
	for v := range n {
		r.perm[v] = int32(v)
	}
	return r
}

// leave records that v, in no job now, was sent to a domain lying at w.
func (r *rb) leave(v int32, w []int32) {
	x := r.vx[int(v)*(r.wl+1) : int(v+1)*(r.wl+1)]
	x[0] = -1
	copy(x[1:], w)
}

// bisect splits the vertices of job j between domains d0 and d1, the
// first getting min(its capacity, all of them), in place (each half in
// the order it had), records where they went, and returns where the
// second half starts.
func (r *rb) bisect(j job, d0, d1 domain) (int32, error) {
	verts := r.perm[j.lo:j.hi]
	n := len(verts)
	n0 := min(n, r.sp.capacity(d0))
	if n-n0 > r.sp.capacity(d1) {
		panic("graphmap: job larger than its domain")
	}
	w0, w1 := r.wh[:r.wl], r.wh[r.wl:]
	r.sp.where(d0, w0)
	r.sp.where(d1, w1)
	var side []int8
	if n0 < n {
		l := r.jobGraph(verts, w0, w1)
		if err := r.bis.ctx.Err(); err != nil {
			return 0, err
		}
		var err error
		if side, err = r.bis.bisect(l, int32(n0), max(1, r.sp.between(w0, w1)/2)); err != nil {
			return 0, err
		}
	}
	k, p1 := 0, r.spill[:0]
	for i, v := range verts {
		if (side == nil || side[i] == 0) && k < n0 || n-i == n0-k {
			verts[k] = v
			k++
			r.leave(v, w0)
		} else {
			p1 = append(p1, v)
			r.leave(v, w1)
		}
	}
	copy(verts[k:], p1)
	r.spill = p1
	return j.lo + int32(k), nil
}

// jobGraph builds the graph of a job (bisector's scratch level 0): its
// vertices, the edges between them, and for each vertex the difference
// in cost between the two halves, which lie at w0 and w1, of the edges
// that leave the job. O(n + their edges).
func (r *rb) jobGraph(verts []int32, w0, w1 []int32) *level {
	s, vs := r.s, r.wl+1
	for i, v := range verts {
		r.vx[int(v)*vs] = int32(i)
	}
	arcs := 0
	for _, v := range verts {
		arcs += int(s.Offsets[v+1] - s.Offsets[v])
	}
	l := r.bis.level(0, len(verts))
	l.adj, l.ew = slices.Grow(l.adj, arcs), slices.Grow(l.ew, arcs)
	l.maxw = 1
	for i, v := range verts {
		if r.bis.stopped() {
			break // the caller sees the context's error
		}
		l.vw[i] = 1
		for e := s.Offsets[v]; e < s.Offsets[v+1]; e++ {
			u := s.Adj[e]
			if k := r.vx[int(u)*vs]; k >= 0 {
				l.adj = append(l.adj, k)
				l.ew = append(l.ew, s.Volume(int(e)))
				continue
			}
			wu := r.vx[int(u)*vs+1 : int(u+1)*vs]
			l.ext[i] += s.Volume(int(e)) * (r.sp.between(w1, wu) - r.sp.between(w0, wu))
		}
		l.xadj[i+1] = int32(len(l.adj))
	}
	return l
}
