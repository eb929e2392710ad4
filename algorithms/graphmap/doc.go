// Package graphmap owns the mappers of arbitrary communication graphs
// (package guest's doc, Communication graphs) onto any host: a weighted
// graph with directed volumes, as read from a file, or a d-cube or object
// grid, which are special cases.
//
//   - Greedy grows the mapping vertex by vertex in the style of Hoefler &
//     Snir (ICS 2011): the heaviest vertex at the host's centre, then
//     always the unplaced vertex with the most volume to placed ones, on
//     the free node nearest (in hop-bytes) to its placed partners.
//   - Bipartition is dual recursive bipartitioning in the style of Scotch
//     (Pellegrini): the guest is bisected by a multilevel scheme
//     (heavy-edge matching, greedy graph growing, Fiduccia–Mattheyses
//     refinement) while the host is bisected along its longest axis, or
//     along its own structure (topology.Hierarchy: a fat tree by the
//     subtrees of its top switches first, a dragonfly by group, then
//     router; a machine read from a file, topology.Rooted, by the subtrees
//     of its switches; the nodes of a host with cores or a node inside
//     before their cores, a node's inside by its groups), the
//     part sizes exactly the host halves' capacities, down to single
//     nodes. Each bisection weighs the edges to vertices already sent
//     elsewhere by how far the two halves are from them; small guests
//     are mapped with several seeds and the best kept.
//   - Multisection partitions the guest top-down along a host of nested
//     groups, at every level into parts of exactly the subgroups'
//     capacities, in the style of KaHIP's process mapping (Schulz & Träff).
//
// All see the guest as undirected: the hop-bytes of an edge are
// w(u→v)+w(v→u) times its hops. The host may have more nodes than the
// guest has vertices (the others stay empty). Hosts with the
// topology.Grid capability use coordinates (boxes split in two, distances
// without Host.Hops); any other host is handled through Coords, Neighbors
// and Hops. All honour their context in every long loop and are
// deterministic: no clock, no unseeded randomness, so the same input gives
// the same placement on any machine. The package is pure (no I/O) and
// builds for GOOS=js GOARCH=wasm.
package graphmap
