package server_test

import (
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/server"
)

// optionLikeNames registers a machine of four nodes under one switch, n1,
// -x, n2 and n3: launcher files cannot carry -x (a launcher would read it
// as an option). The machine file readers refuse such names now; a
// machine stored before they did still names its nodes so.
func optionLikeNames(t *testing.T) string {
	t.Helper()
	tree, err := topology.NewSwitchTree([]string{"n1", "-x", "n2", "n3"}, []string{"sw"}, []int{4, 4, 4, 4, -1})
	if err != nil {
		t.Fatal(err)
	}
	topology.RegisterMachine(tree)
	return tree.String()
}

// TestFailedExportIsAnError: a placement whose export fails (the
// machine's node names are no host names) is a 400 JSON error on
// "hostnames" that says why, in every format, from POST /map and from GET
// /jobs/{id}/placement: no longer a 200 with an empty body. Host names
// given with the request replace the machine's and are written.
func TestFailedExportIsAnError(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	inst := `"guest":"grid:2x2","host":"` + optionLikeNames(t) + `","algo":"identity"`
	j := doneJob(t, f, "{"+inst+"}")
	for _, format := range export.Names() {
		for _, tt := range []struct{ name, method, target, body string }{
			{"map", "POST", "/api/v1/map?format=" + format, "{" + inst + "}"},
			{"job placement", "GET", "/api/v1/jobs/" + j.ID + "/placement?format=" + format, ""},
		} {
			t.Run(tt.name+"/"+format, func(t *testing.T) {
				rec := f.do(t, tt.method, tt.target, tt.body)
				e := decode[server.ErrorBody](t, rec)
				if rec.Code != 400 || e.Field != "hostnames" || !strings.Contains(e.Error, `"-x" starts with '-'`) {
					t.Errorf("%d %+v, want 400 on hostnames naming -x", rec.Code, e)
				}
				if h := rec.Header(); h.Get("Content-Type") != "application/json" || h.Get("Content-Disposition") != "" {
					t.Errorf("headers %v, want those of a JSON error", h)
				}
			})
		}
	}
	rec := f.do(t, "POST", "/api/v1/map?format=slurm", `{`+inst+`,"hostnames":["a","b","c","d"]}`)
	if rec.Code != 200 || rec.Body.String() != "a\nb\nc\nd\n" {
		t.Errorf("map with host names: %d %q", rec.Code, rec.Body)
	}
}
