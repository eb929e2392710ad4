// Package gridmap owns the mappings of regular object grids onto processor
// meshes and toruses: the heuristics of Bhatele's thesis, chapter 9
// (A. Bhatele, Automating Topology Aware Mapping for Supercomputers, PhD
// thesis, UIUC 2010), as specified in ALGORITHMS.md Part B, plus the cheap
// defaults row-major and snake.
//
//   - 2-D grid onto 2-D mesh: RowMajor, Snake, MaxOverlap (MXOVLP),
//     MaxOverlapAligned (MXOV+AL), ExpandFromCorner (EXCO), CornersToCenter
//     (COCE), Affine (AFFN) and Step (the band embedding of B.7, our
//     construction after Aleliunas & Rosenberg, which may use a larger
//     host);
//   - 2-D grid onto 3-D mesh: Stack, Fold and Curve (space-filling curves);
//   - 3-D grid onto 3-D mesh: Affine3D;
//   - between grids and hosts of as many axes (2-D or 3-D): Fold, our
//     k-way accordion fold when the sides match up to one factor k.
//
// Brick, Coarse and ExpandBricks cut a grid into bricks of C objects for
// hosts with C cores per node (a brick per node; MACHINES.md §2);
// NestedBricks nests bricks for the levels of fat trees and dragonflies.
//
// Nearest is findNearest2D/findNearest3D (B.1): the free processor closest
// to a target, with the spec's tie-break "order A", answered with per-line
// union-find structures instead of a growing ring scan.
//
// A mapper receives a Box: the shape of a topology.Grid host (BoxOf) and
// the context that cancels it. Distances are topology.AxisHops per axis.
//
// Conventions. The first coordinate varies fastest, as everywhere in
// topomap: object (i, j[, k]) of an Ox×Oy[×Oz] grid has index
// i + Ox·(j + Oy·k) and processor (a, b[, c]) of a Px×Py[×Pz] host has index
// a + Px·(b + Py·c). A placement is a []int whose entry for an object index
// is a processor index. The spec's tables use rank = a·Py + b instead; every
// algorithm here works on coordinates, so its hop counts equal the spec's.
// The object grid is treated as non-periodic (a periodic guest is mapped
// the same way; only its metrics change). A host axis may wrap around
// (torus): distances and the nearest-free search then wrap too.
//
// Most definitions are the spec's proposals ([P]): the thesis text of
// MXOVLP, MXOV+AL, EXCO, COCE and STEP is not available, so those functions
// implement our reading, not the thesis' code. Every function is pure (no
// I/O) and deterministic.
package gridmap
