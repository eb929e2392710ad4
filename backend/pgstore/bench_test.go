package pgstore_test

import (
	"fmt"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
)

// BenchmarkJobThroughput submits b.N small jobs over HTTP to 1 or 3
// replicas (2 workers each; one client per replica) and waits for all;
// jobs/s is the figure.
func BenchmarkJobThroughput(b *testing.B) {
	for _, n := range []int{1, 3} {
		b.Run(fmt.Sprintf("replicas=%d", n), func(b *testing.B) {
			rs := startReplicas(b, n, jobs.Options{Workers: 2, Queue: 1 << 20}, newRuns(), closedChan())
			b.ResetTimer()
			start := time.Now()
			ids := submitSmallJobs(b, rs, b.N)
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
		size := smallJobs.Add(1) + 1
		start := time.Now()
		j, _, err := post(rs[k%3], fmt.Sprintf("grid:2x%d", size), fmt.Sprintf("mesh:2x%d", size), jobstest.Block)
		if err != nil {
			b.Fatal(err)
		}
		waitRunning(b, rs[(k+1)%3].svc, j.ID)
		total += time.Since(start)
		rs[k%3].svc.Cancel(b.Context(), j.ID, j.CancelToken)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/first-progress")
}
