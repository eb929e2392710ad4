package server_test

import (
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestMapAllocation: POST /map with an allocation by name on a named
// machine and 4 ranks per node answers a rankfile whose hosts are the
// allocated nodes, 4 ranks each; with names given beside it, an
// allocation of those names; a name the machine lacks is a 400 under
// nodes.
func TestMapAllocation(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	rec := f.do(t, "POST", "/api/v1/map?format=slurm",
		`{"guest":"grid:4x4","host":"preset:xe6-slice","algo":"greedy","nodes":"nid[00010-00011,00020-00021]","ranksPerNode":4}`)
	if rec.Code != 200 {
		t.Fatalf("map: %d %s", rec.Code, rec.Body)
	}
	held := map[string]int{}
	for _, line := range strings.Fields(rec.Body.String()) {
		held[line]++
	}
	want := map[string]int{"nid00010": 4, "nid00011": 4, "nid00020": 4, "nid00021": 4}
	if len(held) != len(want) || held["nid00010"] != 4 || held["nid00011"] != 4 || held["nid00020"] != 4 || held["nid00021"] != 4 {
		t.Errorf("SLURM_HOSTFILE hosts %v, want %v", held, want)
	}
	rec = f.do(t, "POST", "/api/v1/map?format=rankfile",
		`{"guest":"grid:2x1","host":"ring:4","algo":"rowmajor","nodes":"c,a","hostnames":["a","b","c","d"]}`)
	if rec.Code != 200 || rec.Body.String() != "rank 0=c slot=0\nrank 1=a slot=0\n" {
		t.Errorf("names given beside: %d %q", rec.Code, rec.Body)
	}
	rec = f.do(t, "POST", "/api/v1/map",
		`{"guest":"grid:4x4","host":"preset:xe6-slice","algo":"greedy","nodes":"nid00300"}`)
	if e := decode[server.ErrorBody](t, rec); rec.Code != 400 || e.Field != "nodes" || !strings.Contains(e.Error, `"nid00300" is no node of the machine`) {
		t.Errorf("unknown node: %d %+v", rec.Code, e)
	}
}
