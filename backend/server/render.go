package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/web/draw"
)

// renderRequest is a parsed GET /render.svg query.
type renderRequest struct {
	View string
	// Job names a done job to draw; otherwise Instance is solved on the fly.
	Job      string
	Instance spec.Instance
	Options  draw.Options
	// Yaw and Pitch turn the projected view from its default, in degrees.
	Yaw, Pitch int
}

// maxRenderWidth bounds ?width=.
const maxRenderWidth = 8192

// views lists the ?view= values.
var views = []string{"mapping", "gantt", "compare", "projected"}

// compareBudget is the budget of each local search of a compare view that
// gives none (their own stopping rule could exceed the synchronous time
// limit): 2M moves on a sparse guest, a quarter second of CPU time.
const compareBudget = 250 * time.Millisecond

// parseRender reads a render query: view (default "mapping"), width, height, step
// and detail (draw.Options), and either job=ID or an instance's permalink
// fields (guest, host, algo, seed, ...). Errors are *spec.FieldError.
func parseRender(q url.Values) (renderRequest, error) {
	r := renderRequest{View: q.Get("view")}
	if r.View == "" {
		r.View = "mapping"
	}
	if !slices.Contains(views, r.View) {
		return r, &spec.FieldError{Field: "view", Err: fmt.Errorf("unknown view %s (want one of %v)", quote(r.View), views)}
	}
	if err := parseDrawOptions(q, &r.Options); err != nil {
		return r, err
	}
	if err := parseInts(q, []intField{{"yaw", &r.Yaw, -360, 360}, {"pitch", &r.Pitch, -180, 180}}); err != nil {
		return r, err
	}
	if id := q.Get("job"); id != "" {
		err := r.parseJob(id, q)
		return r, err
	}
	if r.View == "compare" && q.Get("algo") == "" {
		// Every applicable algorithm runs; the one parser still wants a
		// name, which Compare ignores.
		q = maps.Clone(q)
		q.Set("algo", "compare")
	}
	in, err := spec.ParseQuery(q)
	r.Instance = in
	return r, err
}

// parseDrawOptions reads the width, height, step and detail of a render
// query into o, each an integer within its bounds, and stops at the
// first that is not.
func parseDrawOptions(q url.Values, o *draw.Options) error {
	return parseInts(q, []intField{
		{"width", &o.Width, 64, maxRenderWidth},
		{"height", &o.Height, 64, maxRenderWidth},
		{"step", &o.Step, 0, 1 << 24},
		{"detail", &o.Detail, -1, 1 << 24},
	})
}

// intField is an integer query field and its range.
type intField struct {
	name     string
	dst      *int
	min, max int
}

// parseInts reads the fields that q gives.
func parseInts(q url.Values, fields []intField) error {
	for _, f := range fields {
		s := q.Get(f.name)
		if s == "" {
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < f.min || v > f.max {
			return &spec.FieldError{Field: f.name, Err: fmt.Errorf("%s %s: want an integer in [%d, %d]", f.name, quote(s), f.min, f.max)}
		}
		*f.dst = v
	}
	return nil
}

// parseJob sets r to draw job id, with the execution model's times (ta,
// tc) of the query; the compare view draws no job.
func (r *renderRequest) parseJob(id string, q url.Values) error {
	if r.View == "compare" {
		return &spec.FieldError{Field: "view", Err: errors.New("the compare view draws an instance (guest, host), not a job")}
	}
	if !jobs.ValidID(id) {
		return &spec.FieldError{Field: "job", Err: errors.New("malformed job id: want 20 hex digits")}
	}
	r.Job = id
	// A job is a mapping; the execution model's times of its gantt
	// view come with the query.
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"ta", &r.Instance.Ta}, {"tc", &r.Instance.Tc}} {
		if s := q.Get(f.name); s != "" {
			v, err := spec.ParseTime(f.name, s)
			if err != nil {
				return err
			}
			*f.dst = v
		}
	}
	return nil
}

// rendersInstance reports whether a render query solves an instance on
// the fly (no job, or the compare view, which runs every algorithm) rather
// than drawing a finished job.
func rendersInstance(c echo.Context) bool {
	return c.QueryParam("job") == "" || c.QueryParam("view") == "compare"
}

// render: GET /render.svg draws a done job's result or a small instance
// solved on the fly (within the synchronous caps), with the link heat map
// of its host. Large mappings are drawn without their edges
// (draw.Options.Detail).
func (s *Server) render(c echo.Context) error {
	rq, err := parseRender(c.QueryParams())
	if err != nil {
		return err
	}
	if rq.Job == "" {
		if err := s.resolve(c.Request().Context(), &rq.Instance); err != nil {
			return err
		}
	}
	// Edges are drawn up to MaxSyncNodes vertices, whatever detail asks
	// (a 1M-vertex job with detail=16777216 made a 1.14 GB SVG).
	if d := rq.Options.Detail; d < 0 || d > s.o.MaxSyncNodes {
		rq.Options.Detail = s.o.MaxSyncNodes
	}
	if rq.View == "compare" {
		var buf bytes.Buffer
		if err := s.drawCompare(c.Request().Context(), &buf, rq); err != nil {
			return err
		}
		return c.Blob(http.StatusOK, "image/svg+xml", buf.Bytes())
	}
	if rq.Job != "" {
		return s.renderJob(c, rq)
	}
	res, err := s.solveSync(c.Request().Context(), rq.Instance)
	if err != nil {
		return err
	}
	d, err := s.drawResult(c, rq, func() (*solve.Result, error) { return res, nil })
	if err != nil {
		return err
	}
	return sendDrawing(c, d)
}

// renderJob draws a finished job, or sends the drawing of the same query
// that renderCache kept (keyed by the ETag, which names the job and when
// it finished, and the whole query, whose hash in the ETag is short), or
// 304 to a client that has it.
func (s *Server) renderJob(c echo.Context, rq renderRequest) error {
	j, fresh, err := s.notModified(c, rq.Job, "render.svg?"+c.QueryParams().Encode())
	if fresh || err != nil {
		return err
	}
	if err := s.checkDrawable(j); err != nil {
		return err
	}
	key := drawingKey(c)
	if d, ok := s.renders.get(key); ok {
		return sendDrawing(c, d)
	}
	d, err := s.drawResult(c, rq, func() (*solve.Result, error) {
		res, err := s.o.Jobs.Result(rq.Job)
		return res, unknown("job", err)
	})
	if err != nil {
		return err
	}
	if d.key = key; key != "" {
		s.renders.put(d)
	}
	return sendDrawing(c, d)
}

// drawingKey is renderCache's key of a job's drawing: the ETag
// notModified set and the whole query, or "" (nothing is kept under it)
// for a job that has no ETag, one not done.
func drawingKey(c echo.Context) string {
	if etag := c.Response().Header().Get("ETag"); etag != "" {
		return etag + " " + c.QueryParams().Encode()
	}
	return ""
}

// sendDrawing sends a drawing with its Content-Disposition.
func sendDrawing(c echo.Context, d drawing) error {
	c.Response().Header().Set(echo.HeaderContentDisposition, d.disposition)
	return c.Blob(http.StatusOK, "image/svg+xml", d.svg)
}

// checkDrawable refuses a job whose host has more nodes than one drawing
// may show, from its record j: loading the result of a 1M-node job costs
// up to a CPU-second, on a route open to anyone. A host its record does
// not name in a form this server parses (a machine another replica
// stored), or no record (the zero Job: Result says why), is checked by
// drawResult once loaded.
func (s *Server) checkDrawable(j jobs.Job) error {
	if h, err := topology.Parse(j.Request.Host); err == nil && h.Size() > s.o.MaxRenderNodes {
		return tooLargeToDraw(j.ID, h.Size(), s.o.MaxRenderNodes)
	}
	return nil
}

// tooLargeToDraw is the error of a job of n host nodes, above max.
func tooLargeToDraw(id string, n, max int) error {
	return &spec.FieldError{Field: "job", Err: fmt.Errorf("job %s maps onto %s nodes, more than the %s one drawing may show; download its placement instead", id, metric.Thousands(n), metric.Thousands(max))}
}

// drawResult draws the mapping load gives (a job's result, or one just
// solved), or the execution model of its gantt view, in a rendering slot,
// which the load waits for too: a job's result takes its size in memory
// (some 15 MB at 262,144 ranks), and 64 renders of one job waiting for a
// slot each held one. A job with more host nodes than MaxRenderNodes is
// refused.
func (s *Server) drawResult(c echo.Context, rq renderRequest, load func() (*solve.Result, error)) (drawing, error) {
	var d drawing
	err := s.syncSlot(c.Request().Context(), s.draw, func(context.Context) error {
		res, err := load()
		if err != nil {
			return err
		}
		d, err = s.drawNow(c, rq, res)
		return err
	})
	return d, err
}

// drawNow draws res as drawResult does, in the caller's slot.
func (s *Server) drawNow(c echo.Context, rq renderRequest, res *solve.Result) (drawing, error) {
	if n := res.Mapping.Host.Size(); n > s.o.MaxRenderNodes {
		return drawing{}, tooLargeToDraw(rq.Job, n, s.o.MaxRenderNodes)
	}
	if rq.View == "gantt" && rq.Job != "" {
		in := res.Instance
		in.Ta, in.Tc = rq.Instance.Ta, rq.Instance.Tc
		res = &solve.Result{Instance: in, Algorithm: res.Algorithm, Mapping: res.Mapping, Metrics: res.Metrics, Seconds: res.Seconds}
	}
	var buf bytes.Buffer
	var err error
	switch rq.View {
	case "gantt":
		err = drawGantt(&buf, res, rq.Options)
	case "projected":
		err = drawProjected(&buf, res, rq)
	default:
		err = draw.Mapping(&buf, res, rq.Options)
	}
	if err != nil {
		return drawing{}, err
	}
	// ?download=1 saves the drawing under the name the pages use.
	return drawing{disposition: disposition(res, "svg", c.QueryParam("download") != ""), svg: buf.Bytes()}, nil
}

// drawProjected draws the projected 3-D view of a mapping onto a mesh or
// torus of rank 3, turned by the request's yaw and pitch, 560 units wide
// unless the request gives a width.
func drawProjected(w io.Writer, res *solve.Result, rq renderRequest) error {
	if !draw.Projectable(res.Mapping.Host) {
		return &spec.FieldError{Field: "view", Err: fmt.Errorf("projected view: %s is not a mesh or torus of 3 axes of at most %s nodes", res.Mapping.Host, metric.Thousands(draw.MaxProjectedNodes))}
	}
	size := rq.Options.Width
	if size == 0 {
		size = 560
	}
	return draw.Projected(w, res, size, float64(draw.IsoYaw+rq.Yaw), float64(draw.IsoPitch+rq.Pitch))
}

// drawGantt draws the execution model of a d-cube mapping, with the
// instance's ta and tc (1 where not given, as `topomap schedule`).
func drawGantt(w io.Writer, res *solve.Result, o draw.Options) error {
	ta, tc := res.Instance.Ta, res.Instance.Tc
	if ta == 0 {
		ta = 1
	}
	if tc == 0 {
		tc = 1
	}
	one := *res
	one.Instance.Ta, one.Instance.Tc = ta, tc
	s, err := solve.ScheduleOf(&one)
	if err != nil {
		return &spec.FieldError{Field: "view", Err: fmt.Errorf("gantt view: %w", err)}
	}
	return draw.Gantt(w, []*sim.Schedule{s}, o)
}

// drawCompare runs every applicable algorithm on the instance
// (solve.CompareInstance, within the synchronous caps; the local searches
// get compareBudget, which the drawing says, unless the query gives a
// budget) and draws their hops per byte and times against the
// lower bounds.
func (s *Server) drawCompare(ctx context.Context, w io.Writer, rq renderRequest) error {
	in, o := rq.Instance, rq.Options
	searches := 0
	for _, a := range solve.Applicable(in.Guest, in.Host) {
		if a.Search {
			searches++
		}
	}
	if in.Budget == 0 {
		in.Budget = compareBudget
		if searches > 0 {
			o.Note = "local searches under a budget of " + compareBudget.String() + " each, as none was given (topomap compare --budget " +
				compareBudget.String() + " gives these figures; the compare page and the CLI give none)"
		}
	}
	// Refused up front: it used to fail after SyncTimeout with a
	// "retryable" 503.
	if err := s.checkSyncBudget(in, searches); err != nil {
		return err
	}
	noCheck := func(spec.Instance) (solve.Algorithm, error) { return solve.Algorithm{}, nil }
	if err := s.checkSync(in, noCheck); err != nil {
		return err
	}
	var cmp *solve.Comparison
	err := s.syncSlot(ctx, s.sync, func(ctx context.Context) error {
		var err error
		cmp, err = solve.CompareInstance(ctx, in, solve.CompareOptions{})
		return err
	})
	if err != nil {
		return err
	}
	bars := make([]draw.Bar, len(cmp.Entries))
	for i, e := range cmp.Entries {
		bars[i] = draw.Bar{Algo: e.Algo, Seconds: e.Seconds, Err: e.Error}
		if e.Metrics != nil {
			bars[i].HopsPerByte, bars[i].MaxDilation = e.Metrics.HopsPerByte, e.Metrics.MaxDilation
		}
	}
	return draw.Compare(w, bars, cmp.Bounds, o)
}
