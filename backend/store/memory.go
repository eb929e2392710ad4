package store

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

// Memory is a jobs.Store in memory, for tests. It copies placements in and
// out, as a file would, so callers cannot alias them.
type Memory struct {
	mu     sync.Mutex
	jobs   map[string]jobs.Job
	places map[string][]int
	graphs map[string]GraphRecord
}

var (
	_ jobs.Store        = (*Memory)(nil)
	_ jobs.GraphService = (*Memory)(nil)
)

// NewMemory returns an empty store.
func NewMemory() *Memory {
	return &Memory{jobs: map[string]jobs.Job{}, places: map[string][]int{}, graphs: map[string]GraphRecord{}}
}

// Get implements jobs.Store.
func (s *Memory) Get(id string) (jobs.Job, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.jobs[id]
	if !ok {
		return j, notFound(id)
	}
	return j, nil
}

// Put implements jobs.Store.
func (s *Memory) Put(j jobs.Job) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.jobs[j.ID] = j
	return nil
}

// Finish implements jobs.Store.
func (s *Memory) Finish(j jobs.Job, place []int) error {
	if _, err := EncodePlacement(place); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.jobs[j.ID] = j
	s.places[j.ID] = slices.Clone(place)
	return nil
}

// Placement implements jobs.Store.
func (s *Memory) Placement(id string) ([]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.places[id]
	if !ok {
		return nil, notFound(id)
	}
	return slices.Clone(p), nil
}

// Interrupt implements jobs.Store.
func (s *Memory) Interrupt(reason string, at time.Time) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, j := range s.jobs {
		if !j.Status.Final() {
			j.Status, j.Error, j.Finished = jobs.Interrupted, reason, at
			s.jobs[id] = j
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// List implements jobs.Store.
func (s *Memory) List(q jobs.ListQuery) (jobs.JobList, error) {
	if err := q.Check(); err != nil {
		return jobs.JobList{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	all := make([]string, 0, len(s.jobs))
	for _, j := range s.jobs {
		if c := jobs.Cursor(j); q.After == "" || c < q.After {
			all = append(all, c)
		}
	}
	slices.Sort(all)
	p := jobs.NewPage(q)
	for _, c := range slices.Backward(all) {
		j := s.jobs[c[len(c)-jobs.IDLen:]]
		if !p.Add(c, j.Status, func() (jobs.Job, bool) { return j, true }) {
			break
		}
	}
	return p.List(), nil
}

// PutGraph stores a graph as Bolt.PutGraph does, within its owner's
// quota (graphs are immutable: kept, not copied), and returns the stored
// record.
func (s *Memory) PutGraph(r GraphRecord, quota int64) (GraphRecord, error) {
	b, err := EncodeGraph(r)
	if err != nil {
		return r, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.graphs[r.Graph.ID]; ok {
		return old, nil
	}
	var used int64
	for id, g := range s.graphs {
		if g.Owner == r.Owner {
			used += graphSize([]byte(id), encoded(g))
		}
	}
	if size := graphSize([]byte(r.Graph.ID), b); quota > 0 && used+size > quota {
		return r, QuotaError(used, size, quota)
	}
	s.graphs[r.Graph.ID] = r
	return r, nil
}

// encoded is the encoding of a record that encoded when it was stored.
func encoded(r GraphRecord) []byte {
	b, _ := EncodeGraph(r)
	return b
}

// Graph returns a stored graph as Bolt.Graph does.
func (s *Memory) Graph(id string) (GraphRecord, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.graphs[id]
	if !ok {
		return r, GraphNotFound(id)
	}
	return r, nil
}

// Resolve is a guest.Resolver over the store, as Bolt.Resolve.
func (s *Memory) Resolve(_ context.Context, id string) (*guest.Graph, error) {
	return GraphOf(s.Graph(id))
}

// Machines returns the machines stored, as Bolt.Machines.
func (s *Memory) Machines() ([]topology.Machine, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []topology.Machine
	for _, r := range s.graphs {
		if t, err := r.Machine(); err == nil {
			out = append(out, t)
		}
	}
	return out, nil
}

// EachJob implements Source, in id order.
func (s *Memory) EachJob(ctx context.Context, f func(j jobs.Job, place []byte) error) ([]string, error) {
	s.mu.Lock()
	all := slices.Sorted(maps.Keys(s.jobs))
	s.mu.Unlock()
	for _, id := range all {
		j, err := s.Get(id)
		if err != nil {
			continue // removed meanwhile
		}
		var place []byte
		if p, err := s.Placement(id); err == nil {
			place, _ = EncodePlacement(p) // Finish checked it
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := f(j, place); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// EachGraph implements Source, in id order.
func (s *Memory) EachGraph(ctx context.Context, f func(r GraphRecord) error) ([]string, error) {
	s.mu.Lock()
	all := slices.Sorted(maps.Keys(s.graphs))
	s.mu.Unlock()
	for _, id := range all {
		r, err := s.Graph(id)
		if err != nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := f(r); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// RestoreJob implements Sink.
func (s *Memory) RestoreJob(_ context.Context, j jobs.Job, place []byte) (bool, error) {
	var p []int
	if place != nil {
		var err error
		if p, err = DecodePlacement(place); err != nil {
			return false, err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.jobs[j.ID]; ok {
		return false, nil
	}
	s.jobs[j.ID] = j
	if p != nil {
		s.places[j.ID] = p
	}
	return true, nil
}

// RestoreGraph implements Sink.
func (s *Memory) RestoreGraph(_ context.Context, r GraphRecord) (bool, error) {
	if _, err := s.Graph(r.Graph.ID); err == nil {
		return false, nil
	}
	_, err := s.PutGraph(r, 0)
	return err == nil, err
}
