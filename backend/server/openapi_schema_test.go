package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// schemaChecker checks decoded JSON answers against the schemas of the
// OpenAPI document: every key a documented property, the required ones
// present, each value of its type and in its enum, null only where the
// schema allows it.
type schemaChecker struct {
	t   *testing.T
	doc map[string]any
}

// resolve follows $refs to a schema.
func (c schemaChecker) resolve(s map[string]any) map[string]any {
	for s["$ref"] != nil {
		s = lookup(c.doc, strings.Split(strings.TrimPrefix(s["$ref"].(string), "#/"), "/")...)
	}
	return s
}

func (c schemaChecker) check(at string, v any, schema map[string]any) {
	c.t.Helper()
	s := c.resolve(schema)
	if alts := append(list(s["anyOf"]), list(s["oneOf"])...); len(alts) > 0 {
		c.checkAlternatives(at, v, alts)
		return
	}
	if v == nil {
		if s["nullable"] != true {
			c.t.Errorf("%s: null, which its schema does not allow", at)
		}
		return
	}
	if enum := list(s["enum"]); len(enum) > 0 && !slices.ContainsFunc(enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
		c.t.Errorf("%s: %v, not in the schema's enum %v", at, v, enum)
	}
	switch v := v.(type) {
	case map[string]any:
		c.checkObject(at, v, s)
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				c.check(fmt.Sprintf("%s[%d]", at, i), x, items)
			}
		}
	default:
		c.checkScalar(at, v, s)
	}
}

// checkAlternatives wants v to be null where an alternative allows it,
// else an object checked against the first alternative with properties.
func (c schemaChecker) checkAlternatives(at string, v any, alts []any) {
	for _, alt := range alts {
		a := c.resolve(alt.(map[string]any))
		if v == nil && a["nullable"] == true {
			return
		}
		if _, isObject := v.(map[string]any); isObject && a["properties"] != nil {
			c.check(at, v, a)
			return
		}
	}
	c.t.Errorf("%s: %v matches none of its schema's alternatives", at, v)
}

func (c schemaChecker) checkObject(at string, v map[string]any, s map[string]any) {
	props, _ := s["properties"].(map[string]any)
	if props == nil {
		if ap, ok := s["additionalProperties"].(map[string]any); ok {
			for k, x := range v {
				c.check(at+"."+k, x, ap)
			}
		}
		return
	}
	for k, x := range v {
		p, ok := props[k].(map[string]any)
		if !ok {
			c.t.Errorf("%s: key %s, which its schema does not document", at, k)
			continue
		}
		c.check(at+"."+k, x, p)
	}
	for _, r := range list(s["required"]) {
		if _, ok := v[r.(string)]; !ok {
			c.t.Errorf("%s: no %s, which its schema requires", at, r)
		}
	}
}

func (c schemaChecker) checkScalar(at string, v any, s map[string]any) {
	var ok bool
	switch s["type"] {
	case "string":
		_, ok = v.(string)
	case "boolean":
		_, ok = v.(bool)
	case "number":
		_, ok = v.(float64)
	case "integer":
		f, isNumber := v.(float64)
		ok = isNumber && f == float64(int64(f))
	default:
		ok = true
	}
	if !ok {
		c.t.Errorf("%s: %v is no %v", at, v, s["type"])
	}
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestOpenAPISchemasDescribeTheAnswers decodes an answer of every JSON
// route and checks it against its documented schema, deeply: POST
// /score's notes said confidence "given", outside the enum [V, R, V-num,
// P] of Notes.
func TestOpenAPISchemasDescribeTheAnswers(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	_, c := f.loopback(t)
	j, err := c.Submit(context.Background(), jobs.Request{Guest: "grid:4x4", Host: "ring:8:cores=2", Algo: "pairs", Moves: 1000, Objective: "congestion", Nodes: "0-7", RanksPerNode: 2})
	if err == nil {
		j, err = c.Follow(context.Background(), j.ID, nil)
	}
	if err != nil || j.Status != jobs.Done {
		t.Fatalf("job %+v, %v", j, err)
	}
	g := uploaded(t, f, "/api/v1/graphs", "text/x-matrix-market", ring4MTX)
	rec := f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf)
	m := decode[struct{ ID string }](t, rec).ID
	doc := openAPIDoc(t)
	ref := func(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }
	suggest := lookup(doc, "paths", "/suggest", "get", "responses", "200", "content", "application/json", "schema")
	for _, tc := range []struct {
		method, target, contentType, body string
		schema                            map[string]any
	}{
		{"GET", "/api/v1/healthz", "", "", ref("Health")},
		{"GET", "/api/v1/algorithms", "", "", map[string]any{"type": "array", "items": ref("Algorithm")}},
		{"GET", "/api/v1/jobs", "", "", ref("JobList")},
		{"GET", "/api/v1/jobs/" + j.ID, "", "", ref("Job")},
		{"GET", "/api/v1/jobs/" + j.ID + "/placement", "", "", ref("Report")},
		{"POST", "/api/v1/map", "application/json", `{"guest":"grid:4x4","host":"ring:8:cores=2","algo":"pairs","moves":1000,"objective":"congestion","nodes":"n[1-8]","ranksPerNode":2,"hostnames":["n[1-8]"]}`, ref("Report")},
		{"POST", "/api/v1/score?guest=grid:4x4&host=ring:8:cores=2", "text/plain", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n", ref("Report")},
		{"GET", "/api/v1/suggest?guest=grid:4x4&host=ring:16", "", "", suggest},
		{"GET", "/api/v1/graphs/" + g.ID + "?info=1", "", "", ref("Graph")},
		{"GET", "/api/v1/graphs/" + g.ID + "?format=json", "", "", ref("GraphData")},
		{"POST", "/api/v1/machines", "text/plain", "pack:2 core:4", ref("Machine")},
		{"GET", "/api/v1/machines/" + m + "?format=json", "", "", ref("MachineData")},
	} {
		rec := serve(f, tc.method, tc.target, tc.contentType, tc.body, "")
		if rec.Code/100 != 2 {
			t.Errorf("%s %s: %d %.200s", tc.method, tc.target, rec.Code, rec.Body)
			continue
		}
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s %s: %v", tc.method, tc.target, err)
		}
		schemaChecker{t, doc}.check(tc.method+" "+tc.target, v, tc.schema)
	}
}
