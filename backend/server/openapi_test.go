package server

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/spec"
)

// TestOpenAPIFormats checks the OpenAPI document against the one table of
// placement formats: the enum of ?format= lists exactly export.Names, in
// order, and the placement's answer documents every format's media type.
func TestOpenAPIFormats(t *testing.T) {
	enum := regexp.MustCompile(`(?m)^    Format:\n(?:      .*\n)*?      schema: \{type: string, enum: \[([^\]]*)\]`).FindSubmatch(openAPI)
	if enum == nil {
		t.Fatal("openapi.yaml: no enum in components.parameters.Format")
	}
	got := strings.Split(strings.ReplaceAll(string(enum[1]), " ", ""), ",")
	if !slices.Equal(got, export.Names()) {
		t.Errorf("openapi.yaml's format enum %v, the table %v", got, export.Names())
	}
	doc := string(openAPI)
	at := strings.Index(doc, "\n  /jobs/{id}/placement:")
	end := strings.Index(doc[at+1:], "\n  /")
	if at < 0 || end < 0 {
		t.Fatal("openapi.yaml: no /jobs/{id}/placement")
	}
	section := doc[at : at+1+end]
	for _, f := range export.Formats {
		mediaType, _, _ := strings.Cut(f.MediaType, ";")
		if !strings.Contains(section, "\n            "+mediaType+":") {
			t.Errorf("openapi.yaml: the placement's answer lacks %s (format %s)", mediaType, f.Name)
		}
	}
}

// TestOpenAPIGraphAndMachineFormats checks the OpenAPI document against
// the tables of graph and machine file formats: an upload's ?format=
// lists graphfile.Names and its body every format's media type, a
// graph's download lists the writable formats and json, and answers each
// one's media type, and a machine's format machinefile.Names, each in
// table order.
func TestOpenAPIGraphAndMachineFormats(t *testing.T) {
	doc := string(openAPI)
	enums := map[string][]string{
		"the upload's ?format=":       graphfile.Names(),
		"a graph's download ?format=": append(graphfile.NamesWhere(graphfile.Writable), "json"),
		"a machine's format":          machinefile.Names(),
	}
	for what, names := range enums {
		if !strings.Contains(doc, "enum: ["+strings.Join(names, ", ")+"]") {
			t.Errorf("openapi.yaml: %s should enumerate [%s]", what, strings.Join(names, ", "))
		}
	}
	upload := doc[strings.Index(doc, "\n  /graphs:"):]
	upload = upload[:strings.Index(upload, "responses:")]
	download := doc[strings.Index(doc, "\n  /graphs/{id}:")+1:]
	download = download[:strings.Index(download, "\n  /")]
	for _, f := range graphfile.Formats() {
		if !strings.Contains(upload, "\n          "+f.MediaType+": {}") {
			t.Errorf("openapi.yaml: the upload's body lacks %s (format %s)", f.MediaType, f.Name)
		}
		if f.Write != nil && !strings.Contains(download, "\n            "+f.MediaType+": {}") {
			t.Errorf("openapi.yaml: a graph's download lacks %s (format %s)", f.MediaType, f.Name)
		}
	}
}

// TestOpenAPIRequestFields checks the Request schema of openapi.yaml
// against the field table (spec.Fields): one property per field, in the
// table's order, of its JSON type, then POST /map's hostnames; the
// required ones as the table says.
func TestOpenAPIRequestFields(t *testing.T) {
	doc := string(openAPI)
	if schemaOf(doc, "Request") == "" {
		t.Fatal("openapi.yaml: no components.schemas.Request")
	}
	props := regexp.MustCompile(`(?m)^        ([a-zA-Z]+): \{type: ([a-z]+)`).FindAllStringSubmatch(schemaOf(doc, "Request"), -1)
	openType := map[spec.Kind]string{spec.Text: "string", spec.Unsigned: "integer", spec.Integer: "integer", spec.Number: "number"}
	var want, got []string
	var required []string
	for _, f := range spec.Fields {
		want = append(want, f.Name+" "+openType[f.Kind])
		if f.Required {
			required = append(required, f.Name)
		}
	}
	want = append(want, "hostnames array")
	for _, p := range props {
		got = append(got, p[1]+" "+p[2])
	}
	if !slices.Equal(got, want) {
		t.Errorf("openapi.yaml's Request properties %v, the field table's %v", got, want)
	}
	if line := "required: [" + strings.Join(required, ", ") + "]"; !strings.Contains(schemaOf(doc, "Request"), line) {
		t.Errorf("openapi.yaml's Request lacks %q", line)
	}
}

// schemaOf returns the text of one schema of components.schemas.
func schemaOf(doc, name string) string {
	at := strings.Index(doc, "\n    "+name+":\n")
	if at < 0 {
		return ""
	}
	s := doc[at+1:]
	end := regexp.MustCompile(`\n    [A-Za-z]`).FindStringIndex(s[1:])
	if end == nil {
		return s
	}
	return s[:end[0]+1]
}

// TestOpenAPIRenderTakesEveryRequestField checks that GET /render.svg
// documents a query parameter for every field of the field table
// (spec.Fields), which its instance is parsed with (spec.ParseQuery).
func TestOpenAPIRenderTakesEveryRequestField(t *testing.T) {
	doc := string(openAPI)
	at := strings.Index(doc, "\n  /render.svg:\n")
	if at < 0 {
		t.Fatal("openapi.yaml: no /render.svg")
	}
	section := doc[at+1:]
	if end := strings.Index(section, "\n  /"); end >= 0 {
		section = section[:end]
	}
	for _, f := range spec.Fields {
		if !strings.Contains(section, "{name: "+f.Name+", in: query") {
			t.Errorf("openapi.yaml: /render.svg documents no query parameter %s, a field it reads", f.Name)
		}
	}
}

// TestOpenAPIRenderIntegerBounds checks the bounds openapi.yaml gives
// render.svg's integer parameters against parseRender: each bound is
// taken, one past it refused naming the parameter. step and detail had
// no maximum in the document, where the server refuses above 16777216.
func TestOpenAPIRenderIntegerBounds(t *testing.T) {
	for _, name := range []string{"width", "height", "yaw", "pitch", "step", "detail"} {
		m := regexp.MustCompile(`\{name: ` + name + `, in: query, schema: \{type: integer, minimum: (-?\d+), maximum: (-?\d+)`).FindStringSubmatch(string(openAPI))
		if m == nil {
			t.Errorf("openapi.yaml: render.svg's %s has no minimum and maximum", name)
			continue
		}
		lo, _ := strconv.Atoi(m[1])
		hi, _ := strconv.Atoi(m[2])
		for v, ok := range map[int]bool{lo - 1: false, lo: true, hi: true, hi + 1: false} {
			q := url.Values{"guest": {"hypercube:4"}, "host": {"ring:16"}, "algo": {"xor"}, name: {strconv.Itoa(v)}}
			_, err := parseRender(q)
			if ok != (err == nil) || !ok && spec.FieldOf(err) != name {
				t.Errorf("render.svg?%s=%d: %v, want it taken: %v", name, v, err, ok)
			}
		}
	}
}
