package server

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

// Options configure a Server. Zero fields take the documented default.
type Options struct {
	// Jobs runs the jobs (required): a jobs.Runner over the job store.
	Jobs jobs.Service
	// App serves every path outside /api (the browser app); nil answers
	// them with a JSON 404, which is what handler tests want.
	App http.Handler
	// MaxBody bounds request bodies in bytes (default MaxRequestBytes).
	MaxBody int64
	// MaxSyncNodes caps the guest and host of POST /map and of renderings
	// computed on the fly (default 1<<14).
	MaxSyncNodes int
	// MaxSyncArcs caps the arcs of a weighted graph guest there (default
	// 1<<18, a mean degree of 16 at MaxSyncNodes): a denser graph's
	// search and metrics are a job's work (2M arcs took 2 GB and 10 CPU-s).
	MaxSyncArcs int
	// SyncTimeout bounds a synchronous request's work (default 10 s).
	SyncTimeout time.Duration
	// SyncWorkers bounds synchronous requests solved at once (default
	// NumCPU: each may keep a core busy), and apart from them the job
	// submissions checked at once; others wait up to SyncTimeout, then
	// get 503.
	SyncWorkers int
	// MaxSyncBudget caps the budget of a synchronous request, the CPU time
	// a local search may take in it (default 2 s); more is a job's work.
	MaxSyncBudget time.Duration
	// MaxRenderNodes caps the host nodes one rendering draws (default
	// 1<<18: a 27 MB SVG, 150 MB of work); larger jobs are refused with
	// the field named. Edges are drawn up to MaxSyncNodes guest vertices,
	// whatever ?detail= asks; above, a per-node heat map.
	MaxRenderNodes int
	// RenderWorkers bounds renderings drawn at once (default NumCPU);
	// others wait up to SyncTimeout, then get 503.
	RenderWorkers int
	// UploadWorkers bounds graph uploads read at once (default NumCPU),
	// apart from SyncWorkers so that uploads never hold POST /map's
	// slots; others wait up to UploadWait (default 1 min), then get 503.
	UploadWorkers int
	UploadWait    time.Duration
	// ReadWorkers bounds the reads of stored results, graphs and machines
	// served at once (default 2·NumCPU): each loads and writes up to a
	// whole result (some 100 MB for 2^20 ranks); others wait up to
	// SyncTimeout, then get 503.
	ReadWorkers int
	// Tokens, if any, are the API tokens that every request that computes
	// wants (Authorization: Bearer TOKEN): submitting, mapping,
	// cancelling, uploading, naming a placement's hosts, renderings solved
	// on the fly and dense graph files; and the list of every job, which
	// shows what the server's users map, and /metrics, which shows how
	// much they use it. Reads of a finished result stay open, so job and
	// result links can be shared; so does healthz, for load balancers.
	Tokens []string
	// BodyTimeout bounds the reading of a request body (default 10 s), as
	// ReadHeaderTimeout bounds its headers: a body trickled at 1 byte/s
	// would otherwise hold a connection and a goroutine for hours.
	BodyTimeout time.Duration
	// Heartbeat is the interval of SSE keep-alive comments (default 15 s).
	Heartbeat time.Duration
	// MaxStreams bounds the job event streams open at once (default
	// 1024): each holds a connection and a subscription and encodes every
	// state of its job. One past it gets 503 with Retry-After at once;
	// the job page and topomap submit then poll the job instead.
	MaxStreams int
	// Graphs keeps uploaded graphs (POST /api/v1/graphs) and resolves the
	// graph:ID guests of requests; nil answers the graph routes with 501.
	Graphs jobs.GraphService
	// MaxGraphBytes bounds an uploaded graph file (default 64 MiB);
	// MaxGraphArcs its arcs before merging (default 1<<22). Its vertices
	// are capped by the runner's MaxNodes.
	MaxGraphBytes int64
	MaxGraphArcs  int
	// GraphQuota bounds the bytes of the graphs one client (its API
	// token, else its IP address, an IPv6 one by /64) has stored (default
	// 128 MiB): beyond it its uploads are refused with 413, and nobody
	// else's graphs are touched.
	GraphQuota int64
	// Store, if set, reports the job store's size in /api/v1/healthz.
	Store func() jobs.StoreStats
	// HealthEvery is how long /api/v1/healthz reuses a check of Jobs'
	// numbers, of Store and of the components of Jobs, if it is a
	// jobs.HealthReporter (default 1 s), so that no stream of requests
	// makes it read or ping the database more often.
	HealthEvery time.Duration
	// Metrics, if set, serves GET /metrics (package metrics' Handler);
	// with Tokens it wants one, as the list of jobs does.
	Metrics http.Handler
	// Version is reported by /api/v1/healthz.
	Version string
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.MaxBody <= 0 {
		o.MaxBody = MaxRequestBytes
	}
	if o.MaxSyncNodes <= 0 {
		o.MaxSyncNodes = 1 << 14
	}
	if o.MaxSyncArcs <= 0 {
		o.MaxSyncArcs = 1 << 18
	}
	if o.SyncTimeout <= 0 {
		o.SyncTimeout = 10 * time.Second
	}
	if o.SyncWorkers <= 0 {
		o.SyncWorkers = runtime.NumCPU()
	}
	if o.MaxSyncBudget <= 0 {
		o.MaxSyncBudget = 2 * time.Second
	}
	if o.MaxRenderNodes <= 0 {
		o.MaxRenderNodes = 1 << 18
	}
	if o.RenderWorkers <= 0 {
		o.RenderWorkers = runtime.NumCPU()
	}
	if o.ReadWorkers <= 0 {
		o.ReadWorkers = 2 * runtime.NumCPU()
	}
	if o.UploadWorkers <= 0 {
		o.UploadWorkers = runtime.NumCPU()
	}
	if o.UploadWait <= 0 {
		o.UploadWait = time.Minute
	}
	if o.BodyTimeout <= 0 {
		o.BodyTimeout = 10 * time.Second
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = 1024
	}
	if o.MaxGraphBytes <= 0 {
		o.MaxGraphBytes = 64 << 20
	}
	if o.MaxGraphArcs <= 0 {
		o.MaxGraphArcs = 1 << 22
	}
	if o.GraphQuota <= 0 {
		o.GraphQuota = 128 << 20
	}
	if o.HealthEvery <= 0 {
		o.HealthEvery = time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Server is the HTTP server. It is an http.Handler, so tests can use it
// with httptest; Serve runs it on a listener until its context ends.
type Server struct {
	o       Options
	e       *echo.Echo
	sync    chan struct{} // semaphore of synchronous work
	draw    chan struct{} // semaphore of renderings
	uploads chan struct{} // semaphore of graph uploads
	submits chan struct{} // semaphore of job submissions (submitChecked)
	reads   chan struct{} // semaphore of reads of stored data (readSlot)
	streams chan struct{} // semaphore of open job event streams
	closing chan struct{} // closed on shutdown: ends SSE streams
	once    sync.Once
	health  healthCache
	renders *renderCache // drawings of finished jobs
}

//go:embed openapi.yaml
var openAPIText string

// openAPI is the OpenAPI document, the registered guest and host kinds'
// forms (guest.Forms, topology.Forms) and the host suffixes
// (topology.Suffixes) in its description.
var openAPI = []byte(strings.NewReplacer("{{guestForms}}", guest.Forms(), "{{hostForms}}", topology.Forms(), "{{hostSuffixes}}", topology.Suffixes).Replace(openAPIText))

// New builds the server and its routes. It panics if o.Jobs is nil (a
// programming error).
func New(o Options) *Server {
	if o.Jobs == nil {
		panic("server: Options.Jobs is nil")
	}
	o = o.withDefaults()
	s := &Server{o: o, e: echo.New(), sync: make(chan struct{}, o.SyncWorkers), draw: make(chan struct{}, o.RenderWorkers), uploads: make(chan struct{}, o.UploadWorkers), submits: make(chan struct{}, o.SyncWorkers), reads: make(chan struct{}, o.ReadWorkers), streams: make(chan struct{}, o.MaxStreams), closing: make(chan struct{}), renders: newRenderCache(renderCacheBytes)}
	if o.Graphs != nil {
		// machine:ID names the stored machines from the start; one that
		// does not decode is the store check's to report
		_ = registerStoredMachines(o.Graphs)
	}
	e := s.e
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.Pre(securityHeaders) // before routing: 404s and 405s get them too
	e.Use(middleware.Recover())
	s.routeAPI(s.apiGroup())
	s.routePages()
	return s
}

// apiGroup returns the group of the /api/v1 routes, with their
// middleware: the body's deadline, a query that parses, the body's size
// limit, and compression.
func (s *Server) apiGroup() *echo.Group {
	return s.e.Group("/api/v1",
		s.bodyDeadline,
		wellFormedQuery,
		middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{
			Limit: fmt.Sprintf("%dB", s.o.MaxBody),
			// An uploaded graph has its own cap (MaxGraphBytes), a names
			// file too (maxHostnamesBytes).
			Skipper: func(c echo.Context) bool { return c.Request().Method == http.MethodPost && ownBodyCap[c.Path()] },
		}),
		middleware.GzipWithConfig(middleware.GzipConfig{
			// SSE must reach the client event by event.
			Skipper: func(c echo.Context) bool { return strings.HasSuffix(c.Path(), "/events") },
		}))
}

// routeAPI routes the API's paths in api, /metrics, and the fallback of
// every other path under /api.
func (s *Server) routeAPI(api *echo.Group) {
	// A group with middleware routes its unknown paths (and the wrong
	// methods of known ones) to echo's plain 404; take them over.
	api.Any("", s.notFound)
	api.Any("/*", s.notFound)
	read(api, "/healthz", s.healthz)
	read(api, "/openapi.yaml", s.openapi)
	read(api, "/algorithms", s.algorithms)
	api.POST("/jobs", s.submit, s.guardWrites)
	api.GET("/jobs", s.list, s.guardToken)
	read(api, "/jobs/:id", s.job)
	api.DELETE("/jobs/:id", s.cancel, s.guardWrites)
	api.GET("/jobs/:id/events", s.events)
	read(api, "/jobs/:id/placement", s.placement, s.readSlot)
	api.POST(namedPlacementPath, s.namedPlacement, s.guardText, s.readSlot)
	api.POST("/map", s.mapSync, s.guardWrites)
	api.POST("/score", s.score, s.guardText)
	api.GET("/render.svg", s.render, s.guardCompute(rendersInstance))
	api.GET("/suggest", s.suggest, s.guardToken)
	api.POST("/graphs", s.uploadGraph, s.guardUploads)
	read(api, "/graphs/:id", s.graph, s.guardCompute(writesQuadratic), s.readSlot)
	if s.o.Metrics != nil {
		s.e.GET("/metrics", echo.WrapHandler(s.o.Metrics), s.guardToken)
	}
	api.POST("/machines", s.uploadMachine, s.guardUploads)
	read(api, "/machines/:id", s.machine, s.readSlot)
	s.e.Any("/api", s.notFound)
	s.e.Any("/api/*", s.notFound)
}

// read routes a read's GET and its HEAD (load balancers and link checkers
// probe with HEAD): net/http sends a HEAD the GET's status and headers
// and drops its body.
func read(g *echo.Group, path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) {
	g.Match([]string{http.MethodGet, http.MethodHead}, path, h, m...)
}

// readSlot serves a read of stored data (a job's placement, with host names
// or not, a graph, a machine) in one of ReadWorkers slots (takeRead): each
// read may load and write a whole result, so that many at once would take
// the server's memory.
func (s *Server) readSlot(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		release, err := s.takeRead(c.Request().Context(), errReadsBusy)
		if err != nil {
			return err
		}
		defer release()
		return next(c)
	}
}

// takeRead waits up to SyncTimeout for one of ReadWorkers slots and
// returns its release; busyErr (503) past it, ctx's error if the client
// left.
func (s *Server) takeRead(ctx context.Context, busyErr error) (release func(), err error) {
	wait, cancel := context.WithTimeout(ctx, s.o.SyncTimeout)
	defer cancel()
	select {
	case s.reads <- struct{}{}:
		return func() { <-s.reads }, nil
	case <-wait.Done():
		if err := ctx.Err(); err != nil {
			return nil, err // the client left
		}
		return nil, busyErr
	}
}

// errReadsBusy: no read slot freed within SyncTimeout.
var errReadsBusy error = busy("too many downloads at once, try again later")

// routePages routes every path outside /api to the browser app, or to
// the API's JSON 404 without one.
func (s *Server) routePages() {
	if s.o.App != nil {
		// Pages are compressed (a 16K-node page is megabytes of SVG); the
		// wasm is sent precompressed by the app handler itself.
		s.e.Any("/*", echo.WrapHandler(s.o.App), s.refuseMethod, middleware.GzipWithConfig(middleware.GzipConfig{
			Skipper: func(c echo.Context) bool { return strings.HasSuffix(c.Request().URL.Path, ".wasm") },
		}))
	} else {
		s.e.Any("/*", s.notFound)
	}
}

// notFound answers a request no route serves: 405 with Allow for a known
// path asked with a wrong method, else 404.
func (s *Server) notFound(c echo.Context) error {
	return s.refuseMethod(func(c echo.Context) error {
		return fmt.Errorf("%w %s %s", errNoRoute, c.Request().Method, c.Request().URL.Path)
	})(c)
}

// refuseMethod answers, before next, a request to a known path asked
// with a method it has no route for (one that reached a catch-all, the
// API's or, for /metrics (outside /api), the app's): OPTIONS with 204 and
// Allow, as RFC 9110 has it, another method with 405 and Allow.
func (s *Server) refuseMethod(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		allow := s.allowed(c.Request())
		if len(allow) == 0 {
			return next(c)
		}
		c.Response().Header().Set("Allow", strings.Join(append(allow, http.MethodOptions), ", "))
		if c.Request().Method == http.MethodOptions {
			return c.NoContent(http.StatusNoContent)
		}
		return echo.ErrMethodNotAllowed
	}
}

// errNoRoute: no route serves the request's path (404).
var errNoRoute = errors.New("no API route")

// ownBodyCap are the POST routes whose handlers cap their bodies
// themselves, above MaxBody.
var ownBodyCap = map[string]bool{graphsPath: true, machinesPath: true, "/api/v1" + namedPlacementPath: true, scorePath: true}

// catchAll are the route paths of the API's fallback handler.
var catchAll = map[string]bool{"/api/v1": true, "/api/v1/*": true, "/api": true, "/api/*": true, "/*": true}

// allowed lists the methods with an API route for r's path other than the
// fallback, HEAD included where a read answers it: a known path asked
// with a wrong method gets 405 and Allow.
func (s *Server) allowed(r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodDelete} {
		c := s.e.NewContext(r, nil)
		s.e.Router().Find(m, echo.GetPath(r), c)
		if p := c.Path(); p != "" && !catchAll[p] {
			allow = append(allow, m)
		}
	}
	return allow
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.e.ServeHTTP(w, r) }

// ShutdownTimeout bounds a graceful shutdown.
const ShutdownTimeout = 10 * time.Second

// Serve serves on ln until ctx ends, then shuts down gracefully: it stops
// the runner (running jobs are cancelled and recorded as interrupted, which
// also ends their event streams), ends the remaining event streams and
// waits for in-flight requests, up to ShutdownTimeout. The caller closes
// the store after Serve returns.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.o.Logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.o.Jobs.Close(context.Background())
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	jerr := s.o.Jobs.Close(sctx)
	s.once.Do(func() { close(s.closing) })
	herr := hs.Shutdown(sctx)
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		herr = errors.Join(herr, err)
	}
	if err := errors.Join(jerr, herr); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	return nil
}
