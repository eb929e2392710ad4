// Package optimal owns the exhaustive check of the optimality theorem of
// Gonzalez & Valero-Garcia (ASAP 1993; ALGORITHMS.md A.7): every embedding of
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
package optimal
