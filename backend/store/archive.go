package store

import (
	"context"

	"topomap/backend/jobs"
)

// Source is what `topomap store check` and `export` read of a job store,
// whichever keeps it (Bolt, Memory, or a database shared by several
// servers): every readable record, in id order (so that two stores with
// the same records export the same bytes), and the problems of those it
// cannot read.
type Source interface {
	// EachJob calls f for every readable job, in id order, with its
	// placement as EncodePlacement packs it (nil if it has none); the
	// bytes are valid during the call only. An error of f ends the walk
	// and is returned; the problems are the unreadable records skipped.
	EachJob(ctx context.Context, f func(j jobs.Job, place []byte) error) (problems []string, err error)
	// EachGraph is EachJob for the uploaded graphs.
	EachGraph(ctx context.Context, f func(r GraphRecord) error) (problems []string, err error)
}

// Sink is what `topomap store import` writes into a job store.
type Sink interface {
	// RestoreJob writes j and its placement (EncodePlacement's bytes, nil
	// if none) as they are, unless the store holds a readable job of that
	// id: then it writes nothing and added is false, so that importing
	// an export twice adds nothing the second time.
	RestoreJob(ctx context.Context, j jobs.Job, place []byte) (added bool, err error)
	// RestoreGraph is RestoreJob for an uploaded graph (no quota applies).
	RestoreGraph(ctx context.Context, r GraphRecord) (added bool, err error)
}

// Archive is a store that can be both exported and imported into.
type Archive interface {
	Source
	Sink
}

// Inspector is implemented by a Source that can also describe where it
// keeps its records and check their container (a file's pages, a
// database's tables): Check reports it.
type Inspector interface {
	// Inspect returns where the records are (a path, a database's name),
	// their size in bytes, and the structural damage found.
	Inspect() (where string, bytes int64, damage []string)
}

var (
	_ Archive = (*Bolt)(nil)
	_ Archive = (*Memory)(nil)
)

// Report is what Check finds in a store.
type Report struct {
	// Path is where the store keeps its records (a file's path).
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"` // size of the file
	// Jobs counts readable job records, Results their placements, Graphs
	// the readable uploaded graphs and Machines the readable uploaded
	// machines (stored beside the graphs), as Export counts them.
	Jobs     int `json:"jobs"`
	Results  int `json:"results"`
	Graphs   int `json:"graphs"`
	Machines int `json:"machines"`
	// Damage lists structural problems: a server refuses the file.
	Damage []string `json:"damage,omitempty"`
	// Problems lists unreadable records, which a server skips.
	Problems []string `json:"problems,omitempty"`
}

// OK reports whether the file has neither damage nor problems.
func (r Report) OK() bool { return len(r.Damage) == 0 && len(r.Problems) == 0 }

// CheckSource reads every record of src without changing it, and its
// structure if src is an Inspector. O(records).
func CheckSource(ctx context.Context, src Source) (Report, error) {
	var r Report
	if in, ok := src.(Inspector); ok {
		r.Path, r.Bytes, r.Damage = in.Inspect()
	}
	problems, err := src.EachJob(ctx, func(_ jobs.Job, place []byte) error {
		r.Jobs++
		if place != nil {
			r.Results++
		}
		return nil
	})
	r.Problems = problems
	if err != nil {
		return r, err
	}
	problems, err = src.EachGraph(ctx, func(g GraphRecord) error {
		if g.IsMachine() {
			r.Machines++
		} else {
			r.Graphs++
		}
		return nil
	})
	r.Problems = append(r.Problems, problems...)
	return r, err
}
