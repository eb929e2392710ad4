// Package embedding owns the embeddings of a d-cube (hypercube guest) onto
// hosts of 2^d nodes studied by Gonzalez & Valero-Garcia, "The Xor
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
// tests; see ../../../shared/spec/ALGORITHMS.md Part A.
package embedding
