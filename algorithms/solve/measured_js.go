//go:build js

package solve

// measuredFigures is empty in the browser's client, whose budget the
// figures would take some 1.5 KB of: its pages read them from
// the server (GET /api/v1/algorithms, readNotes in package web; see
// measured.go).
var measuredFigures = map[string]string{}
