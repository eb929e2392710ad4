//go:build race

package main

// raceDetector: the race detector slows the search about tenfold, which
// makes the tests that repeat long searches too slow.
const raceDetector = true
