package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/backend/api"
	"topomap/backend/jobs"
)

// errNoGraphs: the server was started without a graph store.
var errNoGraphs = errors.New("this server keeps no uploaded graphs")

// errBodyTooLarge marks a body cut at its cap (an uploaded graph's, a
// names file's): a 413.
var errBodyTooLarge = errors.New("request body too large")

// graphsPath is the API path of uploaded graphs.
const graphsPath = "/api/v1/graphs"

// capped reads at most n bytes of r, then fails with errBodyTooLarge;
// at once when the request declared more (long, its Content-Length), so
// that a 413 does not wait for a body it will refuse.
type capped struct {
	r    io.Reader
	n    int64
	long bool
}

// capBody caps the body of req at n bytes (capped).
func capBody(req *http.Request, n int64) *capped {
	return &capped{req.Body, n, req.ContentLength > n}
}

func (c *capped) Read(p []byte) (int, error) {
	if c.long {
		return 0, errBodyTooLarge
	}
	if c.n <= 0 {
		var one [1]byte
		if k, _ := c.r.Read(one[:]); k > 0 {
			return 0, errBodyTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	k, err := c.r.Read(p)
	c.n -= int64(k)
	return k, err
}

// uploadGraph: POST /graphs reads a graph file from the raw body (see
// readUpload), refuses one of mostly isolated processes (checkIsolated),
// stores its canonical form under its content hash within the client's
// quota (GraphQuota) and answers 201 with an api.Graph: the stored
// record's id and sizes, with the format and warnings of the file just
// read (a graph uploaded before keeps its first upload's in its record).
func (s *Server) uploadGraph(c echo.Context) error {
	if s.o.Graphs == nil {
		return errNoGraphs
	}
	var rec jobs.GraphRecord
	err := s.uploadSlot(c, func(ctx context.Context) error {
		res, err := s.readUpload(ctx, c)
		if err != nil {
			return err
		}
		if err := checkIsolated(res.Graph); err != nil {
			return err
		}
		rec, err = s.o.Graphs.PutGraph(jobs.GraphRecord{Graph: guest.Canonical(res.Graph), Format: res.Format, Warnings: res.Warnings,
			Created: time.Now().UTC(), Owner: s.uploader(c.Request())}, s.o.GraphQuota)
		rec.Format, rec.Warnings = res.Format, res.Warnings // this file's, not the first upload's
		return quotaErr(err)
	})
	if err != nil {
		return err
	}
	g := rec.Graph
	c.Response().Header().Set(echo.HeaderLocation, graphsPath+"/"+g.ID)
	return c.JSON(http.StatusCreated, graphInfo(rec))
}

// quotaErr turns a store's quota error into a 413 that says who a client
// is; other errors pass.
func quotaErr(err error) error {
	if errors.Is(err, jobs.ErrQuota) {
		return &graphfile.Error{Err: graphfile.ErrTooLarge, Msg: fmt.Sprintf("%v: a client is its API token, else its IP address (an IPv6 one by /64); its graphs and machines count until they expire unused", err)}
	}
	return err
}

// uploadFormatField is how an upload names its format, as the reader's
// messages say it: "… name it with ?format= (the page's format
// selector): chaco".
const uploadFormatField = "?format= (the page's format selector)"

// readUpload reads the graph file of an upload's body in the format of
// ?format=, else of the Content-Type (a graph format's media type), else
// of the extension of ?name= (the file's name, never opened), else
// detected from the content, within the upload caps. An unknown ?format=
// is an error on the field "format".
func (s *Server) readUpload(ctx context.Context, c echo.Context) (*graphfile.Result, error) {
	r := c.Request()
	format, name := c.QueryParam("format"), c.QueryParam("name")
	if _, ok := graphfile.Lookup(format); format != "" && !ok {
		return nil, &spec.FieldError{Field: "format", Err: fmt.Errorf("unknown format %s; known: %s", quote(format), strings.Join(graphfile.Names(), ", "))}
	}
	if format == "" {
		if f, ok := graphfile.ByMediaType(r.Header.Get(echo.HeaderContentType)); ok {
			format = f.Name
		}
	}
	lim := graphfile.Limits{MaxVertices: s.o.Jobs.Limits().MaxNodes, MaxArcs: s.o.MaxGraphArcs}
	res, err := graphfile.ReadContext(ctx, capBody(r, s.o.MaxGraphBytes), graphfile.Options{Format: format, Name: name, FormatField: uploadFormatField, Limits: lim})
	if errors.Is(err, errBodyTooLarge) {
		return nil, &graphfile.Error{Err: graphfile.ErrTooLarge,
			Msg: "graph file larger than this server's cap of " + metric.Bytes(s.o.MaxGraphBytes) + "; map it with the command line (topomap map --guest file:PATH)"}
	}
	return res, err
}

// MaxIsolated is how many processes of an uploaded graph may exchange
// nothing beyond half of them: a few bytes must not buy a large record
// (a 12-byte line 0,1048575,1 names 1,048,576 processes, 4 MB stored).
// Within the rule at least half the processes beyond 1024 have an arc,
// so a record stays a small multiple of its file (4 bytes per process,
// 12 per arc).
const MaxIsolated = 1024

// checkIsolated refuses a graph whose isolated processes (no arc in or
// out) are more than half of them and more than MaxIsolated.
func checkIsolated(g *guest.Graph) error {
	n, k := g.Order(), g.Isolated()
	if k <= MaxIsolated || 2*k <= n {
		return nil
	}
	return &graphfile.Error{Msg: fmt.Sprintf("%s of the %s processes exchange nothing with any other: more than half of them and more than %s, which this server refuses (a record of mostly idle processes); number the processes that communicate from 0 without gaps, or map the file with the command line (topomap map --guest file:PATH)", metric.Thousands(k), metric.Thousands(n), metric.Thousands(MaxIsolated))}
}

// uploader names the client whose quota an upload counts against: on a
// server with API tokens its token (a hash of it: the store holds no
// token), else its IP address, an IPv6 one by its /64 prefix (what one
// host is commonly given). Behind a proxy every client has its address.
func (s *Server) uploader(r *http.Request) string {
	if tok, ok := bearerToken(r.Header.Get(echo.HeaderAuthorization)); ok && len(s.o.Tokens) > 0 {
		h := sha256.Sum256([]byte(tok))
		return "token:" + hex.EncodeToString(h[:8])
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return "addr:" + host
	}
	if ip = ip.Unmap(); ip.Is6() {
		p, _ := ip.Prefix(64)
		return "ip:" + p.String()
	}
	return "ip:" + ip.String()
}

// errUploadsBusy: no upload slot freed within UploadWait.
var errUploadsBusy error = busy("too many graph uploads at once, try again later")

// uploadSlot runs an upload's work in one of its own slots: a large
// upload takes hundreds of megabytes while it is read. It waits up to
// UploadWait for a slot (the body waits unread, costing nothing); the
// body then has BodyTimeout to arrive, and the work SyncTimeout more at
// most (408 past them), also where a connection takes no deadline.
func (s *Server) uploadSlot(c echo.Context, work func(context.Context) error) error {
	ctx := c.Request().Context()
	wait, cancel := context.WithTimeout(ctx, s.o.UploadWait)
	defer cancel()
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	case <-wait.Done():
		return errUploadsBusy
	}
	// Not every ResponseWriter has a connection (httptest's recorder).
	_ = http.NewResponseController(c.Response().Writer).SetReadDeadline(time.Now().Add(s.o.BodyTimeout))
	ctx, cancelWork := context.WithTimeoutCause(ctx, s.o.BodyTimeout+s.o.SyncTimeout, os.ErrDeadlineExceeded)
	defer cancelWork()
	return timedOut(ctx, work(ctx), os.ErrDeadlineExceeded)
}

// graphInfo is the API's view of a stored graph.
func graphInfo(r jobs.GraphRecord) api.Graph {
	g := r.Graph
	w := r.Warnings
	if w == nil {
		w = []string{}
	}
	return api.Graph{ID: g.ID, Vertices: g.Order(), Arcs: g.Arcs(), TotalVolume: g.TotalVolume(), Format: r.Format, Warnings: w}
}

// defaultGraphFormat is what GET /graphs/:id writes without ?format=:
// Matrix Market holds any graph (directed, real volumes) and reads back
// to the same graph, hence the same id.
const defaultGraphFormat = "matrixmarket"

// graph: GET /graphs/:id returns the graph as a file of ?format= (default
// Matrix Market), or as api.GraphData with format=json (what the browser
// maps); ?info=1 returns its api.Graph instead. A graph never changes
// under its id.
func (s *Server) graph(c echo.Context) error {
	if s.o.Graphs == nil {
		return errNoGraphs
	}
	id := strings.ToLower(c.Param("id"))
	if !guest.ValidID(id) {
		return &spec.FieldError{Field: "id", Err: fmt.Errorf("malformed graph id: want %d hex digits", guest.IDLen)}
	}
	name := c.QueryParam("format")
	if name == "" {
		name = defaultGraphFormat
	}
	f, ok := graphfile.Lookup(name)
	if name != "json" && (!ok || f.Write == nil) {
		return &spec.FieldError{Field: "format", Err: fmt.Errorf("graph format %s: want json or one of %s", quote(name), strings.Join(graphfile.NamesWhere(graphfile.Writable), ", "))}
	}
	rec, err := s.o.Graphs.Graph(id)
	if err == nil && rec.IsMachine() {
		err = fmt.Errorf("%w: %s is an uploaded machine, not a graph (GET %s/%s)", jobs.ErrNoGraph, id, machinesPath, id)
	}
	if err != nil {
		return unknown("id", err)
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=86400")
	if fresh, err := withETag(c, `"`+id+"-"+name+"-"+c.QueryParam("info")+`"`); fresh || err != nil {
		return err // a graph never changes under its id
	}
	switch {
	case c.QueryParam("info") != "":
		return c.JSON(http.StatusOK, graphInfo(rec))
	case name == "json":
		g := rec.Graph
		return c.JSON(http.StatusOK, api.GraphData{ID: g.ID, Offsets: g.Offsets, Adj: g.Adj, Weight: g.Weight})
	}
	return s.writeGraph(c, rec.Graph, f)
}

// MaxServedDense is the most vertices of a graph the server writes as a
// dense matrix (a format of N² numbers): 4,096, 16.8M numbers, about a
// CPU-second; a larger one is refused, naming the sparse formats.
const MaxServedDense = 1 << 12

// writeGraph streams g in format f, as written (a client that leaves
// stops it at its next buffer), a dense matrix in one of the synchronous
// slots (its N² numbers cost up to a CPU-second). An error before the
// first byte is answered as such (a format that cannot hold g names the
// field format).
func (s *Server) writeGraph(c echo.Context, g *guest.Graph, f graphfile.Format) error {
	if f.Quadratic && g.Order() > MaxServedDense {
		return &spec.FieldError{Field: "format", Err: fmt.Errorf("a %s of %s vertices is %s numbers; the server writes it for at most %s vertices: download %s, which list the arcs only",
			f.Title, metric.Count(g.Order()), metric.Count(g.Order()*g.Order()), metric.Count(MaxServedDense), strings.Join(sparseGraphFormats(), ", "))}
	}
	write := func(ctx context.Context) error {
		w := &firstWrite{r: c.Response(), ctx: ctx, header: func(h http.Header) {
			h.Set(echo.HeaderContentType, f.MediaType)
			h.Set(echo.HeaderContentDisposition, `inline; filename="graph-`+g.ID+f.Extensions[0]+`"`)
		}}
		err := f.Write(w, g)
		switch {
		case err == nil:
			w.start() // a file of no bytes
			return nil
		case c.Response().Committed, ctx.Err() != nil:
			return err
		}
		return &spec.FieldError{Field: "format", Err: err} // e.g. METIS cannot hold directed volumes
	}
	if f.Quadratic {
		return s.syncSlot(c.Request().Context(), s.sync, write)
	}
	return write(c.Request().Context())
}

// unknown names field (the path's id, or a query's job) as the field of
// an error about an unknown id (a 404); other errors pass.
func unknown(field string, err error) error {
	if errors.Is(err, jobs.ErrNotFound) {
		return &spec.FieldError{Field: field, Err: err}
	}
	return err
}

// writesQuadratic reports whether a graph query asks for a file of N²
// numbers (graphfile.Format.Quadratic): seconds of CPU for a graph that
// reads in milliseconds.
func writesQuadratic(c echo.Context) bool {
	f, ok := graphfile.Lookup(c.QueryParam("format"))
	return ok && f.Quadratic && c.QueryParam("info") == ""
}

// sparseGraphFormats lists the graph formats written as lists of arcs.
func sparseGraphFormats() []string {
	return graphfile.NamesWhere(func(f graphfile.Format) bool { return f.Write != nil && !f.Quadratic })
}

// resolve attaches the uploaded graph a graph:ID guest names, loading it
// in a read slot (takeRead) before any cap can refuse it: a record near
// the upload cap decodes to some 100 MB in 0.1 CPU-s, and 48 requests at
// once naming a graph of 4M arcs took 1.6 GB.
func (s *Server) resolve(ctx context.Context, in *spec.Instance) error {
	var r guest.Resolver
	if s.o.Graphs != nil {
		r = func(ctx context.Context, id string) (*guest.Graph, error) {
			release, err := s.takeRead(ctx, errLoadsBusy)
			if err != nil {
				return nil, err
			}
			defer release()
			return s.o.Graphs.Resolve(ctx, id)
		}
	}
	return in.Resolve(ctx, r)
}

// errLoadsBusy: no read slot freed within SyncTimeout for loading a
// request's uploaded graph.
var errLoadsBusy error = busy("too many uploaded graphs being loaded at once, try again later")
