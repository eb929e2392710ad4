package graphmap

import (
	"context"
	"math/bits"
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
// axis, a set of nodes along the host's structure: see space.cutSet), the
// guest part in two of exactly the halves' capacities, and each half of
// the guest goes on into its half of the host, breadth first, down to
// single nodes. A host larger than the guest is filled half by half: a
// part that fits in the first half goes there whole.
//
// Each bisection is multilevel: heavy-edge matching coarsens the part to
// at most 64 vertices (or until the coarser levels would hold more than
// twice its arcs: an expander's levels keep most of them), greedy graph
// growing from 8 seeded starts (fewer in parts below 4096 vertices, or
// on a coarsest level of many arcs) bisects it, and Fiduccia–Mattheyses
// passes refine every level on the way back, the last one to the exact
// sizes. It minimises the bytes cut times half
// the distance between the centres of the two host halves (at least 1:
// the cut edges end up on both sides of the halves' interface; Scotch
// takes the whole distance, which gave 1-2.5% more hop-bytes on the 4elt
// and copter2 quotients) plus, for the edges leaving the part, their
// bytes times the distance from each half to the domain their other end
// was sent to (the "external gains" of Scotch).
//
// A guest of n < 32768 vertices and m arcs is mapped min(8, 32768/n,
// 2^20/m) times (2^19/m on a host of nested groups: see restarts), each
// run's random orders seeded differently, and the placement of lowest
// hop-bytes is kept. On nodes with an inside of costs (":node=…:dist=…")
// the runs alternate, at least one of each, between the host's structure
// (the nodes first, then the inside's groups) and the slots' coordinates
// of largest extent (a node's and its core's number), as on any other
// host: where a node's cores are further apart than nodes, the first can
// pack a node with neighbours that the network would join more cheaply.
//
// Time: about log2 n levels of bisection, each O(m) for the parts' graphs
// and coarsening and O(n log n + m) per refinement pass (m the arcs of
// the undirected view), times the restarts, plus O(N log² N) for a host
// without the Grid capability (its nodes sorted at every level) or O(N)
// for a grid host of at most 16 times the guest's size (a table of
// coordinates). Memory: O(n + m), the scratch of the largest part
// reused by the others: 2^20 vertices and 2^22 random arcs onto
// torus:128x128x64 take 650 MB of heap, the guest included.
func Bipartition(ctx context.Context, g *guest.Graph, h topology.Host) ([]int, error) {
	s, sp, err := prepare(g, h)
	if err != nil {
		return nil, err
	}
	arcs := rbArcs
	if HasGroups(h) {
		arcs = groupArcs
	}
	runs := restarts(s, arcs)
	if sp.costly {
		runs = max(runs, 2) // one of each order (see below)
	}
	var best []int
	bestHB := 0.0
	// a level of bisections cuts parts of n vertices in all
	perRun := float64(s.Order()) * float64(max(1, bits.Len(uint(sp.size-1))))
	pr := newProgress(ctx, float64(runs)*perRun)
	for i := range runs {
		sp.byCoords = sp.costly && i%2 == 1
		place, err := bipartition(ctx, s, sp, rbSeed+uint64(i), pr)
		if err != nil {
			return nil, err
		}
		pr.reach(float64(i+1) * perRun)
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
// and Multisection keep the best of, for the undirected view s of n
// vertices and m arcs: min(8, 32768/n, arcs/m), at least 1, so that
// small guests, which map in milliseconds, get the luck of the draw (on
// 4elt's 1024-part quotient the best of 8 is 1-2% below one run; on its
// 4096-part quotient onto fattree:8,3:cores=8, 8 runs rather than 4 give
// 1.099 hops per byte rather than 1.118, for 0.2 CPU-s rather than 0.15),
// and the work of the runs, O(n + m) each, is bounded in arcs as in
// vertices.
func restarts(s *guest.Graph, arcs int) int {
	return max(1, min(8, 32768/max(s.Order(), 1), arcs/max(1, len(s.Adj))))
}

// The caps of restarts in arcs: rbArcs for rb, groupArcs for Multisection and
// for rb on a host of nested groups. copter2's 4096-part quotient
// (174,878 arcs) runs 5 times on a torus rather than 8: rb's 8 runs
// cost 1.8 CPU-s there, and PAIRS from the best of 4 to 7 ends at
// 3.2441-3.2442 hops per byte on torus:16x16x16 (from 3: 3.3141). It runs
// twice on a host of groups, whose runs differ less, since every split
// is along the host's groups, and where Multisection maps beside rb as a
// start of PAIRS: on fattree:16,3 and fattree:8,3:cores=8 rb's 8 runs
// spread 0.4 % and 0.6 % in hop-bytes (4.8 % on torus:16x16x16), and
// PAIRS started from Multisection's.
const (
	rbArcs    = 1 << 20
	groupArcs = 1 << 19
)

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
func bipartition(ctx context.Context, s *guest.Graph, sp *space, seed uint64, pr *progress) ([]int, error) {
	n := s.Order()
	r := newRB(ctx, s, sp, seed)
	r.push(0, job{0, int32(n), 0}, sp.whole(nil))
	var halves []int32
	for c := 0; len(r.fr[c].jobs) > 0; c = 1 - c {
		now, next := &r.fr[c], &r.fr[1-c]
		// at most two jobs each: grown once, not by appends of a quarter
		next.jobs = slices.Grow(next.jobs[:0], 2*len(now.jobs))
		next.doms = slices.Grow(next.doms[:0], 2*len(now.doms))
		for _, j := range now.jobs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			halves = sp.split(now.dom(j.dom), halves[:0])
			h0, h1 := domain(halves[:len(halves)/2]), domain(halves[len(halves)/2:])
			mid, err := r.bisect(j, h0, h1)
			if err != nil {
				return nil, err
			}
			r.push(1-c, job{j.lo, mid, 0}, h0)
			r.push(1-c, job{mid, j.hi, 0}, h1)
			pr.add(float64(j.hi - j.lo))
		}
	}
	return r.place, nil
}

// A frontier is the jobs of one level of the recursion and their domains
// (each job's dom-th, domainLen numbers each).
type frontier struct {
	jobs []job
	doms []int32
	dl   int32
}

func (f *frontier) dom(i int32) domain { return f.doms[i*f.dl : (i+1)*f.dl] }

// rb is the state of one recursive bipartitioning.
type rb struct {
	s     *guest.Graph // the undirected view of the guest
	sp    *space
	perm  []int32 // the guest vertices, each job's a range
	place []int   // per guest vertex: its node, once placed
	fr    [2]frontier
	// vx holds two numbers per guest vertex (together: the job graph
	// reads both at each arc): its index in the job in hand or -1, and
	// where it was last sent (see ref).
	vx    []int32
	spill []int32 // scratch of the partition
	heads []int32 // scratch of jobGraph
	bis   bisector
}

func newRB(ctx context.Context, s *guest.Graph, sp *space, seed uint64) *rb {
	n := s.Order()
	r := &rb{s: s, sp: sp, perm: make([]int32, n), place: make([]int, n), vx: make([]int32, 2*n),
		bis: bisector{ctx: ctx, rng: rand.New(rand.NewPCG(seed, 0))}}
	for v := range n {
		r.perm[v], r.vx[2*v] = int32(v), -1
	}
	dl := int32(sp.domainLen())
	r.fr[0].dl, r.fr[1].dl = dl, dl
	return r
}

// push adds job j on domain d to frontier f, or places its vertex if d
// is one node (an empty job is dropped), and records where its vertices
// went: a ref, which is i<<1 | f for the i-th domain of frontier f, or
// ^x for node x.
func (r *rb) push(f int, j job, d domain) {
	var ref int32
	switch {
	case j.lo == j.hi:
		return
	case r.sp.capacity(d) == 1:
		x := r.sp.node(d)
		r.place[r.perm[j.lo]], ref = int(x), ^x
	default:
		fr := &r.fr[f]
		j.dom = int32(len(fr.jobs))
		fr.doms = append(fr.doms, d...)
		fr.jobs = append(fr.jobs, j)
		ref = j.dom<<1 | int32(f)
	}
	for _, v := range r.perm[j.lo:j.hi] {
		r.vx[2*v+1] = ref
	}
}

// lies returns where the vertices of a ref lie along axis (see
// space.lies).
func (r *rb) lies(ref int32, axis int) int32 {
	if ref < 0 {
		return r.sp.liesNode(^ref, axis)
	}
	return r.sp.lies(r.fr[ref&1].dom(ref>>1), axis)
}

// bisect splits the vertices of job j between domains d0 and d1, the
// first getting min(its capacity, all of them), in place (each half in
// the order it had), and returns where the second half starts.
func (r *rb) bisect(j job, d0, d1 domain) (int32, error) {
	verts := r.perm[j.lo:j.hi]
	n := len(verts)
	n0 := min(n, r.sp.capacity(d0))
	if n-n0 > r.sp.capacity(d1) {
		panic("graphmap: job larger than its domain")
	}
	var side []int8
	if n0 < n {
		l := r.jobGraph(verts, d0, d1)
		if err := r.bis.ctx.Err(); err != nil {
			return 0, err
		}
		var err error
		if side, err = r.bis.bisect(l, int32(n0), max(1, r.sp.dist(d0, d1)/2)); err != nil {
			return 0, err
		}
	}
	k, p1 := 0, r.spill[:0]
	for i, v := range verts {
		r.vx[2*v] = -1
		if (side == nil || side[i] == 0) && k < n0 || n-i == n0-k {
			verts[k] = v
			k++
		} else {
			p1 = append(p1, v)
		}
	}
	copy(verts[k:], p1)
	r.spill = p1
	return j.lo + int32(k), nil
}

// jobGraph builds the graph of a job (bisector's scratch level 0): its
// vertices, the edges between them, and for each vertex the difference
// in cost between the halves d0 and d1 of the edges that leave the job.
// O(n + their edges).
func (r *rb) jobGraph(verts []int32, d0, d1 domain) *level {
	s := r.s
	for i, v := range verts {
		r.vx[2*v] = int32(i)
	}
	arcs := 0
	for _, v := range verts {
		arcs += int(s.Offsets[v+1] - s.Offsets[v])
	}
	l := r.bis.level(0, len(verts))
	l.adj, l.ew = slices.Grow(l.adj, arcs), slices.Grow(l.ew, arcs)
	l.maxw = 1
	axis := r.sp.axis(d0, d1)
	x0, x1 := r.sp.lies(d0, axis), r.sp.lies(d1, axis)
	for i := 0; i < len(verts) && r.bis.ctx.Err() == nil; { // the caller sees the context's error
		// The heads' numbers of the arcs of a chunk of vertices are read
		// first, in a loop without branches, so that the processor waits
		// for many of them at once: on an expander nearly every one is a
		// cache miss.
		heads, end := r.heads[:0], i
		for ; end < len(verts) && len(heads) < 2*chunkArcs; end++ {
			v := verts[end]
			for _, u := range s.Adj[s.Offsets[v]:s.Offsets[v+1]] {
				heads = append(heads, r.vx[2*u], r.vx[2*u+1])
			}
		}
		r.heads = heads
		for x := 0; i < end; i++ {
			v := verts[i]
			l.vw[i] = 1
			for e := s.Offsets[v]; e < s.Offsets[v+1]; e, x = e+1, x+2 {
				if k := heads[x]; k >= 0 {
					l.adj = append(l.adj, k)
					l.ew = append(l.ew, s.Volume(int(e)))
					continue
				}
				l.ext[i] += s.Volume(int(e)) * r.sp.pull(x0, x1, r.lies(heads[x+1], axis), axis)
			}
			l.xadj[i+1] = int32(len(l.adj))
		}
	}
	return l
}

// chunkArcs is how many arcs jobGraph reads the heads of at once.
const chunkArcs = 1024
