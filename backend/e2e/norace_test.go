//go:build !race && !(js && wasm)

package e2e

const raceEnabled = false
