package web

// The notes panel: what an algorithm does, its source and confidence,
// the rest on demand.

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/solve"
)

// confidence explains the tags of package solve's doc to readers.
var confidence = map[string]string{
	"V":     "verified: read in the source",
	"R":     "repaired from damaged source text",
	"V-num": "checked by computation against the source's numbers",
	"P":     "our reading: the source is silent here",
}

func notesPanel(a solve.Algorithm) app.UI {
	body := notesBody(a, true)
	if _, ok := solve.Lookup(a.Name); ok { // not a scored placement's notes, which the page has no section of
		body = append(body, app.P().Body(app.A().ID("notes-docs").Href("/algorithms#"+a.Name).Text("Every algorithm and our definitions")))
	}
	return app.Div().ID("notes").Class("notes").Body(body...)
}

// notesBody renders an algorithm's notes: title, summary, source,
// confidence, cost (complexity and measured) and scope (the explorer's panel and the algorithms
// page; only the panel's confidence has an id).
func notesBody(a solve.Algorithm, panel bool) []app.UI {
	n := a.Notes
	conf := n.Confidence
	if s, ok := confidence[n.Confidence]; ok {
		conf += " (" + s + ")"
	}
	confDd := app.Dd().Text(conf)
	if panel {
		confDd = confDd.ID("confidence")
	}
	rows := append(noteRow("Source", n.Source), app.Dt().Text("Confidence"), confDd)
	more := append(noteRow("Complexity", n.Complexity), noteRow("Measured", n.Measured)...)
	if a.Guests != "" || a.Hosts != "" {
		more = append(more, noteRow("Applies to", a.Guests+" → "+a.Hosts)...)
	}
	if !panel {
		return []app.UI{app.H2().Text(n.Title), app.P().Text(n.Summary), app.Dl().Body(append(rows, more...)...)}
	}
	// The panel leads with the first sentence; the rest opens on demand.
	lead, rest := firstSentence(n.Summary)
	return []app.UI{app.H2().Text(n.Title), app.P().Text(lead), app.Dl().Body(rows...),
		app.If(rest != "" || len(more) > 0, func() app.UI {
			return app.Details().Body(app.Summary().Text("More: the whole method, its cost and scope"),
				app.If(rest != "", func() app.UI { return app.P().Text(rest) }), app.Dl().Body(more...))
		})}
}

// firstSentence splits s after its first sentence: a full stop, then a
// space and a capital or a digit ("2-D onto 3-D: …"), at least 40 bytes
// in (so that "Fig. 9" early on does not end it).
func firstSentence(s string) (lead, rest string) {
	for i := 40; i+2 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' && (s[i+2] >= 'A' && s[i+2] <= 'Z' || s[i+2] >= '0' && s[i+2] <= '9') {
			return s[:i+1], s[i+2:]
		}
	}
	return s, ""
}

// noteRow is a term and its description, or nothing if there is none to
// give (a scored placement has no complexity).
func noteRow(term, desc string) []app.UI {
	if desc == "" {
		return nil
	}
	return []app.UI{app.Dt().Text(term), app.Dd().Text(desc)}
}
