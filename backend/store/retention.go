package store

import (
	"cmp"
	"encoding/binary"
	"os"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/backend/jobs"
)

// Retention bounds the finished jobs (done, failed, cancelled,
// interrupted) a store keeps; queued and running ones always stay.
type Retention struct {
	// MaxAge expires a finished job not used (finished, or its record or
	// result read) for this long; 0 keeps them.
	MaxAge time.Duration
	// MaxBytes bounds the records' total size: beyond it, the least
	// recently used finished jobs go first; 0 means no bound.
	MaxBytes int64
}

// Stats describe a store for health checks.
type Stats struct {
	// FileBytes is the file's size (it grows, and shrinks only by
	// `topomap store compact`); DataBytes the records' total.
	FileBytes int64 `json:"fileBytes"`
	DataBytes int64 `json:"dataBytes"`
	Jobs      int   `json:"jobs"`
	// Graphs counts the uploaded graphs.
	Graphs int `json:"graphs"`
	// Problems counts the unreadable records Open skipped.
	Problems int `json:"problems"`
}

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
// removes the finished jobs unused for longer than r.MaxAge, then the
// least recently used ones while the records exceed r.MaxBytes, and
// records the last use of the others so that a restart keeps their
// order. Unreadable records are left for `topomap store compact`. It
// returns the ids removed.
func (s *Bolt) Sweep(r Retention, now time.Time) ([]string, error) {
	type cand struct {
		id    string
		used  time.Time
		size  int64
		graph bool // an uploaded graph (its id is "graph:" + key)
	}
	var removed []string
	err := s.update(func(tx *bolt.Tx) error {
		removed = nil
		var total int64
		var cands []cand
		err := tx.Bucket(bucketJobs).ForEach(func(k, _ []byte) error {
			rec := readRecord(tx, k)
			size := entrySize(k, rec)
			total += size
			id := string(k)
			if !jobs.ValidID(id) {
				return nil
			}
			if j, err := rec.check(id); err == nil && j.Status.Final() {
				cands = append(cands, cand{id, s.lastUse(id, j.Finished, rec.meta), size, false})
			}
			return nil
		})
		if err != nil {
			return err
		}
		// Graphs age like finished jobs: by their last use (an upload, a
		// read, a job's mapping).
		err = eachGraph(tx, func(g GraphRecord) error {
			k := []byte(g.Graph.ID)
			size := graphSize(k, tx.Bucket(bucketGraphs).Get(k))
			total += size
			cands = append(cands, cand{g.Graph.ID, s.lastUse(graphKey(g.Graph.ID), g.Created, tx.Bucket(bucketGraphMeta).Get(k)), size, true})
			return nil
		})
		if err != nil {
			return err
		}
		slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(a.used.Compare(b.used), cmp.Compare(a.id, b.id)) })
		for _, c := range cands {
			buckets, metaBucket, name := [][]byte{bucketJobs, bucketPlacements, bucketMeta}, bucketMeta, c.id
			if c.graph {
				buckets, metaBucket, name = [][]byte{bucketGraphs, bucketGraphMeta}, bucketGraphMeta, graphKey(c.id)
			}
			if r.MaxAge > 0 && now.Sub(c.used) > r.MaxAge || r.MaxBytes > 0 && total > r.MaxBytes {
				for _, b := range buckets {
					if err := tx.Bucket(b).Delete([]byte(c.id)); err != nil {
						return err
					}
				}
				total -= c.size
				removed = append(removed, name)
				continue
			}
			meta := slices.Clone(tx.Bucket(metaBucket).Get([]byte(c.id)))
			if len(meta) != metaLen {
				continue // written before checksums: its finish time counts
			}
			binary.LittleEndian.PutUint64(meta[8:], uint64(c.used.UnixNano()))
			if err := tx.Bucket(metaBucket).Put([]byte(c.id), meta); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		s.mu.Lock()
		clear(s.used)
		s.mu.Unlock()
	}
	return removed, err
}
