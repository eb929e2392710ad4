package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/metrics"
	"topomap/backend/server"
	"topomap/backend/store"
)

// routeCase is one request of the token table: the route it takes (as
// Server.Routes names it), whether it computes (and so wants the token on
// a server with tokens), and the status it gets with a valid token.
type routeCase struct {
	method, target, route string
	contentType, body     string
	token                 bool
	status                int
}

// tokenRoutes lists a request of every API route, and of every kind of
// request a route answers (a finished job's drawing and one solved on
// the fly): what computes wants the token, reads of finished results stay
// open. job is a done 4-cube job on ring:16, graph an uploaded 4-cycle,
// machine an uploaded topology.conf (threeSwitchesConf).
func tokenRoutes(job, graph, machine string) []routeCase {
	const xor = `{"guest":"hypercube:4","host":"ring:16","algo":"xor"}`
	const json = "application/json"
	names := `{"hostnames":["n0","n1","n2","n3","n4","n5","n6","n7","n8","n9","n10","n11","n12","n13","n14","n15"]}`
	instance := "guest=hypercube:4&host=ring:16"
	return []routeCase{
		{"GET", "/api/v1/healthz", "GET /api/v1/healthz", "", "", false, 200},
		{"GET", "/api/v1/openapi.yaml", "GET /api/v1/openapi.yaml", "", "", false, 200},
		{"GET", "/api/v1/algorithms", "GET /api/v1/algorithms", "", "", false, 200},
		{"POST", "/api/v1/jobs", "POST /api/v1/jobs", json, xor, true, 200},
		// The list names every user's instances, where a job's link names one.
		{"GET", "/api/v1/jobs?status=done&limit=5", "GET /api/v1/jobs", "", "", true, 200},
		{"GET", "/api/v1/jobs/" + job, "GET /api/v1/jobs/:id", "", "", false, 200},
		{"DELETE", "/api/v1/jobs/" + job + "?token=guess", "DELETE /api/v1/jobs/:id", "", "", true, 409},
		{"GET", "/api/v1/jobs/" + job + "/events", "GET /api/v1/jobs/:id/events", "", "", false, 200},
		{"GET", "/api/v1/jobs/" + job + "/placement?format=rankfile", "GET /api/v1/jobs/:id/placement", "", "", false, 200},
		{"POST", "/api/v1/jobs/" + job + "/placement?format=rankfile", "POST /api/v1/jobs/:id/placement", json, names, true, 200},
		{"POST", "/api/v1/jobs/" + job + "/placement?format=rankfile", "POST /api/v1/jobs/:id/placement", "text/plain", "n[0-15]\n", true, 200},
		{"POST", "/api/v1/map", "POST /api/v1/map", json, xor, true, 200},
		{"POST", "/api/v1/score?" + instance, "POST /api/v1/score", "text/plain", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n", true, 200},
		{"GET", "/api/v1/render.svg?job=" + job, "GET /api/v1/render.svg", "", "", false, 200},
		{"GET", "/api/v1/render.svg?view=gantt&ta=2&job=" + job, "GET /api/v1/render.svg", "", "", false, 200},
		{"GET", "/api/v1/render.svg?algo=pairs&budget=0.1s&" + instance, "GET /api/v1/render.svg", "", "", true, 200},
		{"GET", "/api/v1/render.svg?view=gantt&algo=xor&" + instance, "GET /api/v1/render.svg", "", "", true, 200},
		{"GET", "/api/v1/render.svg?view=compare&budget=0.1s&" + instance, "GET /api/v1/render.svg", "", "", true, 200},
		{"GET", "/api/v1/suggest?" + instance, "GET /api/v1/suggest", "", "", true, 200},
		{"GET", "/api/v1/suggest?guest=graph:" + graph + "&host=ring:4", "GET /api/v1/suggest", "", "", true, 200},
		{"POST", "/api/v1/graphs", "POST /api/v1/graphs", "text/x-matrix-market", ring4MTX, true, 201},
		{"GET", "/api/v1/graphs/" + graph, "GET /api/v1/graphs/:id", "", "", false, 200},
		{"GET", "/api/v1/graphs/" + graph + "?format=json", "GET /api/v1/graphs/:id", "", "", false, 200},
		{"GET", "/api/v1/graphs/" + graph + "?info=1", "GET /api/v1/graphs/:id", "", "", false, 200},
		// N² numbers for N vertices: 17 s of CPU and 2.2 GB for a
		// 16K-vertex graph, sent gzipped as 634 KB.
		{"GET", "/api/v1/graphs/" + graph + "?format=dense", "GET /api/v1/graphs/:id", "", "", true, 200},
		// Counts of the server's use: cheap (a fixed set of series), but
		// told to token holders only, as the list of jobs.
		{"GET", "/metrics", "GET /metrics", "", "", true, 200},
		{"POST", "/api/v1/machines", "POST /api/v1/machines", "text/plain", threeSwitchesConf, true, 201},
		{"GET", "/api/v1/machines/" + machine, "GET /api/v1/machines/:id", "", "", false, 200},
	}
}

// TestComputingRoutesWantToken: with API tokens, render.svg solved
// instances and ran whole comparisons for anyone (four anonymous loops
// slowed a token holder's trivial /map from 0.004 s to 3.3-9.6 s). Now
// every request that computes wants the token (401 with WWW-Authenticate
// without it) and reads of finished results answer alike with or without
// one. The table lists every registered route; openapi.yaml's security
// says the same per operation.
func TestComputingRoutesWantToken(t *testing.T) {
	const token = "0123456789abcdef-token"
	f := graphFixture(t, store.NewMemory(), server.Options{Tokens: []string{token}, Metrics: metrics.New().Handler()})
	ts, _ := f.loopback(t)
	c := &server.Client{Base: ts.URL, HTTP: ts.Client(), Token: token}
	j, err := c.Submit(context.Background(), jobs.Request{Guest: "hypercube:4", Host: "ring:16", Algo: "xor"})
	if err != nil {
		t.Fatal(err)
	}
	if j, err = c.Follow(context.Background(), j.ID, nil); err != nil || j.Status != jobs.Done {
		t.Fatalf("job %+v, %v", j, err)
	}
	rec := serve(f, "POST", "/api/v1/graphs", "text/x-matrix-market", ring4MTX, token)
	if rec.Code != http.StatusCreated {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	graph := decode[struct{ ID string }](t, rec).ID
	rec = serve(f, "POST", "/api/v1/machines", "text/plain", threeSwitchesConf, token)
	if rec.Code != http.StatusCreated {
		t.Fatalf("machine upload: %d %s", rec.Code, rec.Body)
	}
	table := tokenRoutes(j.ID, graph, decode[struct{ ID string }](t, rec).ID)

	listed := map[string]bool{}
	for _, tc := range table {
		listed[tc.route] = true
	}
	routes := f.srv.Routes()
	for _, r := range routes {
		if get, ok := strings.CutPrefix(r, http.MethodHead+" "); ok && slices.Contains(routes, http.MethodGet+" "+get) {
			continue // a read's HEAD is its GET, guards included, without the body
		}
		if !listed[r] {
			t.Errorf("route %s is not in the token table: add its requests", r)
		}
		delete(listed, r)
	}
	for r := range listed {
		t.Errorf("the token table lists %s, which is not routed", r)
	}

	for _, tc := range table {
		t.Run(tc.method+" "+tc.target, func(t *testing.T) {
			with := serve(f, tc.method, tc.target, tc.contentType, tc.body, token)
			if with.Code != tc.status {
				t.Errorf("with the token: %d %.200s, want %d", with.Code, with.Body, tc.status)
			}
			without := serve(f, tc.method, tc.target, tc.contentType, tc.body, "")
			switch {
			case tc.token && (without.Code != http.StatusUnauthorized || without.Header().Get("WWW-Authenticate") == ""):
				t.Errorf("without a token: %d %.200s, want 401 with WWW-Authenticate", without.Code, without.Body)
			case !tc.token && without.Code != tc.status:
				t.Errorf("without a token: %d %.200s, want %d as with one", without.Code, without.Body, tc.status)
			}
		})
	}
	checkSecurityDoc(t, table)
}

// checkSecurityDoc checks each operation's security in openapi.yaml
// against the table: bearer where every request of the route wants the
// token, bearer or none where some do, nothing where none does.
func checkSecurityDoc(t *testing.T, table []routeCase) {
	t.Helper()
	some, all := map[string]bool{}, map[string]bool{}
	for _, tc := range table {
		if _, seen := all[tc.route]; !seen {
			all[tc.route] = true
		}
		some[tc.route] = some[tc.route] || tc.token
		all[tc.route] = all[tc.route] && tc.token
	}
	doc := string(server.OpenAPI())
	for route := range all {
		method, path, _ := strings.Cut(route, " ")
		op := operation(doc, strings.ReplaceAll(strings.TrimPrefix(path, "/api/v1"), ":id", "{id}"), strings.ToLower(method))
		var want string
		switch {
		case all[route]:
			want = "security: [{bearer: []}]"
		case some[route]:
			want = "security: [{}, {bearer: []}]"
		}
		got := ""
		if at := strings.Index(op, "\n      security: "); at >= 0 {
			got, _, _ = strings.Cut(op[at+7:], "\n")
		}
		if got != want {
			t.Errorf("openapi.yaml, %s: %q, want %q", route, got, want)
		}
	}
}

// operation returns the text of one operation of openapi.yaml (empty if
// it is not there).
func operation(doc, path, method string) string {
	at := strings.Index(doc, "\n  "+path+":\n")
	if at < 0 {
		return ""
	}
	section := doc[at+1:]
	if end := strings.Index(section, "\n  /"); end >= 0 {
		section = section[:end]
	}
	at = strings.Index(section, "\n    "+method+":\n")
	if at < 0 {
		return ""
	}
	op := section[at+1:]
	for i := strings.Index(op, "\n"); i >= 0 && i+5 < len(op); {
		if strings.HasPrefix(op[i+1:], "    ") && op[i+5] != ' ' {
			return op[:i]
		}
		next := strings.Index(op[i+1:], "\n")
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return op
}
