package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestScoreReadsWhatMapAnswers: every placement file POST /map answers
// (with host names), posted to /score with the same names, scores with
// exactly /map's metrics, and the answer lists the baselines.
func TestScoreReadsWhatMapAnswers(t *testing.T) {
	f := newFixture(t, jobs.Options{Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}}, server.Options{})
	const req = `{"guest":"grid:8x8","host":"torus:4x4:cores=4","algo":"rb","hostnames":["nid[01-16]"]}`
	mapped := f.do(t, "POST", "/api/v1/map?format=json", req)
	if mapped.Code != 200 {
		t.Fatalf("map: %d %s", mapped.Code, mapped.Body)
	}
	want := metricsJSON(t, mapped.Body.String())
	for _, format := range []string{"json", "csv", "rankorder", "scotch", "mapfile", "rankfile", "slurm"} {
		file := f.do(t, "POST", "/api/v1/map?format="+format, req)
		if file.Code != 200 {
			t.Fatalf("map %s: %d %s", format, file.Code, file.Body)
		}
		ct := "text/plain"
		if format == "json" {
			ct = "application/json"
		}
		rec := serve(f, "POST", "/api/v1/score?guest=grid:8x8&host=torus:4x4:cores%3D4&hostnames=nid%5B01-16%5D", ct, file.Body.String(), "")
		if rec.Code != 200 {
			t.Fatalf("score %s: %d %s", format, rec.Code, rec.Body)
		}
		if got := metricsJSON(t, rec.Body.String()); got != want {
			t.Errorf("score of %s: metrics %s, want %s", format, got, want)
		}
		var rep struct {
			Algo      string
			Baselines []struct{ Algo string }
			Baseline  struct{ Algo string }
		}
		json.Unmarshal(rec.Body.Bytes(), &rep)
		// 64 ranks fill the 64 slots: block is rank order, listed once
		if rep.Algo != "placement" || len(rep.Baselines) != 2 || rep.Baselines[0].Algo != "identity" || rep.Baselines[1].Algo != "cyclic" ||
			rep.Baseline.Algo != "identity" {
			t.Errorf("score of %s: algo %q, baselines %+v, baseline %+v", format, rep.Algo, rep.Baselines, rep.Baseline)
		}
	}
}

// TestScoreOnAnAllocation: a placement /map answers on some nodes with
// ranks per node names the slots of the host with that many cores per
// node; /score given the same nodes and ranksPerNode reads it back with
// /map's metrics (it read the slots as nodes, or refused the file).
func TestScoreOnAnAllocation(t *testing.T) {
	f := newFixture(t, jobs.Options{Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}}, server.Options{})
	const req = `{"guest":"hypercube:4","host":"ring:16","algo":"rb","nodes":"3-10","ranksPerNode":2}`
	mapped := f.do(t, "POST", "/api/v1/map?format=json", req)
	if mapped.Code != 200 {
		t.Fatalf("map: %d %s", mapped.Code, mapped.Body)
	}
	want := metricsJSON(t, mapped.Body.String())
	for _, format := range []string{"json", "scotch", "rankfile", "slurm", "rankorder"} {
		file := f.do(t, "POST", "/api/v1/map?format="+format, req)
		ct := map[bool]string{true: "application/json", false: "text/plain"}[format == "json"]
		rec := serve(f, "POST", "/api/v1/score?guest=hypercube:4&host=ring:16&nodes=3-10&ranksPerNode=2", ct, file.Body.String(), "")
		if rec.Code != 200 {
			t.Fatalf("score %s: %d %s", format, rec.Code, rec.Body)
		}
		if got := metricsJSON(t, rec.Body.String()); got != want {
			t.Errorf("score of %s: metrics %s, want %s", format, got, want)
		}
	}
}

func metricsJSON(t *testing.T, body string) string {
	t.Helper()
	var rep struct{ Metrics json.RawMessage }
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		t.Fatalf("%v in %s", err, body)
	}
	return string(rep.Metrics)
}

// TestScoreErrors: /score refuses bad requests with a 4xx naming the
// field and the problem.
func TestScoreErrors(t *testing.T) {
	f := newFixture(t, jobs.Options{Solver: jobs.Solver{Check: solve.Check, Map: solve.Map}}, server.Options{MaxSyncNodes: 64})
	tests := []struct {
		name, target, ct, body string
		status                 int
		field, want            string
	}{
		{"bad line", "?guest=grid:2x2&host=ring:4", "text/plain", "node0\nnode9\n", 400, "placement", "line 2: unknown host name \"node9\""},
		{"missing ranks", "?guest=grid:2x2&host=ring:4", "text/plain", "4\n0 0\n", 400, "placement", "3 ranks of the guest's 4 not placed: 1 2 3"},
		{"no guest", "?host=ring:4", "text/plain", "0,1,2,3\n", 400, "guest", ""},
		{"bad host", "?guest=grid:2x2&host=ring", "text/plain", "0,1,2,3\n", 400, "host", ""},
		{"above the cap", "?guest=grid:16x16&host=ring:256", "text/plain", "0\n", 400, "guest", "more than this server's cap of 64"},
		{"output format", "?guest=grid:2x2&host=ring:4&format=csv", "text/plain", "0,1,2,3\n", 400, "format", "want json or text"},
		{"placement format", "?guest=grid:2x2&host=ring:4&placementFormat=text", "text/plain", "0,1,2,3\n", 400, "placementFormat", "text is a report, not a placement file"},
		{"hostnames", "?guest=grid:2x2&host=ring:4&hostnames=a,b", "text/plain", "a\nb\n", 400, "hostnames", "2 host names for 4 nodes"},
		{"media type", "?guest=grid:2x2&host=ring:4", "application/x-www-form-urlencoded", "0,1,2,3\n", 415, "Content-Type", ""},
	}
	for _, tc := range tests {
		rec := serve(f, "POST", "/api/v1/score"+tc.target, tc.ct, tc.body, "")
		var e struct{ Error, Field string }
		json.Unmarshal(rec.Body.Bytes(), &e)
		if rec.Code != tc.status || e.Field != tc.field || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %+v, want %d on %q containing %q", tc.name, rec.Code, e, tc.status, tc.field, tc.want)
		}
	}
	// comments are read to the end: the cap stops them
	big := strings.Repeat("# a comment of 32 bytes, no rank\n", 17<<20/32)
	if rec := serve(f, "POST", "/api/v1/score?guest=grid:2x2&host=ring:4&placementFormat=rankorder", "text/plain", big, ""); rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "at most 16,777,216 B (16.8 MB)") {
		t.Errorf("17 MiB file: %d %s", rec.Code, rec.Body)
	}
}
