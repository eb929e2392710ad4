package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/backend/jobs"
)

// walk visits the keys of bucket, which holds the records what names, in
// one guarded read transaction of db, after problems has listed what is
// wrong with its records. The error of visit ends the walk and is
// returned; a fault while reading a damaged file ends it with a problem.
// A file never initialised (or written before the bucket existed) has
// nothing to visit.
func walk(ctx context.Context, db *bolt.DB, bucket []byte, what string, problems func(*bolt.Tx) []string, visit func(tx *bolt.Tx, k []byte) error) ([]string, error) {
	var found []string
	var verr error
	err := guard(func() error {
		return db.View(func(tx *bolt.Tx) error {
			b := tx.Bucket(bucket)
			if b == nil {
				return nil
			}
			if tx.Bucket(bucketJobs) == nil || tx.Bucket(bucketPlacements) == nil || tx.Bucket(bucketMeta) == nil {
				return errors.New("the store file lacks its buckets")
			}
			found = problems(tx)
			return b.ForEach(func(k, _ []byte) error {
				if verr = ctx.Err(); verr == nil {
					verr = visit(tx, k)
				}
				return verr
			})
		})
	})
	if verr != nil {
		return found, verr
	}
	if err != nil {
		found = append(found, "reading the "+what+" stopped: "+problemText(err))
	}
	return found, nil
}

// EachJob implements Source, in the file's key order (the ids').
func (s *Bolt) EachJob(ctx context.Context, f func(j jobs.Job, place []byte) error) ([]string, error) {
	return walk(ctx, s.db, bucketJobs, "jobs", scan, func(tx *bolt.Tx, k []byte) error {
		if !jobs.ValidID(string(k)) {
			return nil
		}
		r := readRecord(tx, k)
		j, err := r.check(string(k))
		if err != nil {
			return nil // scan reported it
		}
		return f(j, r.place)
	})
}

// EachGraph implements Source, in the file's key order (the ids').
func (s *Bolt) EachGraph(ctx context.Context, f func(r GraphRecord) error) ([]string, error) {
	return walk(ctx, s.db, bucketGraphs, "graphs and machines", scanGraphs, func(tx *bolt.Tx, k []byte) error {
		r, err := checkGraph(tx, string(k))
		if err != nil {
			return nil // scanGraphs reported it
		}
		return f(r)
	})
}

// RestoreJob implements Sink in one transaction; a damaged record of the
// same id is written over.
func (s *Bolt) RestoreJob(_ context.Context, j jobs.Job, place []byte) (added bool, err error) {
	err = s.update(func(tx *bolt.Tx) error {
		if _, err := readRecord(tx, []byte(j.ID)).check(j.ID); err == nil {
			return nil
		}
		added = true
		return putJob(tx, j, place)
	})
	return added && err == nil, err
}

// RestoreGraph implements Sink: PutGraph without a quota.
func (s *Bolt) RestoreGraph(_ context.Context, r GraphRecord) (bool, error) {
	if _, err := s.Graph(r.Graph.ID); err == nil {
		return false, nil
	}
	_, err := s.PutGraph(r, 0)
	return err == nil, err
}

// Inspect implements Inspector: the file's path and size, and the
// structural damage found (see Bolt).
func (s *Bolt) Inspect() (string, int64, []string) {
	var size int64
	if st, err := os.Stat(s.path); err == nil {
		size = st.Size()
	}
	return s.path, size, structure(s.db)
}

// openRead opens a store file read-only, alongside a running server.
func openRead(path string) (*bolt.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("the job store: %w", err)
	}
	return openDB(path, true)
}

// OpenReadOnly opens a store file to read it as it is, damaged or not,
// for Check and Export: nothing is written, not even the buckets.
func OpenReadOnly(path string) (*Bolt, error) {
	db, err := openRead(path)
	if err != nil {
		return nil, err
	}
	return &Bolt{db: db, path: path, used: map[string]time.Time{}, owned: map[string]int64{}}, nil
}

// Check reads a store file without changing it: its structure (as Open
// checks it) and every record. The error is for a file that cannot be
// opened at all (missing, or its meta pages are both damaged).
func Check(path string) (Report, error) {
	st, err := OpenReadOnly(path)
	if err != nil {
		return Report{Path: path}, err
	}
	defer st.Close()
	return CheckSource(context.Background(), st)
}

// Compact rewrites the readable records of a store file into a fresh file
// (no free pages, no damage, checksums for every record), keeps the old
// file as path+".bak" and returns the report of the old file. The store
// must not be in use.
func Compact(path string) (Report, error) {
	old, err := Check(path)
	if err != nil {
		return old, err
	}
	src, err := OpenReadOnly(path)
	if err != nil {
		return old, err
	}
	defer src.Close()
	tmp := path + ".compact"
	os.Remove(tmp)
	dst, err := Open(tmp)
	if err != nil {
		return old, err
	}
	// One transaction: bbolt keeps the values until it commits, so the
	// placements are copied out of the source's mapping.
	err = dst.update(func(tx *bolt.Tx) error {
		_, err := src.EachJob(context.Background(), func(j jobs.Job, place []byte) error {
			return putJob(tx, j, slices.Clone(place))
		})
		if err != nil {
			return err
		}
		_, err = src.EachGraph(context.Background(), func(g GraphRecord) error { return putGraph(tx, g) })
		return err
	})
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return old, fmt.Errorf("compacting %s: %w", path, err)
	}
	src.Close()
	if err := os.Rename(path, path+".bak"); err != nil {
		return old, fmt.Errorf("the job store: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return old, fmt.Errorf("%w (the old file is %s.bak)", err, path)
	}
	return old, nil
}
