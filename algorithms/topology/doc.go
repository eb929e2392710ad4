// Package topology owns the host networks that processes are mapped onto:
// lines, rings, c-dimensional meshes and toruses of any sizes (wrap-around
// chosen per dimension) and hypercubes.
//
// Every host is a Topology: a list of dimension sizes and a wrap flag per
// dimension. Node indices follow the product-wide convention that the first
// coordinate varies fastest: node (i1,...,ic) of a (k1,...,kc) host has index
// i1 + k1*(i2 + k2*(...)). A hypercube of dimension d is the (2,...,2) mesh,
// so a node's coordinates are its d bits, bit 0 first, and its index is its
// label. Hop distances are closed-form: per dimension |Δ| on a mesh and
// min(|Δ|, k-|Δ|) with wrap-around, summed over dimensions.
package topology
