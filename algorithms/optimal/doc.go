// Package optimal owns the exhaustive check of the optimality theorem of
// González & Valero-García (ASAP 1993, theorem for rings): every embedding of
// the d-cube onto the ring of 2^d nodes with constant distances (each
// dimension's edges all of one length D_i) has Σ D_i ≥ 3·2^(d-2) - 1, and
// the Xor embedding attains it.
//
// The search is over distance vectors, not over the (2^d)! placements. A
// permutation of the cube's dimensions is an automorphism of the cube, so
// it turns a constant-distance embedding with vector D into one with D
// permuted: nondecreasing vectors suffice. For each sum s = d, d+1, ... every
// nondecreasing vector of sum s is tested by complete backtracking; the
// first s with a realisable vector is the minimum. Inside a test, ring
// rotations fix vertex 0 at position 0 and the ring's reflection puts
// vertex 1 clockwise of it; every other vertex v has only two candidate
// positions, pos(v XOR lowbit) ± D_lowbit, checked against all its placed
// neighbours.
//
// # What the paper proves and what we check
//
// [R] The theorem: for d > 1 every constant-distance embedding of the
// d-cube onto the ring of 2^d nodes has Σ D_i ≥ 3·2^(d-2) − 1, i.e.
// D_a ≥ (3·2^(d-2) − 1)/d, and Xor attains it. Only the outline of the
// proof survives in our copy of the paper: a lower bound on the sum of
// any d−1 distances and one on the largest distance. [P] The natural
// candidates, which combine to exactly the bound, are: every
// (d−1)-subset sum is at least 2^(d-1) − 1, and the largest distance at
// least 2^(d-2); the tests check both on every achievable vector for
// d ≤ 5.
//
// [V-num] Figures of an independent exhaustive search, which the tests
// pin: the minimum Σ D_i is 2, 5, 11, 23 for d = 2..5 (47 for d = 6);
// for d = 4 the optimal multiset is unique, {1,2,4,4}; the achievable
// multisets are {1,2,2}, {1,2,3}, {1,2,4}, {2,2,3}, {2,3,4} for d = 3,
// and for d = 4 there are 24 multisets, 480 distinct D-vectors.
package optimal
