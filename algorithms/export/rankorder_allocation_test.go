package export_test

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// allocated returns the instance of guest on host with an allocation
// (nodes, ranks per node: "" for none) and algo.
func allocated(t *testing.T, guest, host, nodes, ranksPerNode, algo string) spec.Instance {
	t.Helper()
	in, err := spec.ParseQuery(map[string][]string{"guest": {guest}, "host": {host}, "nodes": {nodes}, "ranksPerNode": {ranksPerNode}, "algo": {algo}, "seed": {"1"}})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// rankOrderOnAllocationTests place ranks by hand on the whole machine's
// slots (node u's core k is slot 4u+k on torus:2x2:cores=4) of an
// allocation. An MPICH_RANK_ORDER file lists the job's slots: the
// allocated nodes' in allocation order, up to the last that holds a rank
// (all were refused: "leaves 8 of the 16 host slots empty").
var rankOrderOnAllocationTests = []struct {
	name, guest, nodes, ranksPerNode string
	place                            []int
	slots, want                      string // slots per node and the ranks; "" and the error
}{
	{"nodes in allocation order", "grid:4x2", "2,1", "", []int{4, 5, 6, 7, 8, 9, 10, 11},
		"4 slots", "4,5,6,7,0,1,2,3"}, // node 2 first: ranks 4-7
	{"ranks per node: the first cores", "grid:2x2", "3,0", "2", []int{0, 13, 12, 1},
		"2 slots", "2,1,0,3"},
	{"the first nodes of more", "grid:4x2", "0-3", "", []int{3, 2, 1, 0, 4, 5, 6, 7},
		"4 slots", "3,2,1,0,4,5,6,7"},
	{"a node skipped", "grid:4x2", "0-3", "", []int{0, 1, 2, 3, 8, 9, 10, 11}, "",
		"it leaves 4 of the job's 12 slots empty (4 slots on each of the first 3 nodes of the allocation"},
	{"a node not full", "grid:3x2", "0-1", "", []int{0, 1, 2, 4, 5, 6}, "",
		"it leaves 2 of the job's 8 slots empty"},
	{"ranks off the allocation", "grid:4x2", "0-1", "", []int{0, 1, 2, 3, 12, 13, 14, 15}, "",
		"it places 4 ranks off the allocation's slots (the first 4 slots of each allocated node)"},
}

// TestRankOrderOnAnAllocation: rankorder writes a placement on an
// allocation over the job's slots, and refuses one with holes among them
// (or ranks outside them) with a field error on "format" naming the
// formats that can; what it writes reads back into the same placement.
func TestRankOrderOnAnAllocation(t *testing.T) {
	for _, tt := range rankOrderOnAllocationTests {
		t.Run(tt.name, func(t *testing.T) {
			in := allocated(t, tt.guest, "torus:2x2:cores=4", tt.nodes, tt.ranksPerNode, "rb")
			r, err := solve.Score(context.Background(), in, tt.place, solve.Notes{})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			err = export.Write(&buf, "rankorder", r)
			if tt.slots == "" {
				if spec.FieldOf(err) != "format" || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "use json, csv, scotch") || buf.Len() != 0 {
					t.Fatalf("got %v (wrote %q), want an error with %q", err, buf.String(), tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			head, ranks, _ := strings.Cut(buf.String(), "\n")
			if ranks != tt.want+"\n" || !strings.HasPrefix(head, "# MPICH_RANK_ORDER for "+tt.guest+" on torus:2x2:cores=4: ranks in the job's slot order, "+tt.slots+" on each of the first") {
				t.Fatalf("got\n%s\nwant the ranks %s", buf.String(), tt.want)
			}
			readsBack(t, r, "rankorder", buf.Bytes())
		})
	}
}

// readsBack reads file, in format, on r's allocation and checks that it
// gives r's placement.
func readsBack(t *testing.T, r *solve.Result, format string, file []byte) {
	t.Helper()
	tgt := export.Target{Host: r.Mapping.Host, Ranks: len(r.Mapping.Place), Named: r.Instance.Host.String(), Allocation: r.Allocation}
	place, _, err := export.ReadPlacement(bytes.NewReader(file), format, tgt)
	if err != nil {
		t.Fatalf("%s: %v\n%s", format, err, file)
	}
	if !reflect.DeepEqual(place, r.Mapping.Place) {
		t.Fatalf("%s read back as %v, want %v", format, place, r.Mapping.Place)
	}
}

// TestPlacementRoundTripOnAnAllocation: on allocations (ranks per node
// below the cores, nodes out of index order, nodes with an inside, the
// user audit's Cray XE6 slice), every placement format, rankorder among
// them, reads back on the allocation into the placement map wrote.
func TestPlacementRoundTripOnAnAllocation(t *testing.T) {
	cases := []struct{ guest, host, nodes, ranksPerNode string }{
		{"grid:8x8", "preset:xe6-slice", "nid[00000-00007]", "8"},
		{"grid:4x2", "torus:2x2:cores=4", "1-2", ""},
		{"hypercube:4", "ring:16", "4-11", "2"},
		{"grid:4x3", "mesh:4x2:node=2x2:dist=1,2", "5,1,2", "4"},
	}
	for _, c := range cases {
		r, err := solve.Map(context.Background(), allocated(t, c.guest, c.host, c.nodes, c.ranksPerNode, "rb"), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range export.Formats {
			if !f.Readable || f.NodesOnly {
				continue
			}
			var buf bytes.Buffer
			if err := export.Write(&buf, f.Name, r); err != nil {
				t.Fatalf("%s on %s nodes %s: %v", c.guest, c.host, c.nodes, err)
			}
			readsBack(t, r, f.Name, buf.Bytes())
		}
	}
}

// TestReadRankOrderPastTheAllocation: a rank-order file that lists more
// slots than the allocation has names the line and the allocation's
// slots.
func TestReadRankOrderPastTheAllocation(t *testing.T) {
	h, err := spec.ParseHost("ring:8")
	if err != nil {
		t.Fatal(err)
	}
	alloc, err := topology.Allocate(h, []int{6, 2}, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	tgt := export.Target{Host: alloc.Whole, Ranks: 5, Allocation: alloc}
	_, _, err = export.ReadPlacement(strings.NewReader("0,1,2,3,4\n"), "rankorder", tgt)
	if want := "line 1: slot 4 out of range: the allocation has slots 0 to 3 (2 slots on each of 2 nodes)"; spec.FieldOf(err) != "placement" || err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}
