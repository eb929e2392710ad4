package topotest

import (
	"errors"
	"fmt"
	"strconv"

	"topomap/algorithms/topology"
)

// Hub is a host kind (a star) that no package draws, maps or routes specially:
// tests register it (HubKind) to check that code serving every host
// serves a kind it has never heard of. hub:K is a hub, node 0, with K
// leaves, nodes 1..K, each one hop from the hub and two from each other.
type Hub struct{ leaves int }

// HubKind registers Hub as "hub:K" (1 ≤ K ≤ 65,535), for tests:
// topology.Register(topotest.HubKind).
var HubKind = topology.KindSpec{Name: "hub", Form: "hub:K", Parse: parseHub, Examples: []string{"hub:1", "hub:5", "hub:63"}}

func parseHub(args string) (topology.Host, error) {
	k, err := strconv.Atoi(args)
	if err != nil || k < 1 || k > 1<<16-1 {
		return nil, errors.New("want hub:K with K a whole number of leaves in [1, 65535]")
	}
	return &Hub{leaves: k}, nil
}

// Size returns K+1.
func (s *Hub) Size() int { return s.leaves + 1 }

// String returns "hub:K".
func (s *Hub) String() string { return fmt.Sprintf("hub:%d", s.leaves) }

// Coords writes the one coordinate of node idx, idx itself.
func (s *Hub) Coords(idx int, dst []int) []int { return append(dst[:0], idx) }

// Index returns the node of one coordinate in [0, K].
func (s *Hub) Index(coords []int) (int, error) {
	if len(coords) != 1 || coords[0] < 0 || coords[0] > s.leaves {
		return 0, fmt.Errorf("coordinates %v: want one in [0, %d]", coords, s.leaves)
	}
	return coords[0], nil
}

// Hops returns 0, 1 to or from the hub, 2 between leaves.
func (s *Hub) Hops(a, b int) int {
	switch {
	case a == b:
		return 0
	case a == 0 || b == 0:
		return 1
	}
	return 2
}

// Neighbors appends every leaf to the hub's list, the hub to a leaf's.
func (s *Hub) Neighbors(idx int, dst []int) []int {
	if idx != 0 {
		return append(dst, 0)
	}
	for v := 1; v <= s.leaves; v++ {
		dst = append(dst, v)
	}
	return dst
}
