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
// Router is the optional capability of hosts with a routing rule (see
// Routing and link loads below): lattices route dimension by dimension,
// which on a hypercube is e-cube routing. Directed links are numbered
// node + n·slot, slot counting the (axis, direction) pairs an axis has:
// none for size 1, one for size 2, + then − beyond (see Lattice.Link).
// Loads sums the volumes of messages per link in O(c) per message with
// difference arrays along the axis lines; topotest checks every route
// against Hops. A host with cores routes as the host of its nodes does
// (RouterOf), and a message inside a node crosses no link.
//
// Real machines: the suffix ":cores=C" on any host spec gives its nodes C
// cores each (Cores; SplitCores reaches the inner host, whose fast paths
// stay usable); FatTree (fattree:K,N, a k-ary n-tree) and Dragonfly
// (dragonfly:A,P,H,G, minimal routes over the absolute global wiring)
// are indirect networks with the Network capability, their wiring, which
// topotest checks Hops against. The sections below define them. Presets
// names machines users know ("preset:bgq-midplane"), each an alias of a
// spec string that Parse resolves.
//
// Tags: [V] marks a definition read in its source (named), [P] one we
// chose where the literature leaves freedom. Tests and users rely on
// these exact rules.
//
// # Cores per node
//
// [P] The suffix ":cores=C" on any host spec (torus:8x8x8:cores=16) gives
// each node C cores; the host then has nodes × C slots, the places a
// process goes. Slot t (0 ≤ t < C) of node u has index t + C·u: the core
// varies fastest, as launchers fill a node first (the one place where
// "first coordinate fastest" reads "core first"); its coordinates are
// u's followed by t. Two slots are as many hops apart as their nodes, so
// two slots of one node are 0 hops apart and a message between them
// crosses no link. A guest may have fewer vertices than the host has
// slots; the other slots stay empty.
//
// # Fat trees
//
// [V] Petrini & Vanneschi, "k-ary n-trees" (IPPS 1997); numbering [P].
// fattree:K,N has K^N nodes under N levels of K^(N-1) switches. Node x
// has N base-K digits x_0 (least significant) ... x_{N-1}, and its
// coordinates are [x_0, ..., x_{N-1}] (first coordinate fastest). For
// distinct nodes a and b, let j be the most significant digit in which
// they differ: their lowest common switch is at level ℓ = j+1 and
// Hops(a, b) = 2ℓ, up to that switch and down again; nodes under one leaf
// switch are 2 apart, a node is 0 from itself. Drawings show the tree:
// nodes in index order, switch levels above. A fat tree has no routing
// rule here (no Router), so it has no link loads.
//
// # Dragonflies
//
// [V] Kim, Dally, Scott & Abts (ISCA 2008); global wiring [P].
// dragonfly:A,P,H,G has G groups of A routers; each router has P
// terminals (the nodes) and H global channels, and the routers of a group
// are all wired to each other; G ≤ A·H + 1. Node index = t + P·(r + A·g)
// for terminal t of router r of group g, coordinates [t, r, g].
//
// Global wiring, the "absolute" arrangement: the channels of group g are
// numbered c = r·H + j (router r, port j, 0 ≤ c < A·H); channel c leads
// to group c if c < g, else c + 1, and channels that would lead to a
// group ≥ G are unused. So the channel from g to g' ≠ g is c(g→g') = g'
// if g' < g, else g' − 1, and it sits on router c(g→g') div H.
//
// Hops is the length of the minimal route, counting the two terminal
// links: 2 between terminals of one router; 3 within a group (one local
// hop); between groups 3 (terminal, global channel, terminal), plus 1 if
// the source router does not hold c(g→g'), plus 1 if the landing router
// (the one holding c(g'→g) in g') is not the destination router: 3 to 5.
// "Minimal" means at most one global hop, the route of Kim et al., which
// is not always a shortest path of the wired graph. A dragonfly has no
// routing rule here (no Router), so it has no link loads.
//
// # Routing and link loads
//
// [P] rules, standard algorithms. Directed links: a mesh or torus has one
// directed link per node, axis and direction (+ or −) that leads to a
// neighbour; on a wrapped axis of size 2 only + is used (the tie rule
// below), so such an axis, like any axis of size 2, has one link per node.
// A hypercube has one directed link per node and dimension.
//
// Dimension-order routing (meshes and tori): correct axis 0 first, then
// 1, ...; on a wrapped axis go the shorter way round, and on an exact tie
// (distance k/2) go in the + direction. A hypercube uses e-cube routing,
// which flips the differing bits 0, 1, ... in order: the same rule on the
// (2,...,2) mesh.
//
// The load of a directed link e is L(e) = Σ w(u→v) over the ordered
// pairs (u, v) of the guest whose route from π(u) to π(v) crosses e (π
// the placement); package metric derives the congestion figures from it.
// Worked by hand: grid:4x1 on ring:4 by rowmajor, unit volumes, has 6
// directed messages of one hop; links +0→1, +1→2, +2→3 and −1→0, −2→1,
// −3→2 carry 1 each, the wrap-around links nothing, so the largest load
// is 1. On the same ring a single message 0→2 of volume 5 is a tie, so it
// goes +: links 0→1 and 1→2 carry 5 each.
package topology
