package machinefile_test

import (
	"bytes"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
)

// Machines of new kinds, as another package would declare them: a
// switch tree and listed torus nodes under other types with all their
// methods (so their capabilities, NamedTree and Placed), and a machine
// with none of those capabilities.
type (
	disguisedTree   struct{ *topology.SwitchTree }
	disguisedListed struct{ *topology.Listed }
	bareMachine     struct{ topology.Machine }
)

// TestMachineFilesWriteHostsByCapability: a format writes a host by the
// capability its writer needs, not by its concrete kind: a machine of
// another type with the capability is written byte for byte as the one
// it wraps, by its format and by WriteMachine, and one without it is
// refused, saying what the format holds.
func TestMachineFilesWriteHostsByCapability(t *testing.T) {
	for _, tt := range []struct {
		format, text, holds string
		disguise            func(topology.Host) topology.Machine
	}{
		{"slurm", "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n",
			"a tree of named switches", func(h topology.Host) topology.Machine { return disguisedTree{h.(*topology.SwitchTree)} }},
		{"coords", "# torus 4x3 wrap=1,0\nb 3 1\na 0 2\nc 1 0\n",
			"the listed nodes of a torus", func(h topology.Host) topology.Machine { return disguisedListed{h.(*topology.Listed)} }},
	} {
		h, _, err := machinefile.Read(strings.NewReader(tt.text))
		if err != nil {
			t.Fatal(err)
		}
		f, _ := machinefile.Lookup(tt.format)
		var want, got bytes.Buffer
		if err := f.Write(&want, h); err != nil {
			t.Fatal(err)
		}
		m := tt.disguise(h)
		if err := f.Write(&got, m); err != nil || got.String() != want.String() {
			t.Errorf("%s of %T: %v\n%s\nwant\n%s", tt.format, m, err, got.String(), want.String())
		}
		got.Reset()
		if name, err := machinefile.WriteMachine(&got, m); err != nil || name != tt.format || got.String() != want.String() {
			t.Errorf("WriteMachine(%T): %s, %v\n%s\nwant %s\n%s", m, name, err, got.String(), tt.format, want.String())
		}
		bare := bareMachine{m}
		refusal := "host " + h.String() + " is not " + tt.holds + ":"
		if err := f.Write(&got, bare); err == nil || !strings.HasPrefix(err.Error(), refusal) {
			t.Errorf("%s of a machine without the capability: %v, want %q…", tt.format, err, refusal)
		}
		if _, err := machinefile.WriteMachine(&got, bare); err == nil || err.Error() != "no machine file for "+h.String() {
			t.Errorf("WriteMachine of a machine without the capability: %v", err)
		}
	}
}
