package jobs

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/api"
)

// Solver is what the runner calls: solve.Check and solve.Map by default;
// tests substitute their own.
type Solver struct {
	Check func(spec.Instance) (solve.Algorithm, error)
	Map   func(ctx context.Context, in spec.Instance, progress func(solve.Progress)) (*solve.Result, error)
}

// Options are the runner's limits. Zero fields take the documented default.
type Options struct {
	// Workers is how many jobs run at once (default runtime.NumCPU()).
	Workers int
	// Queue is how many jobs may wait (default 16 per worker); Submit
	// returns ErrBusy beyond it.
	Queue int
	// MaxNodes caps the guest vertices and host nodes of a job (default
	// 1<<20).
	MaxNodes int
	// MaxTime is the per-job time limit (default 5 minutes); a request's
	// budget may not exceed it.
	MaxTime time.Duration
	// ProgressEvery is the least time between two progress events of a job
	// (default 100ms).
	ProgressEvery time.Duration
	// Solver defaults to solve.Check and solve.Map.
	Solver Solver
	// Graphs resolves the graph:ID guests of stored requests (the
	// server's graph store), and those of queued jobs when they start;
	// nil: queued jobs keep their graphs and results cannot be rebuilt.
	Graphs guest.Resolver
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Observer, if set, is told when jobs start and finish (metrics).
	Observer Observer
}

// WithDefaults returns o with its zero fields set to the documented
// defaults, as every Service applies them.
func (o Options) WithDefaults() Options {
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	if o.Queue <= 0 {
		o.Queue = 16 * o.Workers
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = 1 << 20
	}
	if o.MaxTime <= 0 {
		o.MaxTime = 5 * time.Minute
	}
	if o.ProgressEvery <= 0 {
		o.ProgressEvery = 100 * time.Millisecond
	}
	if o.Solver.Check == nil {
		o.Solver.Check = solve.Check
	}
	if o.Solver.Map == nil {
		o.Solver.Map = solve.Map
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// The errors Submit, Cancel and Result return besides *spec.FieldError
// and ErrNotFound; the server maps each to one HTTP status.
var (
	// ErrBusy: the queue is full; try again later.
	ErrBusy = errors.New("the job queue is full, try again later")
	// ErrClosed: the runner is shutting down.
	ErrClosed = errors.New("the server is shutting down")
	// ErrConflict: the job is not in a state that allows the operation.
	ErrConflict = errors.New("conflict")
	// ErrForbidden: the caller may not do this (a wrong cancel token).
	ErrForbidden = errors.New("forbidden")
	// ErrCorrupt: a stored record does not decode or no longer makes sense.
	ErrCorrupt = errors.New("corrupt data")
	// ErrUnavailable: a shared job database does not answer; try again
	// later.
	ErrUnavailable = errors.New("the job database is unavailable, try again later")
)

// Causes of a job's context ending.
var (
	errCancelled = errors.New("cancelled by request")
	errShutdown  = errors.New("the server stopped before the job finished")
	errTimeout   = errors.New("time limit")
)

// entry is a live (queued or running) job.
type entry struct {
	job    Job
	in     spec.Instance
	ctx    context.Context
	cancel context.CancelCauseFunc
	subs   []chan Job
	done   chan struct{}
	token  string    // the cancel token, given to the submitter only
	last   time.Time // last progress event
}

// Runner queues and runs jobs. Its methods are safe for concurrent use.
type Runner struct {
	o     Options
	st    Store
	base  context.Context
	stop  context.CancelCauseFunc
	queue chan *entry
	wg    sync.WaitGroup // workers

	mu         sync.Mutex
	live       map[string]*entry
	pending    int // queued entries not yet taken by a worker
	running    int
	closed     bool
	submitting sync.WaitGroup // Submits between reserving a slot and enqueueing
}

// New starts a runner on st. Records that were queued or running when the
// previous process stopped are marked interrupted first.
func New(st Store, o Options) (*Runner, error) {
	o = o.WithDefaults()
	ids, err := st.Interrupt(errShutdown.Error(), time.Now().UTC())
	if err != nil {
		return nil, fmt.Errorf("recovering the job store: %w", err)
	}
	if len(ids) > 0 {
		o.Logger.Info("jobs: marked interrupted", "count", len(ids), "ids", ids)
	}
	base, stop := context.WithCancelCause(context.Background())
	r := &Runner{o: o, st: st, base: base, stop: stop, queue: make(chan *entry, o.Queue), live: map[string]*entry{}}
	for range o.Workers {
		r.wg.Add(1)
		go r.worker()
	}
	return r, nil
}

// Limits returns the options in force (defaults filled in).
func (r *Runner) Limits() Options { return r.o }

// Validate checks a parsed instance against the solver and the size and
// time caps; errors are *spec.FieldError.
func (r *Runner) Validate(in spec.Instance) error {
	return CheckCaps(in, r.o.MaxNodes, r.o.MaxTime, r.o.Solver.Check)
}

// CheckCaps checks that neither in's guest nor its host exceeds maxNodes
// and its budget does not exceed maxTime, then checks in with check
// (solve.Check). Errors are *spec.FieldError; the caps' errors say the cap.
func CheckCaps(in spec.Instance, maxNodes int, maxTime time.Duration, check func(spec.Instance) (solve.Algorithm, error)) error {
	if n := in.Guest.Order(); n > maxNodes {
		return &spec.FieldError{Field: "guest", Err: fmt.Errorf("guest %s has %s vertices, more than this server's cap of %s", in.Guest, metric.Thousands(n), metric.Thousands(maxNodes))}
	}
	if n := in.Host.Size(); n > maxNodes {
		return &spec.FieldError{Field: "host", Err: fmt.Errorf("host %s has %s", in.Host, hostSize(in.Host, maxNodes))}
	}
	if in.Budget > maxTime {
		return &spec.FieldError{Field: "budget", Err: fmt.Errorf("budget %v exceeds this server's time limit of %v", in.Budget, maxTime)}
	}
	_, err := check(in)
	return err
}

// hostSize says how big h is against a cap of maxNodes, as CheckCaps
// counts it (h.Size()): "N nodes, more than …", or for a host whose nodes
// have cores (":cores=C", ":node=…") "N nodes × C cores = S slots, more
// than … slots".
func hostSize(h topology.Host, maxNodes int) string {
	nodes, c := topology.NodesOf(h)
	if c == 1 {
		return fmt.Sprintf("%s nodes, more than this server's cap of %s", metric.Thousands(h.Size()), metric.Thousands(maxNodes))
	}
	return fmt.Sprintf("%s nodes × %s cores = %s slots, more than this server's cap of %s slots",
		metric.Thousands(nodes.Size()), metric.Thousands(c), metric.Thousands(h.Size()), metric.Thousands(maxNodes))
}

// Submit returns the job that solves in, starting it if there is none or
// if the previous run failed, was cancelled or interrupted. started says
// whether this call queued a new run; only then is j.CancelToken set (the
// token Cancel wants). Errors: *spec.FieldError (bad instance), ErrBusy,
// ErrClosed, or a store error.
func (r *Runner) Submit(in spec.Instance) (j Job, started bool, err error) {
	if err := r.Validate(in); err != nil {
		return Job{}, false, err
	}
	a, _ := r.o.Solver.Check(in) // passed in Validate
	in = solve.Canonical(in, a)  // parameters a ignores make no new job
	id := ID(in)
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return Job{}, false, ErrClosed
	}
	if e, ok := r.live[id]; ok {
		j := e.job
		r.mu.Unlock()
		return j, false, nil
	}
	old, err := r.st.Get(id)
	switch {
	case err == nil && old.Status == Done:
		r.mu.Unlock()
		return old, false, nil
	case err != nil && !errors.Is(err, ErrNotFound):
		r.mu.Unlock()
		return Job{}, false, err
	}
	if r.pending >= r.o.Queue {
		r.mu.Unlock()
		return Job{}, false, ErrBusy
	}
	ctx, cancel := context.WithCancelCause(r.base)
	e := &entry{in: r.queued(in), ctx: ctx, cancel: cancel, done: make(chan struct{}), token: rand.Text(),
		job: Job{ID: id, Status: Queued, Request: RequestOf(in), Created: time.Now().UTC()}}
	r.live[id] = e
	r.pending++
	r.submitting.Add(1)
	j = e.job
	r.mu.Unlock()
	defer r.submitting.Done()

	if err := r.st.Put(j); err != nil {
		r.mu.Lock()
		r.pending--
		r.finishLocked(e, Failed, "the job could not be recorded: "+err.Error())
		r.mu.Unlock()
		cancel(err)
		return Job{}, false, err
	}
	r.queue <- e // never blocks: pending ≤ Queue = cap(queue)
	j.CancelToken = e.token
	return j, true, nil
}

// queued is in as a queued job keeps it: without the uploaded graph it
// maps (tens of MB at a million vertices, a copy per job), which the
// worker resolves again through o.Graphs when the job starts.
func (r *Runner) queued(in spec.Instance) spec.Instance {
	if r.o.Graphs != nil {
		in.Guest.Graph = nil
	}
	return in
}

// Get returns the job of that id (live state first, then the store).
func (r *Runner) Get(id string) (Job, error) {
	r.mu.Lock()
	if e, ok := r.live[id]; ok {
		j := e.job
		r.mu.Unlock()
		return j, nil
	}
	r.mu.Unlock()
	return r.st.Get(id)
}

// List returns a page of jobs from the store, newest first (see
// ListQuery), with the live state (progress) of the queued and running
// ones. Errors: *spec.FieldError for a malformed query, or a store error.
func (r *Runner) List(q ListQuery) (JobList, error) {
	list, err := r.st.List(q)
	if err != nil {
		return list, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, j := range list.Jobs {
		if e, ok := r.live[j.ID]; ok && e.job.Status == j.Status {
			list.Jobs[i] = e.job
		}
	}
	return list, nil
}

// Subscribe returns the job's current state and a channel that receives
// its later states (progress at most every ProgressEvery; intermediate
// states may be skipped, the final one never is) and is closed after the
// final one, at once for a finished job. Call unsubscribe when done.
func (r *Runner) Subscribe(id string) (j Job, updates <-chan Job, unsubscribe func(), err error) {
	r.mu.Lock()
	e, ok := r.live[id]
	if !ok {
		r.mu.Unlock()
		j, err := r.st.Get(id)
		closed := make(chan Job)
		close(closed)
		return j, closed, func() {}, err
	}
	ch := make(chan Job, 1)
	e.subs = append(e.subs, ch)
	j = e.job
	r.mu.Unlock()
	return j, ch, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		for i, c := range e.subs {
			if c == ch {
				e.subs = append(e.subs[:i], e.subs[i+1:]...)
				close(ch)
				return
			}
		}
	}, nil
}

// publish sends e's state to its subscribers, replacing an unread older
// state (latest wins). Called with r.mu held.
func (e *entry) publish() {
	for _, ch := range e.subs {
		select {
		case ch <- e.job:
		default:
			select {
			case <-ch:
			default:
			}
			ch <- e.job // room now: only publish sends, under r.mu
		}
	}
}

// Cancel cancels a queued or running job, given the cancel token its
// Submit returned, and returns its state after the worker has recorded it
// (or after ctx ends). Errors: ErrNotFound, ErrForbidden for a missing or
// wrong token, and ErrConflict for a job that already finished.
func (r *Runner) Cancel(ctx context.Context, id, token string) (Job, error) {
	r.mu.Lock()
	e, ok := r.live[id]
	if ok && subtle.ConstantTimeCompare([]byte(token), []byte(e.token)) != 1 {
		r.mu.Unlock()
		return Job{}, fmt.Errorf("%w: cancelling job %s needs the cancel token its submit returned", ErrForbidden, id)
	}
	if !ok {
		r.mu.Unlock()
		j, err := r.st.Get(id)
		if err != nil {
			return j, err
		}
		return j, fmt.Errorf("%w: job %s is %s; only queued or running jobs can be cancelled", ErrConflict, id, j.Status)
	}
	e.cancel(errCancelled)
	if e.job.Status == Queued {
		// The worker that dequeues it will skip it. Record it before it
		// leaves the live set, so that no Submit sees a stale record.
		j := e.job
		j.Status, j.Error, j.Finished = Cancelled, errCancelled.Error(), time.Now().UTC()
		err := r.st.Put(j)
		e.job = j
		r.finishLocked(e, Cancelled, j.Error)
		r.mu.Unlock()
		return j, err
	}
	r.mu.Unlock()
	select {
	case <-e.done:
	case <-ctx.Done():
	}
	return r.Get(id)
}

// finishLocked ends e's life as a live job: sets its final state, sends it
// to the subscribers and closes them. Called with r.mu held.
func (r *Runner) finishLocked(e *entry, s Status, msg string) Job {
	e.job.Status = s
	e.job.Error = msg
	if e.job.Finished.IsZero() {
		e.job.Finished = time.Now().UTC()
	}
	if r.o.Observer != nil {
		r.o.Observer.Finished(e.job) // before the event, as in run
	}
	e.publish()
	for _, ch := range e.subs {
		close(ch)
	}
	e.subs = nil
	delete(r.live, e.job.ID)
	close(e.done)
	return e.job
}

// Result returns the solved instance of a done job, rebuilt from its
// stored placement. Errors: ErrNotFound, and ErrConflict for a job that is
// not done.
func (r *Runner) Result(id string) (*solve.Result, error) {
	j, err := r.Get(id)
	if err != nil {
		return nil, err
	}
	if j.Status != Done && !j.Partial {
		return nil, fmt.Errorf("%w: job %s is %s; its placement exists once it is done", ErrConflict, id, j.Status)
	}
	place, err := r.st.Placement(id)
	if err != nil {
		return nil, err
	}
	return Rebuild(j, place, r.o)
}

// Rebuild returns the solved instance of a done (or partial) job from its
// record and stored placement: the request is parsed again, its graph
// resolved through o.Graphs and its algorithm checked by o.Solver. Every
// Service's Result uses it. Errors: ErrCorrupt for a stored request that
// no longer parses, the resolver's for an expired graph, and a placement
// that does not fit the instance.
func Rebuild(j Job, place []int, o Options) (*solve.Result, error) {
	o = o.WithDefaults()
	id := j.ID
	// A stored request that no longer parses is the store's fault, not the
	// client's: ErrCorrupt, not the parser's field error (a 400).
	in, err := j.Request.Instance()
	if err != nil {
		return nil, fmt.Errorf("%w: stored request of %s: %v", ErrCorrupt, id, err)
	}
	if err := in.Resolve(context.Background(), o.Graphs); err != nil {
		return nil, err // the graph expired or is damaged: the store says which
	}
	a, err := o.Solver.Check(in)
	if err != nil {
		return nil, fmt.Errorf("%w: stored request of %s: %v", ErrCorrupt, id, err)
	}
	g, h, err := solve.Build(in)
	if err != nil {
		return nil, err
	}
	_, alloc, err := solve.PlacementHost(in) // the files and the allocation line read it
	if err != nil {
		return nil, fmt.Errorf("%w: stored request of %s: %v", ErrCorrupt, id, err)
	}
	m := &mapping.Mapping{Guest: g, Host: h, Place: place}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("stored placement of job %s: %w", id, err)
	}
	res := &solve.Result{Instance: in, Algorithm: a, Mapping: m, Seconds: j.Seconds, Pairs: j.Search, Partial: j.Partial, Note: j.Note, Baseline: j.Baseline,
		Allocation: alloc}
	if j.Metrics != nil {
		res.Metrics = *j.Metrics
	}
	return res, nil
}

// Stats are the runner's counters for health checks.
type Stats struct {
	Workers int `json:"workers"`
	Queue   int `json:"queue"`
	Queued  int `json:"queued"`
	Running int `json:"running"`
}

// Stats returns the current counters.
func (r *Runner) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return Stats{Workers: r.o.Workers, Queue: r.o.Queue, Queued: r.pending, Running: r.running}
}

// Health implements HealthReporter: the in-process queue (degraded once
// the runner is closing) and the store's components, if it reports any.
func (r *Runner) Health(ctx context.Context) map[string]ComponentHealth {
	h := map[string]ComponentHealth{}
	if hr, ok := r.st.(HealthReporter); ok {
		h = hr.Health(ctx)
	}
	r.mu.Lock()
	closed, st := r.closed, Stats{Workers: r.o.Workers, Queue: r.o.Queue, Queued: r.pending, Running: r.running}
	r.mu.Unlock()
	q := ComponentHealth{Status: HealthOK, Detail: fmt.Sprintf("in-process queue: %s of %s places taken, %s of %s workers busy",
		metric.Thousands(st.Queued), metric.Thousands(st.Queue), metric.Thousands(st.Running), metric.Thousands(st.Workers))}
	if closed {
		q.Status, q.Error = HealthDegraded, ErrClosed.Error()
	}
	h["queue"] = q
	return h
}

var _ HealthReporter = (*Runner)(nil)

// Close stops accepting jobs, cancels the running ones and records them
// (and the queued ones) as interrupted, then waits for the workers or for
// ctx. The Store stays open; the caller closes it.
func (r *Runner) Close(ctx context.Context) error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	r.mu.Unlock()
	r.submitting.Wait()
	r.stop(errShutdown)
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("closing the job runner: %w", ctx.Err())
	}
	for {
		select {
		case e := <-r.queue:
			r.skipOrInterrupt(e)
		default:
			return nil
		}
	}
}

// skipOrInterrupt records a dequeued entry that will not run.
func (r *Runner) skipOrInterrupt(e *entry) {
	r.mu.Lock()
	r.pending--
	if e.job.Status != Queued { // cancelled while queued: already recorded
		r.mu.Unlock()
		return
	}
	j := e.job
	j.Status, j.Error, j.Finished = Interrupted, errShutdown.Error(), time.Now().UTC()
	r.put(j)
	e.job = j
	r.finishLocked(e, j.Status, j.Error)
	r.mu.Unlock()
}

func (r *Runner) put(j Job) {
	if err := r.st.Put(j); err != nil {
		r.o.Logger.Error("jobs: recording a job", "id", j.ID, "status", j.Status, "err", err)
	}
}

func (r *Runner) worker() {
	defer r.wg.Done()
	for {
		select {
		case <-r.base.Done():
			return
		case e := <-r.queue:
			if r.base.Err() != nil {
				r.skipOrInterrupt(e)
				return
			}
			r.run(e)
		}
	}
}

// run runs one job and records its outcome; a done result is committed to
// the store before anyone sees the job as done.
func (r *Runner) run(e *entry) {
	j, ok := r.start(e)
	if !ok {
		return
	}
	r.put(j)
	counted := false // the job left the running count as it finished
	defer func() {
		if !counted {
			r.mu.Lock()
			r.running--
			r.mu.Unlock()
		}
	}()

	ctx, cancel := context.WithTimeoutCause(e.ctx, r.o.MaxTime, errTimeout)
	res, err := r.solve(ctx, e)
	cancel()
	status, msg, keep := r.outcome(e.ctx, ctx, res, err)

	r.mu.Lock()
	j = e.job
	r.mu.Unlock()
	j.Status, j.Error, j.Finished = status, msg, time.Now().UTC()
	j = r.record(j, res, keep)
	r.mu.Lock()
	e.job = j
	// Before the job is announced finished: a client that sees it done
	// then finds it no longer counted running in /metrics.
	r.running, counted = r.running-1, true
	r.finishLocked(e, j.Status, j.Error)
	r.mu.Unlock()
}

// start marks a dequeued entry running and announces it, unless it was
// cancelled while queued; ok reports whether the job is to run.
func (r *Runner) start(e *entry) (j Job, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending--
	if e.job.Status != Queued {
		return Job{}, false
	}
	e.job.Status = Running
	e.job.Started = time.Now().UTC()
	r.running++
	// The observer first: a client that sees the event then finds it
	// counted in /metrics.
	if r.o.Observer != nil {
		r.o.Observer.Started(e.job)
	}
	e.publish()
	return e.job, true
}

// outcome is the final status and error message of a job whose solver
// returned res and err, and whether it keeps res (Keeps): cancelled or
// interrupted if the job's context ctx ended for that cause, failed if
// err came with the time limit of limited (ctx with MaxTime) running out
// or otherwise, else done.
func (r *Runner) outcome(ctx, limited context.Context, res *solve.Result, err error) (s Status, msg string, keep bool) {
	switch cause := context.Cause(ctx); {
	case errors.Is(cause, errCancelled):
		s, msg = Cancelled, errCancelled.Error()
	case errors.Is(cause, errShutdown):
		keep = Keeps(Interrupted, false, res)
		return Interrupted, KeptError(errShutdown.Error(), keep), keep
	case err != nil && errors.Is(context.Cause(limited), errTimeout):
		keep = Keeps(Failed, true, res)
		return Failed, TimeLimitError(r.o.MaxTime, keep), keep
	case err != nil:
		s, msg = Failed, err.Error()
	default:
		s = Done
	}
	return s, msg, Keeps(s, false, res)
}

// record stores a finished job, with its result if it keeps it (done, or
// the partial result of a search cancelled, interrupted or stopped at the
// time limit),
// and returns it as stored: failed if its result could not be.
func (r *Runner) record(j Job, res *solve.Result, keep bool) Job {
	if !keep {
		r.put(j)
		return j
	}
	Complete(&j, res, j.Status != Done)
	if err := r.st.Finish(j, res.Mapping.Place); err != nil {
		r.o.Logger.Error("jobs: committing a result", "id", j.ID, "err", err)
		j.Status, j.Error, j.Metrics, j.Baseline, j.Formats, j.Partial = Failed, "the result could not be stored: "+err.Error(), nil, nil, nil, false
		r.put(j)
	}
	return j
}

// solve resolves the job's uploaded graph again (see queued) and calls
// the solver (MapTimed: a silent one's elapsed time is reported too),
// turning a panic into an error so that one bad instance cannot take the
// server down.
func (r *Runner) solve(ctx context.Context, e *entry) (res *solve.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			r.o.Logger.Error("jobs: solver panic", "id", e.job.ID, "panic", p, "stack", string(debug.Stack()))
			res, err = nil, fmt.Errorf("internal error in %s", e.in.Algo)
		}
	}()
	progress := func(p solve.Progress) {
		r.mu.Lock()
		defer r.mu.Unlock()
		e.job.Progress = api.ProgressOf(p)
		if now := time.Now(); now.Sub(e.last) >= r.o.ProgressEvery {
			e.last = now
			e.publish()
		}
	}
	in := e.in
	if err := in.Resolve(ctx, r.o.Graphs); err != nil {
		return nil, err
	}
	return r.o.Solver.MapTimed(ctx, in, progress)
}
