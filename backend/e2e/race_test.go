//go:build race && !(js && wasm)

package e2e

// raceEnabled: under the race detector make test runs this package beside
// the other race suites on the same cores, so the browser gets too little
// CPU for assertions about how often a page repaints; those only log then.
const raceEnabled = true
