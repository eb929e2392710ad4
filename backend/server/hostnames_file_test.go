package server_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestHostnamesFile: the names of a job's hosts came only as JSON within
// the 64 KiB body limit, about 6K names. A names file (text/plain, the
// format of --hostnames FILE) now has its own 16 MiB cap: 100K names, a
// megabyte, get their placement, as do the same names in one hostlist
// expression in JSON, and the client sends a file.
func TestHostnamesFile(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	j := doneJob(t, f, `{"guest":"grid:400x250","host":"mesh:400x250","algo":"rowmajor"}`)
	const nodes = 100_000
	names := make([]string, nodes)
	for i := range names {
		names[i] = fmt.Sprintf("nid%06d", i)
	}
	file := "# one name a line, in node-index order\n" + strings.Join(names, "\n") + "\n"
	if len(file) <= 64<<10 {
		t.Fatalf("a %d-byte file fits the JSON body limit", len(file))
	}
	target := "/api/v1/jobs/" + j.ID + "/placement?format=slurm"
	rec := serve(f, "POST", target, "text/plain; charset=utf-8", file, "")
	if rec.Code != 200 {
		t.Fatalf("names file: %d %.300s", rec.Code, rec.Body)
	}
	hosts := strings.Split(strings.TrimSuffix(rec.Body.String(), "\n"), "\n")
	if got := slices.Sorted(slices.Values(hosts)); !slices.Equal(got, names) {
		t.Fatalf("%d hosts in the hostfile, not the %d names each once", len(hosts), nodes)
	}
	expr := serve(f, "POST", target, "application/json", `{"hostnames":["nid[000000-099999]"]}`, "")
	if expr.Code != 200 || expr.Body.String() != rec.Body.String() {
		t.Errorf("the names as a hostlist expression: %d %.200s", expr.Code, expr.Body)
	}
	_, c := f.loopback(t)
	var buf bytes.Buffer
	if err := c.Placement(context.Background(), j.ID, "slurm", &buf, names...); err != nil || buf.String() != rec.Body.String() {
		t.Errorf("the client's placement with %d names: %v", nodes, err)
	}

	for _, tt := range []struct {
		name, contentType, body string
		status                  int
		says                    string
	}{
		{"a name like an option", "text/plain", strings.Replace(file, "nid000007\n", "-x\n", 1), 400, `line 9: "-x" starts with '-'`},
		{"an option in JSON", "application/json", `{"hostnames":["-x","nid[000001-099999]"]}`, 400, `name 1: "-x" starts with '-'`},
		{"one name too many", "text/plain", file + "extra\n", 400, "line 100002: more host names than the 100,000 nodes"},
		{"a billion names", "text/plain", "n[0-999999999]\n", 400, "line 1: more host names than the 100,000 nodes"},
		{"over the file cap", "text/plain", strings.Repeat("# padding to pass the cap\n", 700_000), 413, "at most 16,777,216 B (16.8 MB)"},
		{"JSON over the body limit", "application/json", `{"hostnames":["` + strings.Join(names, `","`) + `"]}`, 413, "Content-Type: text/plain"},
	} {
		rec := serve(f, "POST", target, tt.contentType, tt.body, "")
		if e := decode[server.ErrorBody](t, rec); rec.Code != tt.status || e.Field != "hostnames" || !strings.Contains(e.Error, tt.says) {
			t.Errorf("%s: %d %+v, want %d on hostnames saying %q", tt.name, rec.Code, e, tt.status, tt.says)
		}
	}
}
