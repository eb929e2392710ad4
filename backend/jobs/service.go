package jobs

import (
	"context"
	"errors"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// Service is the job service the server depends on: Runner, the queue and
// workers of one process over a Store, is one; backend/pgstore's, shared by several
// servers over one Postgres database, is another. Errors are
// those Runner documents: *spec.FieldError, ErrNotFound, ErrBusy,
// ErrClosed, ErrConflict, ErrForbidden, ErrCorrupt and, for a service
// over a database, ErrUnavailable.
type Service interface {
	// Submit returns the job that solves in, starting it if there is none
	// or the previous run did not finish; started says whether this call
	// started a run, and only then is the job's CancelToken set.
	Submit(in spec.Instance) (j Job, started bool, err error)
	// Get returns a job's current state.
	Get(id string) (Job, error)
	// List returns a page of jobs, newest first.
	List(q ListQuery) (JobList, error)
	// Subscribe returns a job's state and a channel of its later states,
	// closed after the final one; unsubscribe releases it.
	Subscribe(id string) (j Job, updates <-chan Job, unsubscribe func(), err error)
	// Cancel cancels a queued or running job given its cancel token, and
	// returns its state once recorded (or when ctx ends).
	Cancel(ctx context.Context, id, token string) (Job, error)
	// Result returns the solved instance of a done (or partial) job.
	Result(id string) (*solve.Result, error)
	// Stats returns the counters of the health check.
	Stats() Stats
	// Limits returns the limits in force, solver included, which the
	// server applies to what it solves in the request.
	Limits() Options
	// Close stops accepting jobs and records the live ones interrupted.
	Close(ctx context.Context) error
}

var _ Service = (*Runner)(nil)

// GraphService keeps uploaded communication graphs and resolves the
// graph:ID guests of requests (backend/store's Bolt, in the job store's
// file, and Memory).
type GraphService interface {
	// PutGraph stores a graph within its owner's quota (bytes; an error
	// wrapping ErrQuota beyond) and returns the stored record: that of an
	// earlier upload of the same graph, if any, which charges nobody.
	PutGraph(r GraphRecord, quota int64) (GraphRecord, error)
	// Graph returns a stored graph (an error wrapping ErrNotFound if
	// there is none, ErrCorrupt if its record is damaged).
	Graph(id string) (GraphRecord, error)
	// Resolve is Graph's graph, a guest.Resolver.
	Resolve(ctx context.Context, id string) (*guest.Graph, error)
}

// GraphRecord is an uploaded communication graph as a GraphService keeps
// it: the canonical graph (guest.Canonical, its ID the key), the format it
// was read from and the reader's warnings, and the owner whose quota it
// counts against ("" in records written before owners: nobody).
//
// A record with Names is an uploaded machine, a tree of switches read
// from a machine file (MachineRecord): Names are its nodes' names, then
// its switches', Nodes of them nodes, and Graph is the tree, one arc of
// volume 1 from every vertex but the root to its parent, with the
// machine's id; or, with Torus (a spec string), the listed nodes of that
// torus (topology.Listed): Names are theirs, Places their nodes of the
// torus, and Graph has a vertex per node and no arcs. Machines ride the
// graphs' records so that they share
// their caps, quotas, retention, checks and exports.
type GraphRecord struct {
	Graph    *guest.Graph
	Format   string
	Warnings []string
	Created  time.Time
	Owner    string
	Names    []string
	Nodes    int
	Torus    string
	Places   []int
}

// ErrQuota is wrapped by the error of PutGraph for a graph that would
// take the graphs stored for its owner beyond the quota.
var ErrQuota = errors.New("over the quota of stored graphs")

// StoreStats describe a job store for health checks.
type StoreStats struct {
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
