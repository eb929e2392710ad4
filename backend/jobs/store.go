package jobs

import (
	"errors"
	"time"
)

// ErrNotFound is returned for an unknown job id.
var ErrNotFound = errors.New("no such job")

// Store keeps job records and the placements of finished jobs. Writes are
// durable when they return (backend/store's bbolt Store fsyncs each
// commit). Implementations are safe for concurrent use.
type Store interface {
	// Get returns the job of that id, or an error wrapping ErrNotFound.
	Get(id string) (Job, error)
	// Put writes a job record (no placement).
	Put(j Job) error
	// Finish writes a done job and its placement in one transaction, so a
	// done record always has its placement.
	Finish(j Job, place []int) error
	// Placement returns the placement of a done job (host node of every
	// guest vertex), or an error wrapping ErrNotFound.
	Placement(id string) ([]int, error)
	// Interrupt marks every queued or running record interrupted with the
	// given reason and time, in one transaction, and returns their ids.
	Interrupt(reason string, at time.Time) ([]string, error)
	// List returns a page of jobs, newest first (by creation time, then
	// id), as Page gathers it; q is checked (ListQuery.Check).
	List(q ListQuery) (JobList, error)
}
