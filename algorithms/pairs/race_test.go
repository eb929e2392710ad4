//go:build race

package pairs

// raceEnabled: the race detector slows the search 5-10 times, so the
// tests that make millions of moves skip that part under it.
const raceEnabled = true
