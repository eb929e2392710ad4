package export_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// rankfileTarget is the target of ranks ranks on host, on the allocation
// of those nodes (nil: the whole machine, no allocation).
func rankfileTarget(t *testing.T, host string, nodes []int, ranks int) export.Target {
	t.Helper()
	h, err := spec.ParseHost(host)
	if err != nil {
		t.Fatal(err)
	}
	if nodes == nil {
		return export.Target{Host: h, Ranks: ranks}
	}
	a, err := topology.Allocate(h, nodes, 0, ranks)
	if err != nil {
		t.Fatal(err)
	}
	return export.Target{Host: a.Whole, Ranks: ranks, Allocation: a}
}

// TestRankfileReadsPackagesAndRelativeHosts: a rankfile as users write
// it for Open MPI reads as mpirun binds it: slot=S:C is core C of package
// S, hwloc's logical core S·(cores per package)+C (on pack:2 core:4,
// slot=1:2 is core 6), the packages being the outermost of a node's
// groups; on nodes without them (cores=C, no cores) the one package of
// all the node's cores; a host "+nK" is node K of the allocation, in
// allocation order.
func TestRankfileReadsPackagesAndRelativeHosts(t *testing.T) {
	for _, tt := range []struct {
		name, host string
		nodes      []int // the allocation; nil for none
		in         string
		want       []int
	}{
		{"two packages of four", "mesh:2x1:node=4x2:dist=1,2", nil,
			"rank 0=node1 slot=1:2\nrank 1=node0 slot=0:3\nrank 2=node0 slot=1:0\n", []int{14, 3, 4}},
		{"packages over NUMA domains", "ring:2:node=2x2x2:dist=1,2,3", nil,
			"rank 0=node0 slot=1:3\nrank 1=node1 slot=0:2\n", []int{7, 10}},
		{"blanks around the colon", "mesh:2x1:node=4x2:dist=1,2", nil,
			"rank 0 = node1 slot = 1 : 1\n", []int{13}},
		{"cores without packages: package 0", "ring:2:cores=4", nil,
			"rank 0=node1 slot=0:3\nrank 1=node0 slot=0:0\n", []int{7, 0}},
		{"no cores: package 0, core 0", "ring:4", nil,
			"rank 0=node2 slot=0:0\n", []int{2}},
		{"relative hosts in allocation order", "torus:2x2:cores=4", []int{2, 1},
			"rank 0=+n0 slot=1\nrank 1=+n1 slot=0\n", []int{9, 4}},
		{"relative hosts and packages", "mesh:3x1:node=2x2:dist=1,2", []int{2, 0},
			"rank 0=+n0 slot=1:0\nrank 1=+n1 slot=0:1\nrank 2=node1 slot=3\n", []int{10, 1, 7}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			target := rankfileTarget(t, tt.host, tt.nodes, len(tt.want))
			got, _, err := export.ReadPlacement(strings.NewReader(tt.in), "", target)
			if err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("read %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// TestRankfileRefusesWhatItCannotScore: a rankfile line that binds a rank
// to several cores (topomap places a rank on one), names a package or
// core its node lacks, a package on nodes without packages, or a relative
// host without an allocation (or beyond it) is refused naming the line
// and what to write instead.
func TestRankfileRefusesWhatItCannotScore(t *testing.T) {
	const inside = "mesh:2x1:node=4x2:dist=1,2"
	for _, tt := range []struct {
		name, host string
		nodes      []int
		line, want string
	}{
		{"a range in a package", inside, nil, "rank 1=node0 slot=1:0-3",
			"line 2: slot \"1:0-3\" binds the rank to several cores (a list, a range or '*'); topomap scores one core per rank: write one, slot=<package>:<core> or slot=<core>"},
		{"a list of cores", inside, nil, "rank 1=node0 slot=0,1", "line 2: slot \"0,1\" binds the rank to several cores"},
		{"a range of cores", inside, nil, "rank 1=node0 slot=0-3", "line 2: slot \"0-3\" binds the rank to several cores"},
		{"a list of packages and cores", inside, nil, "rank 1=node0 slot=1:0,1:2", "line 2: slot \"1:0,1:2\" binds the rank to several cores"},
		{"a whole package", inside, nil, "rank 1=node0 slot=1:*", "line 2: slot \"1:*\" binds the rank to several cores"},
		{"a package too many", inside, nil, "rank 1=node0 slot=2:0",
			"line 2: slot \"2:0\" out of range: a node of mesh:2x1:node=4x2:dist=1,2 has 2 packages of 4 cores (slot=0:0 to slot=1:3)"},
		{"a core too many", inside, nil, "rank 1=node0 slot=1:4", "line 2: slot \"1:4\" out of range: a node of mesh:2x1:node=4x2:dist=1,2 has 2 packages of 4 cores"},
		{"a package of cores=C", "ring:2:cores=8", nil, "rank 1=node0 slot=1:2",
			"line 2: slot \"1:2\": the nodes of ring:2:cores=8 have no packages given, so topomap reads each as one package of 8 cores: write the core's index (slot=<core>), or give the node's inside"},
		{"a core of a node without cores", "ring:4", nil, "rank 1=node0 slot=0:1", "line 2: slot \"0:1\": the nodes of ring:4 have no packages given, so topomap reads each as one package of 1 core"},
		{"not a package", inside, nil, "rank 1=node0 slot=a:1", "line 2: slot \"a:1\": want slot=<core> or slot=<package>:<core>"},
		{"a negative core", inside, nil, "rank 1=node0 slot=-1", `line 2: slot "-1" is not a number`},
		{"a relative host without an allocation", inside, nil, "rank 1=+n0 slot=0",
			`line 2: relative host +n0 is node 0 of the job's allocation, which topomap is not given: give the job's nodes in allocation order (the command line's --nodes, the API's "nodes"), or name the host`},
		{"a relative host beyond the allocation", "torus:2x2:cores=4", []int{2, 1}, "rank 1=+n2 slot=0",
			"line 2: relative host +n2 out of range: the job's allocation has 2 nodes, +n0 to +n1"},
		{"a relative host without a number", "torus:2x2:cores=4", []int{2, 1}, "rank 1=+nx slot=0", `line 2: relative host "x" is not a number`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			target := rankfileTarget(t, tt.host, tt.nodes, 2)
			in := "rank 0=node1 slot=0\n" + tt.line + "\n"
			_, _, err := export.ReadPlacement(strings.NewReader(in), "rankfile", target)
			var fe *spec.FieldError
			if !errors.As(err, &fe) || fe.Field != "placement" || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want a placement field error containing %q", err, tt.want)
			}
		})
	}
}
