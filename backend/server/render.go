package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
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
}

// maxRenderWidth bounds ?width=.
const maxRenderWidth = 8192

// views lists the ?view= values.
var views = []string{"mapping", "gantt"}

// parseRender reads a render query: view (default "mapping"), width, step
// and detail (draw.Options), and either job=ID or an instance's permalink
// fields (guest, host, algo, seed, ...). Errors are *spec.FieldError.
func parseRender(q url.Values) (renderRequest, error) {
	r := renderRequest{View: q.Get("view")}
	if r.View == "" {
		r.View = "mapping"
	}
	known := false
	for _, v := range views {
		known = known || v == r.View
	}
	if !known {
		return r, &spec.FieldError{Field: "view", Err: fmt.Errorf("server: unknown view %s (want one of %v)", quote(r.View), views)}
	}
	for _, f := range []struct {
		name     string
		dst      *int
		min, max int
	}{
		{"width", &r.Options.Width, 64, maxRenderWidth},
		{"step", &r.Options.Step, 0, 1 << 24},
		{"detail", &r.Options.Detail, -1, 1 << 24},
	} {
		s := q.Get(f.name)
		if s == "" {
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < f.min || v > f.max {
			return r, &spec.FieldError{Field: f.name, Err: fmt.Errorf("server: %s %s: want an integer in [%d, %d]", f.name, quote(s), f.min, f.max)}
		}
		*f.dst = v
	}
	if id := q.Get("job"); id != "" {
		if !jobs.ValidID(id) {
			return r, &spec.FieldError{Field: "job", Err: errors.New("server: malformed job id: want 20 hex digits")}
		}
		r.Job = id
		return r, nil
	}
	in, err := spec.ParseQuery(q)
	r.Instance = in
	return r, err
}

// render: GET /render.svg draws a done job's result or a small instance
// solved on the fly (within the synchronous caps). Large mappings are drawn
// with a per-node dilation heat map instead of every edge (draw.Options.Detail).
func (s *Server) render(c echo.Context) error {
	rq, err := parseRender(c.QueryParams())
	if err != nil {
		return err
	}
	var res *solve.Result
	if rq.Job != "" {
		res, err = s.o.Jobs.Result(rq.Job)
	} else {
		res, err = s.solveSync(c.Request().Context(), rq.Instance)
	}
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	switch rq.View {
	case "gantt":
		err = drawGantt(&buf, res, rq.Options)
	default:
		err = draw.Mapping(&buf, res, rq.Options)
	}
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "image/svg+xml", buf.Bytes())
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
	s, err := sim.Run(res.Mapping, ta, tc)
	if err != nil {
		return &spec.FieldError{Field: "view", Err: fmt.Errorf("server: gantt view: %w", err)}
	}
	s.Algo = res.Instance.Algo
	return draw.Gantt(w, []*sim.Schedule{s}, o)
}
