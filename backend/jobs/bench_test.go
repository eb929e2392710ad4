package jobs_test

import (
	"strings"
	"testing"

	"topomap/backend/jobs"
)

func BenchmarkDecodeRequest(b *testing.B) {
	body := `{"guest":"grid:256x256","host":"mesh:128x512","algo":"pairs","budget":"250ms","seed":1,"start":"affn"}`
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := jobs.DecodeRequest(strings.NewReader(body)); err != nil {
			b.Fatal(err)
		}
	}
}
