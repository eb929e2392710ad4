// Package jobs runs mapping instances that are too large for a request off
// the request path: a bounded queue feeding a worker pool sized to the
// machine, live progress for subscribers (the API's Server-Sent Events),
// cancellation, a per-job time limit, and durable records through a Store.
//
// A job's id is derived from its canonical request (ID, after
// solve.Canonical drops what the algorithm ignores), so identical requests
// share one job and a job permalink keeps showing the same result, also
// after a restart. Because anyone who knows an instance knows its id, the
// submit that starts a run gets a cancel token, which Cancel wants. A
// result is committed to the Store before the job is reported done; jobs
// that were queued or running when the process stopped are recorded as
// interrupted and run again when resubmitted. An anytime search that is
// cancelled, stopped at the time limit or interrupted by its server
// stopping (Close) keeps the best placement it had found, marked partial
// (Keeps); a running job's elapsed time is reported
// every second or so even when its mapper reports no progress (MapTimed).
//
// The server depends on the services defined here, not on a store:
// Service (Runner, the queue and workers of one process over a Store, is
// one) and GraphService (the uploaded graphs). jobstest.TestStore and
// jobstest.TestService are the contracts every Store and every Service
// passes.
//
// The JSON shapes of the job API (Request, Job, Progress, Status) are
// defined in backend/api, which the browser client shares, and aliased here.
// A request body is decoded by the server, straight into a spec.Instance
// through spec's field table (spec.DecodeJSON); the instance is checked by
// algorithms/solve.
package jobs
