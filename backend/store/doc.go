// Package store persists jobs and their placements: Bolt, an embedded
// bbolt database in one file (the server's default, fsynced on every
// commit), and Memory for tests. Both implement jobs.Store.
//
// Layout of the bbolt file: bucket "jobs" maps a job id to the job's JSON
// record; bucket "placements" maps the id of a done job to its placement,
// the host node of every guest vertex as little-endian int32s (4 bytes per
// vertex: 256 KiB for 64K vertices). A done record and its placement are
// written in one transaction.
package store
