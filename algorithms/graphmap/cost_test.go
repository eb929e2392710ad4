package graphmap_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/graphmap"
	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// The largest graph a user may upload: 2^20 vertices (the jobs' node
// cap) and 2^22 arcs (the server's arc cap).
const (
	largestOrder = 1 << 20
	largestArcs  = 1 << 22
)

// largestGraphs are guests of the largest size on hosts of as many
// nodes: the 1024×1024 grid as an uploaded graph (4,190,208 arcs, every
// edge both ways) on the hypercube, whose 20 axes made every domain of
// the recursion 20 times larger, and 2^22 random directed arcs (an
// expander: coarsening keeps most of its arcs, and nearly every arc read
// misses the cache), whose undirected view has twice as many.
func largestGraphs() []struct {
	name string
	g    func() *guest.Graph
	host string
} {
	return []struct {
		name string
		g    func() *guest.Graph
		host string
	}{
		{"grid 1024x1024 as a graph", func() *guest.Graph {
			return guest.Canonical(must(guest.NewGrid([]int{1024, 1024}, false)))
		}, "hypercube:20"},
		{"random arcs", func() *guest.Graph {
			r := rand.New(rand.NewPCG(22, 1))
			arcs := make([]guest.Arc, largestArcs)
			for i := range arcs {
				arcs[i] = guest.Arc{From: r.IntN(largestOrder), To: r.IntN(largestOrder), Volume: float64(1 + r.IntN(100))}
			}
			return guest.Canonical(must3(guest.FromArcs(largestOrder, arcs)))
		}, "torus:128x128x64"},
	}
}

func must3[T any](v T, _ int, err error) T { return must(v, err) }

// peakHeap runs f and returns the CPU time it took and the largest heap
// (bytes in live and not yet collected objects, sampled every 20 ms) seen
// while it ran.
func peakHeap(f func()) (cpu time.Duration, peak uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	peak = read()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				peak = max(peak, read())
			}
		}
	})
	cpu = cpuclock.Used()
	f()
	cpu = cpuclock.Since(cpu)
	close(stop)
	wg.Wait()
	return cpu, max(peak, read())
}

// TestBipartitionLargestGraphCost: rb maps the largest graph a user may
// upload within 60 CPU-seconds and 1 GB of heap (guest included), a
// fifth of the jobs' time limit on one core. It used to take 1.2 GB (the
// domains of every level kept, every job's part and graph copied).
func TestBipartitionLargestGraphCost(t *testing.T) {
	if testing.Short() {
		t.Skip("maps 2^20 vertices: tens of CPU-seconds")
	}
	const maxCPU, maxHeap = 60 * time.Second, 1 << 30
	for _, in := range largestGraphs() {
		t.Run(in.name, func(t *testing.T) {
			g, h := in.g(), must(topology.Parse(in.host))
			var place []int
			var err error
			cpu, peak := peakHeap(func() { place, err = graphmap.Bipartition(context.Background(), g, h) })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d vertices, %d arcs on %s: %.1f CPU-s, peak heap %d MB, %.3f hops per byte",
				g.Order(), g.Arcs(), h, cpu.Seconds(), peak>>20, hopsPerByte(t, g, h, place))
			if cpu > maxCPU || peak > maxHeap {
				t.Errorf("%.1f CPU-s and %d MB of heap, want at most %.0f and %d", cpu.Seconds(), peak>>20, maxCPU.Seconds(), maxHeap>>20)
			}
		})
	}
}

// TestGreedyCostGrowsWithGuest: greedy maps a small guest onto a host of
// a million nodes touching only nodes near the ones it uses: a few
// hundred kilobytes and milliseconds, as on a host of the guest's size.
// It used to build tables of every node (neighbours, coordinates, marks)
// and average the coordinates of all of them: 2.7 s on the fat tree.
func TestGreedyCostGrowsWithGuest(t *testing.T) {
	const maxBytes = 1 << 20
	g := must(guest.NewGrid([]int{4, 4}, false))
	for _, host := range []string{"fattree:2,20", "torus:1024x1024", "hypercube:20", "dragonfly:64,16,64,1024", "torus:512x512:cores=4"} {
		h := must(topology.Parse(host))
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		cpu := cpuclock.Used()
		if _, err := graphmap.Greedy(context.Background(), g, h); err != nil {
			t.Fatal(err)
		}
		cpu = cpuclock.Since(cpu)
		runtime.ReadMemStats(&ms)
		if got := ms.TotalAlloc - before; got > maxBytes {
			t.Errorf("%v on %s: %d KB allocated (%.2f CPU-s), want at most %d", g, h, got>>10, cpu.Seconds(), maxBytes>>10)
		} else {
			t.Logf("%v on %s: %d KB allocated, %.3f CPU-s", g, h, got>>10, cpu.Seconds())
		}
	}
}
