package server_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
)

// TestOpenAPIReportNamesEveryKeyOfTheMapAnswer checks that the Report
// schema of openapi.yaml has a property for every key of POST /map's JSON
// answer, on a request that brings out the optional ones: a local search
// (pairs), an allocation, a host with cores and host names.
func TestOpenAPIReportNamesEveryKeyOfTheMapAnswer(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{})
	rec := f.do(t, "POST", "/api/v1/map?format=json", `{"guest":"grid:4x4","host":"ring:8:cores=4","algo":"pairs","moves":1024,"nodes":"n[1-4]","ranksPerNode":4,"hostnames":["n[1-8]"]}`)
	if rec.Code != 200 {
		t.Fatalf("POST /map: %d %s", rec.Code, rec.Body)
	}
	var answer map[string]json.RawMessage
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		t.Fatal(err)
	}
	doc := string(server.OpenAPI())
	at := strings.Index(doc, "\n    Report:\n")
	if at < 0 {
		t.Fatal("openapi.yaml: no components.schemas.Report")
	}
	schema := doc[at+1:]
	if end := regexp.MustCompile(`\n    [A-Za-z]`).FindStringIndex(schema[1:]); end != nil {
		schema = schema[:end[0]+1]
	}
	for key := range answer {
		if !regexp.MustCompile(`(?m)^        ` + regexp.QuoteMeta(key) + `:`).MatchString(schema) {
			t.Errorf("openapi.yaml's Report has no property %s, which POST /map answers", key)
		}
	}
	for _, key := range []string{"pairs", "allocation", "cores", "hosts"} {
		if _, ok := answer[key]; !ok {
			t.Errorf("POST /map answered no %s: the request should bring it out", key)
		}
	}
}
