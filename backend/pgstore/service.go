package pgstore

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/store"
)

// MaxAttempts bounds the runs of one job: a job whose replica died or
// stopped runs again on another, twice at most.
const MaxAttempts = 3

// queueName is River's queue of topomap's jobs (River wants lower case).
const queueName = "topomap"

// sweepQueue is River's queue of the leader's sweep, one worker on each
// replica: a sweep never waits behind the jobs queued for the workers.
const sweepQueue = "topomap_sweep"

// rescueMargin is added to the per-job time limit before River's rescuer
// takes a running job for dead: a live worker's own timeout ends it first.
const rescueMargin = 2 * time.Second

// Service is the jobs.Service of one replica over a shared database: a
// River client that runs jobs (Options.Workers at once), a listener that
// hands job states to local subscribers, and the database's records.
type Service struct {
	db      *DB
	o       jobs.Options
	client  *river.Client[pgx.Tx]
	bus     *bus
	stopBus context.CancelFunc
	closing atomic.Bool
	// runner is the key of the advisory lock the listener's connection
	// holds, written in the rows of the jobs this replica runs: a cancel
	// on any replica that finds it free knows the runner dead.
	runner int64
}

var _ jobs.Service = (*Service)(nil)

// New starts a replica's service on db (ctx bounds the start; Close
// stops it): its River client (which also applies the retention r every
// sweepEvery when it is the leader) and its listener. o are the runner's options (defaults filled in as jobs.New
// does; o.Graphs defaults to db).
func New(ctx context.Context, db *DB, o jobs.Options, r store.Retention) (*Service, error) {
	if o.Graphs == nil {
		o.Graphs = db.Resolve
	}
	o = o.WithDefaults()
	s := &Service{db: db, o: o, runner: runnerKey()}
	client, err := river.NewClient(riverpgxv5.New(db.pool), s.riverConfig(r))
	if err != nil {
		return nil, fmt.Errorf("starting the job queue: %w", err)
	}
	s.client = client
	busCtx, stopBus := context.WithCancel(context.Background())
	if s.bus, err = startBus(busCtx, db, o.Logger, s.runner); err != nil {
		stopBus()
		return nil, err
	}
	s.stopBus = stopBus
	// Close stops the client, not ctx's end: River would stop at once
	// with it, before Close marks the service closing, and a worker
	// would record its job failed ("context canceled") rather than
	// release it.
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		stopBus()
		<-s.bus.done
		return nil, fmt.Errorf("starting the job queue: %w", err)
	}
	return s, nil
}

// riverConfig is the River client's configuration: one queue of
// o.Workers workers, the job time limit as River's timeout, and the
// retention as a periodic job in a queue of its own.
func (s *Service) riverConfig(r store.Retention) *river.Config {
	workers := river.NewWorkers()
	river.AddWorker(workers, &runWorker{s: s})
	river.AddWorker(workers, &sweepWorker{db: s.db, r: r, log: s.o.Logger})
	return &river.Config{
		Queues:               map[string]river.QueueConfig{queueName: {MaxWorkers: s.o.Workers}, sweepQueue: {MaxWorkers: 1}},
		Workers:              workers,
		JobTimeout:           s.o.MaxTime,
		RescueStuckJobsAfter: s.o.MaxTime + rescueMargin,
		MaxAttempts:          MaxAttempts,
		// A producer takes at most its free workers' jobs per fetch and
		// fetches at most every FetchCooldown (River's default 100 ms
		// held 2 workers to 20 short jobs/s).
		FetchCooldown:     10 * time.Millisecond,
		FetchPollInterval: 250 * time.Millisecond,
		Logger:            s.o.Logger,
		PeriodicJobs: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(sweepEvery),
			func() (river.JobArgs, *river.InsertOpts) { return sweepArgs{}, &river.InsertOpts{Queue: sweepQueue} },
			&river.PeriodicJobOpts{RunOnStart: true})},
	}
}

// runnerKey is a random advisory lock key (non-negative) that names a
// replica's service for as long as it runs.
func runnerKey() int64 {
	var b [8]byte
	rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1)
}

// runnerGone says, of a job row, that the replica that last claimed it
// is dead: the advisory lock its listener's connection held is free, so
// that connection is closed. Postgres ends the session of a killed
// process at once (its socket closes) and of a vanished host once TCP
// keepalive gives up; a listener that reconnects takes its lock again.
// NULL runner (a row that a version before it claimed): not known.
const runnerGone = `runner IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 1
	AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
	AND (l.classid::bigint << 32 | l.objid::bigint) = runner)`

// hashToken is what the database keeps of a cancel token.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Submit returns the job that solves in, starting it if there is none or
// the previous run did not finish: the job's row and its River job are
// inserted in one transaction, the row ON CONFLICT on the job id, so
// that identical requests anywhere make one run.
func (s *Service) Submit(in spec.Instance) (jobs.Job, bool, error) {
	j, started, err := s.submit(in)
	return j, started, unavailable(err)
}

func (s *Service) submit(in spec.Instance) (jobs.Job, bool, error) {
	if s.closing.Load() {
		return jobs.Job{}, false, jobs.ErrClosed
	}
	if err := jobs.CheckCaps(in, s.o.MaxNodes, s.o.MaxTime, s.o.Solver.Check); err != nil {
		return jobs.Job{}, false, err
	}
	a, _ := s.o.Solver.Check(in) // passed in CheckCaps
	in = solve.Canonical(in, a)
	id := jobs.ID(in)
	ctx, cancel := opContext()
	defer cancel()
	if old, err := s.db.Get(id); err == nil && (old.Status == jobs.Done || !old.Status.Final()) {
		return old, false, nil
	}
	var queued int
	if err := s.db.pool.QueryRow(ctx, "SELECT count(*) FROM topomap_jobs WHERE status = 'queued'").Scan(&queued); err != nil {
		return jobs.Job{}, false, fmt.Errorf("counting the queued jobs: %w", err)
	}
	if queued >= s.o.Queue {
		return jobs.Job{}, false, jobs.ErrBusy
	}
	token := rand.Text()
	j := jobs.Job{ID: id, Status: jobs.Queued, Request: jobs.RequestOf(in), Created: time.Now().UTC()}
	started, err := s.insert(ctx, j, token)
	if err != nil || !started {
		old, gerr := s.db.Get(id)
		return old, false, errors.Join(err, gerr)
	}
	j.CancelToken = token
	return j, true, nil
}

// insert writes a new run of j and its River job, unless a live or done
// run of the same id exists; started says whether it did.
func (s *Service) insert(ctx context.Context, j jobs.Job, token string) (started bool, err error) {
	b, err := store.EncodeJob(j)
	if err != nil {
		return false, err
	}
	tx, err := s.db.pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	err = tx.QueryRow(ctx, `INSERT INTO topomap_jobs (id, status, created_ns, record, token_hash, bytes, graph_ref, machine_ref)
		VALUES ($1, $2, $3, $4, $5, length($4::bytea), `+graphRef("$4::bytea")+`, `+machineRef("$4::bytea")+`)
		ON CONFLICT (id) DO UPDATE SET status = excluded.status, created_ns = excluded.created_ns, record = excluded.record,
			token_hash = excluded.token_hash, bytes = excluded.bytes, cancel_requested = false, attempt = 0, last_used = now(),
			graph_ref = excluded.graph_ref, machine_ref = excluded.machine_ref
		WHERE topomap_jobs.status IN ('failed', 'cancelled', 'interrupted') RETURNING id`,
		j.ID, string(j.Status), createdNS(j), b, hashToken(token)).Scan(new(string))
	if noRows(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("recording job %s: %w", j.ID, err)
	}
	if _, err := tx.Exec(ctx, "DELETE FROM topomap_placements WHERE job_id = $1", j.ID); err != nil {
		return false, err
	}
	res, err := s.client.InsertTx(ctx, tx, runArgs{ID: j.ID, MaxTime: s.o.MaxTime}, &river.InsertOpts{Queue: queueName, MaxAttempts: MaxAttempts})
	if err != nil {
		return false, fmt.Errorf("queueing job %s: %w", j.ID, err)
	}
	if _, err := tx.Exec(ctx, "UPDATE topomap_jobs SET river_id = $2 WHERE id = $1", j.ID, res.Job.ID); err != nil {
		return false, err
	}
	if err := notify(ctx, tx, j.ID, b); err != nil {
		return false, err
	}
	return true, tx.Commit(ctx)
}

// Get returns a job's current state (as its worker last wrote it).
func (s *Service) Get(id string) (jobs.Job, error) {
	j, err := s.db.Get(id)
	return j, unavailable(err)
}

// List returns a page of jobs, newest first.
func (s *Service) List(q jobs.ListQuery) (jobs.JobList, error) {
	l, err := s.db.List(q)
	return l, unavailable(err)
}

// Subscribe returns a job's state and a channel of its later states, sent
// by whichever replica runs it; the channel is closed after the final one
// (at once for a finished job).
func (s *Service) Subscribe(id string) (jobs.Job, <-chan jobs.Job, func(), error) {
	ch := s.bus.subscribe(id)
	j, err := s.db.Get(id)
	if err != nil || j.Status.Final() {
		s.bus.unsubscribe(id, ch)
		closed := make(chan jobs.Job)
		close(closed)
		return j, closed, func() {}, unavailable(err)
	}
	s.bus.floor(id, ch, j)
	return j, ch, func() { s.bus.unsubscribe(id, ch) }, nil
}

// Cancel cancels a queued or running job given its cancel token, checked
// against the stored hash: a queued job is recorded cancelled at once, a
// running one is marked and its River job cancelled, and Cancel returns
// once its worker, on whichever replica, has recorded it (or ctx ends);
// one whose River run no worker holds (rescued from a dead replica and
// waiting for its retry), or whose replica is dead (runnerGone), is
// recorded cancelled at once: River's rescuer then cancels its run
// rather than retry it, and a retry that starts first finds it final.
func (s *Service) Cancel(ctx context.Context, id, token string) (jobs.Job, error) {
	j, err := s.cancel(ctx, id, token)
	return j, unavailable(err)
}

func (s *Service) cancel(ctx context.Context, id, token string) (jobs.Job, error) {
	var j jobs.Job
	var riverID *int64
	err := pgx.BeginFunc(ctx, s.db.pool, func(tx pgx.Tx) (err error) {
		j, riverID, err = markCancelled(ctx, tx, id, token)
		return err
	})
	if err != nil {
		return j, err
	}
	if j.Status.Final() { // cancelled while queued, here
		s.observe(j)
	}
	if riverID != nil {
		run, err := s.client.JobCancel(ctx, *riverID)
		if err != nil && !errors.Is(err, river.ErrNotFound) {
			return j, fmt.Errorf("cancelling the run of job %s: %w", id, err)
		}
		if err == nil && run.State == rivertype.JobStateCancelled && !j.Status.Final() {
			return s.recordUnheld(ctx, id)
		}
	}
	if j.Status.Final() {
		return j, nil
	}
	return s.await(ctx, id)
}

// markCancelled marks job id's cancel asked, in tx, given its token, and
// records it cancelled if it is queued or its replica is dead
// (runnerGone); it returns the job and its River run's id (nil if none).
func markCancelled(ctx context.Context, tx pgx.Tx, id, token string) (j jobs.Job, riverID *int64, err error) {
	var hash, rec []byte
	var gone bool
	err = tx.QueryRow(ctx, "SELECT record, token_hash, river_id, "+runnerGone+" FROM topomap_jobs WHERE id = $1 FOR UPDATE", id).Scan(&rec, &hash, &riverID, &gone)
	if noRows(err) {
		return j, nil, notFound(id)
	}
	if err != nil {
		return j, nil, err
	}
	if j, err = decode(id, rec); err != nil {
		return j, nil, err
	}
	if j.Status.Final() {
		return j, nil, fmt.Errorf("%w: job %s is %s; only queued or running jobs can be cancelled", jobs.ErrConflict, id, j.Status)
	}
	if subtle.ConstantTimeCompare(hashToken(token), hash) != 1 || token == "" {
		return j, nil, fmt.Errorf("%w: cancelling job %s needs the cancel token its submit returned", jobs.ErrForbidden, id)
	}
	if _, err := tx.Exec(ctx, "UPDATE topomap_jobs SET cancel_requested = true WHERE id = $1", id); err != nil {
		return j, nil, err
	}
	if j.Status == jobs.Queued || gone {
		j.Status, j.Error, j.Finished = jobs.Cancelled, errCancelled, time.Now().UTC()
		return j, riverID, putJob(ctx, tx, j)
	}
	return j, riverID, nil
}

// recordUnheld records cancelled a job whose River run the cancel ended
// while no worker held it (its replica died and the run waited for a
// retry): no worker will, and the leader's sweep would a minute later.
func (s *Service) recordUnheld(ctx context.Context, id string) (jobs.Job, error) {
	if err := pgx.BeginFunc(ctx, s.db.pool, func(tx pgx.Tx) error { return reapOne(ctx, tx, id) }); err != nil {
		return jobs.Job{}, fmt.Errorf("recording job %s cancelled: %w", id, err)
	}
	j, err := s.db.Get(id)
	if err == nil && j.Status.Final() {
		s.observe(j)
	}
	return j, err
}

// await returns a job's state once final, or when ctx ends.
func (s *Service) await(ctx context.Context, id string) (jobs.Job, error) {
	j, updates, unsubscribe, err := s.Subscribe(id)
	if err != nil {
		return j, err
	}
	defer unsubscribe()
	for !j.Status.Final() {
		select {
		case next, ok := <-updates:
			if !ok {
				return s.db.Get(id)
			}
			j = next
		case <-ctx.Done():
			return s.db.Get(id)
		}
	}
	return j, nil
}

// Result returns the solved instance of a done (or partial) job.
func (s *Service) Result(id string) (*solve.Result, error) {
	res, err := s.result(id)
	return res, unavailable(err)
}

func (s *Service) result(id string) (*solve.Result, error) {
	j, err := s.db.Get(id)
	if err != nil {
		return nil, err
	}
	if j.Status != jobs.Done && !j.Partial {
		return nil, fmt.Errorf("%w: job %s is %s; its placement exists once it is done", jobs.ErrConflict, id, j.Status)
	}
	place, err := s.db.Placement(id)
	if err != nil {
		return nil, err
	}
	return jobs.Rebuild(j, place, s.o)
}

// Stats returns this replica's workers and queue bound, and the queued
// and running jobs of every replica (zero if the database does not
// answer).
func (s *Service) Stats() jobs.Stats {
	st := jobs.Stats{Workers: s.o.Workers, Queue: s.o.Queue}
	ctx, cancel := context.WithTimeout(context.Background(), healthTimeout)
	defer cancel()
	if q, r, err := s.live(ctx); err == nil {
		st.Queued, st.Running = q, r
	}
	return st
}

// Limits returns the options in force.
func (s *Service) Limits() jobs.Options { return s.o }

// Close stops accepting jobs and stops the River client: the jobs
// running here are released for a retry on another replica (recorded
// queued again, not interrupted). The DB stays open; the caller closes it.
func (s *Service) Close(ctx context.Context) error {
	if s.closing.Swap(true) {
		return nil
	}
	err := s.client.StopAndCancel(ctx)
	s.stopBus()
	<-s.bus.done
	if err != nil {
		return fmt.Errorf("stopping the job queue: %w", err)
	}
	return nil
}
