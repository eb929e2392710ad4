package gridmap

// Affine implements AFFN, the affine mapping of Bhatele 2010 §9.1
// (Heuristic 5, Algorithm 9.3, Eq. 9.1) with our reading ([P], see the
// package doc): object (i, j), visited with i outer and j inner, targets
// processor (⌊px·i/ox⌋, ⌊py·j/oy⌋) (0-based floor form) and takes the free
// processor nearest to it (Nearest, order A), so the result is "not
// strictly affine". O(n) targets plus the findNearest work, amortised O(r)
// per object for an answer at distance r (the thesis: worst case O(n²),
// tens of ms at 65,536 objects with its ring scan). Object grid and host
// have 2 axes and equal sizes; on a torus the search wraps.
func Affine(obj []int, h Box) ([]int, error) {
	if err := check(obj, 2, h, 2, true); err != nil {
		return nil, err
	}
	ox, oy := obj[0], obj[1]
	px, py := h.Dims[0], h.Dims[1]
	near := newNearestAlong([3]int{1, px, py}, [3]bool{false, h.wraps(0), h.wraps(1)}, true, 1+lineAxis(obj, h.Dims))
	near.ctx = h.Ctx
	place := make([]int, ox*oy)
	for i := range ox {
		tx := px * i / ox
		for j := range oy {
			a, b, _ := near.Take2D(tx, py*j/oy)
			place[i+ox*j] = a + px*b
		}
	}
	if err := h.ctxErr(); err != nil {
		return nil, err
	}
	return place, nil
}

// thinRatio: a host axis this many times shorter than the longest is too
// short to run Nearest's lines along (see lineAxis).
const thinRatio = 8

// lineAxis picks the host axis Nearest's lines run along for an affine
// mapping. Collisions happen along the most compressed axis, so lines run
// there, unless the host is thin there (thinRatio times shorter than
// along its longest axis): the answers then spread along the long axis,
// and lines across it would make each query visit O(r) of them (a 1×1×N
// grid on an N×1×1 mesh took O(N²) queries' worth of lines: 12.6 s at
// N = 4096).
func lineAxis(obj, dims []int) int {
	line, long := 0, 0
	for a := 1; a < len(dims); a++ {
		if dims[a]*obj[line] < dims[line]*obj[a] {
			line = a
		}
		if dims[a] > dims[long] {
			long = a
		}
	}
	if dims[line]*thinRatio <= dims[long] {
		return long
	}
	return line
}

// Affine3D implements the affine mapping of a 3-D object grid onto a 3-D
// mesh (Bhatele 2010 §9.3, Algorithm 9.4, Eq. 9.2; see the package doc):
// object (x, y, z), visited x outer, z inner, targets (⌊Px·x/Ox⌋,
// ⌊Py·y/Oy⌋, ⌊Pz·z/Oz⌋) and takes the free processor nearest to it
// (findNearest3D, order A: dx, then dy ascending, then +dz before −dz).
// O(n) targets plus amortised O(r²) per object. Object grid and host have 3
// axes and equal sizes.
func Affine3D(obj []int, h Box) ([]int, error) {
	if err := check(obj, 3, h, 3, true); err != nil {
		return nil, err
	}
	ox, oy, oz := obj[0], obj[1], obj[2]
	px, py, pz := h.Dims[0], h.Dims[1], h.Dims[2]
	near := newNearestAlong([3]int{px, py, pz}, [3]bool{h.wraps(0), h.wraps(1), h.wraps(2)}, false, lineAxis(obj, h.Dims))
	near.ctx = h.Ctx
	place := make([]int, ox*oy*oz)
	tz := make([]int, oz) // the inner loop's targets, without a division each
	for z := range oz {
		tz[z] = pz * z / oz
	}
	for x := range ox {
		tx := px * x / ox
		for y := range oy {
			ty := py * y / oy
			for z, o := 0, x+ox*y; z < oz; z, o = z+1, o+ox*oy { // o = x+ox·(y+oy·z)
				a, b, c, _ := near.Take3D(tx, ty, tz[z])
				place[o] = a + px*(b+py*c)
			}
		}
	}
	if err := h.ctxErr(); err != nil {
		return nil, err
	}
	return place, nil
}
