//go:build !js

package solve

import (
	_ "embed"
	"strings"
)

// notesText holds every algorithm's summary, source and cost, a section
// "## name" each (notes.md). The browser's client leaves it out
// (notes_js.go), two thirds of the notes' bytes: its pages read the notes
// from the server.
//
//go:embed notes.md
var notesText string

// written are the sections of notesText by name; register fills an
// algorithm's notes from its section, the summary before the sentences its
// code adds (coresNote, indexOrderNote).
var written = parseNotes(notesText)

// coresNote is the sentence every grid heuristic's summary ends with.
const coresNote = " On a host with C cores per node (:cores=C), ours: the grid is cut into bricks of C objects " +
	"(the most cube-like shape whose sides divide the grid's), the grid of bricks is mapped onto the nodes by " +
	"this heuristic, and the objects of a brick go to the cores of its node in index order."

// indexOrderNote is the sentence of withIndexOrder's baselines.
const indexOrderNote = " On hosts without grid coordinates (fat trees, dragonflies), ours: objects in index order onto slots in index order."

// parseNotes reads the sections of a notes file: a line "## name" opens
// one; its paragraphs (lines joined with spaces, blank lines between) are
// its summary, but one that starts "Source: " its source and one that
// starts "Cost: " its complexity. Text before the first section is the
// file's preface.
func parseNotes(text string) map[string]Notes {
	out := map[string]Notes{}
	name, para := "", ""
	end := func() {
		n := out[name]
		switch {
		case para == "" || name == "":
		case strings.HasPrefix(para, "Source: "):
			n.Source = strings.TrimPrefix(para, "Source: ")
		case strings.HasPrefix(para, "Cost: "):
			n.Complexity = strings.TrimPrefix(para, "Cost: ")
		default:
			n.Summary = strings.TrimPrefix(n.Summary+" "+para, " ")
		}
		if name != "" {
			out[name] = n
		}
		para = ""
	}
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "## "):
			end()
			name = strings.TrimPrefix(line, "## ")
			out[name] = out[name]
		case line == "":
			end()
		default:
			para = strings.TrimPrefix(para+" "+line, " ")
		}
	}
	end()
	return out
}
