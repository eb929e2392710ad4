// Package sim owns the execution-time model of compute-and-communicate (CC)
// d-cube algorithms of González & Valero-García (ASAP 1993, §2.1, the
// expressions (a) and (b) repaired from a damaged copy [R]): every process
// n runs
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
//
// With constant distances (package embedding's doc) no process waits and
// T = d·T_a + t_c·Σ D_i; the identity on a hypercube gives T = d(T_a + t_c).
//
// Reference figures, which the tests pin ([V-num] in the model of the
// paper's Fig. 4.b/c, units of t_c): the CC 3-cube on an 8-node line
// communicates for C = 7 under the standard embedding (T_0, T_1, T_2 = 1,
// 3, 7 for every process) and C = 9 under byweight (T_0 = 3 3 4 4 4 4 3 3,
// T_1 = 6 7 6 7 7 6 7 6, T_2 = 8 9 9 8 8 9 9 8; waits 2 1 1 0 0 1 1 2),
// although no process sends over more than 8 links: the extra is waiting,
// the paper's point. Byweight's C on a line for d = 3..10 is 9, 21, 51,
// 111, 251, 531, 1161, 2421 (standard: 2^d − 1).
package sim
