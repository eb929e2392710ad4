// Package solve is the single entry point that the CLI, the job server and
// the browser call: it owns the registry of mapping algorithms (name, notes,
// which guests and hosts each applies to) and turns a spec.Instance into a
// mapping with its metrics. It also owns the use cases that the callers
// assemble alike: Map (one instance), Schedule (a d-cube mapping and its
// execution model) and CompareInstance (every applicable algorithm and the
// lower bounds).
//
// Each algorithm family registers itself from its own file (embeddings.go,
// grids.go, machines.go, pairs.go), so families can grow independently.
// Errors about the request are *spec.FieldError values naming the
// offending field.
//
// On a host with cores (topology.SplitCores) the grid heuristics map a
// grid of bricks of C objects onto the nodes (cores.go: perNode, onNodes);
// row-major also maps onto hosts without grid coordinates in index order,
// and bricks nests bricks for the levels of fat trees and dragonflies.
//
// # Confidence tags
//
// Every algorithm's Notes.Confidence says how sure we are that it is its
// source's algorithm, with the tags that the packages' docs use on their
// definitions:
//
//   - V: read in the source (the paper or thesis that Notes.Source cites);
//   - R: repaired from a damaged copy of the source, and checked against a
//     worked example or a computation;
//   - V-num: a figure of our own definition, computed by an independent
//     program of ours (exhaustive search or direct computation);
//   - P: proposed by us where the source is silent, ambiguous or
//     unavailable: our reading, not the source's, which the summary says.
//     Figures computed from a P definition check the code against that
//     definition, not against the source.
package solve
