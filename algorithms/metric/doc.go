// Package metric owns the quality measures of a mapping: hop-bytes, average
// hops per byte, maximum and average dilation, the weighted histogram of
// hops (the volume that travels each number of hops), the per-dimension
// distances D_i of Gonzalez & Valero-Garcia (1993) with whether they are
// constant, the average distance D_a, lower bounds on hops per byte (among
// them the neighbourhood bound, for any guest on any host), and the link
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
// IntraNodeVolume is Σ w over the pairs placed on one node, which travel
// 0 hops, and InterNodeVolume the rest; hop-bytes count inter-node
// traffic only.
//
// # Link loads
//
// On a host with a routing rule (package topology's doc, section Routing
// and link loads: meshes and tori by dimension order, hypercubes by
// e-cube, fat trees by D-mod-k, dragonflies by their minimal routes) every
// ordered pair's volume crosses the directed links of its route, giving
// each link e its load L(e); on a fat tree or a dragonfly the links are
// those of its wiring, node and switch links, each wire both ways. The figures are
// maxLinkLoad, the largest L(e) (the congestion); avgLinkLoad = hop-bytes
// / the number of directed links; linksUsed, the links some message
// crosses; and linkLoadBound, the neighbourhood bound on hop-bytes divided
// by the number of directed links. maxLinkLoad ≥ avgLinkLoad ≥
// linkLoadBound for every mapping. A host with no rule shows no figure
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
// is Σ_v Σ_k w_k·δ_k. It is labelled "neighbourhood".
package metric
