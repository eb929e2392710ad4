package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// channel is the LISTEN/NOTIFY channel of job states.
const channel = "topomap_jobs"

// maxPayload bounds a notification's payload (Postgres refuses more than
// about 8,000 bytes): a larger record is sent as its id alone, and the
// listeners read it.
const maxPayload = 7000

// message is a notification: a job's id and, unless too large, its record.
type message struct {
	ID     string          `json:"id"`
	Record json.RawMessage `json:"record,omitempty"`
}

// notify sends a job's record to every replica's listener (on commit, in
// a transaction).
func notify(ctx context.Context, q querier, id string, record []byte) error {
	b, _ := json.Marshal(message{ID: id, Record: record})
	if len(b) > maxPayload {
		b, _ = json.Marshal(message{ID: id})
	}
	if _, err := q.Exec(ctx, "SELECT pg_notify($1, $2)", channel, string(b)); err != nil {
		return fmt.Errorf("notifying job %s: %w", id, err)
	}
	return nil
}

// bus is a replica's end of the notifications: one LISTEN connection
// whose job states it hands to the local subscribers of each job
// (latest state wins; a final state closes them).
type bus struct {
	db     *DB
	log    *slog.Logger
	runner int64 // the service's advisory lock, held by the connection

	mu   sync.Mutex
	subs map[string][]*sub
	done chan struct{} // closed when run returns
}

// sub is one local subscriber: its channel and the last state it was
// given, so that a state notified before Subscribe read the job's row
// never follows a newer one.
type sub struct {
	ch   chan jobs.Job
	last jobs.Job
}

// rank orders the states of one run.
func rank(s jobs.Status) int {
	switch {
	case s == jobs.Queued:
		return 0
	case s == jobs.Running:
		return 1
	}
	return 2
}

// newer reports whether state a comes after state b: a final state after
// any; a later attempt (a later start) after an earlier one; running
// after queued; more elapsed time after less.
func newer(a, b jobs.Job) bool {
	if ra, rb := rank(a.Status), rank(b.Status); ra == 2 || rb == 2 {
		return ra > rb
	}
	if !a.Started.Equal(b.Started) {
		return a.Started.After(b.Started)
	}
	if ra, rb := rank(a.Status), rank(b.Status); ra != rb {
		return ra > rb
	}
	return a.Progress.Elapsed > b.Progress.Elapsed
}

// pollEvery is how often the bus reads the state of the jobs it has
// subscribers for, so that a notification lost (a reconnection) delays a
// final state by that much at most.
const pollEvery = time.Second

// startBus listens until ctx ends.
func startBus(ctx context.Context, db *DB, log *slog.Logger, runner int64) (*bus, error) {
	b := &bus{db: db, log: log, runner: runner, subs: map[string][]*sub{}, done: make(chan struct{})}
	conn, locked, err := b.listen(ctx)
	if err != nil {
		return nil, err
	}
	go b.run(ctx, conn, locked)
	return b, nil
}

// listen opens the LISTEN connection, configured as the pool's are (the
// URL may hold the pool's own settings, pool_max_conns and the like,
// which a connection of its own would send to Postgres, which refuses
// them), and takes the service's advisory lock on it (see runnerGone)
// if it is free: a connection that broke on this side may hold it on
// the server's until Postgres ends its session, and waiting for that
// (up to TCP keepalive's two hours) would stop the notifications.
// Meanwhile the replica's jobs look alive to other replicas' cancels,
// and the listener asks for the lock again every pollEvery (see next).
// It reports whether it holds the lock.
func (b *bus) listen(ctx context.Context) (*pgx.Conn, bool, error) {
	conn, err := pgx.ConnectConfig(ctx, b.db.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, false, fmt.Errorf("listening for job states: %w", err)
	}
	var locked bool
	if _, err = conn.Exec(ctx, "LISTEN "+channel); err == nil {
		locked, err = b.lock(ctx, conn)
	}
	if err != nil {
		conn.Close(context.Background())
		return nil, false, fmt.Errorf("listening for job states: %w", err)
	}
	if !locked {
		b.log.Warn("pgstore: this replica's runner lock is still held by its previous connection; other replicas take its jobs for alive until this replica has it again", "runner", b.runner)
	}
	return conn, locked, nil
}

// lock takes the service's advisory lock on conn if it is free, and
// reports whether conn holds it.
func (b *bus) lock(ctx context.Context, conn *pgx.Conn) (bool, error) {
	var locked bool
	err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", b.runner).Scan(&locked)
	return locked, err
}

// next waits for a notification on conn. A listener without its runner
// lock waits at most pollEvery, then asks for the lock again on the same
// connection (a wait ended by its own deadline leaves it open) and
// returns no notification; *locked says whether it now holds it.
func (b *bus) next(ctx context.Context, conn *pgx.Conn, locked *bool) (*pgconn.Notification, error) {
	if *locked {
		return conn.WaitForNotification(ctx)
	}
	wctx, cancel := context.WithTimeout(ctx, pollEvery)
	n, err := conn.WaitForNotification(wctx)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil || conn.IsClosed() {
		return n, err
	}
	if *locked, err = b.lock(ctx, conn); *locked {
		b.log.Info("pgstore: this replica holds its runner lock again", "runner", b.runner)
	}
	return nil, err
}

// run receives notifications, reconnecting after an error (every
// pollEvery, logged as progress writes are: while the database is down,
// once every 10 s), asking for the runner lock every pollEvery while
// conn does not hold it (locked), and polls the subscribed jobs every
// pollEvery, until ctx ends.
func (b *bus) run(ctx context.Context, conn *pgx.Conn, locked bool) {
	defer close(b.done)
	polled := make(chan struct{})
	go func() { defer close(polled); b.pollLoop(ctx) }()
	defer func() { <-polled }()
	failures := &failureLog{log: b.log, msg: "pgstore: reconnecting the job-state listener", every: progressLogEvery, now: time.Now}
	for ctx.Err() == nil {
		if conn == nil {
			var err error
			if conn, locked, err = b.listen(ctx); err != nil {
				failures.report(err)
				sleep(ctx, pollEvery)
				continue
			}
			failures.report(nil)
			b.poll(ctx)
		}
		n, err := b.next(ctx, conn, &locked)
		if err != nil {
			conn.Close(context.Background())
			conn = nil
			continue
		}
		if n != nil {
			b.receive(n.Payload)
		}
	}
	if conn != nil {
		conn.Close(context.Background())
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// receive hands a notification's state to the job's subscribers.
func (b *bus) receive(payload string) {
	var m message
	if json.Unmarshal([]byte(payload), &m) != nil || !b.subscribed(m.ID) {
		return
	}
	var j jobs.Job
	var err error
	if m.Record != nil {
		j, err = store.DecodeJob(m.Record)
	} else {
		j, err = b.db.Get(m.ID)
	}
	if err == nil && j.ID == m.ID {
		b.publish(j)
	}
}

func (b *bus) pollLoop(ctx context.Context) {
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			b.poll(ctx)
		}
	}
}

// poll publishes the final states of the subscribed jobs that reached
// one (a live state read here could be older than one notified since).
func (b *bus) poll(ctx context.Context) {
	b.mu.Lock()
	ids := make([]string, 0, len(b.subs))
	for id := range b.subs {
		ids = append(ids, id)
	}
	b.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	rows, err := b.db.pool.Query(ctx, "SELECT id, record FROM topomap_jobs WHERE id = ANY($1) AND status NOT IN ('queued', 'running')", ids)
	if err != nil {
		return
	}
	var final []jobs.Job
	for rows.Next() {
		var id string
		var rec []byte
		if rows.Scan(&id, &rec) == nil {
			if j, err := decode(id, rec); err == nil {
				final = append(final, j)
			}
		}
	}
	rows.Close()
	for _, j := range final {
		b.publish(j)
	}
}

func (b *bus) subscribed(id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs[id]) > 0
}

// subscribe adds a subscriber to a job's states.
func (b *bus) subscribe(id string) chan jobs.Job {
	ch := make(chan jobs.Job, 1)
	b.mu.Lock()
	b.subs[id] = append(b.subs[id], &sub{ch: ch})
	b.mu.Unlock()
	return ch
}

// floor tells a subscriber the state it starts from: an older state
// waiting in its channel is dropped, and older ones are not sent.
func (b *bus) floor(id string, ch chan jobs.Job, j jobs.Job) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range b.subs[id] {
		if s.ch != ch {
			continue
		}
		select {
		case w, ok := <-ch:
			if ok && newer(w, j) {
				j = w
				ch <- w
			}
		default:
		}
		s.last = j
	}
}

// unsubscribe removes a subscriber and closes its channel, unless a final
// state closed it already.
func (b *bus) unsubscribe(id string, ch chan jobs.Job) {
	b.mu.Lock()
	defer b.mu.Unlock()
	subs := b.subs[id]
	for i, s := range subs {
		if s.ch == ch {
			b.subs[id] = append(subs[:i:i], subs[i+1:]...)
			if len(b.subs[id]) == 0 {
				delete(b.subs, id)
			}
			close(ch)
			return
		}
	}
}

// publish sends j to the subscribers it is newer for, replacing an
// unread older state; a final state closes them.
func (b *bus) publish(j jobs.Job) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, s := range b.subs[j.ID] {
		if s.last.ID != "" && !newer(j, s.last) {
			continue
		}
		s.last = j
		select {
		case s.ch <- j:
		default:
			select {
			case <-s.ch:
			default:
			}
			s.ch <- j // room now: only publish sends, under b.mu
		}
		if j.Status.Final() {
			close(s.ch)
		}
	}
	if j.Status.Final() {
		delete(b.subs, j.ID)
	}
}
