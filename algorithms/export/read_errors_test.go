package export_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
)

// TestReadPlacementErrors: a bad placement file is refused with a field
// error on "placement" that names the line and the problem.
func TestReadPlacementErrors(t *testing.T) {
	tests := []struct {
		name, host, format, in string
		ranks                  int
		names                  export.Hostnames
		want                   string
	}{
		{"rank out of range", "ring:4", "rankfile", "rank 0=node0 slot=0\nrank 7=node1 slot=0\n", 4, nil, "line 2: rank 7 out of range: the guest has ranks 0 to 3"},
		{"rank twice", "ring:4", "scotch", "4\n0 0\n1 1\n0 2\n", 4, nil, "line 4: rank 0 placed again (first on line 2)"},
		{"slot twice", "ring:4", "scotch", "4\n0 0\n1 1\n2 1\n3 3\n", 4, nil, "line 4: rank 2 on node 1 (node1), which rank 1 (line 3) holds already: a slot takes one rank"},
		{"core twice", "ring:2:cores=2", "rankfile", "rank 0=node0 slot=1\nrank 1=node0 slot=1\n", 2, nil, "line 2: rank 1 on core 1 of node 0 (node0), which rank 0 (line 1) holds already"},
		{"core out of range", "ring:2:cores=2", "rankfile", "rank 0=node0 slot=2\n", 1, nil, "line 1: core 2 out of range: ring:2:cores=2 has 2 cores per node (0 to 1)"},
		{"node full", "ring:2:cores=2", "slurm", "node1\nnode1\nnode1\n", 3, nil, "line 3: rank 2 on node 1 (node1), whose 2 slots are all taken already"},
		{"unknown default name", "ring:4", "slurm", "node0\nnid0001\n", 2, nil, "line 2: unknown host name \"nid0001\": without host names the nodes are node0 to node3"},
		{"unknown given name", "ring:2", "slurm", "a\nnode1\n", 2, export.Hostnames{"a", "b"}, "line 2: unknown host name \"node1\": not among the 2 host names given"},
		{"missing ranks", "ring:8", "rankorder", "# MPICH_RANK_ORDER\n0,1,2\n", 8, nil, "5 ranks of the guest's 8 not placed: 3 4 5 6 7"},
		{"many missing", "ring:16", "slurm", "node0\n", 16, nil, "15 ranks of the guest's 16 not placed: 1 2 3 4 5 and 10 more"},
		{"slot out of range", "ring:4", "rankorder", "0,1,2,3,4\n", 5, nil, "line 1: slot 4 out of range: host ring:4 has slots 0 to 3"},
		{"bad number", "ring:4", "mapfile", "0 0\nx 0\n", 2, nil, "line 2: coordinate \"x\" is not a number"},
		{"wrong coordinate count", "mesh:2x2", "mapfile", "0 0\n", 1, nil, "line 1: 2 numbers, want 3: the 2 coordinates of a node of mesh:2x2, then the core"},
		{"coordinate off the host", "mesh:2x2", "mapfile", "0 5 0\n", 1, nil, "line 1: coordinates [0 5] are no node of mesh:2x2 (coordinate 2 is 5, want [0, 2))"},
		{"scotch count", "ring:4", "scotch", "3\n0 0\n", 4, nil, "line 1: the file maps 3 vertices, the guest has 4"},
		{"not a rankfile line", "ring:4", "rankfile", "rank 0 node0\n", 1, nil, "line 1: \"rank 0 node0\" is not \"rank r=<hostname> slot=<core>\""},
		{"csv header", "ring:4", "csv", "rank,host\n0,node0\n", 1, nil, "line 1: header \"rank,host\": want the columns vertex and slot or node"},
		{"json of another host", "ring:4", "json", `{"host":"ring:8","placement":[[0]]}`, 1, nil, `the report places the ranks on host "ring:8", not on ring:4`},
		{"json of another guest", "ring:4", "json", `{"guest":"grid:8x8","host":"ring:4","placement":[[0]]}`, 1, nil, `the report places guest "grid:8x8", not grid:2x2`},
		{"json number", "ring:4", "json", `{"placement":[[0.5]]}`, 1, nil, "its placement holds a number 0.5: want lists of whole numbers, the host coordinates of each vertex"},
		{"json off the host", "ring:4", "json", `{"placement":[[-1]]}`, 1, nil, "placement[0] [-1]: coordinate 1 is -1, want [0, 4)"},
		{"json coordinate", "ring:4", "json", `{"host":"ring:4","placement":[[0],[0]]}`, 2, nil, "placement[1]: rank 1 on node 0 (node0), which rank 0"},
		{"empty", "ring:4", "", "\n# nothing\n", 1, nil, "an empty file: no ranks placed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := spec.ParseHost(tc.host)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = export.ReadPlacement(strings.NewReader(tc.in), tc.format, export.Target{Host: h, Ranks: tc.ranks, Guest: "grid:2x2", Hostnames: tc.names})
			var fe *spec.FieldError
			if !errors.As(err, &fe) || fe.Field != "placement" || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want a placement field error containing %q", err, tc.want)
			}
		})
	}
}

// TestSniffPlacement: the format of each kind of file is told from its
// first lines.
func TestSniffPlacement(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"placement\":[[0]]}", "json"},
		{"vertex,node,x1\n0,0,0\n", "csv"},
		{"rank 0=node0 slot=0\n", "rankfile"},
		{"# MPICH_RANK_ORDER for x on y\n0\n", "rankorder"},
		{"0,1,3,2\n", "rankorder"},
		{"4\n0\t0\n1\t1\n", "scotch"},
		{"0 0 0\n1 0 0\n", "mapfile"},
		{"nid001\nnid002\n", "slurm"},
		{"# comment\n\nnode0\n", "slurm"},
	}
	for _, tc := range tests {
		got, err := export.Sniff([]byte(tc.in))
		if err != nil || got != tc.want {
			t.Errorf("Sniff(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := export.Sniff([]byte("a b c\n")); err == nil || !strings.Contains(err.Error(), "cannot tell the placement format") {
		t.Errorf("Sniff of words: %v", err)
	}
	if got := export.ReadableNames(); !slices.Equal(got, []string{"json", "csv", "rankorder", "scotch", "mapfile", "rankfile", "slurm"}) {
		t.Errorf("ReadableNames = %v", got)
	}
}

// TestReadPlacementKnowsMachineNames: without given names, a placement on
// a machine whose nodes have names (xe6-slice's nid#####) is read by
// those names, as the writers write them.
func TestReadPlacementKnowsMachineNames(t *testing.T) {
	h, err := spec.ParseHost("preset:xe6-slice")
	if err != nil {
		t.Fatal(err)
	}
	place, _, err := export.ReadPlacement(strings.NewReader("nid00003\nnid00000\n"), "slurm", export.Target{Host: h, Ranks: 2})
	if err != nil {
		t.Fatal(err)
	}
	if place[0]/16 != 3 || place[1]/16 != 0 {
		t.Errorf("placement %v: want rank 0 on node 3, rank 1 on node 0 (16 cores a node)", place)
	}
	if _, _, err := export.ReadPlacement(strings.NewReader("node3\n"), "slurm", export.Target{Host: h, Ranks: 1}); err == nil {
		t.Error("node3 on xe6-slice: read, want an unknown name")
	}
}

// TestSniffNeedsTheRankKeyword: a file is a rankfile only if its first
// word is "rank": a Slurm hostfile of hosts named rank01, rank02…, and a
// CSV whose header is not topomap's ("rank,node"), are not (the CSV reader
// then names the columns it wants).
func TestSniffNeedsTheRankKeyword(t *testing.T) {
	tests := []struct{ in, want string }{
		{"rank\t3=node0 slot=1:0,2\n", "rankfile"},
		{"rank01\nrank02\n", "slurm"},
		{"rank,node\n0,5\n", "csv"},
		{"node, vertex\n5, 0\n", "csv"},
	}
	for _, tc := range tests {
		if got, err := export.Sniff([]byte(tc.in)); err != nil || got != tc.want {
			t.Errorf("Sniff(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
