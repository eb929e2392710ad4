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
// kind's examples. Code outside a kind's file reaches it through Host and
// optional capabilities (Grid, Shaped, Hierarchy, Router, AxisRouter,
// Network, SwitchLevels, RouterGroups, Rooted, Family: the drawing family
// a drawing package registers a layout for; Named, Placed, NamedTree:
// what machine files write), never by a switch on its concrete type, so
// a new kind is served wherever it has the capabilities used, and drawn
// generically where it names no family.
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
// which on a hypercube is e-cube routing; fat trees by D-mod-k,
// dragonflies by their minimal routes and trees of switches along the
// tree path. Hierarchy is the capability of hosts whose distance is a
// cost per level (tree:), and Rooted that of hosts drawn as a tree. On a lattice directed links are
// numbered node + n·slot, slot counting the (axis, direction) pairs an
// axis has: none for size 1, one for size 2, + then − beyond (see
// Lattice.Link); a link of an indirect network joins two vertices of its
// wiring (nodes, then switches), numbered as FatTree.LinkSlots and
// Dragonfly.LinkSlots say. Loads sums the volumes of messages per link, in
// O(c) per message with difference arrays along the axis lines of a
// router whose routes and link numbers follow its axes (AxisRouter: a
// lattice), link by link elsewhere; topotest checks every route against
// Hops and the wiring. A host with cores routes as the host of its nodes
// does (RouterOf), and a message inside a node crosses no link.
//
// Hierarchy is the optional capability of hosts whose nodes are the
// leaves of nested groups, as Scotch's architectures split their
// domains: a node's coordinates are its digits in the radices of the
// levels, innermost first, and the nodes that agree from a digit up are a
// group, no farther from each other than from the nodes outside it. A fat
// tree's groups are the subtrees under its switches (radices K, N times),
// a dragonfly's its routers and groups (P, A, G), and a host with cores
// over either adds its nodes' cores as the innermost level (HierarchyOf).
// Recursive mappers split such hosts group by group from the top.
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
// [P] The inside of a node, as hwloc describes it (cores under L2/L3
// caches, NUMA domains, packages), is the suffix
// ":node=S1xS2x…:dist=D1,D2,…" in place of ":cores=C" (NodeInside): the
// C = S1·S2·… cores grouped bottom-up as in tree:, two cores of one node
// D_i apart when their lowest common group is level i, cores of two
// nodes as far apart as their nodes (fattree:2,2:node=2x2:dist=1,2).
// Costs all 0, or no ":dist=", is ":cores=C". Costs above twice the
// hops of the nearest two nodes break the triangle inequality; mappers
// do not need it. Messages inside a node cross no link. SplitCores does
// not split such a host (its cores are not alike), but NodesOf does, as
// launchers and allocations count: its allocations and ranks per node
// count its nodes, and its intra-node volume is told apart. Its inside's
// groups are levels of nested groups below the
// network's (metric.Groups): recursive mappers split its nodes, then
// their insides, and the levels bound counts what each group cannot
// hold.
//
// # Nodes per router, names and allocations
//
// [P] The suffix ":nodes-per-router=P" (before ":cores=C") puts P nodes
// on each node of a host, which becomes their router: node t of router r
// has index t + P·r and coordinates r's followed by t, and the nodes of
// one router are 0 hops apart (as the two nodes of a Cray Gemini).
// SplitRouters reaches the routers under every grouping.
//
// A host whose nodes have names (the Named capability, or a preset that
// names them) lets launcher files write them and an allocation name
// them. An allocation (Allocate) restricts a machine to some of its
// nodes, given as a Slurm hostlist of names (package hostlist) or, on a
// host without names, as index ranges "0-15,32-47" (ResolveNodes), in
// the order written. Mappers see the allocated nodes with their slots (a
// Subset, whose distances and routes are the whole machine's); the
// placement is then moved to the whole machine's slots. With R ranks per
// node, as srun --ntasks-per-node, the ranks fill the first ranks/R
// allocated nodes, R slots each, so every used node holds exactly R.
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
// nodes in index order, switch levels above.
//
// Switch labels [P]: a switch of level ℓ (1 ≤ ℓ ≤ N) is (c, u), with u =
// (x_ℓ, ..., x_{N-1}) the digits shared by the K^ℓ nodes below it and c =
// (c_1, ..., c_{ℓ-1}) which of the K^(ℓ-1) parallel switches of that
// subtree it is. It is named "Lℓ #c (·,…,·,x_ℓ,…,x_{N-1})": its level,
// the number c_1 + c_2·K + … + c_{ℓ-1}·K^(ℓ-2) (left out on leaves,
// which have one per subtree), and the coordinates of the nodes below
// it, "·" for each digit that varies. So fattree:2,2 has the leaves
// "L1 (·,0)" over nodes 0, 1 and "L1 (·,1)" over 2, 3, and the top
// switches "L2 #0 (·,·)" and "L2 #1 (·,·)". Node x hangs from the leaf ((),
// (x_1, ..., x_{N-1})); up-port p of switch ((c_1..c_{ℓ-1}), u), ℓ < N,
// leads to ((c_1..c_{ℓ-1}, p), u without its first digit), the switch
// #(c + p·K^(ℓ-1)). Its number among the K^(N-1) switches of its level
// has the digits c_1..c_{ℓ-1}, then u, least significant first.
//
// Routing: destination-mod-k (D-mod-k) [V], Zahavi et al., "Optimized
// InfiniBand fat-tree routing" (2010). A message from a to b, whose
// lowest common switch is at level ℓ, climbs from a's leaf taking at
// level i (1 ≤ i < ℓ) the up-port p = b_{i-1}, the destination's digit,
// so that all traffic to b climbs through the same columns; it turns at
// level ℓ and goes down the one way to b: 2ℓ directed links (node→leaf,
// ℓ-1 up, ℓ-1 down, leaf→node). Each node–leaf and switch–switch wire is
// two directed links, 2·N·K^N in all. Worked by hand on fattree:2,2: 0 →
// 3 goes 0→L0, L0→T1 (port b_0 = 1), T1→L1, L1→3, and 1 → 2 goes 1→L0,
// L0→T0 (b_0 = 0), T0→L1, L1→2, with L0, L1, T0, T1 as above.
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
// is not always a shortest path of the wired graph: a detour through a
// third group may be shorter, and neither Hops nor the route takes it.
//
// Routing: the minimal route, link by link. Terminal → its router; to
// another group, a local hop to the router of c(g→g') unless the source
// router holds it, the global channel, and a local hop from the landing
// router to the destination router if they differ; within a group one
// local hop between different routers; then router → terminal. Directed
// links: each terminal–router link, each ordered pair of routers of a
// group, and each global cable once per direction (the channels c(g→g')
// and c(g'→g) are the two ends of one cable: G·(G−1) global links when
// every pair of groups is wired). So dragonfly:4,2,2,5 has 80 terminal,
// 60 local and 20 global directed links, 160 in all. Router r of group g
// is named "router (r,g)", as its terminals' coordinates [t, r, g] end.
//
// # Hierarchies
//
// [V] the model of KaHIP's process mapping, Schulz & Träff (JEA 2020);
// numbering [P]. tree:S1xS2x…xSk:dist=D1,…,Dk groups slots bottom-up:
// S1 slots per group of level 1, S2 such groups per group of level 2,
// and so on up to one group of level k. Two slots whose lowest common
// group is of level i are D_i apart (whole numbers, non-decreasing); a
// slot is 0 from itself. A slot's coordinates are its digit per level,
// lowest first, so its index is d1 + S1·(d2 + S2·(…)). Worked by hand:
// tree:4x4:dist=1,10 has slots 0..3 one apart and slots 3 and 4 ten
// apart. Leading costs of 0 are the cores of one node:
// tree:4x16x16:dist=0,2,4 (16 switches of 16 nodes of 4 cores) is
// tree:16x16:dist=2,4:cores=4, its canonical form.
//
// Routing [P] (our reading: KaHIP's model gives distances only): a group
// is a switch over its members, and the tree path between slots whose
// lowest common group is of level i has 2i edges. So a tree whose costs
// are D_i = 2i routes along that path (rule "tree
// path": up to the lowest common switch, then down; every tree edge two
// directed links, numbered by the edge's lower end: up c → parent is c,
// down is V + c, V the slots and switches); a tree with other costs has
// distances only, no routes. Group g of level i is named by the
// coordinates of its slots, "·" for the i digits that vary: "L1 (·,2)" is
// the leaf group of the slots whose level-2 digit is 2, "L2 (·,·)" the
// top of a two-level tree.
//
// # Machines read from files
//
// [P] A tree of named switches (a Slurm topology.conf, read by package
// machinefile) is a SwitchTree: its nodes numbered in the order the file
// first names them, keeping their names (Named: launcher files write
// them), coordinates [index]; Hops is the number of wires on the tree
// path, and messages follow that path (rule "tree path"; every wire two
// directed links, numbered by the wire's lower end as in a routed
// tree:). Its spec string is "machine:ID", ID the content hash (SHA-256,
// 128 bits) of its nodes' and switches' names and the parent of every
// vertex; Parse resolves it among the machines this process registered
// (RegisterMachine: read from a file on the command line, uploaded to
// the server or fetched by a page), a content-addressed cache, and
// refuses an unknown id (ErrUnknownMachine). A regular tree (Regular:
// nodes all at one depth, the switches of a depth with one number of
// children) is the hierarchy tree:R1x…xRL:dist=2,4,…,2L: it is written
// as a Scotch tleaf, and rb, multisection, bricks and the levels bound
// treat it as a fat tree's subtrees.
//
// [P] The named nodes of a torus (a torus coordinates file) are a
// Listed machine: its nodes are the listed ones in the file's order,
// with their names and their coordinates on the torus, whose distances
// and routes they keep; its id hashes the torus's spec string and every
// node's name and place. Both kinds are Machines: a host and its id.
//
// # Routing and link loads
//
// [P] rules, standard algorithms. Fat trees and dragonflies route as
// their sections above say; a host without a rule has no link loads, and
// the product says so instead of showing a made-up figure. Directed
// links of lattices: a mesh or torus has one
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
