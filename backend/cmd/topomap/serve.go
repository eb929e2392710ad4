package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/metrics"
	"topomap/backend/pgstore"
	"topomap/backend/server"
	"topomap/backend/store"
	"topomap/web"
)

func init() {
	commands["serve"] = command{"serve the web app, the job API and the job runner (what make run starts)", runServe}
}

// envDefaults gives the serve and submit flags their defaults from the
// environment, so that every flag can also be set as TOPOMAP_<NAME>; a
// value that does not parse is kept in err rather than silently replaced
// by the default.
type envDefaults struct{ err error }

func (e *envDefaults) string(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

func (e *envDefaults) int(name string, def int) int {
	return envParse(e, name, def, strconv.Atoi, "an integer")
}

func (e *envDefaults) duration(name string, def time.Duration) time.Duration {
	return envParse(e, name, def, time.ParseDuration, "a duration such as 5m")
}

// envParse returns variable name parsed by parse, or def if it is unset;
// the first value that does not parse is recorded in e.err.
func envParse[T any](e *envDefaults, name string, def T, parse func(string) (T, error), want string) T {
	v, ok := os.LookupEnv(name)
	if !ok {
		return def
	}
	x, err := parse(v)
	if err != nil && e.err == nil {
		e.err = fmt.Errorf("%s=%q: want %s", name, v, want)
	}
	return x
}

func runServe(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("serve")
	var env envDefaults
	addr := fs.String("addr", env.string("TOPOMAP_ADDR", ":8080"), "listen `address` (env TOPOMAP_ADDR); port 0 picks a free port")
	data := fs.String("data", env.string("TOPOMAP_DATA", "data"), "data `directory` of the job store (env TOPOMAP_DATA)")
	workers := fs.Int("workers", env.int("TOPOMAP_WORKERS", 0), "jobs run at once (env TOPOMAP_WORKERS; 0 = number of CPUs)")
	queue := fs.Int("queue", env.int("TOPOMAP_QUEUE", 0), "jobs that may wait (env TOPOMAP_QUEUE; 0 = 16 per worker)")
	maxNodes := fs.Int("max-nodes", env.int("TOPOMAP_MAX_NODES", 0), "cap on a job's guest vertices and host nodes (env TOPOMAP_MAX_NODES; 0 = 1048576)")
	maxSync := fs.Int("max-sync-nodes", env.int("TOPOMAP_MAX_SYNC_NODES", 0), "cap for POST /map and on-the-fly renderings (env TOPOMAP_MAX_SYNC_NODES; 0 = 16384)")
	jobTime := fs.Duration("job-timeout", env.duration("TOPOMAP_JOB_TIMEOUT", 0), "per-job time limit (env TOPOMAP_JOB_TIMEOUT; 0 = 5m)")
	bodyLimit := fs.Int64("body-limit", int64(env.int("TOPOMAP_BODY_LIMIT", 0)), "request body limit in bytes (env TOPOMAP_BODY_LIMIT; 0 = 65536)")
	graphBytes := fs.Int64("max-graph-bytes", int64(env.int("TOPOMAP_MAX_GRAPH_BYTES", 0)), "cap on an uploaded graph file in bytes (env TOPOMAP_MAX_GRAPH_BYTES; 0 = 67108864)")
	graphQuota := fs.Int64("graph-quota", int64(env.int("TOPOMAP_GRAPH_QUOTA", 0)), "`bytes` of uploaded graphs one client (its API token, else its IP address) may keep stored; beyond, its uploads get 413 (env TOPOMAP_GRAPH_QUOTA; 0 = 134217728)")
	tokensFile := fs.String("auth-tokens", env.string("TOPOMAP_AUTH_TOKENS", ""), "`file` of API tokens, one a line: every request that computes (submitting, mapping, cancelling, uploading, renderings solved on the fly), the list of jobs and /metrics then want Authorization: Bearer TOKEN, and pages map in the browser only (env TOPOMAP_AUTH_TOKENS; default none)")
	maxAge := fs.Duration("max-age", env.duration("TOPOMAP_MAX_AGE", 30*24*time.Hour), "finished jobs and uploaded graphs unused for this `long` are deleted, a graph only once no kept job maps it (env TOPOMAP_MAX_AGE; 0 keeps them)")
	maxStore := fs.Int64("max-store-bytes", int64(env.int("TOPOMAP_MAX_STORE_BYTES", 1<<30)), "bound on the stored jobs' and graphs' size in `bytes`; the least recently used finished jobs and graphs are deleted first, a graph only once no kept job maps it (env TOPOMAP_MAX_STORE_BYTES; 0 = no bound)")
	dbURL := fs.String("database-url", env.string("TOPOMAP_DATABASE_URL", ""), "Postgres `URL` shared by several servers (env TOPOMAP_DATABASE_URL): jobs, results and graphs live there and River queues the jobs; default none: the embedded store in --data and an in-process queue")
	noSW := fs.Bool("no-service-worker", os.Getenv("TOPOMAP_NO_SERVICE_WORKER") != "", "install a service worker that caches nothing (development; env TOPOMAP_NO_SERVICE_WORKER)")
	if env.err != nil {
		return env.err
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	var tokens []string
	if *tokensFile != "" {
		b, err := os.ReadFile(*tokensFile)
		if err == nil {
			tokens, err = server.ReadTokens(string(b))
		}
		if err != nil {
			return fmt.Errorf("--auth-tokens %s: %w", *tokensFile, err)
		}
	}

	met := metrics.New()
	o := jobs.Options{Workers: *workers, Queue: *queue, MaxNodes: *maxNodes, MaxTime: *jobTime, Logger: log, Observer: met}
	ret := store.Retention{MaxAge: *maxAge, MaxBytes: *maxStore}
	var b backend
	var err error
	if *dbURL != "" {
		b, err = openPostgres(ctx, *dbURL, o, ret)
	} else {
		b, err = openBolt(ctx, filepath.Join(*data, "topomap.db"), o, ret, log)
	}
	if err != nil {
		return err
	}
	defer b.close()
	// A machine:ID this process was not sent (uploaded to another
	// replica, or beyond the registry's bound) is looked up in the store.
	topology.SetMachineSource(jobs.MachineSource(b.graphs))
	defer topology.SetMachineSource(nil)
	runner := b.jobs
	met.Watch(runner)
	// A page load carries no token: with tokens, pages map in the browser.
	app := web.AppHandler(web.AppOptions{NoServiceWorker: *noSW, ComputeInBrowser: len(tokens) > 0})
	srv := server.New(server.Options{
		Jobs:          runner,
		App:           app,
		MaxBody:       *bodyLimit,
		MaxSyncNodes:  *maxSync,
		Tokens:        tokens,
		Store:         b.stats,
		Graphs:        b.graphs,
		Metrics:       met.Handler(),
		MaxGraphBytes: *graphBytes,
		GraphQuota:    *graphQuota,
		Version:       web.Version,
		Logger:        log,
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		runner.Close(context.Background())
		return fmt.Errorf("serve: %w", err)
	}
	if len(tokens) == 0 && !loopback(ln.Addr()) {
		log.Warn("topomap: serving beyond this machine without API tokens: anyone who reaches it can submit jobs (see --auth-tokens)")
	}
	lim := runner.Limits()
	// The test harness reads this line to find a port picked with :0.
	log.Info("topomap serving", "url", displayURL(ln.Addr()), "store", b.where,
		"workers", lim.Workers, "queue", lim.Queue, "maxNodes", lim.MaxNodes, "jobTimeout", lim.MaxTime)
	err = srv.Serve(ctx, ln)
	log.Info("topomap stopped", "err", err)
	return err
}

// backend is what serve runs on: the job service, the graphs and the
// store's numbers, and how to close them.
type backend struct {
	jobs   jobs.Service
	graphs jobs.GraphService
	stats  func() jobs.StoreStats
	where  string // for the log: the store file or "postgres"
	close  func()
}

// openBolt opens the embedded store and starts the in-process runner and
// the retention's sweep on it.
func openBolt(ctx context.Context, path string, o jobs.Options, r store.Retention, log *slog.Logger) (backend, error) {
	st, err := store.Open(path)
	if err != nil {
		return backend{}, err
	}
	for _, p := range st.Problems() {
		log.Warn("store: skipped an unreadable record (topomap store compact removes it)", "problem", p)
	}
	o.Graphs = st.Resolve
	runner, err := jobs.New(st, o)
	if err != nil {
		st.Close()
		return backend{}, err
	}
	sweepCtx, stopSweep := context.WithCancel(ctx)
	go sweep(sweepCtx, st, r, log)
	return backend{jobs: runner, graphs: st, stats: st.Stats, where: path, close: func() { stopSweep(); st.Close() }}, nil
}

// openPostgres opens the shared database (migrating it) and starts this
// replica's River client on it; the leader applies the retention.
func openPostgres(ctx context.Context, url string, o jobs.Options, r store.Retention) (backend, error) {
	db, err := pgstore.Open(ctx, url)
	if err != nil {
		return backend{}, err
	}
	svc, err := pgstore.New(ctx, db, o, r)
	if err != nil {
		db.Close()
		return backend{}, err
	}
	return backend{jobs: svc, graphs: db, stats: db.Stats, where: "postgres", close: db.Close}, nil
}

// displayURL is the URL to print for a listener: "localhost" for a
// wildcard address (":8080" listens on [::]).
func displayURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// loopback reports whether a listener accepts this machine's connections
// only.
func loopback(a net.Addr) bool {
	host, _, err := net.SplitHostPort(a.String())
	ip := net.ParseIP(host)
	return err == nil && ip != nil && ip.IsLoopback()
}

// sweepEvery is how often serve applies the store's retention.
const sweepEvery = time.Minute

// sweep applies the retention at start and every sweepEvery until ctx
// ends.
func sweep(ctx context.Context, st *store.Bolt, r store.Retention, log *slog.Logger) {
	if r == (store.Retention{}) {
		return
	}
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		removed, err := st.Sweep(r, time.Now())
		if err != nil {
			log.Error("store: applying the retention", "err", err)
		} else if len(removed) > 0 {
			log.Info("store: expired finished jobs", "count", len(removed), "maxAge", r.MaxAge, "maxBytes", r.MaxBytes)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
