package server

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
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
