package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/backend/jobs"
)

var (
	bucketJobs       = []byte("jobs")
	bucketPlacements = []byte("placements")
)

// Bolt is a jobs.Store in a bbolt file. Every write is one transaction,
// fsynced before it returns.
type Bolt struct {
	db *bolt.DB
}

var _ jobs.Store = (*Bolt)(nil)

// Open opens (creating it and its directory if needed) the store at path.
// It fails after a second if another process holds the file.
func Open(path string) (*Bolt, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("store: %s is in use by another process", path)
	}
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketJobs, bucketPlacements} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: initialising %s: %w", path, err)
	}
	return &Bolt{db: db}, nil
}

// Close closes the file.
func (s *Bolt) Close() error { return s.db.Close() }

func notFound(id string) error { return fmt.Errorf("%w: %s", jobs.ErrNotFound, id) }

// Get implements jobs.Store.
func (s *Bolt) Get(id string) (jobs.Job, error) {
	var j jobs.Job
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketJobs).Get([]byte(id))
		if b == nil {
			return notFound(id)
		}
		return decodeJob(b, &j)
	})
	return j, err
}

func decodeJob(b []byte, j *jobs.Job) error {
	if err := json.Unmarshal(b, j); err != nil {
		return fmt.Errorf("store: corrupt job record: %w", err)
	}
	return nil
}

func putJob(tx *bolt.Tx, j jobs.Job) error {
	b, err := json.Marshal(j)
	if err != nil {
		return fmt.Errorf("store: encoding job %s: %w", j.ID, err)
	}
	return tx.Bucket(bucketJobs).Put([]byte(j.ID), b)
}

// Put implements jobs.Store.
func (s *Bolt) Put(j jobs.Job) error {
	return s.db.Update(func(tx *bolt.Tx) error { return putJob(tx, j) })
}

// Finish implements jobs.Store: the record and the placement commit together.
func (s *Bolt) Finish(j jobs.Job, place []int) error {
	b, err := EncodePlacement(place)
	if err != nil {
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketPlacements).Put([]byte(j.ID), b); err != nil {
			return err
		}
		return putJob(tx, j)
	})
}

// Placement implements jobs.Store.
func (s *Bolt) Placement(id string) ([]int, error) {
	var place []int
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketPlacements).Get([]byte(id))
		if b == nil {
			return notFound(id)
		}
		var err error
		place, err = DecodePlacement(b) // copies: b is only valid in the tx
		return err
	})
	return place, err
}

// Interrupt implements jobs.Store.
func (s *Bolt) Interrupt(reason string, at time.Time) ([]string, error) {
	var ids []string
	err := s.db.Update(func(tx *bolt.Tx) error {
		var stale []jobs.Job
		err := tx.Bucket(bucketJobs).ForEach(func(k, v []byte) error {
			var j jobs.Job
			if err := decodeJob(v, &j); err != nil {
				return fmt.Errorf("%w (key %q)", err, k)
			}
			if !j.Status.Final() {
				stale = append(stale, j)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, j := range stale { // no Put inside ForEach: bbolt forbids it
			j.Status, j.Error, j.Finished = jobs.Interrupted, reason, at
			if err := putJob(tx, j); err != nil {
				return err
			}
			ids = append(ids, j.ID)
		}
		return nil
	})
	return ids, err
}
