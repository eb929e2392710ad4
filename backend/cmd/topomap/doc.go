// Command topomap maps parallel programs onto processor topologies: it maps
// one instance (map), simulates the execution model (schedule), checks the
// Xor paper's optimality theorem (optimal), compares every heuristic
// (compare), serves the web app and job API (serve) and submits jobs to a
// running server (submit).
package main
