// Package metric owns the quality measures of a mapping: hop-bytes, average
// hops per byte, maximum and average dilation, the weighted histogram of
// hops (the volume that travels each number of hops), the per-dimension
// distances D_i of González & Valero-García (1993) with whether they are
// constant, the average distance D_a, lower bounds on hops per byte (among
// them the neighbourhood bound, for any guest on any host, the levels
// bound, for hosts made of groups, and the triangles bound, for grid
// hosts without three nodes pairwise 1 hop apart), and the link
// loads (congestion) under the host's routing rule: maxLinkLoad,
// avgLinkLoad (hop-bytes per directed link), linksUsed and a lower bound
// on maxLinkLoad. Hosts without the topology.Router capability have no
// link figures, and Metrics says why. The sections below define them.
//
// Conventions: hop-bytes sums volume × hops over every directed arc (each
// exchange sends a message both ways); hops per byte divides it by the total
// volume; dilation is the hop count of one undirected edge. Each bound says
// for which mappings it holds, so that the product never shows an estimate
// as if it were a bound.
//
// Fields is the one table of the figures that people see (key, label,
// number format, and the level of the tables that show each): every
// human-facing table reads it, so a new metric is one entry there.
//
// Distances come from the host's Hops; on hosts with the topology.Grid
// capability a coordinate fast path computes the same numbers (tested
// against Hops).
//
// # Hop-bytes
//
// A guest has directed volumes w(u→v) ≥ 0 (package guest's doc, section
// Communication graphs). With π the placement, hop-bytes = Σ over ordered
// pairs (u, v) of w(u→v)·Hops(π(u), π(v)), and hops per byte = hop-bytes
// / Σ w. With unit volumes on a stencil or a d-cube this is the mean hop
// count of the directed edges, so those guests are special cases of a
// communication graph and give the same figures written as graph files.
//
// On a host with cores (package topology's doc, section Cores per node)
// IntraNodeVolume is Σ w over the pairs placed on one node, which cross
// no network link, and InterNodeVolume the rest. With cores 0 apart
// (":cores=C") hop-bytes count inter-node traffic only; with a node's
// inside (":node=…:dist=…") they also count each level's cost inside a
// node.
//
// # Link loads
//
// On a host with a routing rule (package topology's doc, section Routing
// and link loads: meshes and tori by dimension order, hypercubes by
// e-cube, fat trees by D-mod-k, dragonflies by their minimal routes) every
// ordered pair's volume crosses the directed links of its route, giving
// each link e its load L(e); on a fat tree or a dragonfly the links are
// those of its wiring, node and switch links, each wire both ways. The figures are
// maxLinkLoad, the largest L(e) (the congestion); avgLinkLoad = Σ L(e)
// / the number of directed links; linksUsed, the links some message
// crosses; and linkLoadBound, the best lower bound on the hop-bytes of
// the host's network (the largest for all mappings) divided by the number
// of directed links. Σ L(e) is the network's hop-bytes, each hop one link:
// the hop-bytes, but on nodes with an inside, whose costs inside a node
// cross no link, those of the same nodes with cores 0 apart
// (topology.NetworkOf), whose bound linkLoadBound then takes.
// maxLinkLoad ≥ avgLinkLoad ≥ linkLoadBound for every mapping. A host with no rule shows no figure
// (null, with the reason), never a made-up one.
//
// # The neighbourhood bound
//
// For any guest on any host (scope: all mappings), for each vertex v merge
// its partners' volumes both ways, W_v(u) = w(v→u) + w(u→v), and sort them
// heaviest first, W_1 ≥ W_2 ≥ ...; let δ_1 ≤ δ_2 ≤ ... be the sorted hop
// distances from a best-placed slot to every other slot (on a host that
// does not look the same from every node, a mesh or a fat tree, take at
// each radius the largest ball over all nodes). Then
//
//	hop-bytes ≥ ½ Σ_v Σ_k W_k·δ_k,
//
// because v's partners sit on distinct slots other than v's, so at best the
// heaviest is on the nearest slot, the next on the next nearest, and so on
// (the rearrangement inequality), and every message is counted at both of
// its ends. On a stencil, whose volumes are symmetric, W = 2w and the bound
// is Σ_v Σ_k w_k·δ_k. It is labelled "neighbourhood". On the nodes a job
// was given (an allocation, OnAllocation) the slots are the allocated ones,
// at the whole machine's distances: up to MaxPairwise of them, the δ_k come
// from all their pairwise distances (counted once per allocation), which a sparse
// allocation makes far larger than the whole machine's.
//
// # The levels bound
//
// On a host made of groups (scope: all mappings) — a fat tree's
// subtrees, a dragonfly's routers and groups, a tree's levels, the cores
// of a node, the nodes of a router (topology.Hierarchy, with its
// LevelCosts or its Balls; cores or routers' nodes over any host are one
// level), the groups inside a node with an inside (":node=…:dist=…", a
// level per cost, NodeLevels) and a regular tree of switches read from a
// topology.conf (topology.SwitchTree's Regular; Groups lists them all) —
// the neighbourhood bound sees only how far each vertex's own
// partners must go; the levels bound also counts what a group cannot
// hold. Number the levels from the innermost, level j's groups holding at
// most c_j slots, and let a_j be the least number of hops between two
// slots whose lowest common group is of level j+1 (from LevelCost, or
// the least radius r whose largest ball holds more than c_j nodes: by
// the Hierarchy contract a slot's whole group of level j is at most as
// far from it as any slot outside, so a ball reaching outside holds the
// group as well), non-decreasing, a_0 = 0. Then two slots in different
// groups of level j, for every j below their common level, are at least
// Σ_j (a_j − a_(j−1)) apart. Any placement splits the guest's vertices
// into parts of at most c_j vertices (those on one group of level j), so
// with X_j the volume between different parts,
//
//	hop-bytes ≥ Σ_j (a_j − a_(j−1))·X_j,
//
// and the bound replaces each X_j by the larger of two lower bounds that
// hold for every split into parts of at most c vertices (W(u, v) = w(u→v)
// + w(v→u), the volume of the pair):
//
//   - partner count: a vertex shares its part with at most c−1 others,
//     so at least the volume to its partners beyond its c−1 heaviest
//     leaves the part; each pair is seen from both ends, hence half the
//     sum over the vertices.
//   - flows: every vertex v sends a flow to each vertex a breadth-first
//     search around it reaches (radius 1 to 8, the searches of all
//     vertices visiting at most 2^21 arcs; none on a guest of more than
//     2^22 arcs), along the search tree: one unit to each, or (a second
//     try) the lightest volume W on the tree path to it. At most c−1 of
//     v's targets share v's part, so at least D_v, v's flows beyond its
//     c−1 largest, end in another part, and each such flow crosses at
//     least one pair between parts: the loads ℓ(e) (flow per pair) of
//     the crossing pairs add up to at least D = Σ_v D_v. The cheapest
//     pairs that could carry that much, taken by W(e)/ℓ(e) with a
//     fraction of the last (a fractional knapsack), weigh no more than
//     the crossing pairs do, so their weight is a lower bound on X_j.
//
// Dividing by the total volume gives hops per byte. It is labelled
// "levels"; past the work cap the searches stop early, which loosens the
// flow part only (any targets will do). On a lattice without cores it
// does not apply.
//
// # The triangles bound
//
// On a grid host without three nodes pairwise 1 hop apart (scope: all
// mappings) — a mesh, a line, a hypercube, a torus with no ring of 3 —
// every pair of processes is at least 1 hop apart, and the three
// processes of a triangle of the guest (pairs u–v, v–x, u–x that all
// exchange messages) cannot be pairwise 1 hop apart: the triangle's
// three distances d add up to at least 4. Write d_e = 1 + x_e (x_e ≥ 0),
// W_e = w(u→v) + w(v→u) for a pair e, and take volumes y_T ≥ 0 on the
// triangles whose sum over the triangles of each pair is at most its
// W_e, P_e = Σ_(T∋e) y_T; then for the weights R_e = W_e − P_e ≥ 0 and
// the neighbourhood bound N(R) of them,
//
//	hop-bytes = Σ_e R_e·d_e + Σ_e P_e·d_e
//	          ≥ N(R) + Σ_e P_e + Σ_T y_T·Σ_(e∈T) x_e
//	          ≥ N(R) + 4·Σ_T y_T,
//
// since each triangle's x_e add up to at least 1 and it counts y_T on
// its three pairs. The y_T come from one greedy pass over the triangles
// in the order the search meets them (vertices ascending): each takes
// the least volume its pairs have left. It is labelled "triangles" and
// shown only where the guest has triangles (grids and d-cubes have none);
// past MaxTriangleWork steps the pass stops where it is, which loosens
// the bound only, and on a guest of more than 2^22 arcs it is not
// computed. Quotients of Debian's METIS meshes on torus:8x8x16 (1,024
// parts): 4elt 1.2231 (neighbourhood) → 1.2698, copter2 1.2426 →
// 1.2651, mdual 1.2568 → 1.2666. It is our bound: the sources give none
// for these hosts.
package metric
