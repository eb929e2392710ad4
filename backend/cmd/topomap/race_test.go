//go:build race

package main

// raceDetector: the race detector slows the search about tenfold, below
// the move rate a budget plans for, so the clock would cut budgeted runs.
const raceDetector = true
