package pgstore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/api"
	"topomap/backend/jobs"
)

// The errors recorded for jobs that end otherwise than done or failed.
const (
	errCancelled = "cancelled by request"
	errShutdown  = "the server stopped before the job finished, and its retries too"
)

// replicaName names this process in the rows of the jobs it runs.
var replicaName = func() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s:%d", host, os.Getpid())
}()

// runArgs is River's job: the topomap job to run.
type runArgs struct {
	ID string `json:"id"`
	// MaxTime is the time limit of the replica that accepted the job: it
	// holds on whichever replica runs it (0 in jobs queued before it was
	// recorded: the running replica's).
	MaxTime time.Duration `json:"maxTime,omitempty"`
}

func (runArgs) Kind() string { return "topomap_run" }

// Timeout is River's time limit of a run (its Worker's), which River's
// rescuer also waits for before it takes the run from a replica that
// stopped answering: the job's own limit, which Work enforces, plus
// rescueMargin, so that the rescuer never takes a run whose live worker
// is recording its end at the limit (the client's RescueStuckJobsAfter
// has that margin only over the leader's limit, which a job accepted by
// a replica of a longer --job-timeout exceeds).
func (w *runWorker) Timeout(job *river.Job[runArgs]) time.Duration {
	return w.s.maxTime(job) + rescueMargin
}

// maxTime is the time limit that holds for job.
func (s *Service) maxTime(job *river.Job[runArgs]) time.Duration {
	if job.Args.MaxTime > 0 {
		return job.Args.MaxTime
	}
	return s.o.MaxTime
}

// runWorker runs topomap jobs for River.
type runWorker struct {
	river.WorkerDefaults[runArgs]
	s *Service
}

// Work runs one attempt of a job: it claims the row (a job cancelled
// while queued, or finished by an earlier attempt, is not run again),
// solves within the job's time limit with progress written and notified
// at most every ProgressEvery, and records the outcome. A job whose
// replica is stopping is released: its row goes back to queued and River
// makes it available again at once, its attempt not counted.
func (w *runWorker) Work(ctx context.Context, job *river.Job[runArgs]) error {
	s := w.s
	ctx, cancel := context.WithTimeout(ctx, s.maxTime(job))
	defer cancel()
	j, in, ok, err := s.claim(ctx, job.Args.ID, job.Attempt)
	if err != nil || !ok {
		return err
	}
	res, err := s.solve(ctx, &j, in)
	return s.record(ctx, job, j, res, err)
}

// claim marks a job running for attempt and returns it and its instance;
// ok is false if it must not run. A request that no longer parses or
// whose graph expired fails the job.
func (s *Service) claim(ctx context.Context, id string, attempt int) (j jobs.Job, in spec.Instance, ok bool, err error) {
	tx, err := s.db.pool.Begin(ctx)
	if err != nil {
		return j, in, false, err
	}
	defer tx.Rollback(ctx)
	if j, err = getJob(ctx, tx, id, true); err != nil {
		return j, in, false, err
	}
	var cancelled bool
	if err := tx.QueryRow(ctx, "SELECT cancel_requested FROM topomap_jobs WHERE id = $1", id).Scan(&cancelled); err != nil {
		return j, in, false, err
	}
	if j.Status.Final() {
		return j, in, false, nil
	}
	j.Status, j.Started, j.Progress = jobs.Running, time.Now().UTC(), jobs.Progress{}
	if in, err = s.instance(ctx, j); err != nil || cancelled {
		j.Status, j.Error, j.Finished = jobs.Failed, fmt.Sprint(err), time.Now().UTC()
		if cancelled {
			j.Status, j.Error = jobs.Cancelled, errCancelled
		}
		ok, err = false, putJob(ctx, tx, j)
	} else if err = putJob(ctx, tx, j); err == nil {
		ok = true
		_, err = tx.Exec(ctx, "UPDATE topomap_jobs SET attempt = $2, replica = $3, runner = $4 WHERE id = $1", id, attempt, replicaName, s.runner)
	}
	if err != nil {
		return j, in, false, err
	}
	if err := tx.Commit(ctx); err != nil {
		return j, in, false, err
	}
	s.observe(j)
	return j, in, ok, nil
}

// observe tells the Observer, if any, that j started running here or
// reached its final state here, as the in-process runner does.
func (s *Service) observe(j jobs.Job) {
	switch o := s.o.Observer; {
	case o == nil:
	case j.Status == jobs.Running:
		o.Started(j)
	case j.Status.Final():
		o.Finished(j)
	}
}

// instance parses a job's stored request and resolves its graph.
func (s *Service) instance(ctx context.Context, j jobs.Job) (spec.Instance, error) {
	in, err := j.Request.Instance()
	if err != nil {
		return in, fmt.Errorf("%w: stored request of %s: %v", jobs.ErrCorrupt, j.ID, err)
	}
	return in, in.Resolve(ctx, s.o.Graphs)
}

// solve calls the solver (MapTimed: a silent one's elapsed time is
// reported too), turning a panic into an error, and leaves in
// j.Progress the last progress it reported, which the job's final record
// keeps (as the runner's does); progress is written and notified by a
// goroutine of its own, at most every ProgressEvery (the first report at
// once), so the solver never waits for the database.
func (s *Service) solve(ctx context.Context, j *jobs.Job, in spec.Instance) (res *solve.Result, err error) {
	var mu sync.Mutex
	latest := j.Progress
	var last time.Time // of the last report sent to the writer
	kick := make(chan struct{}, 1)
	written := make(chan struct{})
	go func(w jobs.Job, kick <-chan struct{}) {
		defer close(written)
		failures := s.progressFailures(w.ID)
		for range kick {
			mu.Lock()
			w.Progress = latest
			mu.Unlock()
			if err := putProgress(ctx, s.db.pool, w); ctx.Err() == nil {
				failures.report(err)
			}
		}
	}(*j, kick)
	defer func() {
		mu.Lock()
		close(kick)
		kick = nil
		j.Progress = latest
		mu.Unlock()
		<-written
	}()
	defer func() {
		if p := recover(); p != nil {
			s.o.Logger.Error("jobs: solver panic", "id", j.ID, "panic", p, "stack", string(debug.Stack()))
			res, err = nil, fmt.Errorf("internal error in %s", in.Algo)
		}
	}()
	return s.o.Solver.MapTimed(ctx, in, func(p solve.Progress) {
		mu.Lock()
		defer mu.Unlock()
		latest = api.ProgressOf(p)
		if now := time.Now(); kick != nil && now.Sub(last) >= s.o.ProgressEvery {
			last = now
			select {
			case kick <- struct{}{}:
			default: // the writer is busy; it reads the latest when done
			}
		}
	})
}

// record writes the outcome of an attempt, trying again every half
// second while the database is unavailable (for opTimeout at most: then
// River's rescuer retries the job once the database is back).
func (s *Service) record(ctx context.Context, job *river.Job[runArgs], j jobs.Job, res *solve.Result, err error) error {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), opTimeout) // ctx may have ended; River's values stay
	defer cancel()
	for {
		final, rerr := s.recordOnce(ctx, wctx, job, j, res, err)
		if rerr == nil {
			s.observe(final)
		}
		if !errors.Is(unavailable(rerr), jobs.ErrUnavailable) || wctx.Err() != nil {
			return rerr
		}
		sleep(wctx, 500*time.Millisecond)
	}
}

// recordOnce writes the outcome of an attempt and returns the job as
// written. A done job's placement, its record and River's completion
// commit in one transaction.
func (s *Service) recordOnce(ctx, wctx context.Context, job *river.Job[runArgs], j jobs.Job, res *solve.Result, err error) (jobs.Job, error) {
	var cancelled bool
	if qerr := s.db.pool.QueryRow(wctx, "SELECT cancel_requested FROM topomap_jobs WHERE id = $1", j.ID).Scan(&cancelled); qerr != nil {
		return j, qerr // River retries the attempt
	}
	j.Finished = time.Now().UTC()
	timedOut := false
	switch {
	case cancelled:
		j.Status, j.Error = jobs.Cancelled, errCancelled
	case err == nil:
		j.Status = jobs.Done
	case s.closing.Load() && ctx.Err() != nil:
		return j, s.release(wctx, j, err)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		timedOut = true
		j.Status, j.Error = jobs.Failed, jobs.TimeLimitError(s.maxTime(job), jobs.Keeps(jobs.Failed, true, res))
	default:
		j.Status, j.Error = jobs.Failed, err.Error()
	}
	if !jobs.Keeps(j.Status, timedOut, res) {
		return j, putJob(wctx, s.db.pool, j)
	}
	jobs.Complete(&j, res, j.Status != jobs.Done)
	return j, pgx.BeginFunc(wctx, s.db.pool, func(tx pgx.Tx) error {
		if err := finish(wctx, tx, j, res.Mapping.Place); err != nil {
			return err
		}
		_, err := river.JobCompleteTx[*riverpgxv5.Driver](wctx, tx, job)
		return err
	})
}

// release hands a job back to River for another replica to run at once:
// its row goes back to queued, and the snooze returned neither waits nor
// counts the attempt (a stop is no failure: rolling restarts never use up
// a job's MaxAttempts, which bound the runs that died or failed).
func (s *Service) release(ctx context.Context, j jobs.Job, cause error) error {
	j.Status, j.Finished, j.Progress = jobs.Queued, time.Time{}, jobs.Progress{}
	if err := putJob(ctx, s.db.pool, j); err != nil {
		return errors.Join(cause, err)
	}
	s.o.Logger.Info("jobs: released a running job for another server to run: this one is stopping", "id", j.ID)
	return river.JobSnooze(0)
}
