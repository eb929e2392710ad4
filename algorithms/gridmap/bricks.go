package gridmap

// Brick returns the shape of the bricks of c objects that a grid of those
// sides is cut into when every host node has c cores, so that each node
// receives one brick: among the shapes whose sides divide the grid's and
// multiply to c, the one with the fewest objects on its faces (Σ c/b_j,
// the edges that leave a brick of a stencil, so the most cube-like), ties
// to the first in the order that tries larger first sides first. ok is
// false when no shape divides the grid. O(c^rank).
func Brick(obj []int, c int) (brick []int, ok bool) {
	return nestedBrick(obj, c, nil)
}

// nestedBrick is Brick for a grid of bricks of sides cum (nil: single
// objects): it minimises the faces of the brick it makes in objects,
// Σ_j 1/(b_j·cum_j) (times its volume), so that bricks of bricks stay
// cube-like level after level.
func nestedBrick(obj []int, c int, cum []int) (brick []int, ok bool) {
	cur := make([]int, len(obj))
	best, bestFaces := []int(nil), 0.0
	var try func(j, left int)
	try = func(j, left int) {
		if j == len(obj)-1 {
			if obj[j]%left != 0 {
				return
			}
			cur[j] = left
			faces := 0.0
			for i, b := range cur {
				side := float64(b)
				if cum != nil {
					side *= float64(cum[i])
				}
				faces += 1 / side
			}
			if best == nil || faces < bestFaces-1e-12 {
				best, bestFaces = append([]int(nil), cur...), faces
			}
			return
		}
		for b := left; b >= 1; b-- {
			if left%b == 0 && obj[j]%b == 0 {
				cur[j] = b
				try(j+1, left/b)
			}
		}
	}
	if len(obj) > 0 && c >= 1 {
		try(0, c)
	}
	return best, best != nil
}

// Coarse returns the sides of the grid of bricks: obj[j] / brick[j].
func Coarse(obj, brick []int) []int {
	out := make([]int, len(obj))
	for j := range obj {
		out[j] = obj[j] / brick[j]
	}
	return out
}

// ExpandBricks turns a placement of the grid of bricks onto nodes (coarse
// object q → node place[q]) into a placement of the objects onto slots:
// the object at offset o within brick q goes to core t of node place[q],
// t = o's index within the brick (first coordinate fastest), slot
// t + c·node (package topology's doc, Cores per node). O(n·rank).
func ExpandBricks(place, obj, brick []int) []int {
	c := product(brick)
	out := make([]int, product(obj))
	x := make([]int, len(obj))
	for v := range out {
		q, t, qs, ts := 0, 0, 1, 1
		for j := range obj {
			q += x[j] / brick[j] * qs
			t += x[j] % brick[j] * ts
			qs *= obj[j] / brick[j]
			ts *= brick[j]
		}
		out[v] = t + c*place[q]
		for j := range x { // next object, first coordinate fastest
			if x[j]++; x[j] < obj[j] {
				break
			}
			x[j] = 0
		}
	}
	return out
}

// NestedBricks orders the objects of a grid for a host whose index order
// nests groups of sizes factors[0], factors[0]·factors[1], ... (the cores
// of a node, the nodes under a leaf switch or router, then under a switch
// of the next level or in a group): it cuts the grid into bricks of
// factors[0] objects (Brick), the grid of bricks into bricks of
// factors[1] bricks, and so on, and numbers the objects brick by brick,
// first coordinate fastest inside each, so that every group of the host
// receives a compact brick (each level's brick chosen so that the bricks
// of bricks are as cube-like as the grid allows). It returns the index of
// every object, or
// ok = false when some level has no brick whose sides divide the grid
// left. O(n·levels·rank), plus Brick's search per level.
func NestedBricks(obj []int, factors []int) (index []int, ok bool) {
	var bricks [][]int
	dims := obj
	cum := make([]int, len(obj)) // the sides of the bricks so far, in objects
	for j := range cum {
		cum[j] = 1
	}
	for _, f := range factors {
		b, ok := nestedBrick(dims, f, cum)
		if !ok {
			return nil, false
		}
		bricks = append(bricks, b)
		dims = Coarse(dims, b)
		for j := range cum {
			cum[j] *= b[j]
		}
	}
	n := product(obj)
	index = make([]int, n)
	x := make([]int, len(obj))
	y := make([]int, len(obj))
	for v := range index {
		copy(y, x)
		idx, scale := 0, 1
		for _, b := range bricks {
			t, ts := 0, 1
			for j := range y {
				t += y[j] % b[j] * ts
				ts *= b[j]
				y[j] /= b[j]
			}
			idx += t * scale
			scale *= ts
		}
		// what is left: the grid of the top-level bricks, in index order
		t, ts := 0, 1
		for j := range y {
			t += y[j] * ts
			ts *= dims[j]
		}
		index[v] = idx + t*scale
		for j := range x { // next object, first coordinate fastest
			if x[j]++; x[j] < obj[j] {
				break
			}
			x[j] = 0
		}
	}
	return index, true
}
