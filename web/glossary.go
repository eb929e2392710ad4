package web

import (
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// glossary is the one-line definition of each term of the field that the
// pages use, in the order a label lists them. A label, column head or
// figure's name that contains a term carries its definition as a tooltip
// (title) and accessible description (termText).
var glossary = []struct{ term, def string }{
	{"guest", "guest: the program's communication graph (its processes and the bytes they exchange), e.g. hypercube:8, grid:9x8 or an uploaded graph"},
	{"host", "host: the machine's network that the processes are placed on, e.g. ring:16, torus:8x8x8, fattree:4,3 or dragonfly:8,4,4,9"},
	{"hop-bytes", "hop-bytes: Σ over the guest's edges of the bytes sent × the hops between the nodes holding their two ends; lower is better"},
	{"hops per byte", "hops per byte: hop-bytes ÷ total bytes, the mean number of links a byte crosses"},
	{"dilation", "dilation: the hops between the host nodes of a guest edge's two ends (1 = neighbours stay neighbours)"},
	{"bound", "bound: a proven limit: no placement of this guest on this host does better"},
	{"volume by hops", "volume by hops: the share of the bytes that travel each number of hops"},
	{"D_i", "D_i: the hops of every edge of dimension (d-cube) or axis (grid) i, for i = 0, 1, …; ~x where those edges differ: their mean"},
	{"D_a", "D_a: the mean of the D_i, where each is constant"},
	{"link load", "link load: the bytes that cross one link in one direction under the host's routing, summed over every message; the max is the congestion"},
	{"links used", "links used: the directed links that carry some bytes, of all the host's"},
	{"routing", "routing: the rule that picks each message's route through the host, which the link loads count"},
}

// gloss returns the definitions of the glossary terms that label contains
// as whole words (case aside), joined by " · "; "" if none.
func gloss(label string) string {
	low := strings.ToLower(label)
	var defs []string
	for _, g := range glossary {
		if containsWord(low, strings.ToLower(g.term)) {
			defs = append(defs, g.def)
		}
	}
	return strings.Join(defs, " · ")
}

// containsWord reports whether term occurs in s with no letter right
// before or after it ("host" in "host nodes", not in "ghost" or "hosts'"
// prefixes of other words; a plural "hosts" counts).
func containsWord(s, term string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], term)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(term)
		if !letterAt(s, start-1) && (!letterAt(s, end) || s[end] == 's' && !letterAt(s, end+1)) {
			return true
		}
		i = start + 1
	}
}

func letterAt(s string, i int) bool {
	return i >= 0 && i < len(s) && unicode.IsLetter(rune(s[i]))
}

// termText is label as text, inside a span that carries the definitions of
// its glossary terms (title and aria-description) when it has any; the
// span, of role term, takes the keyboard's focus (and a touch), which
// shows its definition in one box (topomap.js, #term-tip).
func termText(label string) app.UI {
	def := gloss(label)
	if def == "" {
		return app.Text(label)
	}
	return app.Span().Class("term").Attr("role", "term").TabIndex(0).Title(def).Aria("description", def).Text(label)
}
