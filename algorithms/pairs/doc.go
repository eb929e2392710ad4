// Package pairs owns PAIRS, the pairwise-exchange local search of Bhatele's
// dissertation (UIUC 2010, §9.1, Heuristic 7; spec B.8): starting from a
// placement of the guest's objects on host nodes, it proposes swaps of two
// objects' nodes and keeps those that lower the hop-bytes, until a round of
// attempts improves the hop-bytes by less than a threshold τ or a time
// budget ends.
//
// The thesis gives PAIRS in outline only ([V]: random pairs, keep a swap if
// the metric improves, stop when the improvement falls below a threshold);
// everything that makes it usable at 64K objects is our reading ([P]):
//
//   - the delta of a swap is computed from the arcs incident to the two
//     objects only, O(degree); it is exact even when the two are adjacent
//     (their common edge keeps its length);
//   - besides the thesis's uniform pairs (Uniform), a neighbour-biased mode
//     (Biased, the default) moves an object toward the volume-weighted mean
//     host position of its graph neighbours (rounded per dimension,
//     wrap-aware on torus axes) and proposes the swap with the occupant of
//     that node or of a node next to it, or a shift along the path there
//     (each hop a swap, so the sum of the deltas is exact);
//   - an optional annealing schedule over the budget, after the greedy
//     search has converged;
//   - several starting placements: the one of lowest hop-bytes is kept, or
//     when annealing the one whose hop-bytes minus half their short-edge
//     excess is lowest (long seams do not anneal away; local disorder
//     does), never returning worse than the lowest start;
//   - above ParallelThreshold objects two goroutines work on the two halves
//     of the host, each swapping only objects whose graph neighbours all lie
//     in its half (the others are then tried sequentially), so every delta
//     stays exact and the run stays
//     deterministic for a given seed and worker count (annealing uses one
//     worker by default: it did better per proposal on our 2 cores).
//
// Determinism: with the same seed, starts and worker count, a run that
// ends by convergence (or MaxRounds) gives the same placement, in
// sequential and in parallel mode alike; a run cut short by the budget or
// the context depends on timing.
//
// The guest must be symmetric (each arc has its reverse with the same
// volume), as every guest.Graph constructor guarantees; a swap's delta
// counts each out-arc twice for that reason. The host may have more nodes
// than the guest has objects: a swap with an empty node is a move.
package pairs
