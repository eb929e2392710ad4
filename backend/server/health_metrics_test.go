package server_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/backend/jobs"
	"topomap/backend/metrics"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestHealthzReportsItsComponents: over a bbolt store healthz says ok
// with the database (its file, named without its directory: anyone may
// read healthz) and the queue; with the file gone from its
// path, or the runner shutting down, it says degraded, naming the
// component and why, with a 503 that takes the replica out of a load
// balancer.
func TestHealthzReportsItsComponents(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f := graphFixture(t, st, server.Options{HealthEvery: time.Nanosecond})
	health := func(wantCode int) server.Health {
		t.Helper()
		rec := f.do(t, "GET", "/api/v1/healthz", "")
		if rec.Code != wantCode {
			t.Fatalf("healthz: %d %s, want %d", rec.Code, rec.Body, wantCode)
		}
		return decode[server.Health](t, rec)
	}
	h := health(http.StatusOK)
	db, q := h.Components["database"], h.Components["queue"]
	if h.Status != "ok" || db.Status != "ok" || !strings.Contains(db.Detail, "bbolt file topomap.db, ") || q.Status != "ok" || !strings.Contains(q.Detail, "workers busy") {
		t.Errorf("a healthy server: %+v", h)
	}
	if strings.Contains(db.Detail, filepath.Dir(path)) {
		t.Errorf("healthz shows the store's directory: %q", db.Detail)
	}
	if err := os.Rename(path, path+".moved"); err != nil {
		t.Fatal(err)
	}
	h = health(http.StatusServiceUnavailable)
	if db := h.Components["database"]; h.Status != "degraded" || db.Status != "degraded" || !strings.Contains(db.Error, "no such file") || h.Components["queue"].Status != "ok" ||
		strings.Contains(db.Error+db.Detail, filepath.Dir(path)) {
		t.Errorf("the file gone: %+v", h)
	}
	os.Rename(path+".moved", path)
	f.runner.Close(context.Background())
	h = health(http.StatusServiceUnavailable)
	if q := h.Components["queue"]; h.Status != "degraded" || q.Status != "degraded" || q.Error != jobs.ErrClosed.Error() || h.Components["database"].Status != "ok" {
		t.Errorf("shutting down: %+v", h)
	}
}

// countingHealth is a job service whose health checks and numbers are
// counted.
type countingHealth struct {
	*jobs.Runner
	checks, stats atomic.Int64
}

func (c *countingHealth) Stats() jobs.Stats {
	c.stats.Add(1)
	return c.Runner.Stats()
}

func (c *countingHealth) Health(context.Context) map[string]jobs.ComponentHealth {
	c.checks.Add(1)
	return map[string]jobs.ComponentHealth{"database": {Status: jobs.HealthOK}}
}

// TestHealthzChecksAtMostOncePerInterval: a stream of healthz requests,
// which anyone may send, makes one check of the components (a database
// ping), of the job counters and of the store's numbers (on Postgres, a
// count of every job) per HealthEvery, not one each. Before, the
// counters and the store's numbers were read for every request: 40 at
// once on a replica of 200,000 jobs took 5 s each and answered 503.
func TestHealthzChecksAtMostOncePerInterval(t *testing.T) {
	runner, err := jobs.New(store.NewMemory(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer runner.Close(context.Background())
	svc := &countingHealth{Runner: runner}
	var storeReads atomic.Int64
	stats := func() jobs.StoreStats { storeReads.Add(1); return jobs.StoreStats{Jobs: 7} }
	f := &fixture{srv: server.New(server.Options{Jobs: svc, Store: stats, HealthEvery: time.Hour})}
	for range 100 {
		rec := f.do(t, "GET", "/api/v1/healthz", "")
		if h := decode[server.Health](t, rec); rec.Code != http.StatusOK || h.Components["database"].Status != "ok" || h.Store == nil || h.Store.Jobs != 7 {
			t.Fatalf("healthz: %d %s", rec.Code, rec.Body)
		}
	}
	if c, s, r := svc.checks.Load(), svc.stats.Load(), storeReads.Load(); c != 1 || s != 1 || r != 1 {
		t.Errorf("100 requests made %d checks, %d job counts and %d store reads; want 1 each", c, s, r)
	}
}

// metricsFixture is a server whose runner reports to the metrics it
// serves, with API tokens.
func metricsFixture(t *testing.T, token string) *fixture {
	t.Helper()
	m := metrics.New()
	f := &fixture{}
	var err error
	f.runner, err = jobs.New(store.NewMemory(), jobs.Options{Workers: 1, Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}, Observer: m})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.runner.Close(context.Background()) })
	m.Watch(f.runner)
	f.srv = server.New(patient(server.Options{Jobs: f.runner, Metrics: m.Handler(), Tokens: []string{token}}))
	return f
}

// sample returns the value of one series of an exposition ("" if absent).
func sample(text, series string) string {
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestMetricsCountJobs: /metrics (with the token) counts the jobs by
// state, observes each run's queue and run time, and shows the live jobs;
// the topomap series are the same ones after 1 and after 12 jobs, so a
// scrape costs the same however many jobs the server ran.
func TestMetricsCountJobs(t *testing.T) {
	const token = "metrics-token-0123456789"
	f := metricsFixture(t, token)
	_, c := f.loopback(t)
	c.Token = token
	scrape := func() string {
		t.Helper()
		rec := serve(f, "GET", "/metrics", "", "", token)
		if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
			t.Fatalf("/metrics: %d %s %.200s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
		}
		return rec.Body.String()
	}
	series := func(text string) []string {
		return regexp.MustCompile(`(?m)^topomap_\S+`).FindAllString(text, -1)
	}
	run := func(seed int) {
		j, err := c.Submit(context.Background(), jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "pairs", Seed: uint64(seed), Moves: 100})
		if err == nil {
			j, err = c.Follow(context.Background(), j.ID, nil)
		}
		if err != nil || j.Status != jobs.Done {
			t.Fatalf("job: %+v %v", j, err)
		}
	}
	run(1)
	first := series(scrape())
	for seed := 2; seed <= 12; seed++ {
		run(seed)
	}
	text := scrape()
	for s, want := range map[string]string{
		`topomap_jobs_finished_total{state="done"}`:      "12",
		`topomap_jobs_finished_total{state="failed"}`:    "0",
		`topomap_jobs_finished_total{state="cancelled"}`: "0",
		`topomap_jobs_started_total`:                     "12",
		`topomap_job_queue_seconds_count`:                "12",
		`topomap_job_run_seconds_count`:                  "12",
		`topomap_job_run_seconds_bucket{le="+Inf"}`:      "12",
		`topomap_jobs{state="queued"}`:                   "0",
		`topomap_jobs{state="running"}`:                  "0",
	} {
		if got := sample(text, s); got != want {
			t.Errorf("%s = %q, want %s", s, got, want)
		}
	}
	if !strings.Contains(text, "go_goroutines ") {
		t.Errorf("no Go runtime metrics")
	}
	if got := series(text); strings.Join(got, "\n") != strings.Join(first, "\n") {
		t.Errorf("the series grew with the jobs: %d after 1 job, %d after 12", len(first), len(got))
	}
	if rec := serve(f, "GET", "/metrics", "", "", ""); rec.Code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d, want 401", rec.Code)
	}
}
