package optimal_test

import (
	"context"
	"testing"

	"topomap/algorithms/optimal"
)

func BenchmarkRing(b *testing.B) {
	for _, c := range []struct {
		name string
		d    int
	}{{"ring 32", 5}, {"ring 64", 6}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := optimal.Ring(context.Background(), c.d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAchievable(b *testing.B) {
	b.Run("ring 32", func(b *testing.B) {
		for b.Loop() {
			if _, err := optimal.Achievable(context.Background(), 5); err != nil {
				b.Fatal(err)
			}
		}
	})
}
