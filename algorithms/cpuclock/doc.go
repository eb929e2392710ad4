// Package cpuclock measures the CPU time of this process, for the tests
// and benchmarks that judge cost on a shared machine. A wall-clock limit
// breaks when other processes take the cores (a test that took 0.4 s alone
// took 1.3 s beside four busy processes); the CPU time a computation
// spends is nearly the same either way.
//
// Used reads the process's user and system time (every goroutine, the
// garbage collector included); Context is a context cancelled once the
// process has spent a budget of CPU time, the CPU-time twin of
// context.WithTimeout.
package cpuclock
