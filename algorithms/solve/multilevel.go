package solve

import (
	"context"

	"topomap/algorithms/gridmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/pairs"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// Multilevel PAIRS on grids (our scheme [P], in the manner of multilevel
// partitioners): before searching a grid on a mesh or torus of the same
// size and rank whose sides are all even, PAIRS searches the grid and the
// host halved along every axis, refines that placement (each coarse
// object's block of 2^c objects onto its processor's block) and adds it to
// its starts. A move at the coarse level moves a whole block, and the
// coarse level has a quarter (an eighth in 3-D) of the objects, so the
// same moves anneal it far more slowly: 320x200 onto 250x256 reaches 1.302
// hops per byte in 10M moves in all (1.314 in 12M at one level; 40M moves
// at one level, 1.297), 40x40x40 onto a 50x40x32 torus 1.506 in 5.4M
// (1.510 in 8M; 40M, 1.498), and with a 5 s budget (21.6M) 1.444. There is
// one coarse level: below it the seams of a coarse fold would double twice
// (256x256 onto 128x512 at two levels: 1.478 hops per byte but a maximum
// dilation of 21; at one, 1.500 and 3). The shares were chosen on those
// two instances: more for the coarse level is better, within a second at
// 64K objects.
const (
	// coarseShare and fineShare are the shares of a level's work (its
	// horizon and least work, default or planned from a budget) that its
	// coarse level and its own search get when it is multilevel.
	coarseShare = 0.6
	fineShare   = 1.0 / 3
	// minCoarse is the least coarse grid worth a level; maxFine the
	// largest grid that gets one: from some 512K objects PAIRS only
	// descends (its first annealing cycle would take over a quarter of
	// the work), and a level below a descent gains little.
	minCoarse = 4096
	maxFine   = 1 << 18
)

// coarseLevel returns the problem of p at half the resolution (see
// Halve), for the hop-bytes objective, and false if p has no such level:
// p a coarse level itself, not a grid on a mesh or torus of the same size
// and rank, an odd side, a start named by the caller, or a size outside
// [4·minCoarse, maxFine] (2^c·minCoarse in c dimensions).
func coarseLevel(p *Problem) (*Problem, bool) {
	in := p.Instance
	g := in.Guest
	grid, ok := p.Host.(topology.Grid)
	if !ok || p.share != 0 || g.Kind != guest.Grid || in.Start != "" || in.Objective == spec.ObjectiveCongestion ||
		topology.IsHypercube(p.Host) || grid.Rank() != len(g.Dims) || g.Order() != p.Host.Size() ||
		g.Order() > maxFine || g.Order() < minCoarse<<len(g.Dims) {
		return nil, false
	}
	if _, cores := topology.SplitCores(p.Host); cores > 1 {
		return nil, false
	}
	gd, okg := gridmap.Halve(g.Dims)
	hd, okh := gridmap.Halve(topology.DimsOf(grid))
	if !okg || !okh {
		return nil, false
	}
	host, err := topology.NewGrid(hd, topology.WrapsOf(grid))
	if err != nil {
		return nil, false
	}
	cg := spec.Guest{Kind: guest.Grid, Dims: gd, Wrap: g.Wrap}
	gg, err := cg.Build()
	if err != nil {
		return nil, false
	}
	q := p.on(cg, gg, host)
	q.share = coarseShare
	q.Report = &PairsRun{}
	return q, true
}

// LevelText names the grid that a progress report of that Level is about:
// "" for the guest itself, " on the grid halved" for the coarse level of
// a multilevel search.
func LevelText(level int) string {
	if level == 0 {
		return ""
	}
	return " on the grid halved"
}

// multilevelStart searches p's coarse level, if it has one, and returns
// its placement refined to p's resolution, with the coarse search's
// report; nil if p has no coarse level. If ctx ends the coarse search,
// its best placement so far is returned, refined, with ctx's error: the
// guest's search then returns the best of its starts, cancelled too. The
// coarse level reports progress as the first half of p's (see mapPairs),
// and gets the moves of p's instance as its cap: a run repeated with the
// total it reported makes the same coarse search, then the same fine one.
func multilevelStart(ctx context.Context, p *Problem, mode pairs.Mode) ([]int, *PairsRun, error) {
	q, ok := coarseLevel(p)
	if !ok || mode != pairs.Biased {
		return nil, nil, nil
	}
	if p.Progress != nil {
		q.Progress = func(pr Progress) {
			pr.Fraction /= 2
			pr.Level++
			p.Progress(pr)
		}
	}
	place, err := mapPairs(ctx, q, mode)
	if place == nil {
		return nil, nil, err
	}
	return gridmap.Refine(place, p.Instance.Guest.Dims, gridmap.BoxOf(ctx, p.Host.(topology.Grid)), p.Instance.Guest.Wrap), q.Report, err
}
