// Package jobstest provides test doubles for code that runs jobs: a Solver
// with controllable algorithms next to the real registry, and an
// independent check of a result (bijection, hops per byte recomputed).
package jobstest
