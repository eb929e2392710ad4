package api

import (
	"topomap/algorithms/guest"
	"topomap/algorithms/spec"
)

// Graph is the answer to POST /api/v1/graphs: the id of an uploaded
// communication graph (its guest spec is "graph:" + ID) and what was read.
type Graph struct {
	// ID is the content hash of the graph's canonical form: the same
	// graph uploaded twice, or in two formats, has one id.
	ID       string `json:"id"`
	Vertices int    `json:"vertices"`
	// Arcs counts the directed arcs (an undirected edge is two).
	Arcs        int     `json:"arcs"`
	TotalVolume float64 `json:"totalVolume"`
	// Format is the name of the format the upload was read in.
	Format string `json:"format"`
	// Warnings say what the reader dropped or guessed (self-loops, ...).
	Warnings []string `json:"warnings"`
}

// Guest returns the guest spec string that names the graph, as the
// guest kind of uploaded graphs writes it ("graph:" + ID).
func (g Graph) Guest() string { return spec.Guest{Kind: guest.Custom, ID: g.ID}.String() }

// GraphData is an uploaded graph in CSR form, as GET
// /api/v1/graphs/{id}?format=json answers it: vertex v's arcs go to
// Adj[Offsets[v]:Offsets[v+1]] with the volumes in Weight (directed:
// w(v→u)). It is what the browser maps (guest.FromCSR).
type GraphData struct {
	ID      string    `json:"id"`
	Offsets []int32   `json:"offsets"`
	Adj     []int32   `json:"adj"`
	Weight  []float64 `json:"weight"`
}
