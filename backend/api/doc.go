// Package api owns the contract of the job API: the JSON shapes that the
// server answers and the browser and the CLI send and decode — Request
// (the body of POST /api/v1/jobs and /api/v1/map), Job (a job as
// GET /api/v1/jobs/{id} and its event stream show it), Progress and Status.
//
// It belongs to the backend but is pure (the standard library and the pure
// algorithms only, no I/O) and builds for js/wasm, so the WebAssembly
// client (web) imports it and the backend never imports web for it. A
// field added here is added on both sides. The job store does not persist
// these types: it keeps a record type of its own (backend/store), so that
// renaming a field of the API never changes the file on disk.
package api
