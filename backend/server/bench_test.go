package server_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// BenchmarkAPI measures the handlers in memory (no network): a synchronous
// map of a 256-node instance, and a 64K-vertex job's placement in JSON and
// CSV (rebuilt from the store on each request).
func BenchmarkAPI(b *testing.B) {
	f := newFixture(b, jobs.Options{}, server.Options{})
	b.Run("map hypercube:8 ring:256 xor", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if rec := f.do(b, "POST", "/api/v1/map", `{"guest":"hypercube:8","host":"ring:256","algo":"xor"}`); rec.Code != 200 {
				b.Fatal(rec.Code, rec.Body)
			}
		}
	})
	in, _ := jobs.Request{Guest: "hypercube:16", Host: "torus:256x256", Algo: "xor"}.Instance()
	j, _, err := f.runner.Submit(in)
	if err != nil {
		b.Fatal(err)
	}
	_, updates, unsub, _ := f.runner.Subscribe(j.ID)
	for range updates {
	}
	unsub()
	for _, format := range []string{"json", "csv"} {
		b.Run("placement 65536 "+format, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("GET", "/api/v1/jobs/"+j.ID+"/placement?format="+format, nil)
				rec := httptest.NewRecorder()
				f.srv.ServeHTTP(rec, req)
				if rec.Code != 200 || !strings.Contains(rec.Body.String(), "\n") {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
