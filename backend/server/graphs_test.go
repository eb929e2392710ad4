package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/backend/api"
	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// ring4 is the weighted 4-cycle 1-2 (5), 2-3 (2), 3-4 (3), 4-1 (1) in
// three formats: METIS (1-based, edge weights), a symmetric Matrix Market
// matrix and a directed CSV edge list (0-based, both directions).
const (
	ring4METIS = "% a weighted 4-cycle\n4 4 001\n2 5 4 1\n1 5 3 2\n2 2 4 3\n3 3 1 1\n"
	ring4MTX   = "%%MatrixMarket matrix coordinate integer symmetric\n4 4 4\n2 1 5\n3 2 2\n4 3 3\n4 1 1\n"
	ring4CSV   = "src,dst,volume\n1,0,5\n0,1,5\n1,2,2\n2,1,2\n2,3,3\n3,2,3\n3,0,1\n0,3,1\n"
)

// graphFixture is a server whose jobs and graphs are in st, with the
// real solver.
func graphFixture(t *testing.T, st interface {
	jobs.Store
	jobs.GraphService
}, so server.Options) *fixture {
	t.Helper()
	f := &fixture{release: make(chan struct{})}
	var err error
	f.runner, err = jobs.New(st, jobs.Options{Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}, Graphs: st.Resolve})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.runner.Close(context.Background()) })
	so.Jobs, so.Graphs = f.runner, st
	f.srv = server.New(patient(so))
	return f
}

// upload posts a graph file with a Content-Type.
func (f *fixture) upload(t *testing.T, target, contentType, body string) *httptest.ResponseRecorder {
	return serve(f, "POST", target, contentType, body, "")
}

// uploaded posts a graph and wants 201.
func uploaded(t *testing.T, f *fixture, target, contentType, body string) api.Graph {
	t.Helper()
	rec := f.upload(t, target, contentType, body)
	if rec.Code != http.StatusCreated {
		t.Fatalf("POST %s: %d %s", target, rec.Code, rec.Body)
	}
	g := decode[api.Graph](t, rec)
	if loc := rec.Header().Get("Location"); loc != "/api/v1/graphs/"+g.ID {
		t.Errorf("Location %q", loc)
	}
	return g
}

// TestUploadGraph: an upload answers its id and counts; the same graph
// uploaded twice, or in another format (by Content-Type, ?format= or
// detection), has the same id; what GET returns uploads to it again.
func TestUploadGraph(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	a := uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS)
	if a.Vertices != 4 || a.Arcs != 8 || a.TotalVolume != 22 || a.Format != "metis" || len(a.ID) != 32 || a.Warnings == nil {
		t.Errorf("answer %+v", a)
	}
	for _, tc := range []struct{ target, ct, body string }{
		{"/api/v1/graphs", "text/x-metis-graph", ring4METIS},
		{"/api/v1/graphs", "", ring4METIS}, // detected
		{"/api/v1/graphs?format=matrixmarket", "text/plain", ring4MTX},
		{"/api/v1/graphs", "text/x-matrix-market", ring4MTX},
		{"/api/v1/graphs?format=csv", "", ring4CSV},
		{"/api/v1/graphs", "application/octet-stream", ring4CSV},
		{"/api/v1/graphs?name=ring.mtx", "text/plain", ring4MTX}, // by the file's extension
	} {
		if b := uploaded(t, f, tc.target, tc.ct, tc.body); b.ID != a.ID {
			t.Errorf("%s %s: id %s, want %s", tc.target, tc.ct, b.ID, a.ID)
		}
	}
	rec := f.do(t, "GET", "/api/v1/graphs/"+a.ID, "")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/x-matrix-market" {
		t.Fatalf("GET: %d %s %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if b := uploaded(t, f, "/api/v1/graphs", rec.Header().Get("Content-Type"), rec.Body.String()); b.ID != a.ID {
		t.Errorf("the GET's file uploads to %s, want %s", b.ID, a.ID)
	}
	for _, format := range []string{"metis", "csv", "scotch", "dense"} {
		rec := f.do(t, "GET", "/api/v1/graphs/"+a.ID+"?format="+format, "")
		if b := uploaded(t, f, "/api/v1/graphs?format="+format, "", rec.Body.String()); rec.Code != 200 || b.ID != a.ID {
			t.Errorf("GET ?format=%s: %d, uploads to %s", format, rec.Code, b.ID)
		}
	}
	if info := decode[api.Graph](t, f.do(t, "GET", "/api/v1/graphs/"+a.ID+"?info=1", "")); info.ID != a.ID || info.Vertices != 4 {
		t.Errorf("info %+v", info)
	}
	// The CSR form the browser maps is the same graph.
	d := decode[api.GraphData](t, f.do(t, "GET", "/api/v1/graphs/"+a.ID+"?format=json", ""))
	if g, err := guest.FromCSR(d.ID, d.Offsets, d.Adj, d.Weight); err != nil || guest.Canonical(g).ID != a.ID {
		t.Errorf("format=json: %+v, %v", d, err)
	}
	// A different volume is a different graph.
	if b := uploaded(t, f, "/api/v1/graphs", "", strings.Replace(ring4CSV, "0,3,1", "0,3,2", 1)); b.ID == a.ID {
		t.Error("another graph has the same id")
	}
}

// TestUploadChacoGraph: a Chaco graph with vertex numbers (fmt 1xx) is
// the graph of its METIS twin when named chaco (?format=, its
// Content-Type or a .chaco name); sent as a .graph file it is read as
// METIS, with a warning that says how to name it chaco here.
func TestUploadChacoGraph(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	ring := uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS)
	const ring4Chaco = "4 4 101\n1 2 5 4 1\n2 1 5 3 2\n3 2 2 4 3\n4 3 3 1 1\n"
	for _, tc := range []struct{ target, ct string }{
		{"/api/v1/graphs?format=chaco", ""},
		{"/api/v1/graphs", "text/x-chaco-graph"},
		{"/api/v1/graphs?name=ring.chaco", "text/plain"},
	} {
		if g := uploaded(t, f, tc.target, tc.ct, ring4Chaco); g.ID != ring.ID || g.Format != "chaco" {
			t.Errorf("%s %s: %s, id %s; want chaco, %s", tc.target, tc.ct, g.Format, g.ID, ring.ID)
		}
	}
	g := uploaded(t, f, "/api/v1/graphs?name=ring.graph", "", ring4Chaco)
	hint := "If it is a Chaco graph, name it with ?format= (the page's format selector): chaco"
	if g.Format != "metis" || len(g.Warnings) != 2 || !strings.HasSuffix(g.Warnings[1], hint) {
		t.Errorf("as .graph: %s, warnings %q; want metis, the last ending %q", g.Format, g.Warnings, hint)
	}
}

// TestUploadGraphErrors: malformed files are 400 naming the line, files
// above the caps 413 saying the cap, both on the field "body"; an
// unknown ?format= is a 400 on "format"; unknown ids 404, bad ids 400; a
// cross-site upload is refused.
func TestUploadGraphErrors(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{MaxGraphBytes: 200})
	for _, tc := range []struct {
		name, target, body string
		code               int
		field, want        string
	}{
		{"syntax", "/api/v1/graphs?format=metis", "4 4 001\n2 5 4 x\n", 400, "body", "line 2"},
		{"unknown format", "/api/v1/graphs?format=xls", ring4METIS, 400, "format", `unknown format "xls"; known: goal, matrixmarket,`},
		{"undetectable", "/api/v1/graphs", "hello world\n", 400, "body", "cannot tell the format"},
		{"bytes", "/api/v1/graphs?format=csv", strings.Repeat("0,1,1\n", 50), 413, "body", "larger than this server's cap of 200 B"},
		{"vertices", "/api/v1/graphs?format=csv", "0,5000000,1\n", 413, "body", ""},
	} {
		rec := f.upload(t, tc.target, "text/plain", tc.body)
		e := decode[server.ErrorBody](t, rec)
		if rec.Code != tc.code || e.Field != tc.field || !strings.Contains(e.Error, tc.want) || strings.Contains(e.Error, "graphfile") {
			t.Errorf("%s: %d %+v, want %d on %q containing %q", tc.name, rec.Code, e, tc.code, tc.field, tc.want)
		}
	}
	if rec := f.do(t, "GET", "/api/v1/graphs/"+strings.Repeat("a", 32), ""); rec.Code != 404 || !strings.Contains(rec.Body.String(), `upload it first (the pages' \"Upload a graph\"`) {
		t.Errorf("unknown id: %d %s", rec.Code, rec.Body)
	}
	if rec := f.do(t, "GET", "/api/v1/graphs/xyz", ""); rec.Code != 400 {
		t.Errorf("bad id: %d %s", rec.Code, rec.Body)
	}
	req := httptest.NewRequest("POST", "/api/v1/graphs", strings.NewReader(ring4METIS))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	if rec.Code != 403 {
		t.Errorf("cross-site upload: %d", rec.Code)
	}
}

// TestFileGuestRefused: a request naming file:PATH is a 400 on every
// route, and nothing reads the path.
func TestFileGuestRefused(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	for _, tc := range []struct{ method, target, body string }{
		{"POST", "/api/v1/map", `{"guest":"file:/etc/passwd","host":"ring:4","algo":"pairs"}`},
		{"POST", "/api/v1/jobs", `{"guest":"FILE:../topomap.db","host":"ring:4","algo":"pairs"}`},
		{"GET", "/api/v1/render.svg?guest=file:/etc/hosts&host=ring:4&algo=pairs", ""},
		{"GET", "/api/v1/render.svg?view=compare&guest=file:/etc/hosts&host=ring:4", ""},
	} {
		rec := f.do(t, tc.method, tc.target, tc.body)
		e := decode[server.ErrorBody](t, rec)
		if rec.Code != 400 || e.Field != "guest" || !strings.Contains(e.Error, "command line only") {
			t.Errorf("%s %s: %d %+v", tc.method, tc.target, rec.Code, e)
		}
	}
}

// TestGraphGuest: /map, render.svg and jobs take graph:ID; an unknown id
// is a 404 naming the guest; a graph survives the store's reopening, and
// a job's result is rebuilt from it.
func TestGraphGuest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f := graphFixture(t, st, server.Options{})
	g := uploaded(t, f, "/api/v1/graphs", "", ring4METIS)
	body := `{"guest":"graph:` + g.ID + `","host":"ring:4","algo":"pairs","seed":1}`
	rec := f.do(t, "POST", "/api/v1/map", body)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"guest":"graph:`+g.ID) {
		t.Fatalf("map: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/render.svg?algo=pairs&host=ring:4&guest=graph:"+g.ID, "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "<svg") {
		t.Fatalf("render: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/render.svg?view=compare&host=ring:4&guest=graph:"+g.ID, "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `data-algo="pairs"`) {
		t.Fatalf("compare view: %d %s", rec.Code, rec.Body)
	}
	unknown := `{"guest":"graph:` + strings.Repeat("b", 32) + `","host":"ring:4","algo":"pairs"}`
	if rec := f.do(t, "POST", "/api/v1/map", unknown); rec.Code != 404 || decode[server.ErrorBody](t, rec).Field != "guest" {
		t.Errorf("unknown graph: %d %s", rec.Code, rec.Body)
	}
	j := doneJob(t, f, body)
	f.runner.Close(context.Background())
	st.Close()

	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f = graphFixture(t, st, server.Options{})
	rec = f.do(t, "GET", "/api/v1/graphs/"+g.ID+"?format=metis", "")
	if rec.Code != 200 {
		t.Fatalf("after reopening: %d %s", rec.Code, rec.Body)
	}
	if again := uploaded(t, f, "/api/v1/graphs", "", rec.Body.String()); again.ID != g.ID {
		t.Errorf("after reopening the graph uploads to %s, want %s", again.ID, g.ID)
	}
	ts, _ := f.loopback(t)
	resp, err := http.Get(ts.URL + "/api/v1/jobs/" + j.ID + "/placement?format=csv")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || strings.Count(string(b), "\n") != 5 {
		t.Errorf("placement after reopening: %d %s", resp.StatusCode, b)
	}
}

// TestGraphFormatErrorNamesFormat: a graph the chosen ?format= cannot
// hold (METIS and Scotch hold undirected integer weights) is a 400 whose
// field is format, the query parameter to change, not the body (GET has
// none); a file that does not read in an upload still names the body.
func TestGraphFormatErrorNamesFormat(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	directed := uploaded(t, f, "/api/v1/graphs?format=csv", "", "0,1,1\n1,2,2\n2,0,1\n")
	fractional := uploaded(t, f, "/api/v1/graphs?format=csv", "", "0,1,0.5\n1,0,0.5\n1,2,1\n2,1,1\n")
	for _, tc := range []struct {
		name, method, target, body string
		field, says                string
	}{
		{"METIS of a directed graph", "GET", "/api/v1/graphs/" + directed.ID + "?format=metis", "", "format", "the graph is directed"},
		{"Scotch of a directed graph", "GET", "/api/v1/graphs/" + directed.ID + "?format=scotch", "", "format", "the graph is directed"},
		{"METIS of real volumes", "GET", "/api/v1/graphs/" + fractional.ID + "?format=metis", "", "format", "integer weights only"},
		{"unknown format", "GET", "/api/v1/graphs/" + directed.ID + "?format=xls", "", "format", "graph format"},
		{"an upload that does not read", "POST", "/api/v1/graphs?format=metis", "4 4 001\n2 5 4 x\n", "body", "line 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec *httptest.ResponseRecorder
			if tc.method == "POST" {
				rec = f.upload(t, tc.target, "text/plain", tc.body)
			} else {
				rec = f.do(t, tc.method, tc.target, "")
			}
			e := decode[server.ErrorBody](t, rec)
			if rec.Code != http.StatusBadRequest || e.Field != tc.field || !strings.Contains(e.Error, tc.says) {
				t.Fatalf("%d %+v, want 400 naming field %q and saying %q", rec.Code, e, tc.field, tc.says)
			}
		})
	}
}
