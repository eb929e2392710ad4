package server_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/metrics"
	"topomap/backend/server"
)

// The keys each kind of OpenAPI 3.0 object may have (extensions, x-...,
// aside). A key outside its object's list is a typo or, in a YAML flow
// mapping, an unquoted comma that split a description in two.
var (
	operationKeys = keys("tags summary description externalDocs operationId parameters requestBody responses callbacks deprecated security servers")
	pathItemKeys  = keys("$ref summary description get put post delete options head patch trace servers parameters")
	parameterKeys = keys("name in description required deprecated allowEmptyValue style explode allowReserved schema example examples content")
	bodyKeys      = keys("description content required")
	responseKeys  = keys("description headers content links")
	headerKeys    = keys("description required deprecated allowEmptyValue style explode allowReserved schema example examples content")
	mediaTypeKeys = keys("schema example examples encoding")
	schemaKeys    = keys("title multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxProperties minProperties required enum type allOf oneOf anyOf not items properties additionalProperties description format default nullable discriminator readOnly writeOnly xml externalDocs example deprecated $ref")
)

func keys(s string) map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(s) {
		m[k] = true
	}
	return m
}

// openAPIDoc is the served document, parsed.
func openAPIDoc(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := yaml.Unmarshal(server.OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.yaml is not YAML: %v", err)
	}
	return doc
}

// docChecker walks an OpenAPI 3.0 document and reports what breaks the
// specification: unknown keys, missing required ones, references to
// nothing, path templates without their parameter.
type docChecker struct {
	t   *testing.T
	doc map[string]any
}

func (c docChecker) errorf(at, format string, args ...any) {
	c.t.Helper()
	c.t.Errorf("openapi.yaml, %s: %s", at, fmt.Sprintf(format, args...))
}

// object checks that v is a mapping whose keys are in allowed (nil: any
// key, as in a map of names) and returns it.
func (c docChecker) object(at string, v any, allowed map[string]bool) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		c.errorf(at, "want an object, got %T", v)
		return nil
	}
	for k := range m {
		if allowed != nil && !allowed[k] && !strings.HasPrefix(k, "x-") {
			c.errorf(at, "unknown key %q", k)
		}
	}
	return m
}

// resolve follows a $ref, which must name something in the document.
func (c docChecker) resolve(at string, m map[string]any) (map[string]any, bool) {
	ref, ok := m["$ref"].(string)
	if !ok {
		return m, false
	}
	var v any = c.doc
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		obj, _ := v.(map[string]any)
		v = obj[part]
	}
	target, ok := v.(map[string]any)
	if !strings.HasPrefix(ref, "#/") || !ok {
		c.errorf(at, "$ref %q names nothing", ref)
	}
	return target, true
}

// deref checks v as an object of allowed keys, or as a Reference (a $ref
// and nothing else) to one, and returns the object.
func (c docChecker) deref(at string, v any, allowed map[string]bool) map[string]any {
	if m, ok := v.(map[string]any); ok && m["$ref"] != nil {
		c.object(at, m, keys("$ref"))
		target, _ := c.resolve(at, m)
		return c.object(at, target, allowed)
	}
	return c.object(at, v, allowed)
}

func (c docChecker) text(at string, m map[string]any, key string, required bool) {
	v, ok := m[key]
	if _, isText := v.(string); (ok || required) && !isText {
		c.errorf(at, "%s should be a string, got %T", key, v)
	}
}

func (c docChecker) schema(at string, v any) {
	m := c.object(at, v, schemaKeys)
	if m == nil {
		return
	}
	if _, isRef := c.resolve(at, m); isRef {
		return
	}
	c.text(at, m, "description", false)
	if props, ok := m["properties"]; ok {
		for name, p := range c.object(at+".properties", props, nil) {
			c.schema(at+".properties."+name, p)
		}
	}
	if ap, ok := m["additionalProperties"].(map[string]any); ok {
		c.schema(at+".additionalProperties", ap)
	}
	if items, ok := m["items"]; ok {
		c.schema(at+".items", items)
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := m[k].([]any)
		for i, s := range list {
			c.schema(fmt.Sprintf("%s.%s[%d]", at, k, i), s)
		}
	}
}

func (c docChecker) content(at string, v any) {
	for media, mt := range c.object(at, v, nil) {
		if m := c.object(at+"."+media, mt, mediaTypeKeys); m["schema"] != nil {
			c.schema(at+"."+media+".schema", m["schema"])
		}
	}
}

// parameter checks one parameter and returns its place and name.
func (c docChecker) parameter(at string, v any) (in, name string) {
	m := c.deref(at, v, parameterKeys)
	in, _ = m["in"].(string)
	name, _ = m["name"].(string)
	if !slices.Contains([]string{"query", "header", "path", "cookie"}, in) || name == "" {
		c.errorf(at, "a parameter wants a name and in (query, header, path or cookie)")
	}
	if in == "path" && m["required"] != true {
		c.errorf(at, "path parameter %s must be required", name)
	}
	c.text(at, m, "description", false)
	if s, ok := m["schema"]; ok {
		c.schema(at+".schema", s)
	}
	return in, name
}

var statusCode = regexp.MustCompile(`^([1-5][0-9][0-9]|[1-5]XX|default)$`)

func (c docChecker) response(at string, v any) {
	m := c.deref(at, v, responseKeys)
	c.text(at, m, "description", true)
	for name, h := range c.object(at+".headers", orEmpty(m["headers"]), nil) {
		hm := c.deref(at+".headers."+name, h, headerKeys)
		c.schema(at+".headers."+name+".schema", hm["schema"])
	}
	if content, ok := m["content"]; ok {
		c.content(at+".content", content)
	}
}

func orEmpty(v any) any {
	if v == nil {
		return map[string]any{}
	}
	return v
}

func (c docChecker) operation(at string, v any, pathParams []string) {
	m := c.object(at, v, operationKeys)
	c.text(at, m, "summary", true)
	c.text(at, m, "description", false)
	params, _ := m["parameters"].([]any)
	for i, p := range params {
		if in, name := c.parameter(fmt.Sprintf("%s.parameters[%d]", at, i), p); in == "path" && !slices.Contains(pathParams, name) {
			c.errorf(at, "path parameter %s is not in the path", name)
		}
	}
	if body, ok := m["requestBody"]; ok {
		bm := c.object(at+".requestBody", body, bodyKeys)
		c.content(at+".requestBody.content", bm["content"])
	}
	c.responses(at, m["responses"])
	c.security(at, m["security"])
}

// responses checks an operation's responses: at least one, each under a
// status code.
func (c docChecker) responses(at string, v any) {
	responses := c.object(at+".responses", v, nil)
	if len(responses) == 0 {
		c.errorf(at, "an operation wants responses")
	}
	for code, r := range responses {
		if !statusCode.MatchString(code) {
			c.errorf(at, "response %q is no status code", code)
		}
		c.response(at+".responses."+code, r)
	}
}

// security checks that an operation's security requirements name schemes
// of components.securitySchemes.
func (c docChecker) security(at string, v any) {
	schemes := lookup(c.doc, "components", "securitySchemes")
	security, _ := v.([]any)
	for _, req := range security {
		for name := range c.object(at+".security", req, nil) {
			if schemes[name] == nil {
				c.errorf(at, "security names %s, no scheme of components.securitySchemes", name)
			}
		}
	}
}

var pathTemplate = regexp.MustCompile(`\{([^}]+)\}`)

// TestOpenAPIIsValidOpenAPI3 checks the served document against the
// OpenAPI 3.0 specification's objects, as a validator would: its
// /suggest answer's reason, {type: string, description: Why, in one
// sentence.}, was a flow mapping whose comma made "in one sentence." a
// key of the schema, which no validator takes.
func TestOpenAPIIsValidOpenAPI3(t *testing.T) {
	doc := openAPIDoc(t)
	c := docChecker{t, doc}
	c.object("top level", doc, keys("openapi info servers paths components security tags externalDocs"))
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.0.") {
		t.Errorf("openapi.yaml: openapi %q, want 3.0.x", v)
	}
	info := c.object("info", doc["info"], keys("title description termsOfService contact license version"))
	c.text("info", info, "title", true)
	c.text("info", info, "version", true)
	for path, item := range c.object("paths", doc["paths"], nil) {
		c.pathItem(path, item)
	}
	c.components(doc["components"])
}

// pathItem checks a path's operations, and that each declares every
// parameter of the path's template, itself or on the path.
func (c docChecker) pathItem(path string, item any) {
	var params []string
	for _, m := range pathTemplate.FindAllStringSubmatch(path, -1) {
		params = append(params, m[1])
	}
	declared := map[string]bool{}
	pm := c.object(path, item, pathItemKeys)
	shared, _ := pm["parameters"].([]any)
	for i, p := range shared {
		if in, name := c.parameter(fmt.Sprintf("%s.parameters[%d]", path, i), p); in == "path" {
			declared[name] = true
		}
	}
	for method, op := range pm {
		if method == "parameters" || method == "servers" || method == "summary" || method == "description" {
			continue
		}
		c.operation(path+" "+method, op, params)
		for _, p := range params {
			if !declared[p] && !declaresPath(op, p) {
				c.errorf(path+" "+method, "declares no path parameter %s", p)
			}
		}
	}
}

// components checks the reusable objects: schemas, responses, parameters
// and headers.
func (c docChecker) components(v any) {
	components := c.object("components", v, keys("schemas responses parameters examples requestBodies headers securitySchemes links callbacks"))
	for name, s := range c.object("components.schemas", components["schemas"], nil) {
		c.schema("components.schemas."+name, s)
	}
	for name, r := range c.object("components.responses", components["responses"], nil) {
		c.response("components.responses."+name, r)
	}
	for name, p := range c.object("components.parameters", components["parameters"], nil) {
		c.parameter("components.parameters."+name, p)
	}
	for name, h := range c.object("components.headers", orEmpty(components["headers"]), nil) {
		c.schema("components.headers."+name+".schema", c.object("components.headers."+name, h, headerKeys)["schema"])
	}
}

// declaresPath reports whether an operation declares path parameter name.
func declaresPath(op any, name string) bool {
	m, _ := op.(map[string]any)
	params, _ := m["parameters"].([]any)
	for _, p := range params {
		pm, _ := p.(map[string]any)
		if pm["in"] == "path" && pm["name"] == name {
			return true
		}
	}
	return false
}

// TestOpenAPIDocumentsEveryRoute compares the routes the server registers
// with the operations the document describes: every route is documented
// (a read's HEAD with its GET) and every documented operation is routed.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	f := newFixture(t, jobs.Options{}, server.Options{Metrics: metrics.New().Handler()})
	routed := map[string]bool{}
	for _, r := range f.srv.Routes() {
		method, path, _ := strings.Cut(r, " ")
		path = regexp.MustCompile(`:([a-z]+)`).ReplaceAllString(strings.TrimPrefix(path, "/api/v1"), "{$1}")
		if method == "HEAD" {
			continue // a read answers HEAD as its GET (the document says which)
		}
		routed[method+" "+path] = true
	}
	paths, _ := openAPIDoc(t)["paths"].(map[string]any)
	for path, item := range paths {
		for method := range item.(map[string]any) {
			op := strings.ToUpper(method) + " " + path
			if method == "parameters" || method == "servers" {
				continue
			}
			if !routed[op] {
				t.Errorf("openapi.yaml documents %s, which the server does not route", op)
			}
			delete(routed, op)
		}
	}
	for op := range routed {
		t.Errorf("the server routes %s, which openapi.yaml does not document", op)
	}
}

// TestOpenAPIQueryFieldsTakeTheRequestSchema: a query parameter that is a
// field of an instance (render.svg's, score's, suggest's) is read by the
// same field table as the Request body, so its schema is the Request's
// property, by reference, not a copy that drifts: render.svg's ta and tc
// had no maximum, score's ranksPerNode no bounds and its nodes no
// maxLength, where the server refuses past the Request's.
func TestOpenAPIQueryFieldsTakeTheRequestSchema(t *testing.T) {
	paths, _ := openAPIDoc(t)["paths"].(map[string]any)
	for path, item := range paths {
		for method, op := range item.(map[string]any) {
			opm, _ := op.(map[string]any)
			params, _ := opm["parameters"].([]any)
			for _, p := range params {
				pm, _ := p.(map[string]any)
				name, _ := pm["name"].(string)
				if _, isField := spec.LookupField(name); !isField || pm["in"] != "query" {
					continue
				}
				want := "#/components/schemas/Request/properties/" + name
				if ref := lookup(pm, "schema")["$ref"]; ref != want {
					t.Errorf("openapi.yaml, %s %s: query parameter %s's schema should be {$ref: %q}", method, path, name, want)
				}
			}
		}
	}
}
