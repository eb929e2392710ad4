package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// outcome is one request's status and latency.
type outcome struct {
	code int
	d    time.Duration
	err  error
}

// burst sends every request at once (one goroutine each) and returns the
// outcomes and the wall time.
func burst(t *testing.T, hc *http.Client, reqs []func() (*http.Request, error)) ([]outcome, time.Duration) {
	t.Helper()
	out := make([]outcome, len(reqs))
	var wg sync.WaitGroup
	start := time.Now()
	for i, mk := range reqs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := mk()
			if err != nil {
				out[i].err = err
				return
			}
			t0 := time.Now()
			resp, err := hc.Do(req)
			if err != nil {
				out[i].err = err
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			out[i] = outcome{code: resp.StatusCode, d: time.Since(t0)}
			if resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") == "" {
				out[i].err = fmt.Errorf("503 without Retry-After")
			}
		}()
	}
	wg.Wait()
	return out, time.Since(start)
}

// summarise checks that every answer is allowed and logs throughput and
// latency percentiles. It returns the count per status.
func summarise(t *testing.T, name string, out []outcome, wall time.Duration, allowed ...int) map[int]int {
	t.Helper()
	codes := map[int]int{}
	var ds []time.Duration
	for i, o := range out {
		if o.err != nil {
			t.Errorf("%s request %d: %v", name, i, o.err)
			continue
		}
		codes[o.code]++
		ds = append(ds, o.d)
		if !slices.Contains(allowed, o.code) {
			t.Errorf("%s request %d: status %d, allowed %v", name, i, o.code, allowed)
		}
	}
	slices.Sort(ds)
	pct := func(p float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		return ds[min(len(ds)-1, int(p*float64(len(ds))))]
	}
	t.Logf("%s: %d requests in %v = %.0f req/s; p50 %v, p99 %v, max %v; statuses %v",
		name, len(out), wall.Round(time.Millisecond), float64(len(out))/wall.Seconds(),
		pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), pct(1).Round(time.Microsecond), codes)
	return codes
}

// TestLoad: 500 concurrent synchronous requests (POST /map and GET
// /render.svg of small instances) and a burst of job submissions past the
// queue, on loopback. No 5xx other than 503; every refusal is a 503 with
// Retry-After; the accepted jobs all finish.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test: skipped with -short")
	}
	const workers, queue = 2, 8
	runner, c := newBoltServer(t, jobs.Options{Workers: workers, Queue: queue},
		// The default limit, which the test holds the server to: a request
		// that waits longer for a slot gets its 503 within the client's 60 s.
		server.Options{SyncTimeout: 10 * time.Second})
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512, MaxConnsPerHost: 0}, Timeout: 60 * time.Second}

	algos := []string{"identity", "standard", "gray", "xor"}
	var sync []func() (*http.Request, error)
	for i := range 500 {
		algo := algos[i%len(algos)]
		if i%2 == 0 {
			body := fmt.Sprintf(`{"guest":"hypercube:8","host":"hypercube:8","algo":%q}`, "identity")
			if algo != "identity" {
				body = fmt.Sprintf(`{"guest":"hypercube:8","host":"ring:256","algo":%q}`, algo)
			}
			sync = append(sync, func() (*http.Request, error) {
				req, err := http.NewRequest("POST", c.Base+"/api/v1/map", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				return req, err
			})
		} else {
			host := "torus:16x16"
			if algo == "identity" {
				host = "hypercube:8"
			}
			url := c.Base + "/api/v1/render.svg?guest=hypercube:8&host=" + host + "&algo=" + algo
			sync = append(sync, func() (*http.Request, error) { return http.NewRequest("GET", url, nil) })
		}
	}
	out, wall := burst(t, hc, sync)
	if codes := summarise(t, "500 concurrent map/render", out, wall, 200, 503); codes[200] == 0 {
		t.Fatal("no synchronous request succeeded")
	}

	// A burst of distinct jobs, five times what the workers and the queue
	// hold: 64K-object snake mappings of distinct sizes (a seed would not
	// make distinct jobs: snake ignores it).
	n := 5 * (workers + queue)
	var submits []func() (*http.Request, error)
	for i := range n {
		body := fmt.Sprintf(`{"guest":"grid:256x%d","host":"mesh:256x%d","algo":"snake"}`, 256+i, 256+i)
		submits = append(submits, func() (*http.Request, error) {
			req, err := http.NewRequest("POST", c.Base+"/api/v1/jobs", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			return req, err
		})
	}
	out, wall = burst(t, hc, submits)
	codes := summarise(t, fmt.Sprintf("burst of %d job submissions (queue %d, %d workers)", n, queue, workers), out, wall, 202, 503)
	if codes[202] < queue || codes[503] == 0 {
		t.Fatalf("statuses %v: want at least %d accepted and some refused", codes, queue)
	}
	// Every accepted job finishes.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	done := 0
	for i := range n {
		k := fmt.Sprint(256 + i)
		in, _ := jobs.Request{Guest: "grid:256x" + k, Host: "mesh:256x" + k, Algo: "snake"}.Instance()
		j, err := runner.Get(jobs.ID(in))
		if err != nil {
			continue // refused
		}
		if j, err = c.Follow(ctx, j.ID, nil); err != nil || j.Status != jobs.Done {
			t.Fatalf("accepted job %s ended %+v, %v", j.ID, j.Status, err)
		}
		done++
	}
	if done != codes[202] {
		t.Fatalf("%d jobs done, %d accepted", done, codes[202])
	}
}
