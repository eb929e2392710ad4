// Package store persists jobs and their placements: Bolt, an embedded
// bbolt database in one file (the server's default, fsynced on every
// commit), and Memory for tests. Both implement jobs.Store.
//
// Layout of the bbolt file: bucket "jobs" maps a job id to the job's JSON
// record, a type of the store's own (jobRecord, not the API's Job, so that
// renaming an API field leaves the file as it is; its request is the field
// table's object, spec.Fields, whose keys are permalinks' and never
// change; testdata/v1.db, written by the former code, must keep opening); bucket "placements" maps the id
// of a done job to its placement, the host node of every guest vertex as
// little-endian int32s (4 bytes per vertex: 256 KiB for 64K vertices);
// bucket "meta" maps the id to the CRC-32C checksums of both and the job's
// last use; bucket "listing" maps a job's creation time (8 bytes, big-endian
// Unix nanoseconds with the sign bit flipped) and id to its status, the
// order of List (newest first), and is rebuilt at Open for files written
// before it. A record, its placement, its meta and listing entries are
// written in one transaction. Uploaded communication graphs have buckets of their own:
// "graphs" maps a graph's id (its content hash) to its record (a JSON head
// and the CSR arrays, DecodeGraph), "graphmeta" to its checksum and last
// use; they are checked at Open like the jobs, kept by Compact, and age
// with them under a Retention, which keeps a graph while a job it keeps
// maps it (its guest is graph:ID). A graph's head names its owner, the
// client whose quota it counts against (PutGraph; records written before
// owners, testdata/graphs-v1.db, have none and count for nobody).
//
// The store fails safe: Open checks the file (meta pages, bbolt's
// consistency check, every record against its checksums) with memory
// faults and panics turned into errors, refuses a damaged file with the
// way out, and skips and reports a record that does not read (Problems).
// CheckSource, Export, Import and Compact are the tools behind `topomap
// store`; the first three work on any store through the interfaces Source
// and Sink (Bolt and Memory implement both; a database store shared by
// several servers does too). Export writes the export stream (stream.go:
// JSON lines, a versioned header, base64 placements, a CRC-32C per line,
// a closing line that counts the others), which Import reads back into a
// store idempotently. Sweep applies a Retention (maximum age, maximum
// size, least recently used first). Bolt reports its file's health
// (jobs.HealthReporter) for /api/v1/healthz.
package store
