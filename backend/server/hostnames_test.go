package server_test

import (
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestHostnamesAPI: POST /map takes host names for its launcher files;
// a job takes them when its placement is fetched (POST
// /jobs/{id}/placement), and POST /jobs refuses them; bad names are 400s
// naming "hostnames".
func TestHostnamesAPI(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	const inst = `"guest":"grid:2x2","host":"mesh:2x1:cores=2","algo":"rowmajor"`
	rec := f.do(t, "POST", "/api/v1/map?format=rankfile", `{`+inst+`,"hostnames":["alpha","beta"]}`)
	if want := "rank 0=alpha slot=0\nrank 1=alpha slot=1\nrank 2=beta slot=0\nrank 3=beta slot=1\n"; rec.Code != 200 || rec.Body.String() != want {
		t.Errorf("map rankfile: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "POST", "/api/v1/map?format=slurm", `{`+inst+`}`)
	if rec.Code != 200 || rec.Body.String() != "node0\nnode0\nnode1\nnode1\n" {
		t.Errorf("map slurm, default names: %d %s", rec.Code, rec.Body)
	}
	j := doneJob(t, f, `{`+inst+`}`)
	rec = f.do(t, "POST", "/api/v1/jobs/"+j.ID+"/placement?format=slurm", `{"hostnames":["n1","n2"]}`)
	if rec.Code != 200 || rec.Body.String() != "n1\nn1\nn2\nn2\n" {
		t.Errorf("job slurm with names: %d %s", rec.Code, rec.Body)
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, ".hostfile") {
		t.Errorf("Content-Disposition %q", cd)
	}
	for _, tt := range []struct {
		name, method, target, body, says string
	}{
		{"too few names", "POST", "/api/v1/map?format=rankfile", `{` + inst + `,"hostnames":["a"]}`, "1 host names for 2 nodes"},
		{"a space in a name", "POST", "/api/v1/map?format=rankfile", `{` + inst + `,"hostnames":["a b","c"]}`, "name 1"},
		{"names as one string", "POST", "/api/v1/map?format=rankfile", `{` + inst + `,"hostnames":"n[1-2]"}`, `field "hostnames": want an array of host names (strings), got string`},
		{"names in a job request", "POST", "/api/v1/jobs", `{` + inst + `,"hostnames":["a","b"]}`, "when its placement is fetched"},
		{"job placement without names", "POST", "/api/v1/jobs/" + j.ID + "/placement?format=rankfile", `{"names":["a","b"]}`, `want {"hostnames"`},
		{"job placement, repeated name", "POST", "/api/v1/jobs/" + j.ID + "/placement?format=rankfile", `{"hostnames":["a","a"]}`, "repeats"},
	} {
		rec := f.do(t, tt.method, tt.target, tt.body)
		if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "hostnames" || !strings.Contains(e.Error, tt.says) {
			t.Errorf("%s: %d %+v, want 400 on hostnames saying %q", tt.name, rec.Code, e, tt.says)
		}
	}
}

// TestPlacementHostnamesJSONIsStrict: the JSON body of POST
// /jobs/{id}/placement was read by encoding/json, which matched
// "HOSTNAMES" to hostnames, kept the last of a key given twice and
// ignored data after the object, all of which POST /jobs and /map refuse;
// it is now read as strictly, each refusal a 400 on hostnames saying what
// is wrong, and a leading byte order mark is skipped.
func TestPlacementHostnamesJSONIsStrict(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	j := doneJob(t, f, `{"guest":"grid:2x2","host":"mesh:2x1:cores=2","algo":"rowmajor"}`)
	target := "/api/v1/jobs/" + j.ID + "/placement?format=slurm"
	if rec := f.do(t, "POST", target, "\ufeff"+`{"hostnames":["n[1-2]"]}`); rec.Code != 200 {
		t.Errorf("names with a byte order mark: %d %s", rec.Code, rec.Body)
	}
	for body, says := range map[string]string{
		`{"HOSTNAMES":["n[1-2]"]}`:                   `unknown field "HOSTNAMES"`,
		`{"hostnames":["x"],"hostnames":["n[1-2]"]}`: `field "hostnames" given twice`,
		`{"hostnames":["n[1-2]"]} trailing`:          "data after the JSON object",
	} {
		rec := f.do(t, "POST", target, body)
		if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "hostnames" || !strings.Contains(e.Error, says) {
			t.Errorf("%s: %d %+v, want 400 on hostnames saying %q", body, rec.Code, e, says)
		}
	}
}
