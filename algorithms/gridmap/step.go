package gridmap

import "fmt"

// Step is OUR STAND-IN for STEP, not the step embedding of Aleliunas &
// Rosenberg (On embedding rectangular grids in square grids, IEEE Trans.
// Computers C-31(9), 1982) that Bhatele 2010 §9.1 (Heuristic 6) implements:
// that construction could not be recovered. It is the accordion "fold" of
// ALGORITHMS.md B.7 [P]: the object grid, seen as L rows of W columns, is cut
// into strips of X columns (X = one host side); strip q is laid on host rows
// [q·L, (q+1)·L), every other strip mirrored, so object (r, c) with
// c = q·X + u goes to (q even ? u : X−1−u, q·L + r). Dilation is L at the
// folds and 1 elsewhere. The host may be larger than the grid (leftover
// processors stay unused); it needs one side X and the other side at least
// ⌈W/X⌉·L. Of the orientations that fit (columns along the longer object
// axis first, host axis 0 as X first) the one with the fewest strips is
// used. O(n). Object grid and host have 2 axes.
func Step(obj []int, h Host) ([]int, error) {
	s, err := planStep(obj, h)
	if err != nil {
		return nil, err
	}
	place := make([]int, product(obj))
	var oc, hc [2]int
	for r := range s.rows {
		for c := range s.cols {
			q, u := c/s.width, c%s.width
			if q%2 == 1 {
				u = s.width - 1 - u
			}
			oc[s.colAxis], oc[1-s.colAxis] = c, r
			hc[s.xAxis], hc[1-s.xAxis] = u, q*s.rows+r
			place[oc[0]+obj[0]*oc[1]] = hc[0] + h.Dims[0]*hc[1]
		}
	}
	return place, nil
}

// CheckStep returns nil if Step can map obj onto h, or the reason why not.
func CheckStep(obj []int, h Host) error {
	_, err := planStep(obj, h)
	return err
}

type stepPlan struct {
	colAxis, xAxis int // object axis of the columns, host axis of the strips' width
	rows, cols     int // L and W
	width, strips  int // X and ⌈W/X⌉
}

func planStep(obj []int, h Host) (stepPlan, error) {
	if err := check(obj, 2, h, 2, false); err != nil {
		return stepPlan{}, err
	}
	long := 0
	if obj[1] > obj[0] {
		long = 1
	}
	var best stepPlan
	found := false
	for _, colAxis := range []int{long, 1 - long} {
		for xAxis := range 2 {
			p := stepPlan{colAxis: colAxis, xAxis: xAxis, rows: obj[1-colAxis], cols: obj[colAxis], width: h.Dims[xAxis]}
			p.strips = (p.cols + p.width - 1) / p.width
			if p.strips*p.rows > h.Dims[1-xAxis] {
				continue
			}
			if !found || p.strips < best.strips {
				best, found = p, true
			}
		}
	}
	if !found {
		return best, fmt.Errorf("%w: the %dx%d grid folded into strips needs a host side X and the other side at least ⌈W/X⌉·L; %dx%d has none", ErrShape, obj[0], obj[1], h.Dims[0], h.Dims[1])
	}
	return best, nil
}
