// Package topology owns the host networks that processes are mapped onto
// and the one definition of their hop distance.
//
// Every host is a Host: Size nodes with coordinates (the product-wide
// convention: the first coordinate varies fastest, node (i1,...,ic) of a
// (k1,...,kc) host has index i1 + k1*(i2 + k2*(...))), Hops(a, b) (the
// length of a shortest path, the one definition of distance), Neighbors and
// the canonical spec string. Host kinds are registered with Register, in
// the manner of image.RegisterFormat: a kind is its name, the form of its
// spec strings, a parser and examples, and Parse (which package spec
// calls) reads the registry. A new kind is one file and one registration
// line in kinds.go; topotest checks the contract on every registered
// kind's examples.
//
// Grid is the optional capability of hosts that are boxes of axes (lines,
// rings, meshes and toruses of any sizes with wrap-around chosen per axis,
// and hypercubes, all of them the Lattice kind): per axis |Δ| on a mesh
// and min(|Δ|, k-|Δ|) with wrap-around (AxisHops), summed over axes. The
// mappers and metrics type-assert it for their coordinate fast paths,
// which are tested against Hops; other hosts fall back to Hops. A
// hypercube of dimension d is the (2,...,2) mesh, so a node's coordinates
// are its d bits, bit 0 first, and its index is its label.
//
// Router is the optional capability of hosts with a routing rule
// (MACHINES.md §5): lattices route dimension by dimension (axis 0 first,
// the shorter way round a wrapped axis, + on an exact tie, so only + on a
// wrapped axis of size 2), which on a hypercube is e-cube routing (bits
// 0, 1, ... in order). Directed links are numbered node + n·slot, slot
// counting the (axis, direction) pairs an axis has: none for size 1, one
// for size 2, + then − beyond (see Lattice.Link). Loads sums the volumes
// of messages per link in O(c) per message with difference arrays along
// the axis lines; topotest checks every route against Hops. A host with
// cores routes as the host of its nodes does (RouterOf), and a message
// inside a node crosses no link.
//
// Real machines (MACHINES.md §2–4): the suffix ":cores=C" on any host
// spec gives its nodes C cores each (Cores: slot t of node u is t + C·u,
// 0 hops inside a node; SplitCores reaches the inner host, whose fast
// paths stay usable); FatTree (fattree:K,N, a k-ary n-tree) and Dragonfly
// (dragonfly:A,P,H,G, minimal routes over the absolute global wiring)
// are indirect networks with the Network capability, their wiring, which
// topotest checks Hops against. Presets names machines users know
// ("preset:bgq-midplane"), each an alias of a spec string that Parse
// resolves.
package topology
