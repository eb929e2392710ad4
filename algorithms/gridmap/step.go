package gridmap

// Step is the band ("step") embedding of the package doc [P]: OUR band
// construction after Aleliunas & Rosenberg (On embedding rectangular grids
// in square grids, IEEE Trans. Computers C-31(9), 1982), whose own
// construction could not be recovered, not their text. Bhatele 2010 §9.1
// (Heuristic 6) maps the object grid row by row, and so does this: each
// guest row (along the guest's longer axis, L rows of W objects) becomes a
// band across the X' = min(X, W) host columns (along the host's longer
// axis, of height Y), whose height in each column steps between ⌊r⌋ and
// ⌈r⌉ cells; row i is shifted by the phase s_i = i·g mod L with g the
// golden-ratio step coprime to L, so that the bands stay level across
// columns. Within a column a row's cells snake (up in even columns, down
// in odd ones), so a row turns with one short hop.
//
// It applies to every 2-D grid and 2-D mesh or torus with at least as many
// processors as objects (the leftover processors, at the top of the
// columns, stay unused): by Hermite's identity column x holds
// ⌊(x+1)·W·L/X'⌋ − ⌊x·W·L/X'⌋ ≤ ⌈W·L/X'⌉ ≤ Y cells. O(n) time, O(X) extra
// memory.
func Step(obj []int, h Box) ([]int, error) {
	if err := check(obj, 2, h, 2, false); err != nil {
		return nil, err
	}
	// rows along the guest's longer axis: row i is {obj axis ra = i}
	ra := 1
	if obj[1] > obj[0] {
		ra = 0
	}
	rows, width := obj[ra], obj[1-ra]
	// host columns along the host's longer axis: column x is {host axis xa = x}
	xa := 0
	if h.Dims[0] > h.Dims[1] {
		xa = 1
	}
	cols := min(h.Dims[xa], width)
	g := goldenStep(rows)
	used := make([]int, cols) // cells of column x taken by the rows so far
	place := make([]int, product(obj))
	wl, xl := width*rows, cols*rows
	var oc, hc [2]int
	for i := range rows {
		s := i * g % rows
		oc[ra] = i
		p0 := s * cols / xl // x = 0: ⌊s·X'/(X'·L)⌋ = 0
		for x := range cols {
			p1 := ((x+1)*wl + s*cols) / xl
			hc[xa] = x
			for j := p0; j < p1; j++ {
				y := used[x] + j - p0
				if x%2 == 1 {
					y = used[x] + p1 - 1 - j
				}
				oc[1-ra], hc[1-xa] = j, y
				place[oc[0]+obj[0]*oc[1]] = hc[0] + h.Dims[0]*hc[1]
			}
			used[x] += p1 - p0
			p0 = p1
		}
	}
	return place, nil
}

// goldenStep returns the phase step of Step: round(0.6180339887·L), then
// the next integer coprime to L.
func goldenStep(l int) int {
	g := int(0.6180339887*float64(l) + 0.5)
	for gcd(g, l) != 1 {
		g++
	}
	return g
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
