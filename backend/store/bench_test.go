package store_test

import (
	"path/filepath"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

func BenchmarkPlacement(b *testing.B) {
	place := make([]int, 1<<16)
	for v := range place {
		place[v] = (v * 40503) & (1<<16 - 1) // a permutation: 40503 is odd
	}
	b.Run("encode 65536", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			store.EncodePlacement(place)
		}
	})
	enc, _ := store.EncodePlacement(place)
	b.Run("decode 65536", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			store.DecodePlacement(enc)
		}
	})
	st, err := store.Open(filepath.Join(b.TempDir(), "topomap.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	j := jobs.Job{ID: "0123456789abcdef0123", Status: jobs.Done}
	b.Run("bolt finish 65536 (fsync)", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := st.Finish(j, place); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bolt placement 65536", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := st.Placement(j.ID); err != nil {
				b.Fatal(err)
			}
		}
	})
}
