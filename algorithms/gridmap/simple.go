package gridmap

// RowMajor places the k-th object in index order (first coordinate fastest)
// on the k-th processor in index order: the default placement of most
// runtimes. Object grid and host have 2 or 3 axes each and equal sizes.
// O(n).
func RowMajor(obj []int, h Host) ([]int, error) {
	if err := checkAny(obj, h); err != nil {
		return nil, err
	}
	place := make([]int, product(obj))
	for v := range place {
		place[v] = v
	}
	return place, nil
}

// Snake places the k-th object of the object grid's boustrophedon order on
// the k-th processor of the host's boustrophedon order. The boustrophedon
// (reflected mixed-radix) order walks the first axis forward, then
// backward, and so on, so consecutive elements are always neighbours; with
// equal shapes Snake is the identity. Object grid and host have 2 or 3 axes
// each and equal sizes. O(n).
func Snake(obj []int, h Host) ([]int, error) {
	if err := checkAny(obj, h); err != nil {
		return nil, err
	}
	n := product(obj)
	place := make([]int, n)
	var oc, hc [3]int
	for k := range n {
		place[snakeIndex(k, obj, oc[:len(obj)])] = snakeIndex(k, h.Dims, hc[:len(h.Dims)])
	}
	return place, nil
}

// checkAny accepts a 2- or 3-axis object grid on a 2- or 3-axis host of
// the same size.
func checkAny(obj []int, h Host) error {
	og, hg := 2, 2
	if len(obj) == 3 {
		og = 3
	}
	if len(h.Dims) == 3 {
		hg = 3
	}
	return check(obj, og, h, hg, true)
}

// snakeIndex returns the index of the k-th element of the boustrophedon
// order of a grid with the given sizes; coords is scratch of len(dims).
func snakeIndex(k int, dims []int, coords []int) int {
	// Digit a runs backwards when the number of completed passes over it
	// (the index formed by the slower axes) is odd.
	stride := 1
	for a := range dims {
		q := k / stride
		d := q % dims[a]
		if q/dims[a]%2 == 1 {
			d = dims[a] - 1 - d
		}
		coords[a] = d
		stride *= dims[a]
	}
	idx := 0
	for a := len(dims) - 1; a >= 0; a-- {
		idx = idx*dims[a] + coords[a]
	}
	return idx
}
