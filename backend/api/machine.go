package api

import "topomap/algorithms/topology"

// Machine is the answer to a machine upload (POST /api/v1/machines).
type Machine struct {
	// ID is the content hash of an uploaded machine (a Slurm
	// topology.conf, a torus coordinates file), whose host spec is
	// machine:ID; empty for a file
	// that is a host spec of its own (a Scotch target, an hwloc node),
	// which is not stored.
	ID string `json:"id,omitempty"`
	// Host is the host spec to map onto: machine:ID, or the spec the
	// file describes ("tree:4x4:dist=1,10", "line:1:cores=32").
	Host string `json:"host"`
	// Nodes and Slots count the machine's nodes and slots (cores).
	Nodes int `json:"nodes"`
	Slots int `json:"slots"`
	// Switches counts a tree's switches (0 for other machines).
	Switches int `json:"switches"`
	// Format names the format the file was read in.
	Format string `json:"format"`
	// Topology is the topology read of a file that lists several (a
	// Slurm topology.yaml; NAME:PART for a ring or torus of it): the one
	// the upload's topology named, else the file's default; Topologies
	// lists the file's, in order. Of a topology.conf of rings, the ring
	// read and its rings. Both are left out for a file of one machine.
	Topology   string   `json:"topology,omitempty"`
	Topologies []string `json:"topologies,omitempty"`
	// Node is, for an hwloc file (the inside of one node), the host spec
	// suffix that gives a machine's nodes that inside,
	// ":node=S1xS2…" (levels innermost first); append ":dist=D1,D2,…"
	// for a cost per level (the cores are 0 apart without it).
	Node string `json:"node,omitempty"`
}

// MachineData is an uploaded machine as the pages rebuild it (GET
// /api/v1/machines/{id}?format=json): topology's description of a
// machine as data.
type MachineData = topology.MachineData
