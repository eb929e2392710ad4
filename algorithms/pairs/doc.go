// Package pairs owns PAIRS, the pairwise-exchange local search of Bhatele's
// dissertation (UIUC 2010, §9.1, Heuristic 7): starting from a placement of
// the guest's objects on host nodes, it proposes swaps of two objects'
// nodes and keeps those that lower the hop-bytes, until a round of attempts
// (by default one per object) improves the hop-bytes by less than a
// threshold τ (DefaultTau, 10⁻⁴); with a temperature it then anneals in
// cycles until a stopping rule or a move cap ends it.
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
//   - optional annealing cycles after the first descent: each restarts
//     from the best placement so far, anneals over a number of moves that
//     doubles from cycle to cycle, then descends; the run stops when two
//     cycles in a row gain less than 0.2 % (after a least amount of work,
//     and before a horizon of work), or at a move cap (by default four
//     times the horizon plus 64 moves per object: a bound on a run that
//     would not converge); a caller's budget, planned as moves at the cost
//     of a move of the objective and guest (MoveCost), replaces the least
//     work and the horizon, and is the cap;
//   - focused annealing (Options.Focused, focused.go) in place of the
//     cycles on a host with grid coordinates and one slot per node, under
//     the hop-bytes: one annealing over the run's work (by default
//     FocusedPerObject moves per object, at most FocusedHorizon; with less
//     than FocusedLeast per object, the cycles), cooling geometrically,
//     that moves the object whose edges cost most above a bound on them
//     among a few drawn, to or next to a neighbour's node, keeps each
//     object's cost up to date and draws the acceptance threshold first so
//     that most rejections stop early (package solve asks for it on
//     weighted graphs that grow as in 2-D);
//   - a dilation tie-break: among moves of equal hop-bytes, the one that
//     lowers the sum of squared hops wins, so long edges do not pile up
//     where hop-bytes are indifferent;
//   - several starting placements: the one of lowest hop-bytes is kept, or
//     when annealing the one whose hop-bytes minus half of their short-edge
//     excess is lowest (long seams do not anneal away; local disorder
//     does), and it races a rival (the start of lowest hop-bytes, or if
//     that is the same one, the start of second-best score): each is
//     searched for a quarter of the work, then the one that got lower
//     anneals once more, from its best placement, over the work left; a
//     run never returns worse than its lowest start;
//   - the work (the horizon and the least work) is scaled by 4 over the
//     guest's mean degree when that is above 4 (a move costs O(degree)),
//     and by Options.Share for a run that is one level of a multilevel
//     search or one that anneals hot (package solve's);
//   - a closing search after the swap search, on every host: the 1-to-1
//     local search of Schulz and Träff (JEA 2020) over N_C^d, the pairs of
//     objects at most d hops apart in the guest (Options.CommDepth,
//     default 2), keeping every swap that lowers the objective, pass after
//     pass until one gains less than 10⁻⁵ of it; its work is bounded by an
//     eighth of the horizon (reserved from a caller's plan) and counted
//     apart (Result.CommMoves), so that Moves still repeats a run;
//   - from ParallelThreshold objects on, the greedy and the annealing
//     rounds use two goroutines on the two halves of the host, each
//     swapping only objects whose graph neighbours all lie in its half
//     (the others are then tried sequentially), so every delta stays
//     exact; an annealing worker's temperature falls with its own
//     attempts, so it does not depend on the other worker's pace, and the
//     workers are allocated apart so that they share no cache line.
//
// Determinism: the schedule (temperatures, cycles, the stopping rule)
// depends on the moves made, never on the clock, and the number of
// workers on the size, never on GOMAXPROCS; each worker's random stream
// depends on the seed, the round and the worker only. So the same seed,
// starts and options give the same placement on any machine and under any
// load. Nothing reads the clock but the progress reports: there is no time
// budget (a caller plans one as moves). A run reports its Moves, which as
// Options.Moves repeat it exactly; only a cancelled context ends a run
// early, and Improve then returns the context's error.
//
// Hosts: on a host with the Grid capability (meshes, tori, hypercubes)
// distances and proposals use coordinate tables as above (a distance is
// one load from a table of the offsets between nodes on a host of at
// most 2^20 of them, offsets.go; the bits that differ on a hypercube's
// nodes), and so on the slots of such a host with C cores per node (the
// Inner and PerNode capability of topology's cores hosts): each slot
// has its node's coordinates (0 hops between the cores of a node), and a
// proposal aimed at a node takes one of its C slots at random. On any
// other
// host (slots of multi-core nodes, fat trees, dragonflies, ...) the search
// reads distances from Host.Hops (a table below 1,024 nodes) and a biased
// proposal moves an object onto or next to the node of one of its graph
// neighbours (of two drawn, the heavier): the nodes next to a node are
// those at the least distance among its Neighbors and the nodes of nearby
// index, since host numberings keep the cores of a node, the terminals of
// a router and the leaves of a switch together; one time in four, a node
// of index within 64 of it. There are no shifts, one worker, and half the
// horizon (its moves cost about twice a grid's); each arc's length is
// kept, so a delta asks the host for the new lengths only.
//
// The guest must be symmetric (each arc has its reverse with the same
// volume), as every guest.Graph constructor guarantees; a swap's delta
// counts each out-arc twice for that reason. The host may have more nodes
// than the guest has objects: a swap with an empty node is a move.
package pairs
