package pairs

import (
	"math/bits"

	"topomap/algorithms/topology"
)

// The cost of a move, in nanoseconds of CPU time on one core of the
// development machine, measured by BenchmarkMoveCost (its instances name
// the figures below): what a caller needs to plan a time budget as moves
// (Options.Plan), so that a run under either objective takes about as
// long per unit of budget.
const (
	// hopBytesMoveNs is a hop-bytes move on a guest of mean degree 4 or
	// less (95-170 ns: grid 4x8 onto torus 4x4x2, 16x16 onto 16x16,
	// 64x64 onto mesh 32x128, 256x256 onto 256x256, a ring of 32 with
	// chords). A move costs O(degree): a denser guest's is planned in
	// proportion, at or above the measure (hypercube 10 onto torus 32x32:
	// 241 ns, planned 300; grid 8x8x8 onto torus 32x16: 133, planned 158).
	hopBytesMoveNs = 120
	// On a grid host of more than three axes a hop-bytes move costs
	// axisNs more per axis beyond the second (per unit of mean degree
	// 4): its distances loop over the axes, where two and three axes have
	// code of their own (measured before the table of offsets below,
	// which a host of more than maxOffsets still goes without: grid 32x32
	// onto torus 8x8x16: 128 ns; onto torus
	// 4x4x4x16: 216, planned 210; onto torus 4x4x4x4x4: 243, planned 255).
	// A host whose every axis has two nodes counts a distance in one
	// instruction (see hamming), but its proposals still visit every
	// axis: bitAxisNs. On a host whose distances come from a table of
	// the offsets (see offsets.go) only the proposals visit the axes:
	// offsetAxisNs. Both read from BenchmarkMoveCost on a machine about
	// twice as slow, where grid 32x32 onto torus 8x8x16 took 208-219 ns
	// (planned 120): onto hypercube 10 383-435 (planned 224), onto torus
	// 4x4x4x16 254-290 (150), onto torus 4x4x4x4x4 257-296 (165).
	axisNs       = 45
	bitAxisNs    = 13
	offsetAxisNs = 15
	// Under Congestion a move routes four messages per arc of its two
	// objects (each way, before and after): per unit of the guest's mean
	// degree, congestionArcNs whatever their length, congestionHopNs per
	// hop of their mean length, congestionAxisNs per axis of a grid host
	// (dimension-order routing visits each) and congestionRouteNs for the
	// calls of a host whose routes are not walked on coordinate tables,
	// coresRouteNs more for cores over a lattice (each route a call
	// through the node's). The search CPU time of a 1 s budget planned so
	// (grid 32x32 onto fattree:4,5, 16x16 onto fattree:16,2, hypercube 8
	// onto fattree:4,4, 64x64 onto fattree:16,3, 32x32 onto
	// fattree:8,3:cores=2 and dragonfly:8,4,4,32, 8x8 onto
	// dragonfly:4,2,2,8, 16x16 onto torus:8x8:cores=4 and
	// mesh:4x4x4:cores=4, 32x32 onto torus:16x16:cores=4): 0.56-0.83 s,
	// where 60 ns a hop and 300 a route spent 0.21-0.43 s.
	//
	// A lattice's walk makes no call per route or link: latticeArcNs and
	// latticeHopNs replace congestionArcNs, congestionHopNs and
	// congestionRouteNs. From a start that is a
	// heuristic's, the lattice plan is 0.8-1.5 times the measure (grid
	// 16x16 onto torus 64x4, 8.6 hops: 1,009 ns, planned 1,376, where 60
	// ns a hop planned 2,392; grid 8x8x8 onto torus 32x16: 1,274, planned
	// 1,275; hypercube 10 onto torus 32x32: 3,747, planned 3,050; grid
	// 64x64 onto mesh 32x128: 581, planned 764), under it on the largest
	// guests, whose moves miss the caches (grid 256x256 onto torus
	// 256x256: 1,261, planned 698); from a random start up to twice it,
	// since the routes shorten as the search goes (grid 64x64 onto torus
	// 64x64: 1,877, planned 3,732, where 60 ns a hop planned 8,008).
	congestionArcNs   = 60
	congestionHopNs   = 30
	congestionAxisNs  = 15
	congestionRouteNs = 35
	coresRouteNs      = 185
	latticeArcNs      = 90
	latticeHopNs      = 25
)

// focusedMoveNs is a move of focused annealing (Options.Focused),
// whatever the guest's degree: its threshold is drawn before its change
// is summed, and most moves are rejected after a few arcs (4elt's
// quotient at 1,024 parts, mean degree 12, onto torus 8x8x16: 122 ns a
// move; at 4,096 parts onto torus 16x16x16: 98; grid 64x64 read as a
// weighted graph onto it: 101; marginal CPU time of 6M more moves).
// Since its distances and the cycles' on a lattice come from one table
// of the offsets between nodes (offsets.go), both cost some 15 % less,
// so the ratio holds (on a machine twice as slow: 4elt's quotient
// above, 223 → 192 ns, marginal CPU time of 9M more moves; grid 16x16
// onto torus 16x16, 219 → 181 in BenchmarkMoveCost).
const focusedMoveNs = 120

// FocusedMoveCost is MoveCost for a run that anneals focused, on a guest
// of n objects.
func FocusedMoveCost(n int) float64 { return float64(focusedMoveNs) / hopBytesMoveNs * cacheFactor(n) }

// MoveCost returns the cost of one move of a run of objective o on a guest
// of n objects and that many arcs onto host h, in units of a hop-bytes
// move on a guest of mean degree 4 (at least 1): a time budget of B such
// units is planned as B / MoveCost moves. hops is the mean length of the
// guest's arcs in the placement searched (its hop-bytes per byte), which
// only Congestion reads: each of its moves routes the arcs of two
// objects. A guest of more than 2^cacheBits objects costs more per move
// (cacheFactor). Deterministic, so that a budget planned with it gives
// the same moves on any machine.
func MoveCost(n, arcs int, h topology.Host, o Objective, hops float64) float64 {
	return moveCost(n, arcs, h, o, hops) * cacheFactor(n)
}

// cacheBits and cacheShare: a move on a guest of more than 2^cacheBits
// objects misses the caches more, and costs cacheShare of its cost more
// for every doubling beyond. Measured, a budget of 4 s from greedy's
// start, grids onto tori of their shape, CPU-s of the whole run (starts
// and metrics included): 128x128 3.8, 256x256 4.4, 512x512 9.7,
// 1024x1024 16.3, where a 60 s budget on the last could not end within
// a job's time limit; planned so, 512x512 takes 5.9 and 1024x1024 3.2
// (a descent: no annealing cycle fits a quarter of its plan), at the same
// hops per byte on BenchmarkPairs's 1M rows given 5 s.
const (
	cacheBits  = 16
	cacheShare = 0.5
)

// cacheFactor returns how much more a move costs on a guest of n objects
// than on one that fits the caches: 1 up to 2^cacheBits objects.
func cacheFactor(n int) float64 {
	return 1 + cacheShare*float64(max(0, bits.Len(uint(max(n, 1)-1))-cacheBits))
}

// moveCost is MoveCost on a guest that fits the caches.
func moveCost(n, arcs int, h topology.Host, o Objective, hops float64) float64 {
	deg := 0.0
	if n > 0 {
		deg = float64(arcs) / float64(n)
	}
	nodes, _ := topology.SplitCores(h)
	g, grid := nodes.(topology.Grid)
	cost := max(1, deg/4)
	if grid && g.Rank() > 3 {
		perAxis := float64(axisNs)
		switch {
		case hamming(g):
			perAxis = bitAxisNs
		case tabulated(g):
			perAxis = offsetAxisNs
		}
		cost *= 1 + float64(g.Rank()-2)*perAxis/hopBytesMoveNs
	}
	if o != Congestion {
		return cost
	}
	perDegree := congestionArcNs + congestionHopNs*max(0, hops) + congestionRouteNs
	switch r, ok := topology.RouterOf(h); {
	case ok && isAxisRouter(r):
		perDegree = latticeArcNs + latticeHopNs*max(0, hops)
	case grid: // cores over a lattice
		perDegree += coresRouteNs
	}
	if grid {
		perDegree += congestionAxisNs * float64(g.Rank())
	}
	return cost + deg*perDegree/hopBytesMoveNs
}

// isAxisRouter reports whether r's routes and links follow its axes
// (topology.AxisRouter), so that the congestion deltas walk them on the
// coordinate table.
func isAxisRouter(r topology.Router) bool {
	_, ok := r.(topology.AxisRouter)
	return ok
}
