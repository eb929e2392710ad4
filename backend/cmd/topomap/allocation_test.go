package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMapAllocation: --nodes names the nodes of --hostnames (or a
// preset's own) or gives index ranges; --ranks-per-node fills each used
// node with exactly that many ranks; the SLURM_HOSTFILE names the
// allocated nodes in their order, and what does not fit says so under the
// flag's field.
func TestMapAllocation(t *testing.T) {
	names := filepath.Join(t.TempDir(), "hosts")
	if err := os.WriteFile(names, []byte("rack[1-2]-node[01-02]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--host", "mesh:2x2:cores=2", "--hostnames", names, "--nodes", "rack2-node02,rack1-node01"},
			"rack2-node02\nrack2-node02\nrack1-node01\nrack1-node01\n"},
		{[]string{"--host", "torus:8x8", "--nodes", "63,0", "--ranks-per-node", "2"}, "node63\nnode63\nnode0\nnode0\n"},
		{[]string{"--host", "preset:xe6-slice", "--nodes", "nid[00254-00255]", "--ranks-per-node", "2"}, "nid00254\nnid00254\nnid00255\nnid00255\n"},
	} {
		args := append([]string{"map", "--guest", "grid:2x2", "--algo", "rowmajor", "--format", "slurm"}, tt.args...)
		if out, _, err := runArgs(t, args...); err != nil || out != tt.want {
			t.Errorf("%v: %v\n%q, want %q", tt.args, err, out, tt.want)
		}
	}
	_, _, err := runArgs(t, "map", "--guest", "grid:2x2", "--algo", "greedy", "--host", "preset:xe6-slice", "--nodes", "nid00001,nid00300")
	if err == nil || !strings.Contains(err.Error(), `"nid00300" is no node of the machine`) {
		t.Errorf("an unknown node: %v", err)
	}
}
