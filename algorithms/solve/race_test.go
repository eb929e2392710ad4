//go:build race

package solve_test

// raceEnabled: the race detector slows code 5-10 times, so wall-clock
// assertions are skipped under it.
const raceEnabled = true
