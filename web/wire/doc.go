// Package wire owns the JSON shapes of the job API that the browser and the
// server share: Request (the body of POST /api/v1/jobs and /api/v1/map),
// Job (a job as GET /api/v1/jobs/{id} and its event stream show it),
// Progress and Status.
//
// It imports only the standard library and the pure algorithms, so the
// WebAssembly client (web) and the job server (backend/jobs, which
// re-exports these types) decode one definition; a field added here is
// added on both sides.
package wire
