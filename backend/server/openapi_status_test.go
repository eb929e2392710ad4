package server_test

import (
	"context"
	"mime"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/metrics"
	"topomap/backend/server"
	"topomap/backend/store"
)

// statusCase is a request, the route it takes (as Server.Routes names
// it), the headers it carries and the status it gets.
type statusCase struct {
	routeCase
	header map[string]string
}

// errorRoutes are requests that each route answers with an error or a
// revalidation, on a server without tokens: job is a done job on ring:16,
// graph an uploaded directed graph.
func errorRoutes(job, graph string) []statusCase {
	const unknown = "0123456789abcdef0123456789abcdef"
	crossSite := map[string]string{"Sec-Fetch-Site": "cross-site"}
	return []statusCase{
		{routeCase{"GET", "/api/v1/jobs/xyz/events", "GET /api/v1/jobs/:id/events", "", "", false, 400}, nil},
		{routeCase{"DELETE", "/api/v1/jobs/xyz?token=t", "DELETE /api/v1/jobs/:id", "", "", false, 400}, nil},
		{routeCase{"GET", "/api/v1/graphs/" + graph + "?format=metis", "GET /api/v1/graphs/:id", "", "", false, 400}, nil},
		{routeCase{"GET", "/api/v1/graphs/" + graph + "?format=dense", "GET /api/v1/graphs/:id", "", "", false, 403}, crossSite},
		{routeCase{"GET", "/api/v1/graphs/" + graph, "GET /api/v1/graphs/:id", "", "", false, 304}, map[string]string{"If-None-Match": `"` + graph + `-matrixmarket-"`}},
		{routeCase{"GET", "/api/v1/render.svg?guest=hypercube:4&host=ring:16&algo=xor", "GET /api/v1/render.svg", "", "", false, 403}, crossSite},
		{routeCase{"GET", "/api/v1/render.svg?view=projected&job=" + job, "GET /api/v1/render.svg", "", "", false, 400}, nil},
		{routeCase{"POST", "/api/v1/score?guest=graph:" + unknown + "&host=ring:4", "POST /api/v1/score", "text/plain", "0,1,2,3\n", false, 404}, nil},
		{routeCase{"GET", "/api/v1/suggest?guest=graph:" + unknown + "&host=ring:4", "GET /api/v1/suggest", "", "", false, 404}, nil},
	}
}

// TestOpenAPIDocumentsEveryStatus sends a request of every route (the
// token table's), the error cases above and a request without a token,
// and checks that the status each gets is among its operation's
// documented responses, with a documented media type and headers
// (answerHeaders): the events' and DELETE's 400 on a malformed id,
// a graph file's 304 and a dense matrix's cross-site 403, render.svg's
// cross-site 403 and score's and suggest's 404 on an unknown graph were
// answered but not documented.
func TestOpenAPIDocumentsEveryStatus(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{Metrics: metrics.New().Handler()})
	_, c := f.loopback(t)
	j, err := c.Submit(context.Background(), jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"})
	if err == nil {
		j, err = c.Follow(context.Background(), j.ID, nil)
	}
	if err != nil || j.Status != jobs.Done {
		t.Fatalf("job %+v, %v", j, err)
	}
	ring := uploaded(t, f, "/api/v1/graphs", "text/x-matrix-market", ring4MTX)
	directed := uploaded(t, f, "/api/v1/graphs?format=edges", "text/plain", "0 1 1\n1 0 2\n")
	rec := f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf)
	machine := decode[struct{ ID string }](t, rec).ID
	cases := errorRoutes(j.ID, directed.ID)
	for _, tc := range tokenRoutes(j.ID, ring.ID, machine) {
		cases = append(cases, statusCase{routeCase: tc})
	}
	doc := openAPIDoc(t)
	for _, tc := range cases {
		rec := send(f, tc)
		if rec.Code != tc.status {
			t.Errorf("%s %s: %d %.200s, want %d", tc.method, tc.target, rec.Code, rec.Body, tc.status)
			continue
		}
		checkDocumented(t, doc, tc, rec)
	}
	tokens := newFixture(t, jobs.Options{}, server.Options{Tokens: []string{"0123456789abcdef-token"}})
	tc := statusCase{routeCase: routeCase{"POST", "/api/v1/map", "POST /api/v1/map", "application/json", xorBody, true, 401}}
	checkDocumented(t, doc, tc, send(tokens, tc))
}

// answerHeaders are the headers of an answer that its documented response
// must list when the answer carries them.
var answerHeaders = []string{"Location", "Retry-After", "WWW-Authenticate", "ETag"}

// checkDocumented checks that the answer's status, media type and headers
// are among those openapi.yaml documents for the request's operation.
func checkDocumented(t *testing.T, doc map[string]any, tc statusCase, rec *httptest.ResponseRecorder) {
	t.Helper()
	r, documented := documentedResponse(doc, tc.route, rec.Code)
	if !documented {
		t.Errorf("%s %s: openapi.yaml documents no %d for %s", tc.method, tc.target, rec.Code, tc.route)
		return
	}
	got, _, _ := mime.ParseMediaType(rec.Header().Get("Content-Type"))
	if content := lookup(r, "content"); content != nil && got != "" && content[got] == nil {
		t.Errorf("%s %s: %d in %s, which openapi.yaml does not list for it", tc.method, tc.target, rec.Code, got)
	}
	for _, h := range answerHeaders {
		if rec.Header().Get(h) != "" && lookup(r, "headers", h) == nil {
			t.Errorf("%s %s: %d with %s, which openapi.yaml does not list for it", tc.method, tc.target, rec.Code, h)
		}
	}
}

// send serves one request of a status case.
func send(f *fixture, tc statusCase) *httptest.ResponseRecorder {
	req := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body))
	if tc.contentType != "" {
		req.Header.Set("Content-Type", tc.contentType)
	}
	for k, v := range tc.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	return rec
}

// documentedResponse looks up the response of a route's operation for a
// status ($ref followed).
func documentedResponse(doc map[string]any, route string, code int) (map[string]any, bool) {
	method, path, _ := strings.Cut(route, " ")
	path = regexp.MustCompile(`:([a-z]+)`).ReplaceAllString(strings.TrimPrefix(path, "/api/v1"), "{$1}")
	r := lookup(doc, "paths", path, strings.ToLower(method), "responses", strconv.Itoa(code))
	if ref, ok := r["$ref"].(string); ok {
		r = lookup(doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...)
	}
	return r, r != nil
}

// lookup follows keys through nested objects (nil where one is missing).
func lookup(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ = m[k].(map[string]any)
	}
	return m
}
