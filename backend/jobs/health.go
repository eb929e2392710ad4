package jobs

import "context"

// The states of a component in a health report.
const (
	HealthOK       = "ok"
	HealthDegraded = "degraded"
)

// ComponentHealth is how one component a job service depends on (its
// database, its queue) is doing, as /api/v1/healthz reports it.
type ComponentHealth struct {
	// Status is HealthOK or HealthDegraded.
	Status string `json:"status"`
	// Detail says what the component is and how full it is (a file and
	// its size, a queue and its jobs).
	Detail string `json:"detail,omitempty"`
	// Error is why a degraded component is degraded.
	Error string `json:"error,omitempty"`
}

// HealthReporter is the optional capability of a Service or a Store that
// can check what it depends on: the Runner reports its queue and, if its
// Store is a HealthReporter too, the store's components ("database" for
// the bbolt file); a service shared by several servers reports its
// database and its queue alike. Health must answer within ctx, and be
// cheap: the server calls it at most once a second.
type HealthReporter interface {
	Health(ctx context.Context) map[string]ComponentHealth
}

// Observer is told of the transitions of jobs, for metrics: Started when
// a job starts running (its Created is when it was submitted), Finished
// when it reaches its final state (Started is zero if it never ran). It
// is called with the runner's lock held: it must be quick and must not
// call the runner.
type Observer interface {
	Started(j Job)
	Finished(j Job)
}
