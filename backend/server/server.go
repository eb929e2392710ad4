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

	"topomap/backend/jobs"
)

// Options configure a Server. Zero fields take the documented default.
type Options struct {
	// Jobs runs the jobs (required).
	Jobs *jobs.Runner
	// App serves every path outside /api (the browser app); nil answers
	// them with a JSON 404, which is what handler tests want.
	App http.Handler
	// MaxBody bounds request bodies in bytes (default jobs.MaxRequestBytes).
	MaxBody int64
	// MaxSyncNodes caps the guest and host of POST /map and of renderings
	// computed on the fly (default 1<<14).
	MaxSyncNodes int
	// SyncTimeout bounds a synchronous request's work (default 10 s).
	SyncTimeout time.Duration
	// SyncWorkers bounds synchronous requests solved at once (default
	// 4·NumCPU); others wait up to SyncTimeout, then get 503.
	SyncWorkers int
	// Heartbeat is the interval of SSE keep-alive comments (default 15 s).
	Heartbeat time.Duration
	// Version is reported by /api/v1/healthz.
	Version string
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.MaxBody <= 0 {
		o.MaxBody = jobs.MaxRequestBytes
	}
	if o.MaxSyncNodes <= 0 {
		o.MaxSyncNodes = 1 << 14
	}
	if o.SyncTimeout <= 0 {
		o.SyncTimeout = 10 * time.Second
	}
	if o.SyncWorkers <= 0 {
		o.SyncWorkers = 4 * runtime.NumCPU()
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
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
	closing chan struct{} // closed on shutdown: ends SSE streams
	once    sync.Once
}

//go:embed openapi.yaml
var openAPI []byte

// New builds the server and its routes. It panics if o.Jobs is nil (a
// programming error).
func New(o Options) *Server {
	if o.Jobs == nil {
		panic("server: Options.Jobs is nil")
	}
	o = o.withDefaults()
	s := &Server{o: o, e: echo.New(), sync: make(chan struct{}, o.SyncWorkers), closing: make(chan struct{})}
	e := s.e
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.Use(middleware.Recover())

	api := e.Group("/api/v1",
		middleware.BodyLimit(fmt.Sprintf("%dB", o.MaxBody)),
		middleware.GzipWithConfig(middleware.GzipConfig{
			// SSE must reach the client event by event.
			Skipper: func(c echo.Context) bool { return strings.HasSuffix(c.Path(), "/events") },
		}))
	notFound := func(c echo.Context) error {
		return echo.NewHTTPError(http.StatusNotFound, "server: no API route "+c.Request().Method+" "+c.Request().URL.Path)
	}
	// A group with middleware routes its unknown paths (and the wrong
	// methods of known ones) to echo's plain 404; take them over.
	api.Any("", notFound)
	api.Any("/*", notFound)
	api.GET("/healthz", s.healthz)
	api.GET("/openapi.yaml", s.openapi)
	api.GET("/algorithms", s.algorithms)
	api.POST("/jobs", s.submit)
	api.GET("/jobs/:id", s.job)
	api.DELETE("/jobs/:id", s.cancel)
	api.GET("/jobs/:id/events", s.events)
	api.GET("/jobs/:id/placement", s.placement)
	api.POST("/map", s.mapSync)
	api.GET("/render.svg", s.render)
	e.Any("/api", notFound)
	e.Any("/api/*", notFound)
	if o.App != nil {
		// Pages are compressed (a 16K-node page is megabytes of SVG); the
		// wasm is sent precompressed by the app handler itself.
		e.Any("/*", echo.WrapHandler(o.App), middleware.GzipWithConfig(middleware.GzipConfig{
			Skipper: func(c echo.Context) bool { return strings.HasSuffix(c.Request().URL.Path, ".wasm") },
		}))
	} else {
		e.Any("/*", notFound)
	}
	return s
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
		return fmt.Errorf("server: %w", err)
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
		return fmt.Errorf("server: shutdown: %w", err)
	}
	return nil
}
