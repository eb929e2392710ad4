// Package sim owns the execution-time model of compute-and-communicate (CC)
// d-cube algorithms of Gonzalez & Valero-Garcia (ASAP 1993, §2.1; spec
// ALGORITHMS.md A.1): every process n runs
//
//	for i = 0 .. d-1: compute (T_a); exchange with N_i(n) = n XOR 2^i
//
// and a message over D_i(n) links costs D_i(n)·t_c. An exchange starts when
// both partners have finished computing, so with distances that differ
// between processes some wait. The communication accumulated by n up to the
// end of stage i is
//
//	T_i(n) = D_i(n)·t_c + max(T_{i-1}(n), T_{i-1}(N_i(n))),  T_{-1}(n) = 0   (b)
//
// and the run takes T = d·T_a + C with C = max_n T_{d-1}(n)   (a).
//
// Run evaluates the recurrence for any mapping of a d-cube (constant
// distances or not) in O(d·2^d) time, storing only the ready times T_i(n)
// as hop counts (4 bytes per process and stage); the Gantt phases (compute,
// wait, communicate intervals per process and stage) are derived from them
// on demand, and WriteJSON streams them, so a 20-cube (60 million phases)
// never materialises them.
package sim
