// Package solvetest holds the helper that tests of the layers above the
// registry (drawings, the server, the browser tests) share: an instance
// named by its permalink query, mapped as the pages, the API and the CLI
// map it (spec.ParseQuery, then solve.Map).
package solvetest
