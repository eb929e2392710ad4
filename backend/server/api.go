package server

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

// Health is the body of GET /api/v1/healthz.
type Health struct {
	// Status is "ok", or "degraded" (with a 503) when a component is.
	Status  string     `json:"status"`
	Version string     `json:"version"`
	Jobs    jobs.Stats `json:"jobs"`
	// MaxNodes caps a job's guest vertices and host nodes (the pages
	// offer no job above it).
	MaxNodes int `json:"maxNodes"`
	// Store is the job store's size (absent without Options.Store).
	Store *jobs.StoreStats `json:"store,omitempty"`
	// Components are what the job service depends on ("database",
	// "queue"), if it reports them (jobs.HealthReporter).
	Components map[string]jobs.ComponentHealth `json:"components,omitempty"`
}

func (s *Server) healthz(c echo.Context) error {
	h := s.checkHealth(c.Request().Context())
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store") // a probe wants the state now
	code := http.StatusOK
	if h.Status != jobs.HealthOK {
		code = http.StatusServiceUnavailable
	}
	return c.JSON(code, h)
}

// healthCache keeps the last health check.
type healthCache struct {
	mu   sync.Mutex
	at   time.Time
	last *Health
}

// healthTimeout bounds a check of the components.
const healthTimeout = 2 * time.Second

// checkHealth checks the job service, the store and their components at
// most once per HealthEvery: requests meanwhile, which anyone may send,
// share the last check (on Postgres the store's numbers count every job
// and the components ping the database).
func (s *Server) checkHealth(ctx context.Context) Health {
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if s.health.last != nil && time.Since(s.health.at) < s.o.HealthEvery {
		return *s.health.last
	}
	h := Health{Status: jobs.HealthOK, Version: s.o.Version, Jobs: s.o.Jobs.Stats(), MaxNodes: s.o.Jobs.Limits().MaxNodes}
	if s.o.Store != nil {
		st := s.o.Store()
		h.Store = &st
	}
	h.Components = s.components(ctx)
	for _, comp := range h.Components {
		if comp.Status != jobs.HealthOK {
			h.Status = jobs.HealthDegraded
		}
	}
	s.health.last, s.health.at = &h, time.Now()
	return h
}

// components checks the job service's components, if it reports any.
func (s *Server) components(ctx context.Context) map[string]jobs.ComponentHealth {
	hr, ok := s.o.Jobs.(jobs.HealthReporter)
	if !ok {
		return nil
	}
	// a client gone does not make the check others share fail
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), healthTimeout)
	defer cancel()
	return hr.Health(ctx)
}

func (s *Server) openapi(c echo.Context) error {
	return sendFixed(c, "application/yaml", openAPI)
}

func (s *Server) algorithms(c echo.Context) error {
	b, err := json.Marshal(solve.All())
	if err != nil {
		return err
	}
	return sendFixed(c, echo.MIMEApplicationJSON, b)
}

// sendFixed sends a document that changes only with the server's build
// (this OpenAPI document, the algorithms' listing) with an ETag of its
// content, to revalidate: a client that has it gets 304.
func sendFixed(c echo.Context, contentType string, b []byte) error {
	sum := sha256.Sum256(b)
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	if fresh, err := withETag(c, fmt.Sprintf(`"%x"`, sum[:12])); fresh || err != nil {
		return err
	}
	return c.Blob(http.StatusOK, contentType, b)
}

// jobPath is the permalink of a job in the API.
func jobPath(id string) string { return "/api/v1/jobs/" + id }

// submit: POST /jobs. 202 when the job is queued or running (new or an
// identical request's), 200 when its result already exists.
func (s *Server) submit(c echo.Context) error {
	in, err := decodeJob(c.Request().Body, s.o.MaxBody)
	if spec.FieldOf(err) == "hostnames" {
		return errJobHostnames
	}
	if err != nil {
		return err
	}
	if err := s.resolve(c.Request().Context(), &in); err != nil {
		return err
	}
	j, err := s.submitChecked(c.Request().Context(), in)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, jobPath(j.ID))
	code := http.StatusAccepted
	if j.Status == jobs.Done {
		code = http.StatusOK
	}
	return c.JSON(code, j)
}

// submitChecked submits in in one of SyncWorkers slots of its own, so
// that /map's never delay it: checking an instance may cost the host's
// size (nodes=0-1048575 on torus:1024x1024: 0.6-1 CPU-s and 100 MB, and
// sixteen such submits at once took 15 CPU-s and 1.5 GB).
func (s *Server) submitChecked(ctx context.Context, in spec.Instance) (jobs.Job, error) {
	var j jobs.Job
	err := s.syncSlot(ctx, s.submits, func(context.Context) error {
		var err error
		j, _, err = s.o.Jobs.Submit(in)
		return err
	})
	if err == errSyncBusy {
		err = errSubmitsBusy
	}
	return j, err
}

// errSubmitsBusy: no submit slot freed within SyncTimeout.
var errSubmitsBusy error = busy("too many job submissions being checked at once, try again later")

// jobID reads and checks the :id parameter.
func jobID(c echo.Context) (string, error) {
	id := c.Param("id")
	if !jobs.ValidID(id) {
		return "", &spec.FieldError{Field: "id", Err: errors.New("malformed job id: want 20 hex digits")}
	}
	return id, nil
}

// list: GET /jobs?status=&limit=&after=, a page of the server's jobs,
// newest first; after is the next of the page before.
func (s *Server) list(c echo.Context) error {
	q := jobs.ListQuery{Status: jobs.Status(c.QueryParam("status")), After: c.QueryParam("after"), Limit: jobs.DefaultList}
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return &spec.FieldError{Field: "limit", Err: fmt.Errorf("limit %s is not a whole number", quote(v))}
		}
		q.Limit = n
	}
	list, err := s.o.Jobs.List(q)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store") // live, as a job
	return c.JSON(http.StatusOK, list)
}

func (s *Server) job(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	j, err := s.o.Jobs.Get(id)
	if err != nil {
		return unknown("id", err)
	}
	// its status and progress change until it ends: no cache keeps them
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, j)
}

// cancel: DELETE /jobs/:id?token=T, T the cancelToken of the submit that
// started the run. Waits briefly for the worker to record the
// cancellation, so that the answer usually shows the final state.
func (s *Server) cancel(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	ctx, done := context.WithTimeout(c.Request().Context(), 5*time.Second)
	defer done()
	j, err := s.o.Jobs.Cancel(ctx, id, c.QueryParam("token"))
	if errors.Is(err, jobs.ErrForbidden) {
		return &spec.FieldError{Field: "token", Err: err}
	}
	if err != nil {
		return unknown("id", err)
	}
	return c.JSON(http.StatusOK, j)
}

// placementFormat reads ?format= (default json).
func placementFormat(c echo.Context) (string, error) {
	f := c.QueryParam("format")
	if f == "" {
		f = "json"
	}
	_, err := export.Lookup(f)
	return f, err
}

// placement: GET /jobs/:id/placement?format=. json is exactly what
// `topomap map --format json` prints.
func (s *Server) placement(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	format, err := placementFormat(c)
	if err != nil {
		return err
	}
	if _, fresh, err := s.notModified(c, id, format); fresh || err != nil {
		return err
	}
	res, err := s.o.Jobs.Result(id)
	if err != nil {
		return unknown("id", err)
	}
	return writeResult(c, res, format, true, export.Options{RunTime: true})
}

// notModified sets the ETag of a done job's output (id, finish time and
// the variant, e.g. the format) and answers 304 if the client has it: a
// done job never changes, so revalidation saves rebuilding the result.
// It returns the job's record (the zero Job if there is none) and
// reports whether it answered.
func (s *Server) notModified(c echo.Context, id, variant string) (jobs.Job, bool, error) {
	j, err := s.o.Jobs.Get(id)
	if err != nil || j.Status != jobs.Done {
		return j, false, nil // the handler reports it
	}
	sum := sha256.Sum256([]byte(variant))
	etag := fmt.Sprintf(`"%s-%x-%x"`, id, j.Finished.UnixNano(), sum[:6])
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache") // revalidate, then 304
	fresh, err := withETag(c, etag)
	return j, fresh, err
}

// withETag sets a response's ETag, the quoted tag etag made weak (W/):
// the API's gzip sends the same content in another coding, which one
// strong validator must not name. It answers 304 if the request's
// If-None-Match names the tag, weak or strong (RFC 9110's weak comparison,
// which If-None-Match takes: a proxy that compresses weakens a strong
// ETag, and its clients send that back). It reports whether it answered.
func withETag(c echo.Context, etag string) (bool, error) {
	c.Response().Header().Set("ETag", "W/"+etag)
	for _, t := range strings.Split(c.Request().Header.Get("If-None-Match"), ",") {
		if t = strings.TrimSpace(t); strings.TrimPrefix(t, "W/") == etag || t == "*" {
			return true, c.NoContent(http.StatusNotModified)
		}
	}
	return false, nil
}

// writeResult sends a result in an export format, as a file to save
// (attachment) or to show, and stops where its client left. The status
// line and the headers go out with the file's first byte (firstWrite):
// an export that fails before it writes (CheckResult refusing the
// format, host names that launcher files cannot carry) is answered as
// that error, never as an empty 200.
func writeResult(c echo.Context, res *solve.Result, format string, attachment bool, o export.Options) error {
	w := &firstWrite{r: c.Response(), ctx: c.Request().Context(), header: func(h http.Header) {
		h.Set(echo.HeaderContentType, export.ContentType(format))
		setDisposition(h, res, format, attachment)
	}}
	if err := export.WriteWith(w, format, res, o); err != nil {
		return err
	}
	w.start() // a file of no bytes
	return nil
}

// firstWrite writes to a response, which it starts at the first byte: the
// headers that header sets, then a 200 status line. With ctx, a write
// once ctx is done fails with its error: a file written for a client
// that left stops at its next buffer.
type firstWrite struct {
	r      *echo.Response
	header func(http.Header)
	ctx    context.Context
}

func (w *firstWrite) Write(p []byte) (int, error) {
	if w.ctx != nil && w.ctx.Err() != nil {
		return 0, w.ctx.Err()
	}
	w.start()
	return w.r.Write(p)
}

// start starts the response, unless it has started.
func (w *firstWrite) start() {
	if !w.r.Committed {
		w.header(w.r.Header())
		w.r.WriteHeader(http.StatusOK)
	}
}

// setDisposition names a result's file (export.FileName, the name every
// page uses) and says whether the browser saves it or shows it.
func setDisposition(h http.Header, res *solve.Result, format string, attachment bool) {
	h.Set(echo.HeaderContentDisposition, disposition(res, format, attachment))
}

// disposition is the Content-Disposition of res written in format, to
// show (inline) or to save (attachment).
func disposition(res *solve.Result, format string, attachment bool) string {
	kind := "inline"
	if attachment {
		kind = "attachment"
	}
	in := res.Instance
	return kind + `; filename="` + export.FileName("", in.Guest.String(), in.Host.String(), in.Algo, format) + `"`
}

// mapSync: POST /map solves a small instance in the request and answers
// like placement?format=json (or ?format=).
func (s *Server) mapSync(c echo.Context) error {
	format, err := placementFormat(c)
	if err != nil {
		return err
	}
	in, hostnames, err := decodeMap(c.Request().Body, s.o.MaxBody)
	if err != nil {
		return err
	}
	if err := s.resolve(c.Request().Context(), &in); err != nil {
		return err
	}
	nodes, _ := topology.NodesOf(in.Host)
	names, err := export.ExpandHostnames(hostnames, nodes.Size())
	if err != nil {
		return err // before solving
	}
	if names != nil {
		in.Names = names // an allocation may name them
	}
	res, err := s.solveSync(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return writeResult(c, res, format, false, export.Options{Hostnames: names})
}

// checkSync checks in against the synchronous caps: MaxSyncNodes
// vertices and slots, MaxSyncArcs arcs of a weighted graph, a budget
// within SyncTimeout, and check's (the algorithm's).
func (s *Server) checkSync(in spec.Instance, check func(spec.Instance) (solve.Algorithm, error)) error {
	if g := in.Guest.Graph; g != nil && g.Arcs() > s.o.MaxSyncArcs {
		return &spec.FieldError{Field: "guest", Err: fmt.Errorf("guest %s has %s arcs, more than this server's cap of %s for an answer at once: submit it as a job",
			in.Guest, metric.Thousands(g.Arcs()), metric.Thousands(s.o.MaxSyncArcs))}
	}
	return jobs.CheckCaps(in, s.o.MaxSyncNodes, s.o.SyncTimeout, check)
}

// solveSync solves in within the synchronous caps: at most MaxSyncNodes,
// SyncWorkers at once, SyncTimeout in all (waiting included).
func (s *Server) solveSync(ctx context.Context, in spec.Instance) (*solve.Result, error) {
	lim := s.o.Jobs.Limits()
	// The caps first: budgeting moves builds the guest.
	if err := s.checkSync(in, lim.Solver.Check); err != nil {
		return nil, err
	}
	if err := s.checkSyncBudget(in, 1); err != nil {
		return nil, err
	}
	var res *solve.Result
	err := s.syncSlot(ctx, s.sync, func(ctx context.Context) error {
		var err error
		res, err = lim.Solver.Map(ctx, in, nil)
		return err
	})
	return res, err
}

// checkSyncBudget refuses a synchronous request whose searches (runs of
// a Search algorithm, in's budget each, or without one the budget its
// moves plan at the least cost of a move) would take more than
// MaxSyncBudget: the request would hold a core for that long, or fail
// after SyncTimeout. The error names the field that asked for the work.
func (s *Server) checkSyncBudget(in spec.Instance, runs int) error {
	budget, field := in.Budget, "budget"
	if budget == 0 && in.Moves > 0 {
		g, err := in.Guest.Build()
		if err != nil {
			return err
		}
		budget, field = solve.BudgetFor(in.Moves, in, g.Arcs(), 0), "moves"
	}
	if time.Duration(runs)*budget <= s.o.MaxSyncBudget {
		return nil
	}
	what := fmt.Sprintf("budget %v", budget)
	if field == "moves" {
		what = fmt.Sprintf("%s moves (a budget of %v at the least)", metric.Count(int(in.Moves)), budget)
	}
	msg := fmt.Sprintf("%s is above the %v a synchronous request may take; submit a job (POST /api/v1/jobs)", what, s.o.MaxSyncBudget)
	if runs > 1 {
		msg = fmt.Sprintf("%s for each of %d local searches is above the %v a synchronous request may take in all (at most %v each)",
			what, runs, s.o.MaxSyncBudget, s.o.MaxSyncBudget/time.Duration(runs))
	}
	return &spec.FieldError{Field: field, Err: errors.New(msg)}
}

// syncSlot runs work in one of the slots of sem (SyncWorkers or
// RenderWorkers), within SyncTimeout (waiting included): errSyncBusy if no
// slot frees in time, errSyncTimeout if work fails after the time ran out,
// saying how much of it the request waited for its slot.
func (s *Server) syncSlot(ctx context.Context, sem chan struct{}, work func(context.Context) error) error {
	ctx, cancel := context.WithTimeoutCause(ctx, s.o.SyncTimeout, errSyncTimeout)
	defer cancel()
	start := time.Now()
	select {
	case sem <- struct{}{}:
		defer func() { <-sem }()
	case <-ctx.Done():
		return errSyncBusy
	}
	waited := time.Since(start)
	err := timedOut(ctx, work(ctx), errSyncTimeout)
	if err == errSyncTimeout && waited >= s.o.SyncTimeout/10 {
		return fmt.Errorf("%w: %v of its %v went to waiting for a free slot, the server being busy; try again later", err, waited.Round(time.Millisecond), s.o.SyncTimeout)
	}
	return err
}

// timedOut is limit, the cause of a context's timeout, for the error of
// work whose context ran out of time, else err.
func timedOut(ctx context.Context, err, limit error) error {
	if err != nil && errors.Is(context.Cause(ctx), limit) {
		return limit
	}
	return err
}

// quote quotes user input for a message, cut to 40 bytes.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}
