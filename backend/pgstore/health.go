package pgstore

import (
	"context"
	"fmt"

	"topomap/algorithms/metric"
	"topomap/backend/jobs"
)

var _ jobs.HealthReporter = (*Service)(nil)

// Health implements jobs.HealthReporter: the "database" answers a ping
// within healthTimeout (or ctx), and the "queue" is this replica's River
// client, degraded once it stops or while the shared queue cannot be
// read.
func (s *Service) Health(ctx context.Context) map[string]jobs.ComponentHealth {
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	cfg := s.db.pool.Config().ConnConfig
	db := jobs.ComponentHealth{Status: jobs.HealthOK, Detail: fmt.Sprintf("postgres database %s on %s:%d", cfg.Database, cfg.Host, cfg.Port)}
	if err := s.db.Ping(ctx); err != nil {
		db.Status, db.Error = jobs.HealthDegraded, err.Error()
	}
	return map[string]jobs.ComponentHealth{"database": db, "queue": s.queueHealth(ctx)}
}

// queueHealth is the state of the River client and of the shared queue.
func (s *Service) queueHealth(ctx context.Context) jobs.ComponentHealth {
	q := jobs.ComponentHealth{Status: jobs.HealthOK}
	select {
	case <-s.client.Stopped():
		q.Status, q.Error = jobs.HealthDegraded, "this server's River client has stopped"
		return q
	default:
	}
	if s.closing.Load() {
		q.Status, q.Error = jobs.HealthDegraded, "this server's River client is stopping"
		return q
	}
	queued, running, err := s.live(ctx)
	if err != nil {
		q.Status, q.Error = jobs.HealthDegraded, "the shared queue cannot be read: "+err.Error()
		return q
	}
	q.Detail = fmt.Sprintf("River queue shared by every server: %s queued, %s running; %s here",
		metric.Thousands(queued), metric.Thousands(running), metric.Plural(s.o.Workers, "worker"))
	return q
}

// live counts the queued and the running jobs of every replica.
func (s *Service) live(ctx context.Context) (queued, running int, err error) {
	err = s.db.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'queued'), count(*) FILTER (WHERE status = 'running')
		FROM topomap_jobs WHERE status IN ('queued', 'running')`).Scan(&queued, &running)
	return queued, running, err
}
