package gridmap

// MaxOverlap implements MXOVLP, Maximum Overlap (Bhatele 2010 §9.1,
// Heuristic 1), as the package doc defines it [P]: the thesis text is
// not available, so this is our reading. The object rectangle is laid on
// the processor rectangle from a common corner; the overlap is mapped one to
// one; the part of the object rectangle that sticks out is mapped the same
// way onto the part of the processor rectangle left uncovered, and so on
// until an exact fit. Each object is written once: O(n) time, no extra
// memory. Object grid ox×oy and host px×py (2 axes each) have equal sizes;
// wrap-around does not change the layout.
func MaxOverlap(obj []int, h Box) ([]int, error) {
	return maxOverlap(obj, h, false)
}

// MaxOverlapAligned implements MXOV+AL, Maximum Overlap with Alignment
// (Bhatele 2010 §9.1, Heuristic 2), as the package doc defines it [P]:
// MaxOverlap, but at every step the object sub-rectangle is transposed when
// its longer side is not parallel to the processor sub-rectangle's longer
// side (neither being square). 8×4 onto 4×8 becomes a pure transpose. O(n).
func MaxOverlapAligned(obj []int, h Box) ([]int, error) {
	return maxOverlap(obj, h, true)
}

func maxOverlap(obj []int, h Box, align bool) ([]int, error) {
	if err := check(obj, 2, h, 2, true); err != nil {
		return nil, err
	}
	ox, px := obj[0], h.Dims[0]
	place := make([]int, product(obj))
	// The recursion (see MaxOverlap) is a tail call: loop on the leftover
	// rectangles.
	i0, j0, w, hh := 0, 0, obj[0], obj[1] // object rectangle
	a0, b0, W, H := 0, 0, h.Dims[0], h.Dims[1]
	for w*hh > 0 {
		t := align && (w >= hh) != (W >= H) && w != hh && W != H
		lw, lh := w, hh // the object rectangle as laid on the processors
		if t {
			lw, lh = hh, w
		}
		cw, ch := min(lw, W), min(lh, H)
		for v := range ch {
			for u := range cw {
				i, j := i0+u, j0+v
				if t {
					i, j = i0+v, j0+u
				}
				place[i+ox*j] = a0 + u + px*(b0+v)
			}
		}
		switch {
		case lw > W: // laid columns [W, lw) go above the overlap
			if t {
				j0, w, hh = j0+W, lh, lw-W
			} else {
				i0, w, hh = i0+W, lw-W, lh
			}
			b0, H = b0+lh, H-lh
		case lh > H: // laid rows [H, lh) go right of the overlap
			if t {
				i0, w, hh = i0+H, lh-H, lw
			} else {
				j0, w, hh = j0+H, lw, lh-H
			}
			a0, W = a0+lw, W-lw
		default:
			return place, nil
		}
	}
	return place, nil
}
