//go:build unix

// Package costtest holds what the tests and benchmarks of cost share: the
// CPU time and the peak heap of a piece of work (never the wall clock,
// which a loaded machine stretches), the CPU time of one pass over a
// graph's arcs at random (ReadPass: a unit of cost that scales with the
// machine's memory as the mappers do), and the largest guest a user may
// upload to the server, as random arcs.
package costtest

import (
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"

	"topomap/algorithms/cpuclock"
	"topomap/algorithms/guest"
)

// The largest graph a user may upload: 2^20 vertices (the jobs' node
// cap) and 2^22 arcs (the server's arc cap).
const (
	LargestOrder = 1 << 20
	LargestArcs  = 1 << 22
)

// Run runs f after a garbage collection and returns the CPU time it took
// and the largest heap (bytes in live and not yet collected objects,
// sampled every 20 ms) seen while it ran.
func Run(f func()) (cpu time.Duration, peak uint64) {
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

// RandomArcs returns a graph of n vertices and m random directed arcs
// (volumes 1 to 100, seeded), as a weighted graph guest (graph:ID): an
// expander, whose undirected view has about 2m arcs.
func RandomArcs(n, m int, seed uint64) *guest.Graph {
	r := rand.New(rand.NewPCG(seed, 1))
	arcs := make([]guest.Arc, m)
	for i := range arcs {
		arcs[i] = guest.Arc{From: r.IntN(n), To: r.IntN(n), Volume: float64(1 + r.IntN(100))}
	}
	g, _, err := guest.FromArcs(n, arcs)
	if err != nil {
		panic(err) // the arcs are valid by construction
	}
	return guest.Canonical(g)
}

// ReadPass returns the CPU time of one pass over g that reads every arc's
// head at random, the least of three: g.Undirected, which counts and
// places every arc at both of its ends. A mapper that reads g's arcs at
// random, level after level, costs a number of such passes whatever the
// machine, where its CPU time does not (on the largest graph of random
// arcs, rb took 67 to 82 CPU-s on a machine whose passes took 0.74 to
// 0.87, and where PAIRS took twice the CPU time it took on the machines
// where rb took under 60). The two do not scale alike to the pass: a
// budget in passes needs a margin.
func ReadPass(g *guest.Graph) time.Duration {
	least := time.Duration(math.MaxInt64)
	for range 3 {
		cpu, _ := Run(func() {
			if _, err := g.Undirected(); err != nil {
				panic(err) // g is valid: its undirected view is
			}
		})
		least = min(least, cpu)
	}
	return least
}
