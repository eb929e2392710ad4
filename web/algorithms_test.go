//go:build !(js && wasm)

package web

import (
	stdhtml "html"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/solve"
)

// TestAlgorithmsPage: the served docs page has a section for every
// registered algorithm (the explorer's notes link to it) that states its
// cost, measured as well as in O(·), and no note that users see cites a
// file they do not have (a design note outside the repository was cited
// before).
func TestAlgorithmsPage(t *testing.T) {
	var html strings.Builder
	app.PrintHTML(&html, (&AlgorithmsPage{}).Render())
	file := regexp.MustCompile(`\b[A-Za-z_]+\.md\b`)
	for _, a := range solve.All() {
		if !strings.Contains(html.String(), `id="`+a.Name+`"`) {
			t.Errorf("no section for %s on /algorithms", a.Name)
		}
		n := a.Notes
		if n.Measured == "" || !strings.Contains(html.String(), stdhtml.EscapeString(n.Measured)) {
			t.Errorf("the section of %s does not state its measured cost %q", a.Name, n.Measured)
		}
		for _, s := range []string{n.Title, n.Source, n.Summary, n.Complexity, n.Measured} {
			if f := file.FindString(s); f != "" {
				t.Errorf("%s's notes cite %s, a file users do not have: %q", a.Name, f, s)
			}
		}
	}
}
