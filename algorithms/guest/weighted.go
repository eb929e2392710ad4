package guest

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"topomap/algorithms/internal/numtext"
)

// IDLen is the length of a weighted graph's id: hex digits of a SHA-256
// prefix (128 bits) of its canonical form.
const IDLen = 32

// ValidID reports whether s has the form of a graph id.
func ValidID(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil && len(s) == IDLen && strings.ToLower(s) == s // lower-case hex only
}

// parseWeighted parses the id of graph:ID (any case; the id is hex).
func parseWeighted(args string) (Spec, error) {
	if !ValidID(args) {
		return Spec{}, fmt.Errorf("want graph:ID, the %d hex digits of an uploaded graph's id", IDLen)
	}
	return Spec{Kind: Custom, ID: args}, nil
}

// weightedOrder is the order of the attached graph; 0 before Resolve.
func weightedOrder(s Spec) int {
	if s.Graph == nil {
		return 0
	}
	return s.Graph.Order()
}

// ErrUnresolved is wrapped by the error of building a graph:ID guest
// whose graph no resolver attached.
var ErrUnresolved = errors.New("the graph is not loaded")

func buildWeighted(s Spec) (*Graph, error) {
	if s.Graph == nil {
		return nil, fmt.Errorf("%w: graph:%s names a graph uploaded to a server (the command line reads the file itself: file:PATH)", ErrUnresolved, s.ID)
	}
	return s.Graph, nil
}

// A Resolver returns the graph of an id: the server's store, the command
// line's file loader, the browser's fetch from the server. It is the
// caller's, so that this package does no I/O. The graph must be the one
// Canonical returns (its ID equal to id).
type Resolver func(ctx context.Context, id string) (*Graph, error)

// Resolve returns s with its graph attached when s names one (graph:ID)
// and none is attached yet; other specs come back unchanged. A graph
// whose id differs from the one asked is an error: a resolver must not
// substitute one graph for another.
func (s Spec) Resolve(ctx context.Context, r Resolver) (Spec, error) {
	if s.Kind != Custom || s.Graph != nil {
		return s, nil
	}
	if r == nil {
		return s, fmt.Errorf("%w: graph:%s (no graph store here)", ErrUnresolved, s.ID)
	}
	g, err := r(ctx, s.ID)
	if err != nil {
		return s, err
	}
	if g == nil || g.ID != s.ID {
		return s, fmt.Errorf("%w: graph:%s resolved to another graph", ErrInvalid, s.ID)
	}
	s.Graph = g
	return s, nil
}

// SpecOf returns the spec of an identified weighted graph (from
// Canonical), with the graph attached.
func SpecOf(g *Graph) Spec { return g.spec() }

// Canonical returns g as a weighted graph kind (graph:ID): every vertex's
// arcs sorted by target, volumes explicit, labels and grid or cube shape
// dropped, and ID the hash of that form. The same directed volumes give
// the same ID whatever the file format, the order of the lines or the
// splitting of parallel arcs. O(arcs·log degree).
func Canonical(g *Graph) *Graph {
	n := g.Order()
	c := &Graph{Kind: Custom, Offsets: slices.Clone(g.Offsets), Adj: make([]int32, g.Arcs()), Weight: make([]float64, g.Arcs())}
	type arc struct {
		to int32
		w  float64
	}
	var buf []arc
	h := sha256.New()
	// The hashed form, written to h in blocks: n, then per vertex its
	// degree and its (target, volume bits) pairs, little-endian.
	enc := binary.LittleEndian.AppendUint32(make([]byte, 0, 64<<10), uint32(n))
	for v := range n {
		lo, hi := g.Offsets[v], g.Offsets[v+1]
		buf = buf[:0]
		for e := lo; e < hi; e++ {
			buf = append(buf, arc{g.Adj[e], g.Volume(int(e))})
		}
		slices.SortFunc(buf, func(a, b arc) int { return int(a.to) - int(b.to) })
		enc = binary.LittleEndian.AppendUint32(enc, uint32(hi-lo))
		for i, a := range buf {
			c.Adj[int(lo)+i], c.Weight[int(lo)+i] = a.to, a.w
			enc = binary.LittleEndian.AppendUint32(enc, uint32(a.to))
			enc = binary.LittleEndian.AppendUint64(enc, math.Float64bits(a.w))
		}
		if len(enc) >= 60<<10 {
			h.Write(enc)
			enc = enc[:0]
		}
	}
	h.Write(enc)
	c.ID = hex.EncodeToString(h.Sum(nil)[:IDLen/2])
	return c
}

// FromCSR returns the weighted graph of an id from its CSR arrays (as a
// store or the API hands them over), after checking what the mappers
// rely on: n ≥ 1 vertices, offsets from 0 increasing to the arcs, targets
// in range and no self-loop, one finite volume > 0 per arc, and volumes
// that add up to at most MaxTotalVolume. The arrays are kept, not copied.
// O(n + arcs).
func FromCSR(id string, offsets, adj []int32, weight []float64) (*Graph, error) {
	n := len(offsets) - 1
	switch {
	case !ValidID(id):
		return nil, fmt.Errorf("%w: graph id %.40q", ErrInvalid, id)
	case n < 1 || n > MaxVertices:
		return nil, fmt.Errorf("%w: %s vertices, want 1 to %s", ErrInvalid, numtext.Count(n), numtext.Count(MaxVertices))
	case offsets[0] != 0 || int(offsets[n]) != len(adj) || len(weight) != len(adj):
		return nil, fmt.Errorf("%w: offsets [%d..%d] for %d arcs and %d volumes", ErrInvalid, offsets[0], offsets[n], len(adj), len(weight))
	}
	for v := range n {
		if offsets[v] > offsets[v+1] || int(offsets[v+1]) > len(adj) {
			return nil, fmt.Errorf("%w: offsets out of order at vertex %d", ErrInvalid, v)
		}
		for e := offsets[v]; e < offsets[v+1]; e++ {
			if u := adj[e]; u < 0 || int(u) >= n || int(u) == v {
				return nil, fmt.Errorf("%w: arc %d→%d out of range", ErrInvalid, v, u)
			}
			if w := weight[e]; !(w > 0) || math.IsInf(w, 1) {
				return nil, fmt.Errorf("%w: arc %d→%d has volume %v", ErrInvalid, v, adj[e], w)
			}
		}
	}
	if err := checkTotal(weight); err != nil {
		return nil, err
	}
	return &Graph{Kind: Custom, ID: id, Offsets: offsets, Adj: adj, Weight: weight}, nil
}

// TotalVolume returns Σ w over the arcs of g.
func (g *Graph) TotalVolume() float64 {
	if g.Weight == nil {
		return float64(g.Arcs())
	}
	var s float64
	for _, w := range g.Weight {
		s += w
	}
	return s
}
