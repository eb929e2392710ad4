package main

import (
	"context"
	"errors"
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

// bool reads a switch as its flag's value does: true or false, 1 or 0
// (TOPOMAP_NO_SERVICE_WORKER=false is off, as --no-service-worker=false).
func (e *envDefaults) bool(name string, def bool) bool {
	return envParse(e, name, def, strconv.ParseBool, "true or false")
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

// runServe is the serve command: it opens the store, starts the job
// runner on it and serves the app and the job API until ctx ends.
func runServe(ctx context.Context, args []string, stdout io.Writer) error {
	c, err := parseServeFlags(args)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	tokens, err := readTokensFile(c.tokensFile)
	if err != nil {
		return err
	}
	met := metrics.New()
	b, err := c.openBackend(ctx, met, log)
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
	srv := c.newServer(b, tokens, met, log)
	ln, err := net.Listen("tcp", c.addr)
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

// serveConfig is what serve's flags ask for.
type serveConfig struct {
	addr, data, tokensFile, dbURL               string
	workers, queue, maxNodes, maxSync, syncArcs int
	jobTime, maxAge                             time.Duration
	bodyLimit, graphBytes, graphQuota, maxStore int64
	noServiceWorker                             bool
}

// parseServeFlags parses serve's flags, each of which defaults to its
// TOPOMAP_<NAME> environment variable; a variable that does not parse is
// reported before the flags are parsed.
func parseServeFlags(args []string) (serveConfig, error) {
	fs := newFlags("serve")
	var env envDefaults
	var c serveConfig
	fs.StringVar(&c.addr, "addr", env.string("TOPOMAP_ADDR", ":8080"), "listen `address` (env TOPOMAP_ADDR); port 0 picks a free port")
	fs.StringVar(&c.data, "data", env.string("TOPOMAP_DATA", "data"), "data `directory` of the job store (env TOPOMAP_DATA)")
	fs.IntVar(&c.workers, "workers", env.int("TOPOMAP_WORKERS", 0), "the `number` of jobs run at once (env TOPOMAP_WORKERS; 0 = the number of CPUs)")
	fs.IntVar(&c.queue, "queue", env.int("TOPOMAP_QUEUE", 0), "the `number` of jobs that may wait (env TOPOMAP_QUEUE; 0 = 16 per worker)")
	fs.IntVar(&c.maxNodes, "max-nodes", env.int("TOPOMAP_MAX_NODES", 0), "cap on a job's guest vertices and host `nodes` (env TOPOMAP_MAX_NODES; 0 = 1,048,576)")
	fs.IntVar(&c.maxSync, "max-sync-nodes", env.int("TOPOMAP_MAX_SYNC_NODES", 0), "cap on the guest vertices and host `nodes` of POST /map and on-the-fly renderings (env TOPOMAP_MAX_SYNC_NODES; 0 = 16,384)")
	fs.IntVar(&c.syncArcs, "max-sync-arcs", env.int("TOPOMAP_MAX_SYNC_ARCS", 0), "cap on a graph guest's `arcs` there; a denser graph is a job's (env TOPOMAP_MAX_SYNC_ARCS; 0 = 262,144)")
	fs.DurationVar(&c.jobTime, "job-timeout", env.duration("TOPOMAP_JOB_TIMEOUT", 0), "per-job time limit (env TOPOMAP_JOB_TIMEOUT; 0 = 5m)")
	fs.Int64Var(&c.bodyLimit, "body-limit", int64(env.int("TOPOMAP_BODY_LIMIT", 0)), "request body limit in `bytes` (env TOPOMAP_BODY_LIMIT; 0 = 65,536)")
	fs.Int64Var(&c.graphBytes, "max-graph-bytes", int64(env.int("TOPOMAP_MAX_GRAPH_BYTES", 0)), "cap on an uploaded graph file in `bytes` (env TOPOMAP_MAX_GRAPH_BYTES; 0 = 67,108,864)")
	fs.Int64Var(&c.graphQuota, "graph-quota", int64(env.int("TOPOMAP_GRAPH_QUOTA", 0)), "`bytes` of uploaded graphs one client (its API token, else its IP address) may keep stored; beyond, its uploads get 413 (env TOPOMAP_GRAPH_QUOTA; 0 = 134,217,728)")
	fs.StringVar(&c.tokensFile, "auth-tokens", env.string("TOPOMAP_AUTH_TOKENS", ""), "`file` of API tokens, one a line: every request that computes (submitting, mapping, cancelling, uploading, scoring, suggesting, renderings solved on the fly, dense matrices), the list of jobs and /metrics then want Authorization: Bearer TOKEN, and pages map in the browser only (env TOPOMAP_AUTH_TOKENS; default none)")
	fs.DurationVar(&c.maxAge, "max-age", env.duration("TOPOMAP_MAX_AGE", 30*24*time.Hour), "finished jobs and uploaded graphs unused for this long (a `duration` such as 720h) are deleted, a graph only once no kept job maps it (env TOPOMAP_MAX_AGE; 0 keeps them)")
	fs.Int64Var(&c.maxStore, "max-store-bytes", int64(env.int("TOPOMAP_MAX_STORE_BYTES", 1<<30)), "bound on the stored jobs' and graphs' size in `bytes`; the least recently used finished jobs and graphs are deleted first, a graph only once no kept job maps it (env TOPOMAP_MAX_STORE_BYTES; 0 = no bound)")
	fs.StringVar(&c.dbURL, "database-url", env.string("TOPOMAP_DATABASE_URL", ""), "Postgres `URL` shared by several servers (env TOPOMAP_DATABASE_URL): jobs, results and graphs live there and River queues the jobs; default none: the embedded store in --data and an in-process queue")
	fs.BoolVar(&c.noServiceWorker, "no-service-worker", env.bool("TOPOMAP_NO_SERVICE_WORKER", false), "install a service worker that caches nothing (development; env TOPOMAP_NO_SERVICE_WORKER)")
	if env.err != nil {
		return serveConfig{}, env.err
	}
	if err := parseFlags(fs, args); err != nil {
		return serveConfig{}, err
	}
	return c, nil
}

// readTokensFile reads the API tokens of --auth-tokens, none if it is
// not given.
func readTokensFile(path string) ([]string, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	var tokens []string
	if err == nil {
		tokens, err = server.ReadTokens(string(b))
	}
	if err != nil {
		return nil, fmt.Errorf("--auth-tokens %s: %w", path, err)
	}
	return tokens, nil
}

// openBackend opens the backend serve runs on: the shared database of
// --database-url if given, else the embedded store in --data.
func (c serveConfig) openBackend(ctx context.Context, met *metrics.Metrics, log *slog.Logger) (backend, error) {
	o := jobs.Options{Workers: c.workers, Queue: c.queue, MaxNodes: c.maxNodes, MaxTime: c.jobTime, Logger: log, Observer: met}
	ret := store.Retention{MaxAge: c.maxAge, MaxBytes: c.maxStore}
	if c.dbURL != "" {
		return openPostgres(ctx, c.dbURL, o, ret)
	}
	return openBolt(ctx, filepath.Join(c.data, "topomap.db"), o, ret, log)
}

// newServer builds the HTTP server of the app and the job API on b.
func (c serveConfig) newServer(b backend, tokens []string, met *metrics.Metrics, log *slog.Logger) *server.Server {
	// A page load carries no token: with tokens, pages map in the browser.
	known := func(id string) bool { _, err := b.jobs.Get(id); return !errors.Is(err, jobs.ErrNotFound) }
	app := web.AppHandler(web.AppOptions{NoServiceWorker: c.noServiceWorker, ComputeInBrowser: len(tokens) > 0, JobExists: known})
	return server.New(server.Options{
		Jobs:          b.jobs,
		App:           app,
		MaxBody:       c.bodyLimit,
		MaxSyncNodes:  c.maxSync,
		MaxSyncArcs:   c.syncArcs,
		Tokens:        tokens,
		Store:         b.stats,
		Graphs:        b.graphs,
		Metrics:       met.Handler(),
		MaxGraphBytes: c.graphBytes,
		GraphQuota:    c.graphQuota,
		Version:       web.Version,
		Logger:        log,
	})
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
	swept := make(chan struct{})
	go func() {
		defer close(swept)
		sweep(sweepCtx, st, r, log)
	}()
	// the store closes once the sweep is over, not under a sweep
	closeAll := func() {
		stopSweep()
		<-swept
		st.Close()
	}
	return backend{jobs: runner, graphs: st, stats: st.Stats, where: path, close: closeAll}, nil
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
