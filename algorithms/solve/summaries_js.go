//go:build js

package solve

// summaries, coresNote and indexOrderNote are empty in the browser's
// client, whose budget their 15 KB would take some 7 KB of (gzipped): its
// pages read the summaries from the server (GET /api/v1/algorithms; see
// summaries.go).
var summaries = map[string]string{}

const (
	coresNote      = ""
	indexOrderNote = ""
)
