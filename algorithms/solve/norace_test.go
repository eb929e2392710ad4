//go:build !race

package solve_test

const raceEnabled = false
