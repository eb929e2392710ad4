package pgstore_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
)

// benchJobs is a fresh request per call: jobstest's Block, released at
// once, maps the identity of a small grid.
var benchJobs atomic.Int64

func nextRequest(b *testing.B) (guest, host string) {
	k := benchJobs.Add(1)
	return fmt.Sprintf("grid:3x%d", k+1), fmt.Sprintf("mesh:3x%d", k+1)
}

// BenchmarkJobThroughput submits b.N small jobs over HTTP to 1 or 3
// replicas (2 workers each; one client per replica) and waits for all;
// jobs/s is the figure.
func BenchmarkJobThroughput(b *testing.B) {
	for _, n := range []int{1, 3} {
		b.Run(fmt.Sprintf("replicas=%d", n), func(b *testing.B) {
			rs := startReplicas(b, n, jobs.Options{Workers: 2, Queue: 1 << 20}, newRuns(), closedChan())
			ids := make([]string, b.N)
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for client := range n { // one client per replica, all at once
				wg.Go(func() {
					for k := client; k < b.N; k += n {
						guest, host := nextRequest(b)
						j, _, err := post(rs[client], guest, host, jobstest.Block)
						if err != nil {
							b.Error(err)
							return
						}
						ids[k] = j.ID
					}
				})
			}
			wg.Wait()
			if b.Failed() {
				b.FailNow()
			}
			for k, id := range ids {
				if j := jobstest.Follow(b, rs[k%n].svc, id); j.Status != jobs.Done {
					b.Fatalf("job %+v", j)
				}
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
		})
	}
}

// BenchmarkSubmitToFirstProgress submits a job on one replica and follows
// it on another, until the first progress event arrives there.
func BenchmarkSubmitToFirstProgress(b *testing.B) {
	release := make(chan struct{})
	defer close(release)
	rs := startReplicas(b, 3, jobs.Options{Workers: 2}, newRuns(), release)
	var total time.Duration
	b.ResetTimer()
	for k := range b.N {
		guest, host := nextRequest(b)
		start := time.Now()
		j, _, err := post(rs[k%3], guest, host, jobstest.Block)
		if err != nil {
			b.Fatal(err)
		}
		waitRunning(b, rs[(k+1)%3].svc, j.ID)
		total += time.Since(start)
		rs[k%3].svc.Cancel(b.Context(), j.ID, j.CancelToken)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/first-progress")
}
