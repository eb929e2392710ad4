package guest_test

import (
	"strconv"
	"testing"

	"topomap/algorithms/guest"
)

var sink *guest.Graph

func BenchmarkNewHypercube(b *testing.B) {
	for _, d := range []int{16, 20} {
		b.Run("hypercube "+strconv.Itoa(d), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink, _ = guest.NewHypercube(d)
			}
		})
	}
}

func BenchmarkNewGrid(b *testing.B) {
	b.Run("grid 1024x1024", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink, _ = guest.NewGrid([]int{1024, 1024}, false)
		}
	})
	b.Run("grid 128x128x64 wrap", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink, _ = guest.NewGrid([]int{128, 128, 64}, true)
		}
	})
}

func BenchmarkFromEdges(b *testing.B) {
	grid, _ := guest.NewGrid([]int{512, 512}, false)
	var edges []guest.Edge
	for v := range grid.Order() {
		for _, u := range grid.Neighbors(v) {
			edges = append(edges, guest.Edge{U: v, V: int(u), Volume: 1}) // each edge twice: merged
		}
	}
	b.Run("grid 512x512 edges", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink, _ = guest.FromEdges(grid.Order(), edges)
		}
	})
}
