// Package topotest owns the contract that every host must honour, in the
// manner of gonum's graph/testgraph: the hop distance is a metric
// (d(u,u) = 0, symmetric, positive between distinct nodes, triangle
// inequality), it is the shortest-path distance of the neighbour relation
// (Neighbors lists exactly the nodes at distance 1), and coordinates
// round-trip through Index. On hosts with the Grid capability it also
// checks the closed forms: coordinates follow the product convention
// (first coordinate fastest), the per-axis distances sum to the distance
// and are |Δ| or min(|Δ|, k-|Δ|), the coordinate Table agrees with Hops,
// and Diameter is the largest distance. Its tests run the contract on the
// examples of every registered host kind, with and without the Grid
// capability.
//
// Small hosts (at most SmallHost nodes) are checked exhaustively; larger ones
// on a fixed pseudo-random sample, so the outcome is reproducible.
package topotest
