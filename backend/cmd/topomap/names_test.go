package main

import (
	"strings"
	"testing"
)

// TestMachineFileNamesLaunchersCannotCarry: a machine file with a node
// name that launcher files cannot carry is refused by every command that
// reads it, naming the file, its line and the name, in the words of
// --hostnames (it was accepted by machine and failed map without them).
func TestMachineFileNamesLaunchersCannotCarry(t *testing.T) {
	for _, tt := range []struct {
		name, file, text string
		says             []string
	}{
		{"an option-like name", "dash.conf", "SwitchName=sw Nodes=n1,-x,n2,n3\n",
			[]string{"Slurm topology.conf, line 1", `name 2: "-x" starts with '-', which a launcher would read as an option`}},
		{"a name not in ASCII", "nœud.conf", "SwitchName=a Nodes=a1\nSwitchName=b Nodes=nœud[1-2]\nSwitchName=top Switches=a,b\n",
			[]string{"Slurm topology.conf, line 2", `name 2: "nœud1" has 'œ'; a host name has only ASCII letters`}},
		{"a backslash", "coords.txt", "# torus 4\nn0 0\nn\\1 1\n",
			[]string{"torus coordinates, line 3", `name 2: "n\\1" has '\\'`}},
	} {
		path := writeFile(t, tt.file, tt.text)
		for _, args := range [][]string{
			{"machine", "--host", "file:" + path},
			{"map", "--guest", "grid:2x2", "--host", "file:" + path, "--algo", "identity"},
		} {
			t.Run(tt.name+"/"+args[0], func(t *testing.T) {
				_, _, err := runArgs(t, args...)
				if err == nil {
					t.Fatal("no error")
				}
				for _, s := range append([]string{"--host file:" + path + ": "}, tt.says...) {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("%q does not say %q", err, s)
					}
				}
			})
		}
	}
}
