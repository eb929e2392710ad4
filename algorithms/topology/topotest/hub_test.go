package topotest_test

import (
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

// The hub kind is registered here, so that TestRegisteredKinds runs the
// contract on its examples like on every other kind's.
func init() { topology.Register(topotest.HubKind) }
