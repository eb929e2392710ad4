// Package jobstest provides test doubles for code that runs jobs: a Solver
// with controllable algorithms next to the real registry, and an
// independent check of a result (bijection, hops per byte recomputed). It
// also owns the contracts of the job layer's interfaces, in the manner of
// topotest: TestStore, which every jobs.Store passes (records, placements,
// interruption, the listing), and TestService, which every jobs.Service
// passes (submit, share, cancel, result, failure, listing).
package jobstest
