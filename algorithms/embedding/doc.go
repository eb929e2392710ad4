// Package embedding owns the embeddings of a d-cube (hypercube guest) onto
// hosts of 2^d nodes studied by González & Valero-García, "The Xor
// embedding: an embedding of hypercubes onto rings and toruses" (ASAP 1993):
// Identity (onto a hypercube), Standard (§2.3), ByWeight (Harper; Lai &
// Sprague), Gray (binary-reflected Gray code per coordinate, our stand-in for
// Ma & Tao's mixed-radix codes) and Xor (§3 rings, §4 toruses).
//
// Every function takes the cube dimension d and the host and returns the
// placement: element n is the index of the host node that holds cube vertex
// n, with the product-wide convention that the first coordinate varies
// fastest (node (i1,...,ic) of a (k1,...,kc) host has index
// i1 + k1*(i2 + ...)). With power-of-two sides the index is therefore the
// concatenation of the coordinates' bit fields, coordinate 1 in the least
// significant bits, which is why Standard is the identity on indices. A host
// an embedding does not apply to gives an error, never a panic; each
// function has a Check companion that says why without building anything.
//
// The paper's own numbers (Fig. 5 ring labels, per-dimension distances D_i,
// average distance D_a, Fig. 4 dilation vectors) are reproduced in the
// tests, with the figures of the section Reference figures below.
//
// # Terms and tags
//
// [XOR] in this package's comments is that paper. Cube vertex n has bits
// n_{d-1} ... n_0, bit 0 least significant; its neighbour in dimension i
// is N_i(n) = n XOR 2^i. The dilation of edge (n, N_i(n)) is D_i(n), the
// hops between their nodes; an embedding has constant distances when
// D_i(n) = D_i for every n, and then its average distance is
// D_a = (1/d)·Σ_i D_i. [XOR] calls a constant-distance embedding optimal
// when it minimises D_a. Package sim runs the paper's execution-time model
// on any embedding.
//
// Tags, as in package solve's notes: [V] read in [XOR], [R] repaired from
// its damaged text and checked against a figure or a computation, [V-num]
// computed by an independent program of ours, [P] our proposal where the
// paper is silent or its source unavailable.
//
// # Reference figures
//
//   - Standard [V]: on a line or ring D_i = 2^i, so Σ D_i = 2^d − 1 and
//     D_a = (2^d − 1)/d; on a (2^(d/c))^c mesh or torus D_i = 2^(i mod d/c).
//   - ByWeight [V]: for d = 3 the line positions 0..7 hold 000 100 010 001
//     110 101 011 111 (Fig. 3.a), and the dilation vectors
//     (D_0(n), D_1(n), D_2(n)) for n = 0..7 are 321 332 422 431 431 422 332
//     321 (Fig. 4.a). Not constant-distance; [V-num] its largest dilation on
//     a line is Harper's bandwidth Σ_{k<d} C(k, ⌊k/2⌋) = 1, 2, 4, 7, 13, 23,
//     43, 78, 148, 274 for d = 1..10 (the standard embedding's: 2^(d−1)).
//   - Gray [P]: not constant-distance on a ring (flipping bit 1 moves a
//     vertex 1 or 3 steps), so it is not Ma & Tao's construction, which
//     [XOR] says is constant-distance there.
//   - Xor on a ring [V][R]: for d = 4 positions 0..15 hold 0 1 2 3 4 5 6 7
//     12 13 14 15 8 9 10 11 (Fig. 5); [V-num] d = 2: 0 1 3 2, d = 3:
//     0 1 2 3 6 7 4 5. D_i = 2^i for i ≤ d−2 and D_{d−1} = 2^(d−2), so
//     D_a = (3·2^(d−2) − 1)/d (11/4 for d = 4), the minimum over
//     constant-distance ring embeddings (package optimal).
//   - Xor on a torus [V][V-num]: with c equal fields of d/c bits, D_i =
//     2^(d/c−2) for the top bit of each field and 2^(i mod d/c) otherwise, so
//     D_a = c·(2^(d/c−2) + 2^(d/c−1) − 1)/d; (8,8): D = 1,2,2,1,2,2 (Σ 10,
//     standard 14); (16,16): Σ 22; (8,8,8): Σ 15; unequal fields (16,4): D =
//     1,2,4,4,1,1 (Σ 13); (8,4,2): Σ 8. Every split tested is
//     constant-distance.
package embedding
