package store

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

var (
	// bucketGraphs maps a graph id (guest.ValidID) to its record
	// (EncodeGraph); bucketGraphMeta to its checksum and last use, as
	// bucketMeta for jobs (the placement's checksum is 0).
	bucketGraphs    = []byte("graphs")
	bucketGraphMeta = []byte("graphmeta")
)

// GraphRecord is an uploaded communication graph as the store keeps it;
// see jobs.GraphRecord.
type GraphRecord = jobs.GraphRecord

// graphHeader is the JSON head of a graph record, the store's own type.
type graphHeader struct {
	ID       string    `json:"id"`
	Format   string    `json:"format"`
	Warnings []string  `json:"warnings,omitempty"`
	Created  time.Time `json:"created"`
	Vertices int       `json:"vertices"`
	Arcs     int       `json:"arcs"`
	Owner    string    `json:"owner,omitempty"`
	Names    []string  `json:"names,omitempty"` // a machine's (jobs.GraphRecord)
	Nodes    int       `json:"nodes,omitempty"`
	Torus    string    `json:"torus,omitempty"` // a torus's listed nodes'
	Places   []int     `json:"places,omitempty"`
}

// EncodeGraph packs a record: the header's length (uint32) and JSON, then
// the CSR arrays of the graph, little-endian: n+1 offsets and the targets
// as uint32, the volumes as float64 bits. 16 bytes per arc.
func EncodeGraph(r GraphRecord) ([]byte, error) {
	g := r.Graph
	head, err := json.Marshal(graphHeader{g.ID, r.Format, r.Warnings, r.Created, g.Order(), g.Arcs(), r.Owner, r.Names, r.Nodes, r.Torus, r.Places})
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 4+len(head)+4*(g.Order()+1)+12*g.Arcs())
	b = binary.LittleEndian.AppendUint32(b, uint32(len(head)))
	b = append(b, head...)
	for _, o := range g.Offsets {
		b = binary.LittleEndian.AppendUint32(b, uint32(o))
	}
	for _, u := range g.Adj {
		b = binary.LittleEndian.AppendUint32(b, uint32(u))
	}
	for e := range g.Arcs() {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(g.Volume(e)))
	}
	return b, nil
}

// DecodeGraph unpacks a graph record and checks what the mappers rely on:
// sizes, increasing offsets, targets in range and no self-loop, volumes
// finite and positive. It never panics. O(record).
func DecodeGraph(b []byte) (GraphRecord, error) {
	var r GraphRecord
	h, b, err := decodeHeader(b)
	if err != nil {
		return r, err
	}
	n, m := h.Vertices, h.Arcs
	if n < 1 || n > guest.MaxVertices || m < 0 || m > math.MaxInt32 || len(b) != 4*(n+1)+12*m {
		return r, fmt.Errorf("graph of %d vertices and %d arcs in %d bytes", n, m, len(b))
	}
	offsets, adj, weight := make([]int32, n+1), make([]int32, m), make([]float64, m)
	for i := range offsets {
		offsets[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	b = b[4*(n+1):]
	for e := range adj {
		adj[e] = int32(binary.LittleEndian.Uint32(b[4*e:]))
	}
	b = b[4*m:]
	for e := range weight {
		weight[e] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*e:]))
	}
	g, err := guest.FromCSR(h.ID, offsets, adj, weight)
	if err != nil {
		return r, err
	}
	r = GraphRecord{Graph: g, Format: h.Format, Warnings: h.Warnings, Created: h.Created, Owner: h.Owner, Names: h.Names, Nodes: h.Nodes, Torus: h.Torus, Places: h.Places}
	if r.IsMachine() {
		if _, err := r.Machine(); err != nil {
			return GraphRecord{}, err
		}
	}
	return r, nil
}

// decodeHeader unpacks the head of a graph record and returns the rest.
func decodeHeader(b []byte) (graphHeader, []byte, error) {
	var h graphHeader
	if len(b) < 4 {
		return h, nil, errors.New("graph record shorter than its header")
	}
	hl := int(binary.LittleEndian.Uint32(b))
	if hl > len(b)-4 {
		return h, nil, fmt.Errorf("graph header of %d bytes in a record of %d", hl, len(b))
	}
	if err := json.Unmarshal(b[4:4+hl], &h); err != nil {
		return h, nil, fmt.Errorf("graph header: %v", err)
	}
	return h, b[4+hl:], nil
}

// ownerOf returns the owner a graph record's head names and the bytes
// the record takes (graphSize); "" for a head that does not read.
// O(head).
func ownerOf(k, v []byte) (string, int64) {
	h, _, _ := decodeHeader(v)
	return h.Owner, graphSize(k, v)
}

// checkGraph verifies a stored graph against its checksum and decodes it.
func checkGraph(tx *bolt.Tx, id string) (GraphRecord, error) {
	b := tx.Bucket(bucketGraphs).Get([]byte(id))
	if b == nil {
		return GraphRecord{}, GraphNotFound(id)
	}
	meta := tx.Bucket(bucketGraphMeta).Get([]byte(id))
	if len(meta) != metaLen || binary.LittleEndian.Uint32(meta) != sum(b) {
		return GraphRecord{}, fmt.Errorf("%w: graph %s: the record does not match its checksum", ErrCorrupt, id)
	}
	r, err := DecodeGraph(b) // copies: the bytes are only valid in the tx
	if err != nil {
		return r, fmt.Errorf("%w: graph %s: %v", ErrCorrupt, id, err)
	}
	if r.Graph.ID != id {
		return r, fmt.Errorf("%w: graph %s: the record names graph %s", ErrCorrupt, id, r.Graph.ID)
	}
	return r, nil
}

// GraphNotFound is the error of an id with no graph, in every store: it
// wraps jobs.ErrNoGraph (an ErrNotFound) and says how to upload one, on
// the pages (whose upload control is so titled) or by the API.
func GraphNotFound(id string) error {
	return fmt.Errorf("%w: %s is not on this server; upload it first (the pages' \"Upload a graph\", or POST /api/v1/graphs)", jobs.ErrNoGraph, id)
}

// putGraph writes a graph record and its checksum, keeping the last use.
func putGraph(tx *bolt.Tx, r GraphRecord) error {
	b, err := EncodeGraph(r)
	if err != nil {
		return fmt.Errorf("encoding graph %s: %w", r.Graph.ID, err)
	}
	return putEncodedGraph(tx, []byte(r.Graph.ID), b)
}

// putEncodedGraph writes an encoded graph record b under id.
func putEncodedGraph(tx *bolt.Tx, id, b []byte) error {
	meta := make([]byte, metaLen)
	if old := tx.Bucket(bucketGraphMeta).Get(id); len(old) == metaLen {
		copy(meta[8:], old[8:])
	}
	binary.LittleEndian.PutUint32(meta, sum(b))
	if err := tx.Bucket(bucketGraphMeta).Put(id, meta); err != nil {
		return err
	}
	return tx.Bucket(bucketGraphs).Put(id, b)
}

// ErrQuota is jobs.ErrQuota: PutGraph's error for a graph beyond its
// owner's quota wraps it.
var ErrQuota = jobs.ErrQuota

// QuotaError (every store's) says how far a graph of size bytes takes its owner, who has
// used bytes stored, beyond quota.
func QuotaError(used, size, quota int64) error {
	return fmt.Errorf("%w: the graphs stored for this client take %d bytes and this one %d more, beyond the quota of %d bytes per client", ErrQuota, used, size, quota)
}

// PutGraph stores an uploaded graph under its id (r.Graph.ID, from
// guest.Canonical) and returns the stored record. A graph already stored
// is kept as it is (the same id is the same content): its record is
// returned without a write transaction, counts as used and charges
// nobody. A new graph counts against its owner's quota (r.Owner; quota
// ≤ 0: none): beyond it, an error wrapping ErrQuota and nothing stored.
func (s *Bolt) PutGraph(r GraphRecord, quota int64) (GraphRecord, error) {
	if r.Graph == nil || !guest.ValidID(r.Graph.ID) {
		return r, errors.New("a stored graph needs its id (guest.Canonical)")
	}
	if old, err := s.Graph(r.Graph.ID); err == nil {
		return old, nil // a damaged record is written again
	}
	b, err := EncodeGraph(r)
	if err != nil {
		return r, fmt.Errorf("encoding graph %s: %w", r.Graph.ID, err)
	}
	id := []byte(r.Graph.ID)
	size := graphSize(id, b)
	// One upload at a time between the quota's check and its count.
	s.putMu.Lock()
	defer s.putMu.Unlock()
	if used := s.ownedBy(r.Owner); quota > 0 && used+size > quota {
		return r, QuotaError(used, size, quota)
	}
	var prior string // the owner of a damaged record written again
	var priorSize int64
	err = s.update(func(tx *bolt.Tx) error {
		if old, err := checkGraph(tx, r.Graph.ID); err == nil {
			r, size = old, 0 // stored meanwhile
			return nil
		}
		if v := tx.Bucket(bucketGraphs).Get(id); v != nil {
			prior, priorSize = ownerOf(id, v)
		}
		return putEncodedGraph(tx, id, b)
	})
	if err == nil {
		s.own(prior, -priorSize)
		s.own(r.Owner, size)
		s.touch(graphKey(r.Graph.ID))
	}
	return r, err
}

// ownedBy returns the bytes of the graphs stored for owner.
func (s *Bolt) ownedBy(owner string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.owned[owner]
}

// own counts bytes more (or fewer, if negative) for owner.
func (s *Bolt) own(owner string, bytes int64) {
	if bytes == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.owned[owner] += bytes; s.owned[owner] <= 0 {
		delete(s.owned, owner)
	}
}

// countOwners returns the bytes of the graphs stored for each owner.
// O(graphs), headers only.
func countOwners(tx *bolt.Tx) map[string]int64 {
	owned := map[string]int64{}
	tx.Bucket(bucketGraphs).ForEach(func(k, v []byte) error {
		owner, size := ownerOf(k, v)
		owned[owner] += size
		return nil
	})
	return owned
}

// Graph returns the stored graph of that id: an error wrapping
// jobs.ErrNotFound if there is none, ErrCorrupt if its record is damaged.
func (s *Bolt) Graph(id string) (GraphRecord, error) {
	var r GraphRecord
	if !guest.ValidID(id) {
		return r, fmt.Errorf("%w: malformed graph id", jobs.ErrNoGraph)
	}
	err := guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			var err error
			r, err = checkGraph(tx, id)
			return err
		})
	})
	if err == nil {
		s.touch(graphKey(id))
	}
	return r, err
}

// graphKey is a graph's key in the last-use map, apart from job ids.
func graphKey(id string) string { return "graph:" + id }

// scanGraphs checks every graph record, as scan does the jobs.
func scanGraphs(tx *bolt.Tx) (problems []string) {
	gb := tx.Bucket(bucketGraphs)
	if gb == nil {
		return nil // a store written before graphs
	}
	gb.ForEach(func(k, _ []byte) error {
		if !guest.ValidID(string(k)) {
			problems = append(problems, fmt.Sprintf("junk key %q in the graphs bucket", k))
		} else if _, err := checkGraph(tx, string(k)); err != nil {
			problems = append(problems, err.Error())
		}
		return nil
	})
	return problems
}

// eachGraph calls f with every readable graph record of tx.
func eachGraph(tx *bolt.Tx, f func(r GraphRecord) error) error {
	gb := tx.Bucket(bucketGraphs)
	if gb == nil {
		return nil // a store written before graphs
	}
	return gb.ForEach(func(k, _ []byte) error {
		r, err := checkGraph(tx, string(k))
		if err != nil {
			return nil // scanGraphs reports it
		}
		return f(r)
	})
}

// Resolve is a guest.Resolver over the store: the graph of an id (not a
// machine's).
func (s *Bolt) Resolve(_ context.Context, id string) (*guest.Graph, error) {
	return GraphOf(s.Graph(id))
}

// GraphOf is the graph of a record, an error for a machine's: what
// every store's Resolve answers.
func GraphOf(r GraphRecord, err error) (*guest.Graph, error) {
	if err == nil && r.IsMachine() {
		return nil, fmt.Errorf("%w: %s is an uploaded machine, not a graph (GET /api/v1/machines/%s)", jobs.ErrNoGraph, r.Graph.ID, r.Graph.ID)
	}
	return r.Graph, err
}

// Machines returns the machines stored, for a server to register them
// (topology.RegisterMachine) when it starts.
func (s *Bolt) Machines() ([]topology.Machine, error) {
	var out []topology.Machine
	err := guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			return eachGraph(tx, func(r GraphRecord) error {
				if t, err := r.Machine(); err == nil {
					out = append(out, t)
				}
				return nil
			})
		})
	})
	return out, err
}
