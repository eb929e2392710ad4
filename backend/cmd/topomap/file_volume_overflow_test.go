package main

import (
	"strings"
	"testing"
)

// TestMapFileRefusesVolumeOverflow: file:PATH reads through the checks
// the server's uploads pass, so volumes whose sum overflows are refused
// with the reason rather than mapped to infinite hop-bytes.
func TestMapFileRefusesVolumeOverflow(t *testing.T) {
	p := writeFile(t, "overflow.csv", "0,1,1e308\n1,0,1e308\n")
	out, _, err := runArgs(t, "map", "--guest", "file:"+p, "--host", "ring:2", "--algo", "pairs", "--seed", "1")
	if err == nil || !strings.Contains(err.Error(), "add up to more than 2^480") {
		t.Errorf("map of %s: %v, output %q; want the volumes' sum refused", p, err, out)
	}
}
