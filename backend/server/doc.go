// Package server is topomap's HTTP face: the JSON API under /api/v1 (jobs
// with live progress over Server-Sent Events, placements in every export
// format, synchronous mapping of small instances, SVG renderings, the
// algorithm listing, health and the OpenAPI document), with the browser app
// mounted as the catch-all. Server hides echo from its callers; Client is
// the Go client of the same API (used by `topomap submit` and the tests).
//
// Every error leaves through one HTTPErrorHandler as a JSON body
// {error, field}: validation errors are 4xx naming the field, a full queue
// or a busy synchronous path is 503 with Retry-After, and unknown /api
// paths are JSON 404s rather than the app's page.
package server
