package store

import (
	"cmp"
	"encoding/binary"
	"os"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

// Retention bounds the finished jobs (done, failed, cancelled,
// interrupted) and the uploaded graphs a store keeps; queued and running
// jobs always stay, and so does a graph while a job that stays maps it.
type Retention struct {
	// MaxAge expires a finished job not used (finished, or its record or
	// result read) for this long; 0 keeps them.
	MaxAge time.Duration
	// MaxBytes bounds the records' total size: beyond it, the least
	// recently used finished jobs go first; 0 means no bound.
	MaxBytes int64
}

// Stats describe a store for health checks; see jobs.StoreStats.
type Stats = jobs.StoreStats

// entrySize is what one job takes in the file (records, not pages).
func entrySize(k []byte, r record) int64 {
	return int64(3*len(k) + len(r.job) + len(r.place) + len(r.meta))
}

// graphSize is what one graph takes in the file.
func graphSize(k, v []byte) int64 { return int64(2*len(k) + len(v) + metaLen) }

// Stats returns the store's size and job count. O(jobs), no values read.
func (s *Bolt) Stats() Stats {
	st := Stats{Problems: len(s.Problems())}
	if fi, err := os.Stat(s.path); err == nil {
		st.FileBytes = fi.Size()
	}
	guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			err := tx.Bucket(bucketJobs).ForEach(func(k, _ []byte) error {
				st.Jobs++
				st.DataBytes += entrySize(k, readRecord(tx, k))
				return nil
			})
			if err != nil {
				return err
			}
			return tx.Bucket(bucketGraphs).ForEach(func(k, v []byte) error {
				st.Graphs++
				st.DataBytes += graphSize(k, v)
				return nil
			})
		})
	})
	return st
}

// lastUse returns when a finished job or a graph (key) was last used: its
// meta entry's time, a read since, or since (its finish or upload time),
// whichever is latest.
func (s *Bolt) lastUse(key string, since time.Time, meta []byte) time.Time {
	t := since
	if len(meta) == metaLen {
		if ns := int64(binary.LittleEndian.Uint64(meta[8:])); ns > 0 {
			t = later(t, time.Unix(0, ns))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return later(t, s.used[key])
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// Sweep applies the retention r at time now in one transaction: it
// removes the finished jobs and the uploaded graphs unused for longer
// than r.MaxAge, then the least recently used ones while the records
// exceed r.MaxBytes, and records the last use of the others so that a
// restart keeps their order. A graph stays while a job that stays names
// it (graph:ID): a queued job can run and a done job's result reads; its
// jobs' uses count as its own, so they go before it. Unreadable records
// are left for `topomap store compact`. It returns the ids removed.
func (s *Bolt) Sweep(r Retention, now time.Time) ([]string, error) {
	var removed []string
	var sw *sweep
	err := s.update(func(tx *bolt.Tx) error {
		var err error
		if sw, err = s.sweepOf(tx); err != nil {
			return err
		}
		removed, err = sw.apply(tx, r, now)
		return err
	})
	if err == nil {
		for owner, bytes := range sw.freed {
			s.own(owner, -bytes)
		}
		s.mu.Lock()
		clear(s.used)
		s.mu.Unlock()
	}
	return removed, err
}

// sweepCand is a record a sweep may remove: a finished job or a graph.
type sweepCand struct {
	id   string
	used time.Time // last use; a graph's includes its jobs'
	own  time.Time // its own last use, recorded for a restart
	size int64
	// graph marks an uploaded graph (its id is "graph:" + key), owner its
	// owner; names is the graph a job maps, "" if none.
	graph bool
	owner string
	names string
}

// sweep is what a sweep works on: the records' total size, the candidates
// least recently used first, and the jobs that name each graph; then the
// bytes of graphs it removed, per owner.
type sweep struct {
	total int64
	cands []sweepCand
	refs  map[string]int
	freed map[string]int64
}

// sweepOf reads the candidates of a sweep: every finished job and every
// graph, each graph used when its jobs last were; queued and running
// jobs count among a graph's jobs for good.
func (s *Bolt) sweepOf(tx *bolt.Tx) (*sweep, error) {
	sw := &sweep{refs: map[string]int{}, freed: map[string]int64{}}
	jobUse := map[string]time.Time{} // a graph's jobs' last use
	err := tx.Bucket(bucketJobs).ForEach(func(k, _ []byte) error {
		rec := readRecord(tx, k)
		size := entrySize(k, rec)
		sw.total += size
		id := string(k)
		if !jobs.ValidID(id) {
			return nil
		}
		j, err := rec.check(id)
		if err != nil {
			return nil
		}
		g := jobGraph(j)
		if g != "" {
			sw.refs[g]++
		}
		if j.Status.Final() {
			used := s.lastUse(id, j.Finished, rec.meta)
			if g != "" {
				jobUse[g] = later(jobUse[g], used)
			}
			sw.cands = append(sw.cands, sweepCand{id: id, used: used, own: used, size: size, names: g})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachGraph(tx, func(g GraphRecord) error {
		k := []byte(g.Graph.ID)
		size := graphSize(k, tx.Bucket(bucketGraphs).Get(k))
		sw.total += size
		own := s.lastUse(graphKey(g.Graph.ID), g.Created, tx.Bucket(bucketGraphMeta).Get(k))
		sw.cands = append(sw.cands, sweepCand{id: g.Graph.ID, used: later(own, jobUse[g.Graph.ID]), own: own, size: size, graph: true, owner: g.Owner})
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Least recently used first; on a tie, jobs before graphs.
	slices.SortFunc(sw.cands, func(a, b sweepCand) int {
		return cmp.Or(a.used.Compare(b.used), cmpBool(a.graph, b.graph), cmp.Compare(a.id, b.id))
	})
	return sw, nil
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// jobGraph returns the id of the uploaded graph a job maps, else of the
// uploaded machine it maps onto; "" if neither. (A job that has both
// keeps its graph: its machine stays while other jobs or uses keep it.)
func jobGraph(j jobs.Job) string {
	if g, err := guest.Parse(j.Request.Guest); err == nil && g.External() {
		return g.ID
	}
	if id, ok := topology.MachineIDOf(j.Request.Host); ok && guest.ValidID(id) {
		return id
	}
	return ""
}

// apply removes the candidates r expires at now, least recently used
// first, and records the last use of those it keeps.
func (sw *sweep) apply(tx *bolt.Tx, r Retention, now time.Time) ([]string, error) {
	var removed []string
	for _, c := range sw.cands {
		expired := r.MaxAge > 0 && now.Sub(c.used) > r.MaxAge || r.MaxBytes > 0 && sw.total > r.MaxBytes
		if expired && !(c.graph && sw.refs[c.id] > 0) {
			name, err := remove(tx, c)
			if err != nil {
				return nil, err
			}
			sw.total -= c.size
			if c.names != "" {
				sw.refs[c.names]--
			}
			if c.graph {
				sw.freed[c.owner] += c.size
			}
			removed = append(removed, name)
			continue
		}
		if err := recordUse(tx, c); err != nil {
			return nil, err
		}
	}
	return removed, nil
}

// remove deletes a candidate's records and returns its name for Sweep.
func remove(tx *bolt.Tx, c sweepCand) (string, error) {
	buckets, name := [][]byte{bucketJobs, bucketPlacements, bucketMeta}, c.id
	if c.graph {
		buckets, name = [][]byte{bucketGraphs, bucketGraphMeta}, graphKey(c.id)
	} else if err := unlist(tx, []byte(c.id)); err != nil {
		return "", err
	}
	for _, b := range buckets {
		if err := tx.Bucket(b).Delete([]byte(c.id)); err != nil {
			return "", err
		}
	}
	return name, nil
}

// recordUse writes a kept candidate's own last use into its meta entry.
func recordUse(tx *bolt.Tx, c sweepCand) error {
	mb := tx.Bucket(bucketMeta)
	if c.graph {
		mb = tx.Bucket(bucketGraphMeta)
	}
	meta := slices.Clone(mb.Get([]byte(c.id)))
	if len(meta) != metaLen {
		return nil // written before checksums: its finish time counts
	}
	binary.LittleEndian.PutUint64(meta[8:], uint64(c.own.UnixNano()))
	return mb.Put([]byte(c.id), meta)
}
