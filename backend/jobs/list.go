package jobs

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"time"

	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// JobList is a page of jobs, newest first; see api.JobList.
type JobList = api.JobList

// The page sizes of a listing: DefaultList when the query names none,
// MaxList at most.
const (
	DefaultList = 50
	MaxList     = 200
)

// MaxListScan bounds the jobs one listing looks at: a filter that matches
// few of many jobs answers a short page (maybe empty) with a cursor to go
// on from, so that no request reads the whole store.
const MaxListScan = 10000

// MaxListHistogram bounds the hop histogram entries of the jobs on one
// page, the one part of a job record that grows with the host: a job on
// ring:1048576 has 524,289 (1.5 MB of JSON), and a page of 200 such jobs
// took 300 MB. A page ends early, with a Next, once its jobs hold this
// many (PageFull); it always holds one job.
const MaxListHistogram = 1 << 20

// PageFull reports whether a page of these jobs is full by their hop
// histograms (MaxListHistogram), whatever its limit.
func PageFull(page []Job) bool {
	n := 0
	for _, j := range page {
		if j.Metrics != nil {
			n += len(j.Metrics.HopHistogram)
		}
	}
	return n >= MaxListHistogram
}

// ListQuery selects a page of jobs for List.
type ListQuery struct {
	// Status keeps the jobs in that state only ("" keeps every job).
	Status Status
	// After is the Next of the previous page ("" starts at the newest).
	After string
	// Limit is the most jobs the page holds (1 to MaxList).
	Limit int
}

// Check returns a *spec.FieldError naming the field of q that is out of
// range: status, after or limit.
func (q ListQuery) Check() error {
	if q.Status != "" && !q.Status.Final() && q.Status != Queued && q.Status != Running {
		return &spec.FieldError{Field: "status", Err: fmt.Errorf("unknown job status %q (want queued, running, done, failed, cancelled or interrupted)", q.Status)}
	}
	if q.After != "" {
		if _, err := ParseCursor(q.After); err != nil {
			return &spec.FieldError{Field: "after", Err: err}
		}
	}
	if q.Limit < 1 || q.Limit > MaxList {
		return &spec.FieldError{Field: "limit", Err: fmt.Errorf("limit %d is out of range: want 1 to %d", q.Limit, MaxList)}
	}
	return nil
}

// CursorLen is the length of a cursor: 16 hex digits of the creation time,
// then the job id.
const CursorLen = 16 + IDLen

// Cursor returns j's place in the listing order, the form ListQuery.After
// takes: its creation time in Unix nanoseconds (offset so that hex digits
// sort as times do), then its id. Cursors compare as strings in listing
// order: the newer job has the greater cursor.
func Cursor(j Job) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(stamp(j.Created))^1<<63)
	return hex.EncodeToString(b[:]) + j.ID
}

// CursorKey is a cursor in bytes (the creation time's 8 bytes, then the
// id): the key of a store's index, which sorts as the cursors do.
func CursorKey(cursor string) []byte {
	b, _ := hex.DecodeString(cursor[:16])
	return append(b, cursor[16:]...)
}

// ParseCursor checks a cursor and returns its key (CursorKey).
func ParseCursor(s string) ([]byte, error) {
	if len(s) != CursorLen || !ValidID(s[16:]) {
		return nil, errors.New("malformed cursor: want the next of a previous page")
	}
	if _, err := hex.DecodeString(s[:16]); err != nil {
		return nil, errors.New("malformed cursor: want the next of a previous page")
	}
	return CursorKey(s), nil
}

// stamp is t in Unix nanoseconds, clamped to the int64 range (the zero
// time and dates after 2262 do not fit).
func stamp(t time.Time) int64 {
	switch {
	case t.Before(time.Unix(0, math.MinInt64)):
		return math.MinInt64
	case t.After(time.Unix(0, math.MaxInt64)):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// Page gathers a listing page for a Store: the store feeds it its jobs in
// listing order (newest first), starting after q.After, until Add returns
// false; Page applies the status filter, the limit, MaxListHistogram
// and MaxListScan, so every Store pages alike.
type Page struct {
	q       ListQuery
	list    JobList
	scanned int
	last    string // cursor of the last job looked at
}

// NewPage starts the page that q asks for.
func NewPage(q ListQuery) *Page { return &Page{q: q, list: JobList{Jobs: []Job{}}} }

// Add offers the next job, by its cursor and status; load reads it (false:
// it does not read, and is left out). It returns false once the page is
// complete.
func (p *Page) Add(cursor string, status Status, load func() (Job, bool)) bool {
	full := len(p.list.Jobs) == p.q.Limit || PageFull(p.list.Jobs)
	if p.scanned == MaxListScan || full && (p.q.Status == "" || status == p.q.Status) {
		p.list.Next = p.last // more follow (or were not looked at)
		return false
	}
	p.scanned++
	p.last = cursor
	if p.q.Status != "" && status != p.q.Status {
		return true
	}
	if j, ok := load(); ok {
		p.list.Jobs = append(p.list.Jobs, j)
	}
	return true
}

// List returns the page.
func (p *Page) List() JobList { return p.list }
