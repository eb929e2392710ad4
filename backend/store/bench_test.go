package store_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
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

// BenchmarkExportStream: the export stream of a job with a placement of
// 2^20 vertices (a 5.6 MB line), written and read back into a memory
// store (the second import finds it there and adds nothing).
func BenchmarkExportStream(b *testing.B) {
	src := store.NewMemory()
	place := make([]int, 1<<20)
	for v := range place {
		place[v] = (v * 40503) & (1<<20 - 1)
	}
	src.Finish(jobs.Job{ID: strings.Repeat("f", jobs.IDLen), Status: jobs.Done}, place)
	stream := exportOf(b, src)
	b.Run("export 2^20", func(b *testing.B) {
		b.SetBytes(int64(len(stream)))
		for b.Loop() {
			store.Export(context.Background(), src, io.Discard)
		}
	})
	b.Run("import 2^20", func(b *testing.B) {
		b.SetBytes(int64(len(stream)))
		for b.Loop() {
			if _, err := store.Import(context.Background(), bytes.NewReader(stream), store.NewMemory()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
