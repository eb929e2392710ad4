//go:build !race

package pairs

const raceEnabled = false
