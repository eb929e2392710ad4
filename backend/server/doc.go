// Package server is topomap's HTTP face: the JSON API under /api/v1 (jobs
// with live progress over Server-Sent Events, placements in every export
// format, uploaded communication graphs (POST /graphs, then graph:ID as a
// guest), synchronous mapping of small instances, SVG renderings, the
// algorithm listing, health and the OpenAPI document), with the browser app
// mounted as the catch-all. Server hides echo from its callers; Client is
// the Go client of the same API (used by `topomap submit` and the tests).
//
// The server depends on services, never on a concrete store: jobs.Service
// runs the jobs (a jobs.Runner over backend/store's file) and
// jobs.GraphService keeps the uploaded graphs.
//
// Every error leaves through one HTTPErrorHandler as a JSON body
// {error, field}: validation errors are 4xx naming the field, a full queue
// or a busy synchronous path is 503 with Retry-After, and unknown /api
// paths are JSON 404s rather than the app's page (a wrong method on a
// known path is a 405).
//
// Limits and guards: every response carries the security headers (CSP,
// nosniff, no framing, same-origin referrer); writes want JSON from a
// same-origin page or a non-browser client, and the API token when the
// server has some; request bodies have BodyTimeout to arrive; synchronous
// work and renderings run in bounded slots with capped budgets and sizes.
package server
