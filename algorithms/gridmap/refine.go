package gridmap

// Halve returns the sizes of a grid halved along every axis, and false if
// some side is odd: the coarse grid of a multilevel search, whose object
// (or processor) q stands for the 2×…×2 block of fine ones at 2q.
func Halve(dims []int) ([]int, bool) {
	out := make([]int, len(dims))
	for j, k := range dims {
		if k%2 != 0 {
			return nil, false
		}
		out[j] = k / 2
	}
	return out, true
}

// Refine turns a placement of the halved object grid on the halved host
// (coarse object q → coarse processor place[q]; see Halve) into one of the
// object grid on the host: the object at offset o ∈ {0,1}^c within q's
// block goes to the processor at the same offset within place[q]'s block,
// so every block keeps its orientation and an edge of the coarse grid of
// h hops becomes edges of 2h−1 to 2h+1 hops. obj and host are the fine
// sizes, of the same rank and even. O(n·rank).
func Refine(place, obj, host []int) []int {
	c := len(obj)
	n := product(obj)
	out := make([]int, n)
	for v := range n {
		x, cv, cst := v, 0, 1
		var off [3]int
		for j := range c {
			g := x % obj[j]
			x /= obj[j]
			off[j] = g % 2
			cv += g / 2 * cst
			cst *= obj[j] / 2
		}
		p, node, st := place[cv], 0, 1
		for j := range c {
			half := host[j] / 2
			node += (2*(p%half) + off[j]) * st
			p /= half
			st *= host[j]
		}
		out[v] = node
	}
	return out
}
