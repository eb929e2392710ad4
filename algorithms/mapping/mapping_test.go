package mapping_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

func TestValidate(t *testing.T) {
	g, _ := guest.NewHypercube(2)
	ring, _ := topology.NewRing(4)
	line, _ := topology.NewLine(6)
	tests := []struct {
		name  string
		host  *topology.Lattice
		place []int
		want  string // "" = valid
	}{
		{"bijection", ring, []int{0, 1, 3, 2}, ""},
		{"larger host", line, []int{5, 0, 2, 3}, ""},
		{"short", ring, []int{0, 1, 2}, "3 entries for 4 guest vertices"},
		{"long", ring, []int{0, 1, 2, 3, 0}, "5 entries for 4 guest vertices"},
		{"negative node", ring, []int{0, -1, 2, 3}, "vertex 1 on node -1, outside [0, 4)"},
		{"node past the end", ring, []int{0, 1, 4, 3}, "vertex 2 on node 4, outside [0, 4)"},
		{"shared node", ring, []int{0, 2, 2, 3}, "node 2 holds two vertices (second: 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := (&mapping.Mapping{Guest: g, Host: tt.host, Place: tt.place}).Validate()
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if !errors.Is(err, mapping.ErrInvalid) || !strings.HasPrefix(msg, "mapping: ") || strings.Contains(msg, "\n") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want one line, prefix \"mapping: \", wrapping ErrInvalid, containing %q", msg, tt.want)
			}
		})
	}
}

func TestInverseAndCoords(t *testing.T) {
	g, _ := guest.NewHypercube(2)
	host, _ := topology.NewMesh(3, 2)
	m := &mapping.Mapping{Guest: g, Host: host, Place: []int{4, 0, 5, 1}}
	if got, want := m.Inverse(), []int{1, 3, -1, -1, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("Inverse() = %v, want %v", got, want)
	}
	// node 4 of a 3x2 mesh is (1,1), node 5 is (2,1)
	want := [][]int{{1, 1}, {0, 0}, {2, 1}, {1, 0}}
	got := m.Coords()
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Coords() = %v, want %v", got, want)
	}
	// rows must not alias each other
	got[0] = append(got[0], 9)
	if !slices.Equal(got[1], []int{0, 0}) {
		t.Errorf("Coords rows alias: %v", got)
	}
}
