package guest_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"topomap/algorithms/guest"
)

// TestTotalVolumeCapped: every constructor of weighted graphs refuses
// volumes that add up beyond MaxTotalVolume (which keeps hop-bytes
// finite), naming the overflow; the largest total admitted builds.
func TestTotalVolumeCapped(t *testing.T) {
	half := guest.MaxTotalVolume / 2
	tests := []struct {
		name string
		make func() (*guest.Graph, error)
		want string // "" for no error
	}{
		{"arcs overflow", func() (*guest.Graph, error) {
			g, _, err := guest.FromArcs(2, []guest.Arc{{From: 0, To: 1, Volume: 1e308}, {From: 1, To: 0, Volume: 1e308}})
			return g, err
		}, "their sum overflows"},
		{"arcs above the cap", func() (*guest.Graph, error) {
			g, _, err := guest.FromArcs(4, []guest.Arc{{From: 0, To: 1, Volume: 1e200}, {From: 2, To: 3, Volume: 1}})
			return g, err
		}, "their sum is 1e+200"}, // its squared link load would overflow
		{"arcs at the cap", func() (*guest.Graph, error) {
			g, _, err := guest.FromArcs(2, []guest.Arc{{From: 0, To: 1, Volume: half}, {From: 1, To: 0, Volume: half}})
			return g, err
		}, ""},
		{"edges above the cap", func() (*guest.Graph, error) {
			return guest.FromEdges(2, []guest.Edge{{U: 0, V: 1, Volume: half * 1.5}})
		}, "add up to more than 2^480"},
		{"CSR overflow", func() (*guest.Graph, error) {
			return guest.FromCSR(strings.Repeat("0", guest.IDLen), []int32{0, 1, 2}, []int32{1, 0}, []float64{math.MaxFloat64, math.MaxFloat64})
		}, "their sum overflows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := tt.make()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v, want the graph", err)
			case tt.want == "":
				if v := g.TotalVolume(); v != guest.MaxTotalVolume {
					t.Errorf("total volume %v, want %v", v, guest.MaxTotalVolume)
				}
			case err == nil:
				t.Fatalf("built a graph of total volume %v, want an error", g.TotalVolume())
			case !errors.Is(err, guest.ErrInvalid) || !errors.Is(err, guest.ErrTotalVolume) || !strings.Contains(err.Error(), tt.want):
				t.Errorf("error %q, want ErrInvalid and ErrTotalVolume containing %q", err, tt.want)
			}
		})
	}
}
