package gridmap

import (
	"math/rand/v2"
	"testing"

	"topomap/algorithms/topology"
)

// TestNearestHops checks the nearest-free searches, whose shells work on
// coordinate offsets, against the one hop distance (topology.Host.Hops):
// every answer is a free processor at the smallest Hops from the target.
func TestNearestHops(t *testing.T) {
	for _, h := range []Box{Mesh(9, 7), Torus(8, 11), {Dims: []int{10, 6}, Wrap: []bool{true, false}},
		Mesh(5, 4, 6), Torus(6, 5, 4), {Dims: []int{4, 7, 5}, Wrap: []bool{false, true, false}}} {
		host, err := topology.NewGrid(h.Dims, boxWraps(h))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(8, uint64(host.Size())))
		var f *Nearest
		if len(h.Dims) == 2 {
			f = NewNearest2D(h)
		} else {
			f = NewNearest3D(h)
		}
		used := make([]bool, host.Size())
		for range host.Size() {
			target := rng.IntN(host.Size())
			xs := host.Coords(target, nil)
			var got int
			if len(xs) == 2 {
				a, b, ok := f.Take2D(xs[0], xs[1])
				if !ok {
					t.Fatalf("%v: no answer", host)
				}
				got, _ = host.Index([]int{a, b})
			} else {
				a, b, c, ok := f.Take3D(xs[0], xs[1], xs[2])
				if !ok {
					t.Fatalf("%v: no answer", host)
				}
				got, _ = host.Index([]int{a, b, c})
			}
			best := -1
			for v, u := range used {
				if !u && (best < 0 || host.Hops(target, v) < best) {
					best = host.Hops(target, v)
				}
			}
			if used[got] || host.Hops(target, got) != best {
				t.Fatalf("%v: target %d answered %d (used %v) at %d hops, nearest free at %d", host, target, got, used[got], host.Hops(target, got), best)
			}
			used[got] = true
		}
	}
}

func boxWraps(h Box) []bool {
	w := make([]bool, len(h.Dims))
	for a := range w {
		w[a] = h.wraps(a)
	}
	return w
}
