package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMapHostnames: --hostnames names the nodes of the launcher files
// (one name per node, the cores of a node sharing it), and a bad file is
// refused before anything is solved, naming the line.
func TestMapHostnames(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "hosts")
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(good, []byte("# two nodes\nalpha\nbeta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("alpha\nbe ta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"map", "--guest", "grid:2x2", "--host", "mesh:2x1:cores=2", "--algo", "rowmajor"}
	out, _, err := runArgs(t, append(base, "--format", "rankfile", "--hostnames", good)...)
	if want := "rank 0=alpha slot=0\nrank 1=alpha slot=1\nrank 2=beta slot=0\nrank 3=beta slot=1\n"; err != nil || out != want {
		t.Errorf("rankfile: %v\n%s", err, out)
	}
	out, _, err = runArgs(t, append(base, "--format", "slurm")...)
	if want := "node0\nnode0\nnode1\nnode1\n"; err != nil || out != want {
		t.Errorf("slurm with default names: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--hostnames", bad}, "line 2"},
		{[]string{"--hostnames", filepath.Join(dir, "none")}, "--hostnames: open"},
		{[]string{"--host", "mesh:4x1", "--hostnames", good}, "2 host names for 4 nodes"},
	} {
		_, _, err := runArgs(t, append(append(base, "--format", "rankfile"), tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want %q", tt.args, err, tt.want)
		}
	}
}

// TestMapRankOrderHoles is a user's example: rankorder used to print
// 0,1,2,3,4,5 for a placement that puts ranks 3-5 on nodes 4-6.
func TestMapRankOrderHoles(t *testing.T) {
	_, _, err := runArgs(t, "map", "--guest", "grid:3x2", "--host", "mesh:4x2", "--algo", "step", "--format", "rankorder")
	if err == nil || !strings.Contains(err.Error(), "use json, csv, scotch, mapfile, rankfile or slurm") {
		t.Errorf("rankorder with holes: %v", err)
	}
}

// TestSubmitHostnames: submit --wait --hostnames fetches a job's
// launcher file with those names (POST /jobs/{id}/placement).
func TestSubmitHostnames(t *testing.T) {
	url := testServer(t)
	names := filepath.Join(t.TempDir(), "hosts")
	if err := os.WriteFile(names, []byte("alpha\nbeta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	instance := []string{"--server", url, "--guest", "grid:2x2", "--host", "mesh:2x1:cores=2", "--algo", "rowmajor"}
	out, err := runCLI(t, append([]string{"submit", "--wait", "--format", "slurm", "--hostnames", names}, instance...)...)
	if err != nil || out != "alpha\nalpha\nbeta\nbeta\n" {
		t.Errorf("submit --hostnames: %v\n%s", err, out)
	}
	if _, err := runCLI(t, append([]string{"submit", "--format", "json", "--hostnames", names}, instance...)...); err == nil || !strings.Contains(err.Error(), "needs --wait") {
		t.Errorf("--hostnames without --wait: %v", err)
	}
}
