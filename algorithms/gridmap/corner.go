package gridmap

// ExpandFromCorner implements EXCO, Expand from Corner (Bhatele 2010 §9.1,
// Heuristic 3), as the package doc defines it [P]: the thesis text is
// not available, so this is our reading. Objects are visited in BFS layers
// from corner (0,0), i.e. by (i+j, i); object (i,j) targets the processor
// one step beyond its already placed lower neighbour, (i,j−1) + (0,1), or
// (i−1,0) + (1,0) on the first row, brought onto the host (clamped on a
// mesh axis; wrapped around on a torus axis, ours: clamping piled the
// fronts up against a border the torus does not have), and takes the free
// processor nearest that target (Nearest, order A). O(n) targets, each
// answered in amortised O(r) for an answer at distance r (the thesis
// reports < 1 ms at 65,536 objects). Object grid and host have 2 axes and
// equal sizes; on a torus the search wraps.
func ExpandFromCorner(obj []int, h Box) ([]int, error) {
	if err := check(obj, 2, h, 2, true); err != nil {
		return nil, err
	}
	ox, oy := obj[0], obj[1]
	p := newPlacer2D(obj, h)
	// prev and cur hold the processors of the previous and the current
	// layer, indexed by i: (i, j−1) and (i−1, 0) are both on the previous
	// layer. Rolling buffers keep the walk cache-friendly.
	prev, cur := make([]int32, 2*ox), make([]int32, 2*ox)
	for s := 0; s <= ox+oy-2; s++ {
		for i := max(0, s-oy+1); i <= min(s, ox-1); i++ {
			j := s - i
			var tx, ty int
			switch {
			case j > 0:
				tx, ty = int(prev[2*i]), int(prev[2*i+1])+1
			case i > 0:
				tx, ty = int(prev[2*i-2])+1, int(prev[2*i-1])
			}
			cur[2*i], cur[2*i+1] = p.take(i, j, tx, ty)
		}
		prev, cur = cur, prev
	}
	return p.done(h)
}

// CornersToCenter implements COCE, Corners to Center (Bhatele 2010 §9.1,
// Heuristic 4), as the package doc defines it [P]: four EXCO fronts,
// one from each corner of the object grid, grow inward in turn. Each
// object belongs to its nearest corner (ties to the low side); objects are
// visited by (distance to their corner, corner index, distance along x);
// a corner object targets the matching processor corner, the others the
// processor one step further inward than their already placed neighbour on
// the corner's side, brought onto the host as EXCO's are (clamped on a
// mesh axis, wrapped around on a torus axis: ours, as for EXCO), and
// take the nearest free processor (order A).
// Enumerating the layers directly avoids a sort: O(n) targets plus the
// findNearest work. Object grid and host have 2 axes and equal sizes.
func CornersToCenter(obj []int, h Box) ([]int, error) {
	if err := check(obj, 2, h, 2, true); err != nil {
		return nil, err
	}
	ox, oy := obj[0], obj[1]
	px, py := h.Dims[0], h.Dims[1]
	p := newPlacer2D(obj, h)
	// Objects with i ≤ (ox−1)/2 belong to the low corners (cx = 0).
	lowX, lowY := (ox-1)/2+1, (oy-1)/2+1
	type corner struct {
		cx, cy, sx, sy int // corner and inward signs
		qx, qy         int // extent of its quadrant
		tx, ty         int // processor corner
	}
	var cs [4]corner
	for k := range cs {
		c := corner{sx: 1, sy: 1, qx: lowX, qy: lowY}
		if k&1 != 0 {
			c.cx, c.sx, c.qx, c.tx = ox-1, -1, ox-lowX, px-1
		}
		if k&2 != 0 {
			c.cy, c.sy, c.qy, c.ty = oy-1, -1, oy-lowY, py-1
		}
		cs[k] = c
	}
	// Per corner, the processors of the previous and the current layer
	// indexed by u = |i−cx|: (i, j−sy) is at u and (i−sx, cy) at u−1 on the
	// previous layer.
	var prev, cur [4][]int32
	for k, c := range cs {
		prev[k], cur[k] = make([]int32, 2*c.qx), make([]int32, 2*c.qx)
	}
	for s := 0; s <= lowX+lowY-2; s++ {
		for k, c := range cs {
			pk, ck := prev[k], cur[k]
			for u := max(0, s-c.qy+1); u <= min(s, c.qx-1); u++ {
				i, j := c.cx+c.sx*u, c.cy+c.sy*(s-u)
				tx, ty := c.tx, c.ty
				switch {
				case j != c.cy:
					tx, ty = int(pk[2*u]), int(pk[2*u+1])+c.sy
				case i != c.cx:
					tx, ty = int(pk[2*u-2])+c.sx, int(pk[2*u-1])
				}
				ck[2*u], ck[2*u+1] = p.take(i, j, tx, ty)
			}
			prev[k], cur[k] = ck, pk
		}
	}
	return p.done(h)
}

// placer2D places objects one by one with Nearest.
type placer2D struct {
	ox, px, py int
	wx, wy     bool
	near       *Nearest
	place      []int
}

func newPlacer2D(obj []int, h Box) *placer2D {
	return &placer2D{ox: obj[0], px: h.Dims[0], py: h.Dims[1], wx: h.wraps(0), wy: h.wraps(1),
		near: NewNearest2D(h), place: make([]int, product(obj))}
}

// done returns the placement, or h.Ctx's error if it ended (the searches
// then stopped early).
func (p *placer2D) done(h Box) ([]int, error) {
	if err := h.ctxErr(); err != nil {
		return nil, err
	}
	return p.place, nil
}

// take places object (i, j) on the free processor nearest (tx, ty), the
// target first brought onto the host: clamped on a mesh axis, wrapped
// around on a torus axis, and returns the processor.
func (p *placer2D) take(i, j, tx, ty int) (int32, int32) {
	tx = onAxis(tx, p.px, p.wx)
	ty = onAxis(ty, p.py, p.wy)
	a, b, _ := p.near.Take2D(tx, ty) // never full: sizes are equal
	p.place[i+p.ox*j] = a + p.px*b
	return int32(a), int32(b)
}

// onAxis brings coordinate x onto an axis of size k: wrapped around if the
// axis wraps, clamped otherwise.
func onAxis(x, k int, wrap bool) int {
	if wrap {
		return (x%k + k) % k
	}
	return min(max(x, 0), k-1)
}
