// Command topomap maps parallel programs onto processor topologies: it maps
// one instance (map), simulates the execution model (schedule), checks the
// Xor paper's optimality theorem (optimal), compares every heuristic
// (compare), scores a placement file (score), writes a guest as a graph
// file (graph) and a machine as a machine file (machine), serves the web
// app and job API (serve), submits jobs to a running server (submit) and
// keeps the job store (store). topomap help lists the commands.
package main
