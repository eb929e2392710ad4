package solve_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/internal/costtest"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// randomGraph names the largest graph a user may upload, as random arcs.
const randomGraph = "1,048,576 vertices, 4,194,304 random arcs"

// largest names, per registered algorithm, an instance of the largest
// size the server takes (2^20 vertices) that it applies to: the one its
// Notes.Measured quotes, measured by BenchmarkLargest.
var largest = map[string]struct{ guest, host string }{
	"identity":      {"hypercube:20", "hypercube:20"},
	"block":         {"hypercube:20", "torus:256x256:cores=16"},
	"cyclic":        {"hypercube:20", "torus:256x256:cores=16"},
	"standard":      {"hypercube:20", "torus:1024x1024"},
	"byweight":      {"hypercube:20", "ring:1048576"},
	"gray":          {"hypercube:20", "mesh:1024x1024"},
	"xor":           {"hypercube:20", "torus:1024x1024"},
	"rowmajor":      {"grid:1024x1024", "torus:512x2048"},
	"snake":         {"grid:1024x1024", "torus:512x2048"},
	"mxovlp":        {"grid:1024x1024", "torus:512x2048"},
	"mxoval":        {"grid:1024x1024", "torus:512x2048"},
	"exco":          {"grid:1024x1024", "torus:512x2048"},
	"coce":          {"grid:1024x1024", "torus:512x2048"},
	"affn":          {"grid:1024x1024", "torus:512x2048"},
	"step":          {"grid:1024x1024", "torus:512x2048"},
	"bisect":        {"grid:1024x1024", "torus:512x2048"},
	"stack":         {"grid:1024x1024", "torus:128x128x64"},
	"fold":          {"grid:1024x1024", "torus:128x128x64"},
	"sfc":           {"grid:1024x1024", "torus:128x128x64"},
	"affn3d":        {"grid:128x128x64", "torus:64x128x128"},
	"bricks":        {"grid:1024x1024", "fattree:4,10"},
	"rb":            {randomGraph, "torus:128x128x64"},
	"multisection":  {randomGraph, "fattree:32,4"},
	"greedy":        {randomGraph, "torus:128x128x64"},
	"pairs":         {randomGraph, "torus:128x128x64"},
	"pairs-uniform": {randomGraph, "torus:128x128x64"},
}

var randomArcs = sync.OnceValue(func() *guest.Graph {
	return costtest.RandomArcs(costtest.LargestOrder, costtest.LargestArcs, 22)
})

// largestInstance returns the instance of largest for algorithm name.
func largestInstance(tb testing.TB, name string) spec.Instance {
	tb.Helper()
	l, ok := largest[name]
	if !ok {
		tb.Fatalf("%s has no instance in largest", name)
	}
	h, err := spec.ParseHost(l.host)
	if err != nil {
		tb.Fatal(err)
	}
	in := spec.Instance{Host: h, Algo: name, Seed: 1}
	if l.guest == randomGraph {
		in.Guest = guest.SpecOf(randomArcs())
	} else if in.Guest, err = spec.ParseGuest(l.guest); err != nil {
		tb.Fatal(err)
	}
	return in
}

// TestMeasuredCost: every registered algorithm states its complexity and
// what BenchmarkLargest measured on its instance of the largest size,
// which it applies to: "guest → host: … CPU-s, … MB" and the machine.
func TestMeasuredCost(t *testing.T) {
	for _, a := range solve.All() {
		l, ok := largest[a.Name]
		if !ok {
			t.Errorf("%s has no instance of the largest size in largest", a.Name)
			continue
		}
		if l.guest != randomGraph {
			if _, err := solve.Check(largestInstance(t, a.Name)); err != nil {
				t.Errorf("%s does not apply to %s → %s: %v", a.Name, l.guest, l.host, err)
			}
		}
		m := a.Notes.Measured
		if !strings.HasPrefix(m, l.guest+" → "+l.host+": ") || !strings.Contains(m, " CPU-s, ") ||
			!strings.Contains(m, " MB") || !strings.HasSuffix(m, solve.MeasuredOn) {
			t.Errorf("%s: measured %q, want %q and its CPU-s, MB, and %q", a.Name, m, l.guest+" → "+l.host, solve.MeasuredOn)
		}
	}
}

// BenchmarkLargest maps every registered algorithm's instance of the
// largest size (see largest) and reports its CPU seconds and peak heap
// (guest and host included, metrics not), the figures of Notes.Measured.
//
//	go test -run '^$' -bench BenchmarkLargest -benchtime 1x ./algorithms/solve
func BenchmarkLargest(b *testing.B) {
	for _, a := range solve.All() {
		b.Run(a.Name, func(b *testing.B) {
			in := largestInstance(b, a.Name)
			if _, err := solve.Check(in); err != nil {
				b.Fatal(err)
			}
			g, h, err := solve.Build(in)
			if err != nil {
				b.Fatal(err)
			}
			var cpu float64
			var peak uint64
			for b.Loop() {
				c, p := costtest.Run(func() {
					if _, err = a.Map(context.Background(), &solve.Problem{Instance: in, Guest: g, Host: h}); err != nil {
						b.Fatal(err)
					}
				})
				cpu, peak = cpu+c.Seconds(), max(peak, p)
			}
			b.ReportMetric(cpu/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(peak>>20), "peak-MB")
			fmt.Printf("%s: %s → %s: %.2g CPU-s, %d MB\n", a.Name, largest[a.Name].guest, largest[a.Name].host, cpu/float64(b.N), peak>>20)
		})
	}
}
