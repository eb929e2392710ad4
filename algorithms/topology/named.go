package topology

// Named is the optional capability of hosts whose nodes have names (a
// machine read from a file, a preset of a real machine): launcher files
// write them and an allocation may name them. On a host with cores the
// names are those of the host of its nodes (SplitCores).
type Named interface {
	Host
	// NodeName returns the name of node i.
	NodeName(i int) string
}
