package gridmap

import (
	"topomap/algorithms/reason"

	"topomap/algorithms/internal/numtext"
)

// Stack implements stacking, Heuristic 1 of Bhatele 2010 §9.2 (2-D object
// grid onto a 3-D mesh), with our details ([P], see the package doc): the
// object grid is cut along its longer axis (ties: x) into P_s subgrids of w
// columns, P_s being the smallest host side (ties: the last axis); the first
// subgrid is mapped onto a host plane perpendicular to axis s with the best
// of MaxOverlap, MaxOverlapAligned, ExpandFromCorner, CornersToCenter and
// Affine by average hops per byte (ties: the first), and subgrid k is
// translated to plane k. The long side must be a multiple of P_s.
// Objects on subgrid boundaries end up far apart (the thesis' remark).
// O(5·(n/P_s)·findNearest + n).
func Stack(obj []int, h Box) ([]int, error) { return stack(obj, h, false) }

// Fold implements folding, Heuristic 2 of Bhatele 2010 §9.2, generalised.
//
// A 2-D object grid onto a 3-D host is folded as the thesis says: Stack,
// but every other subgrid is flipped by 180 degrees "like an accordion"
// (our reading [P]: odd subgrids are mirrored along the split axis),
// so the last column of subgrid k and the first column of subgrid k+1 land
// on the same plane position in adjacent planes, one hop apart. 32×8 onto
// 8×8×4 becomes an embedding with dilation 1. Same cost as Stack.
//
// Onto a host of as many axes as the grid (2-D → 2-D, 3-D → 3-D), our
// generalisation [P]: when the sides match up to order except that one
// object side is k times a host side and one host side k times an object
// side, that object axis is folded k ways like an accordion and the k
// layers are laid along the long host axis, interleaved (the layers'
// edges k hops, the folds 1) or in blocks (the layers' edges 1 hop, the
// folds as long as the layers are wide), whichever has fewer hops.
// 32×32×32 onto 64×32×16 becomes a 2-way interleaved fold, 4/3 hops per
// byte; 2×512 onto 32×32 a 16-way fold in blocks. k = 1 is a
// permutation of the axes (an embedding). O(n·c).
//
// Onto a host of more axes, also ours [P]: the grid's axes are first cut
// like an accordion (split) until it has as many as the host, each cut
// making a layer as long as a host side or as many layers, and the cut
// grid is folded as above; of the first few cuttings by the fold's plan,
// the one of fewest hops on the grid's own edges wins (a 2-D grid onto a
// 3-D host keeps the thesis' fold unless a cutting has fewer). 32×32 onto
// torus 16×16×4: 32 = 16·2 twice, the four layers of 16×16 one hop apart
// around the ring of 4, 1 hop per byte. O(n·r) per cutting priced.
func Fold(obj []int, h Box) ([]int, error) {
	if len(obj) == len(h.Dims) {
		return foldSame(obj, h)
	}
	if err := axesError(obj, h); err != nil {
		return nil, err
	}
	if err := check(obj, len(obj), h, len(h.Dims), true); err != nil {
		return nil, err
	}
	place, hops, err := reshapeFold(obj, h)
	if CheckStack(obj, h) != nil {
		return place, err
	}
	stacked, serr := stack(obj, h, true)
	if serr != nil || err == nil && hops < gridHops(stacked, obj, h) {
		return place, err
	}
	return stacked, nil
}

// CheckFold returns nil if Fold can map obj onto h, or the reason why not.
func CheckFold(obj []int, h Box) error {
	if len(obj) == len(h.Dims) {
		_, err := planFold(obj, h)
		if _, ok := planFolds(obj, h); err != nil && ok {
			return nil
		}
		return err
	}
	if err := axesError(obj, h); err != nil {
		return err
	}
	if CheckStack(obj, h) == nil || len(planReshape(obj, h)) > 0 {
		return nil
	}
	return noCutting(obj, h)
}

// CheckStack returns nil if Stack and Fold can map obj onto h, or the
// reason why not.
func CheckStack(obj []int, h Box) error {
	_, err := planStack(obj, h)
	return err
}

type stackPlan struct {
	s, p1, p2   int // the stacking axis and the plane's axes (p1 < p2) of the host
	long, short int // object axes
	w           int // columns per subgrid
}

func planStack(obj []int, h Box) (stackPlan, error) {
	if err := check(obj, 2, h, 3, true); err != nil {
		return stackPlan{}, err
	}
	var p stackPlan
	p.s = 2
	for a := 1; a >= 0; a-- {
		if h.Dims[a] < h.Dims[p.s] {
			p.s = a
		}
	}
	p.p1, p.p2 = (p.s+1)%3, (p.s+2)%3
	if p.p1 > p.p2 {
		p.p1, p.p2 = p.p2, p.p1
	}
	if obj[1] > obj[0] {
		p.long = 1
	}
	p.short = 1 - p.long
	ps := h.Dims[p.s]
	if obj[p.long]%ps != 0 {
		return p, reason.New(ErrShape, "stacking cuts the longer object side %s into %s subgrids (the smallest host side), and %s is not a multiple of %s", numtext.Count(obj[p.long]), numtext.Count(ps), numtext.Count(obj[p.long]), numtext.Count(ps))
	}
	p.w = obj[p.long] / ps
	return p, nil
}

// planeMappers are the 2-D heuristics Stack chooses from, in tie order.
var planeMappers = []func([]int, Box) ([]int, error){MaxOverlap, MaxOverlapAligned, ExpandFromCorner, CornersToCenter, Affine}

func stack(obj []int, h Box, fold bool) ([]int, error) {
	p, err := planStack(obj, h)
	if err != nil {
		return nil, err
	}
	sub := []int{p.w, obj[p.short]}
	plane := Box{Dims: []int{h.Dims[p.p1], h.Dims[p.p2]}, Wrap: []bool{h.wraps(p.p1), h.wraps(p.p2)}, Ctx: h.Ctx}
	var best []int
	bestHPB := 0.0
	for _, m := range planeMappers {
		pl, err := m(sub, plane)
		if err != nil {
			return nil, err
		}
		if v := hopsPerByte2D(pl, sub[0], sub[1], plane); best == nil || v < bestHPB {
			best, bestHPB = pl, v
		}
	}
	place := make([]int, product(obj))
	stride := [3]int{1, h.Dims[0], h.Dims[0] * h.Dims[1]}
	q1 := plane.Dims[0]
	var oc [2]int
	for s := range obj[p.short] {
		for l := range obj[p.long] {
			k, u := l/p.w, l%p.w
			if fold && k%2 == 1 {
				u = p.w - 1 - u
			}
			pp := best[u+p.w*s]
			oc[p.long], oc[p.short] = l, s
			place[oc[0]+obj[0]*oc[1]] = pp%q1*stride[p.p1] + pp/q1*stride[p.p2] + k*stride[p.s]
		}
	}
	return place, nil
}
