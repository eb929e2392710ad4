// Package metric owns the quality measures of a mapping: hop-bytes, average
// hops per byte, maximum and average dilation, the weighted histogram of
// hops (the volume that travels each number of hops), the per-dimension
// distances D_i of Gonzalez & Valero-Garcia (1993) with whether they are
// constant, the average distance D_a, lower bounds on hops per byte (among
// them the neighbourhood bound of MACHINES.md §6, for any guest on any
// host), and the link loads
// (congestion) under the host's routing rule: maxLinkLoad, avgLinkLoad
// (hop-bytes per directed link), linksUsed and a lower bound on
// maxLinkLoad (MACHINES.md §5, §6). Hosts without the topology.Router
// capability have no link figures, and Metrics says why.
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
package metric
