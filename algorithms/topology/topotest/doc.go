// Package topotest owns the contract that every host topology must honour,
// in the manner of gonum's graph/testgraph: the hop distance is a metric
// (d(u,u) = 0, symmetric, positive between distinct nodes, triangle
// inequality), it is the shortest-path distance of the neighbour relation
// (Neighbors lists exactly the nodes at distance 1), coordinates follow the
// product convention (first coordinate fastest) and round-trip through
// Index, the per-axis distances sum to the distance and have the closed form
// |Δ| or min(|Δ|, k-|Δ|), the coordinate Table agrees with Distance, and
// Diameter is the largest distance.
//
// Small hosts (at most SmallHost nodes) are checked exhaustively; larger ones
// on a fixed pseudo-random sample, so the outcome is reproducible.
package topotest
