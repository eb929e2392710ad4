package jobs

import (
	"errors"
	"time"
)

// ErrNotFound is returned for an unknown job id. The errors of an unknown
// graph or machine wrap ErrNoGraph or ErrNoMachine instead, which are
// ErrNotFound too (errors.Is), so they answer as an unknown job does
// (404), but their messages name what is missing.
var ErrNotFound = errors.New("no such job")

// ErrNoGraph is wrapped by the errors of an unknown uploaded graph id
// (or an id that names a machine where a graph is wanted);
// errors.Is(err, ErrNotFound) holds for it.
var ErrNoGraph error = notFound("no such graph")

// ErrNoMachine is wrapped by the errors of an unknown uploaded machine id
// (or an id that names a graph where a machine is wanted);
// errors.Is(err, ErrNotFound) holds for it.
var ErrNoMachine error = notFound("no such machine")

// notFound is an ErrNotFound of its own message.
type notFound string

func (e notFound) Error() string      { return string(e) }
func (notFound) Is(target error) bool { return target == ErrNotFound }

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
