// Package pgstore is the job service of several topomap servers that
// share one Postgres database (`topomap serve --database-url`): the same
// jobs.Service, jobs.Store and jobs.GraphService as the embedded bbolt
// store and in-process runner, with the state every replica must see kept
// in the database.
//
//   - Tables: topomap_jobs (one row per job: its status, creation time in
//     Unix nanoseconds for the listing, the record as backend/store's
//     EncodeJob writes it, the SHA-256 of its cancel token and the River
//     job that runs it), topomap_placements (the placement of a done job
//     as little-endian int32s in a bytea kept out of line with STORAGE
//     EXTERNAL, and its CRC-32C, checked on every read) and topomap_graphs
//     (uploaded graphs and machines, backend/store's EncodeGraph form with
//     a machine's names, CRC-checked too; a machine's row is marked so
//     that Machines, the start-up registration, reads machines only).
//     Open migrates River's schema and these tables at start-up, under an
//     advisory lock so that replicas starting together migrate once.
//   - Queue: River (github.com/riverqueue/river). Submit inserts the job
//     row with ON CONFLICT on the job id (the hash of the canonical
//     request) and the River job in one transaction, so identical
//     requests on two replicas at once make one job and one run; a
//     replica refuses a submit (jobs.ErrBusy) while the shared queue
//     holds its Options.Queue waiting jobs or more. A job's
//     River timeout is the server's per-job time limit and its attempts
//     are bounded (MaxAttempts): a job whose replica died is rescued by
//     River once it has run for the time limit plus 2 s, at River's next
//     rescue round (every 30 s), and
//     runs again elsewhere; the request carries its seed, so the retry
//     gives the same bytes. One that the rescuer ends instead (a cancel
//     asked meanwhile, or its last attempt) no worker records: the
//     leader's sweep does, cancelled or interrupted. Stopping a Service (SIGTERM) releases its
//     running jobs to River for a retry rather than marking them
//     interrupted.
//   - Progress: the worker writes a running job's state and sends it with
//     pg_notify at most every ProgressEvery (100 ms) per job; each replica
//     LISTENs on one connection and fans the states out to its local
//     subscribers (the API's Server-Sent Events), so a job can be followed
//     from any replica. A final state is also polled for, so a lost
//     notification delays it by a second at most. The final record keeps
//     the last progress reported, as the runner's does; failed writes of
//     progress are logged at most every 10 s while the database is down.
//   - Cancel: any replica checks the token against the stored hash, marks
//     the row and cancels the River job, whose worker stops within
//     milliseconds and records the job cancelled; a job whose River run
//     no worker holds (rescued from a dead replica, waiting for its
//     retry), or whose replica is dead, the cancelling replica records
//     itself. A replica's service holds an advisory lock, a random key,
//     on its listener's connection, and a worker writes that key in the
//     row of the job it claims: a free lock means that connection closed
//     (Postgres ends the session of a killed process at once, of a
//     vanished host when TCP keepalive gives up). A live replica whose
//     listener reconnects is taken for dead meanwhile; its worker then
//     records the job cancelled too (the row says a cancel was asked),
//     and its progress writes never make a final row running again. A
//     listener that reconnects while its old session still holds the lock
//     listens at once and asks for the lock again every second until it
//     has it; its jobs look alive meanwhile.
//   - Outages: an error that says the database cannot be reached is
//     jobs.ErrUnavailable (the server's 503); a worker whose result meets
//     one writes it again for 30 s, and River rescues the job after that.
//   - Retention: a River periodic job that the leader enqueues, in a
//     queue of its own (one worker on every replica, so that it never
//     waits behind the queued jobs), records orphaned jobs and applies the
//     rules of the bbolt store (store.Retention) in SQL, keeping a graph
//     or machine while a kept job names it: the job rows carry the graph
//     and machine their request names (graph_ref, machine_ref, indexed),
//     so a sweep reads no record. Triggers keep the running total of the
//     jobs' and graphs' bytes in topomap_bytes (in the writer's
//     transaction, so it is exact whatever the replicas and versions
//     writing; filled from the rows at the first start of a database that
//     had none; a replica that sweeps checks it against the rows once an
//     hour without locking them, DB.Recount, and corrects and logs a
//     drift, as rows written while the triggers were disabled leave, say
//     by a restore): a sweep reads it and the oldest finished job by index,
//     locks the tables only when it has something to remove, and then
//     reads about what it removes (a sweep with nothing to do took 0.8 s
//     under that lock at 200,000 jobs, 1.3 ms now).
//   - Machines: a machine uploaded to one replica is machine:ID on all:
//     `topomap serve` makes each process look a machine:ID it was not
//     sent up in the database (topology.SetMachineSource), in its API and
//     its workers alike, rather than rely on the registration at start-up,
//     which misses what other replicas upload later.
//   - Operations: a Service is a jobs.HealthReporter (the database's
//     ping and the River client) and tells jobs.Options.Observer of the
//     jobs its workers start and finish, so each replica's /metrics counts
//     the jobs it ran; a DB is a store.Archive and store.Inspector, what
//     `topomap store check|export|import --database-url` work on.
package pgstore
