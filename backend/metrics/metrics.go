// Package metrics keeps the job metrics a server exposes at /metrics in
// Prometheus' text format: jobs by state, the time jobs wait in the
// queue (submitted → started) and the time they run (started → final),
// with the Go runtime's and the process's own metrics.
//
// Every metric is a fixed set of series (labels are job states, never
// ids or instances), so a scrape costs the same however many jobs the
// server has seen. In a server of several replicas each replica reports
// the jobs it ran: sum them in the queries.
package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"topomap/backend/jobs"
)

// Metrics is a jobs.Observer that keeps the job metrics, and the
// registry they are exposed from.
type Metrics struct {
	reg      *prometheus.Registry
	started  prometheus.Counter
	finished *prometheus.CounterVec
	queue    prometheus.Histogram
	run      prometheus.Histogram
}

var _ jobs.Observer = (*Metrics)(nil)

// finalStates are the label values of topomap_jobs_finished_total.
var finalStates = []jobs.Status{jobs.Done, jobs.Failed, jobs.Cancelled, jobs.Interrupted}

// New returns the metrics, every series at zero.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		started: prometheus.NewCounter(prometheus.CounterOpts{Name: "topomap_jobs_started_total",
			Help: "Jobs that started running."}),
		finished: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "topomap_jobs_finished_total",
			Help: "Jobs that reached a final state, by state."}, []string{"state"}),
		// From 1 ms to about 9 minutes: a free worker takes a job at once,
		// a full queue of 5-minute jobs keeps one waiting for minutes.
		queue: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "topomap_job_queue_seconds",
			Help: "Time from a job's submission to its start.", Buckets: prometheus.ExponentialBuckets(0.001, 4, 10)}),
		// From 10 ms to about 43 minutes (the default job timeout is 5).
		run: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "topomap_job_run_seconds",
			Help: "Time from a job's start to its final state.", Buckets: prometheus.ExponentialBuckets(0.01, 4, 10)}),
	}
	for _, s := range finalStates {
		m.finished.WithLabelValues(string(s)) // every state shows, at 0
	}
	m.reg.MustRegister(m.started, m.finished, m.queue, m.run,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Started implements jobs.Observer.
func (m *Metrics) Started(j jobs.Job) {
	m.started.Inc()
	if !j.Created.IsZero() {
		m.queue.Observe(max(0, j.Started.Sub(j.Created).Seconds()))
	}
}

// Finished implements jobs.Observer.
func (m *Metrics) Finished(j jobs.Job) {
	m.finished.WithLabelValues(string(j.Status)).Inc()
	if !j.Started.IsZero() {
		m.run.Observe(max(0, j.Finished.Sub(j.Started).Seconds()))
	}
}

// Watch reports the service's live jobs (its Stats) as the gauge
// topomap_jobs{state="queued"|"running"}, read at each scrape (O(1)).
func (m *Metrics) Watch(s jobs.Service) {
	desc := prometheus.NewDesc("topomap_jobs", "Jobs now queued or running, by state (on a shared Postgres, the whole cluster's).", []string{"state"}, nil)
	m.reg.MustRegister(gaugeFunc{desc, func(ch chan<- prometheus.Metric) {
		st := s.Stats()
		ch <- prometheus.MustNewConstMetric(desc, prometheus.GaugeValue, float64(st.Queued), string(jobs.Queued))
		ch <- prometheus.MustNewConstMetric(desc, prometheus.GaugeValue, float64(st.Running), string(jobs.Running))
	}})
}

// gaugeFunc is a collector of one description whose values collect
// reads at each scrape.
type gaugeFunc struct {
	desc    *prometheus.Desc
	collect func(chan<- prometheus.Metric)
}

func (g gaugeFunc) Describe(ch chan<- *prometheus.Desc) { ch <- g.desc }
func (g gaugeFunc) Collect(ch chan<- prometheus.Metric) { g.collect(ch) }

// Handler serves the metrics in the exposition format. A scrape costs
// the same every time (about a hundred series); at most 4 are gathered
// at once, a fifth meanwhile gets 503.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{MaxRequestsInFlight: 4, ErrorHandling: promhttp.ContinueOnError})
}
