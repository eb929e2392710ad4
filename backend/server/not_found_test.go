package server_test

import (
	"net/http"
	"strings"
	"testing"

	"topomap/backend/api"
	"topomap/backend/server"
	"topomap/backend/store"
)

// TestUnknownGraphOrMachineSaysWhich: an unknown graph:ID (in POST /map,
// POST /jobs, render.svg, GET /graphs/{id}) is a 404 that says "no such
// graph" and points to POST /api/v1/graphs; an unknown machine (GET
// /machines/{id}) says "no such machine", an unknown machine:ID host "no
// machine of that id", and both point to POST /api/v1/machines; the id of the other kind says what it is. The error
// names the field at fault: "id" in the path, else "guest". None of them
// says "job".
func TestUnknownGraphOrMachineSaysWhich(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	g := uploaded(t, f, "/api/v1/graphs", "text/x-metis-graph", ring4METIS)
	rec := f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf)
	m := decode[api.Machine](t, rec)
	if rec.Code != http.StatusCreated {
		t.Fatalf("machine upload: %d %s", rec.Code, rec.Body)
	}
	unknown := "0123456789abcdef0123456789abcdef"
	for _, tc := range []struct {
		name, method, target, body string
		field                      string
		says                       []string
	}{
		{"GET an unknown machine", "GET", "/api/v1/machines/" + unknown, "", "id", []string{"no such machine", unknown, "POST /api/v1/machines"}},
		{"GET a graph as a machine", "GET", "/api/v1/machines/" + g.ID, "", "id", []string{"no such machine", g.ID + " is an uploaded graph", "/api/v1/graphs/" + g.ID}},
		{"GET an unknown graph", "GET", "/api/v1/graphs/" + unknown, "", "id", []string{"no such graph", unknown, "POST /api/v1/graphs"}},
		{"GET a machine as a graph", "GET", "/api/v1/graphs/" + m.ID, "", "id", []string{"no such graph", m.ID + " is an uploaded machine", "/api/v1/machines/" + m.ID}},
		{"map an unknown graph", "POST", "/api/v1/map", `{"guest":"graph:` + unknown + `","host":"ring:4","algo":"greedy"}`, "guest", []string{"no such graph", unknown, "POST /api/v1/graphs"}},
		{"map a machine as a graph", "POST", "/api/v1/map", `{"guest":"graph:` + m.ID + `","host":"ring:9","algo":"greedy"}`, "guest", []string{"no such graph", m.ID + " is an uploaded machine"}},
		{"submit an unknown graph", "POST", "/api/v1/jobs", `{"guest":"graph:` + unknown + `","host":"ring:4","algo":"greedy"}`, "guest", []string{"no such graph", unknown, "POST /api/v1/graphs"}},
		{"map on an unknown machine", "POST", "/api/v1/map", `{"guest":"grid:2x2","host":"machine:` + unknown + `","algo":"greedy"}`, "host", []string{"no machine of that id", unknown, "POST /api/v1/machines"}},
		{"render on an unknown machine", "GET", "/api/v1/render.svg?guest=grid:2x2&host=machine:" + unknown + "&algo=greedy", "", "host", []string{"no machine of that id", unknown}},
		{"render an unknown graph", "GET", "/api/v1/render.svg?guest=graph:" + unknown + "&host=ring:4&algo=greedy", "", "guest", []string{"no such graph", unknown, "POST /api/v1/graphs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := f.do(t, tc.method, tc.target, tc.body)
			e := decode[server.ErrorBody](t, rec)
			if rec.Code != http.StatusNotFound || e.Field != tc.field {
				t.Fatalf("%d %+v, want 404 naming field %q", rec.Code, e, tc.field)
			}
			for _, s := range tc.says {
				if !strings.Contains(e.Error, s) {
					t.Errorf("%q does not say %q", e.Error, s)
				}
			}
			if strings.Contains(e.Error, "job") {
				t.Errorf("%q speaks of a job", e.Error)
			}
		})
	}
}
