//go:build !js

package solve

import (
	_ "embed"
	"strings"
)

// summariesText holds every algorithm's summary, a section "## name" each
// (summaries.md). The browser's client leaves it out (summaries_js.go), a
// fifth of its notes' bytes: its pages read the summaries from the server.
//
//go:embed summaries.md
var summariesText string

// summaries are the sections of summariesText by name; register prepends
// an algorithm's to the sentences its code adds (coresNote,
// indexOrderNote).
var summaries = parseSummaries(summariesText)

// coresNote is the sentence every grid heuristic's summary ends with.
const coresNote = " On a host with C cores per node (:cores=C), ours: the grid is cut into bricks of C objects " +
	"(the most cube-like shape whose sides divide the grid's), the grid of bricks is mapped onto the nodes by " +
	"this heuristic, and the objects of a brick go to the cores of its node in index order."

// indexOrderNote is the sentence of withIndexOrder's baselines.
const indexOrderNote = " On hosts without grid coordinates (fat trees, dragonflies), ours: objects in index order onto slots in index order."

// parseSummaries reads the sections of a summaries file: a line "## name"
// opens one, and its other lines, joined with spaces, are its text. Text
// before the first section is the file's preface.
func parseSummaries(text string) map[string]string {
	out := map[string]string{}
	name := ""
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "## "):
			name = strings.TrimPrefix(line, "## ")
		case name != "" && line != "":
			out[name] = strings.TrimPrefix(out[name]+" "+line, " ")
		}
	}
	return out
}
