//go:build race

package store_test

// raceEnabled: under the race detector every child process of the
// corrupt-store suite costs a second; the suite has no concurrency to
// check, so it runs without it.
const raceEnabled = true
