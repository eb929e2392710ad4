//go:build js

package solve

// written, coresNote and indexOrderNote are empty in the browser's
// client, whose budget their 20 KB would take some 9 KB of (gzipped): its
// pages read the notes from the server (GET /api/v1/algorithms; see
// notes.go).
var written = map[string]Notes{}

const (
	coresNote      = ""
	indexOrderNote = ""
)
