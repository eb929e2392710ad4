package store

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/algorithms/metric"
	"topomap/backend/jobs"
)

var (
	bucketJobs       = []byte("jobs")
	bucketPlacements = []byte("placements")
	// bucketMeta maps a job id to its checksums and last use (metaLen
	// bytes: CRC-32C of the job record, CRC-32C of the placement or 0,
	// last use in Unix nanoseconds or 0), written with the record.
	bucketMeta = []byte("meta")
	// bucketListing maps the cursor key of every job (jobs.CursorKey: its
	// creation time, then its id) to its status: the listing's order,
	// written with the record.
	bucketListing = []byte("listing")
)

const metaLen = 16

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func sum(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// ErrCorrupt is jobs.ErrCorrupt: the server answers it with a 500.
var ErrCorrupt = jobs.ErrCorrupt

// Bolt is a jobs.Store in a bbolt file. Every write is one transaction,
// fsynced before it returns.
//
// Open checks the whole file first (bbolt's consistency check, every
// record against its checksum), because bbolt trusts its file: a
// truncated or bit-flipped one crashed the process (SIGSEGV, panics at
// start-up or on the first write). A file whose structure is damaged is
// refused; a record that does not decode or match its checksum is
// skipped, reported by Problems, and answered with ErrCorrupt.
type Bolt struct {
	db   *bolt.DB
	path string

	mu       sync.Mutex
	problems []string
	used     map[string]time.Time // last reads since the last Sweep
	owned    map[string]int64     // bytes of the graphs stored per owner
	putMu    sync.Mutex           // held by PutGraph from the quota's check to its count
}

var (
	_ jobs.Store        = (*Bolt)(nil)
	_ jobs.GraphService = (*Bolt)(nil)
)

// guard runs f, turning a panic or a memory fault (a page of a damaged
// file that bbolt reads beyond the mapping) into an ErrCorrupt error:
// bbolt's own panics say what they found, a runtime error (a nil page, a
// read past the file) only that a damaged page stopped the reader.
// SetPanicOnFault applies to the calling goroutine only.
func guard(f func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(runtime.Error); ok {
				p = "a damaged page stopped the reader"
			}
			err = damage{fmt.Sprint(p)}
		}
	}()
	return f()
}

// damage is what guard recovered from: ErrCorrupt, and what it was.
type damage struct{ what string }

func (d damage) Error() string { return ErrCorrupt.Error() + ": " + d.what }
func (d damage) Unwrap() error { return ErrCorrupt }

// problemText says what went wrong for a list of a file's problems,
// whose heading says that the file is damaged: a damage without
// "corrupt data" before it, any other error as it is.
func problemText(err error) string {
	if d, ok := errors.AsType[damage](err); ok {
		return d.what
	}
	return err.Error()
}

// wayOut is the advice that follows a refusal.
func wayOut(path string) string {
	dir := filepath.Dir(path)
	return fmt.Sprintf("the server will not use it: `topomap store check --data %s` lists what is wrong, `topomap store export --data %[1]s > jobs.jsonl` saves every readable job, and `topomap store compact --data %[1]s` rewrites them into a fresh file (keeping the old one as %s.bak)", dir, filepath.Base(path))
}

// openDB opens the file with bbolt and checks it (see Bolt), guarded.
// With readOnly, a store held by a server can still be read.
func openDB(path string, readOnly bool) (*bolt.DB, error) {
	if st, err := os.Stat(path); err == nil && st.Size() == 0 {
		// bbolt would silently make it an empty store.
		return nil, fmt.Errorf("%w: %s is empty (0 bytes), not a store", ErrCorrupt, path)
	}
	var db *bolt.DB
	err := guard(func() error {
		var err error
		db, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: readOnly})
		return err
	})
	switch {
	case errors.Is(err, bolt.ErrTimeout):
		return nil, fmt.Errorf("the job store %s is in use by another process", path)
	case errors.Is(err, ErrCorrupt):
		return nil, fmt.Errorf("%s: %w", path, err)
	case err != nil && !readOnly && errors.Is(err, os.ErrPermission):
		return nil, fmt.Errorf("opening the job store %s: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	return db, nil
}

// bbolt's meta page layout (go.etcd.io/bbolt/internal/common.Meta), read
// to notice a damaged meta page: bbolt then silently falls back to the
// other one, the previous transaction, and the last write is lost.
const (
	pageHeader = 16         // page id, flags, count, overflow
	metaMagic  = 0xED0CDAED // Meta.magic
	metaSumAt  = 56         // offset of Meta.checksum, which covers the bytes before it
)

// metaProblems checks both meta pages of the file (pageSize bytes each)
// as bbolt does: magic and checksum.
func metaProblems(path string, pageSize int) []string {
	f, err := os.Open(path)
	if err != nil {
		return []string{err.Error()}
	}
	defer f.Close()
	var found []string
	for i := range 2 {
		b := make([]byte, pageHeader+metaSumAt+8)
		if _, err := f.ReadAt(b, int64(i*pageSize)); err != nil {
			found = append(found, fmt.Sprintf("meta page %d: %v", i, err))
			continue
		}
		m := b[pageHeader:]
		h := fnv.New64a()
		h.Write(m[:metaSumAt])
		if binary.LittleEndian.Uint32(m) != metaMagic || binary.LittleEndian.Uint64(m[metaSumAt:]) != h.Sum64() {
			found = append(found, fmt.Sprintf("meta page %d is damaged (the last committed write may be lost)", i))
		}
	}
	return found
}

// structure runs bbolt's consistency check on the file: the mapping
// covers every page the tree and the freelist name (so the check, which
// runs on its own goroutine, cannot fault), then no page is lost, doubly
// used or out of bounds. It returns the first problems found.
func structure(db *bolt.DB) []string {
	found := metaProblems(db.Path(), db.Info().PageSize)
	err := guard(func() error {
		return db.View(func(tx *bolt.Tx) error {
			if st, err := os.Stat(db.Path()); err == nil && st.Size() < tx.Size() {
				found = append(found, fmt.Sprintf("the file is %s bytes, shorter than the %s its pages need: it was truncated", metric.Thousands(int(st.Size())), metric.Thousands(int(tx.Size()))))
				return nil
			}
			if err := touch(tx); err != nil {
				return err
			}
			for err := range tx.Check() {
				if len(found) < 10 {
					found = append(found, err.Error())
				}
			}
			return nil
		})
	})
	if err != nil {
		found = append(found, problemText(err))
	}
	return found
}

// touch reads every key and value of every bucket, in this goroutine.
func touch(tx *bolt.Tx) error {
	var walk func(b *bolt.Bucket) error
	walk = func(b *bolt.Bucket) error {
		return b.ForEach(func(k, v []byte) error {
			if v == nil {
				if sub := b.Bucket(k); sub != nil {
					return walk(sub)
				}
			}
			return nil
		})
	}
	return tx.ForEach(func(_ []byte, b *bolt.Bucket) error { return walk(b) })
}

// Open opens (creating it and its directory if needed) the store at path
// and checks it (see Bolt): a damaged file is refused with an error
// wrapping ErrCorrupt that says how to recover. It fails after a second
// if another process holds the file.
func Open(path string) (*Bolt, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("the job store's directory: %w", err)
	}
	db, err := openDB(path, false)
	if err != nil {
		if errors.Is(err, ErrCorrupt) {
			err = fmt.Errorf("%w; %s", err, wayOut(path))
		}
		return nil, err
	}
	if found := structure(db); len(found) > 0 {
		db.Close()
		return nil, fmt.Errorf("%w: %s is damaged (%s); %s", ErrCorrupt, path, found[0], wayOut(path))
	}
	err = guard(func() error {
		return db.Update(func(tx *bolt.Tx) error {
			unlisted := tx.Bucket(bucketListing) == nil
			for _, b := range [][]byte{bucketJobs, bucketPlacements, bucketMeta, bucketGraphs, bucketGraphMeta, bucketListing} {
				if _, err := tx.CreateBucketIfNotExists(b); err != nil {
					return err
				}
			}
			if unlisted { // a file written before the listing
				return listAll(tx)
			}
			return nil
		})
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("initialising the job store %s: %w", path, err)
	}
	s := &Bolt{db: db, path: path, used: map[string]time.Time{}}
	err = guard(func() error {
		return db.View(func(tx *bolt.Tx) error {
			s.problems = append(scan(tx), scanGraphs(tx)...)
			s.owned = countOwners(tx)
			return nil
		})
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w; %s", path, err, wayOut(path))
	}
	return s, nil
}

// Problems lists the records Open found unreadable and skipped.
func (s *Bolt) Problems() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.problems)
}

// Path returns the file's path.
func (s *Bolt) Path() string { return s.path }

// Close closes the file.
func (s *Bolt) Close() error { return s.db.Close() }

func notFound(id string) error { return fmt.Errorf("%w: %s", jobs.ErrNotFound, id) }

// record is one job as stored: its record, placement (nil if none) and
// meta entry (nil for records written before checksums).
type record struct {
	job, place, meta []byte
}

func readRecord(tx *bolt.Tx, id []byte) record {
	return record{tx.Bucket(bucketJobs).Get(id), tx.Bucket(bucketPlacements).Get(id), tx.Bucket(bucketMeta).Get(id)}
}

// check decodes a record and verifies it against its checksums.
func (r record) check(id string) (jobs.Job, error) {
	if r.job == nil {
		return jobs.Job{}, notFound(id)
	}
	if r.meta != nil {
		if len(r.meta) != metaLen {
			return jobs.Job{}, fmt.Errorf("%w: job %s: meta entry of %d bytes", ErrCorrupt, id, len(r.meta))
		}
		if binary.LittleEndian.Uint32(r.meta) != sum(r.job) {
			return jobs.Job{}, fmt.Errorf("%w: job %s: the record does not match its checksum", ErrCorrupt, id)
		}
		if r.place != nil && binary.LittleEndian.Uint32(r.meta[4:]) != sum(r.place) {
			return jobs.Job{}, fmt.Errorf("%w: job %s: the placement does not match its checksum", ErrCorrupt, id)
		}
	}
	j, err := DecodeJob(r.job)
	if err != nil {
		return j, fmt.Errorf("%w: job %s: the record does not decode: %v", ErrCorrupt, id, err)
	}
	if j.ID != id {
		return j, fmt.Errorf("%w: job %s: the record names job %q", ErrCorrupt, id, j.ID)
	}
	if j.Status == jobs.Done && r.place == nil {
		return j, fmt.Errorf("%w: job %s: done without a placement", ErrCorrupt, id)
	}
	return j, nil
}

// scan checks every record: keys that are not job ids, records that do
// not decode or match their checksums, placements without a job. Reads
// check again, so a bad record is answered with ErrCorrupt.
func scan(tx *bolt.Tx) (problems []string) {
	tx.Bucket(bucketJobs).ForEach(func(k, _ []byte) error {
		id := string(k)
		if !jobs.ValidID(id) {
			problems = append(problems, fmt.Sprintf("junk key %q in the jobs bucket", k))
		} else if _, err := readRecord(tx, k).check(id); err != nil {
			problems = append(problems, err.Error())
		}
		return nil
	})
	tx.Bucket(bucketPlacements).ForEach(func(k, _ []byte) error {
		if tx.Bucket(bucketJobs).Get(k) == nil {
			problems = append(problems, fmt.Sprintf("placement %q without a job record", k))
		}
		return nil
	})
	return problems
}

// get reads and checks one job.
func (s *Bolt) get(tx *bolt.Tx, id string) (jobs.Job, record, error) {
	r := readRecord(tx, []byte(id))
	j, err := r.check(id)
	return j, r, err
}

// Get implements jobs.Store.
func (s *Bolt) Get(id string) (jobs.Job, error) {
	var j jobs.Job
	err := guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			var err error
			j, _, err = s.get(tx, id)
			return err
		})
	})
	if err == nil && j.Status.Final() {
		s.touch(id)
	}
	return j, err
}

// touch records a read of a finished job, for least-recently-used expiry.
func (s *Bolt) touch(id string) {
	s.mu.Lock()
	s.used[id] = time.Now()
	s.mu.Unlock()
}

// putJob writes a job record, its placement (if place is not nil) and
// their checksums.
func putJob(tx *bolt.Tx, j jobs.Job, place []byte) error {
	b, err := EncodeJob(j)
	if err != nil {
		return fmt.Errorf("encoding job %s: %w", j.ID, err)
	}
	id := []byte(j.ID)
	meta := make([]byte, metaLen)
	if old := tx.Bucket(bucketMeta).Get(id); len(old) == metaLen {
		copy(meta[8:], old[8:]) // keep the last use
	}
	binary.LittleEndian.PutUint32(meta, sum(b))
	if place == nil {
		place = tx.Bucket(bucketPlacements).Get(id)
	} else if err := tx.Bucket(bucketPlacements).Put(id, place); err != nil {
		return err
	}
	if place != nil {
		binary.LittleEndian.PutUint32(meta[4:], sum(place))
	}
	if err := tx.Bucket(bucketMeta).Put(id, meta); err != nil {
		return err
	}
	if err := unlist(tx, id); err != nil {
		return err
	}
	if err := tx.Bucket(bucketListing).Put(jobs.CursorKey(jobs.Cursor(j)), []byte(j.Status)); err != nil {
		return err
	}
	return tx.Bucket(bucketJobs).Put(id, b)
}

// unlist removes the listing entry of the job recorded under id, if any
// (its creation time, in the record, is in the entry's key).
func unlist(tx *bolt.Tx, id []byte) error {
	old := tx.Bucket(bucketJobs).Get(id)
	var r struct {
		Created time.Time `json:"created"`
	}
	if old == nil || json.Unmarshal(old, &r) != nil || !jobs.ValidID(string(id)) {
		return nil // nothing listed, or unreadable (Open reported it)
	}
	return tx.Bucket(bucketListing).Delete(jobs.CursorKey(jobs.Cursor(jobs.Job{ID: string(id), Created: r.Created})))
}

// listAll writes the listing entry of every readable job.
func listAll(tx *bolt.Tx) error {
	var all []jobs.Job
	err := tx.Bucket(bucketJobs).ForEach(func(k, _ []byte) error {
		if j, err := readRecord(tx, k).check(string(k)); err == nil && jobs.ValidID(j.ID) {
			all = append(all, j)
		}
		return nil
	})
	for _, j := range all { // no Put inside ForEach
		if err == nil {
			err = tx.Bucket(bucketListing).Put(jobs.CursorKey(jobs.Cursor(j)), []byte(j.Status))
		}
	}
	return err
}

// List implements jobs.Store: it walks the listing bucket from the newest
// entry (or from q.After) backwards, reading the jobs that match q.Status.
func (s *Bolt) List(q jobs.ListQuery) (jobs.JobList, error) {
	if err := q.Check(); err != nil {
		return jobs.JobList{}, err
	}
	p := jobs.NewPage(q)
	err := guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			c := tx.Bucket(bucketListing).Cursor()
			k, v := c.Last()
			if q.After != "" {
				if k, v = c.Seek(jobs.CursorKey(q.After)); k == nil {
					k, v = c.Last() // every entry is older than the cursor
				} else {
					k, v = c.Prev()
				}
			}
			for ; k != nil; k, v = c.Prev() {
				if len(k) != 8+jobs.IDLen {
					continue
				}
				id := string(k[8:])
				load := func() (jobs.Job, bool) { j, _, err := s.get(tx, id); return j, err == nil }
				if !p.Add(hex.EncodeToString(k[:8])+id, jobs.Status(v), load) {
					break
				}
			}
			return nil
		})
	})
	return p.List(), err
}

// update runs a guarded write transaction.
func (s *Bolt) update(f func(tx *bolt.Tx) error) error {
	return guard(func() error { return s.db.Update(f) })
}

// Put implements jobs.Store.
func (s *Bolt) Put(j jobs.Job) error {
	return s.update(func(tx *bolt.Tx) error { return putJob(tx, j, nil) })
}

// Finish implements jobs.Store: the record and the placement commit together.
func (s *Bolt) Finish(j jobs.Job, place []int) error {
	b, err := EncodePlacement(place)
	if err != nil {
		return err
	}
	return s.update(func(tx *bolt.Tx) error { return putJob(tx, j, b) })
}

// Placement implements jobs.Store.
func (s *Bolt) Placement(id string) ([]int, error) {
	var place []int
	err := guard(func() error {
		return s.db.View(func(tx *bolt.Tx) error {
			_, r, err := s.get(tx, id)
			if err != nil {
				return err
			}
			if r.place == nil {
				return notFound(id)
			}
			place, err = DecodePlacement(r.place) // copies: the bytes are only valid in the tx
			return err
		})
	})
	if err == nil {
		s.touch(id)
	}
	return place, err
}

// Interrupt implements jobs.Store. Unreadable records are skipped (Open
// reported them).
func (s *Bolt) Interrupt(reason string, at time.Time) ([]string, error) {
	var ids []string
	err := s.update(func(tx *bolt.Tx) error {
		var stale []jobs.Job
		err := tx.Bucket(bucketJobs).ForEach(func(k, _ []byte) error {
			if !jobs.ValidID(string(k)) {
				return nil
			}
			j, _, err := s.get(tx, string(k))
			if err == nil && !j.Status.Final() {
				stale = append(stale, j)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, j := range stale { // no Put inside ForEach: bbolt forbids it
			j.Status, j.Error, j.Finished = jobs.Interrupted, reason, at
			if err := putJob(tx, j, nil); err != nil {
				return err
			}
			ids = append(ids, j.ID)
		}
		return nil
	})
	return ids, err
}

// Health implements jobs.HealthReporter: the "database" is the file,
// degraded when it is gone from its path or a read transaction fails.
func (s *Bolt) Health(context.Context) map[string]jobs.ComponentHealth {
	c := jobs.ComponentHealth{Status: jobs.HealthOK}
	name := filepath.Base(s.path) // an open route: the server's directories stay its own
	st, err := os.Stat(s.path)
	if err == nil {
		c.Detail = fmt.Sprintf("bbolt file %s, %s", name, metric.Plural(int(st.Size()), "byte"))
		err = guard(func() error { return s.db.View(func(*bolt.Tx) error { return nil }) })
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = fmt.Errorf("bbolt file %s: %w", name, pe.Err)
	}
	if err != nil {
		c.Status, c.Error = jobs.HealthDegraded, err.Error()
	}
	return map[string]jobs.ComponentHealth{"database": c}
}

var _ jobs.HealthReporter = (*Bolt)(nil)
