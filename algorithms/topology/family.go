package topology

// Family is the optional capability of hosts that say which family of
// drawings lays them out: "lattice" (lines, rings, meshes, toruses,
// hypercubes), "fattree", "dragonfly", "tree" (tree: hosts and switch
// trees read from files). A drawing package registers one layout per
// family and draws a host of another family, or of none, generically
// (its nodes on a circle), so that a new kind is drawn before it has a
// layout of its own.
type Family interface {
	Host
	Family() string
}

// FamilyOf returns the drawing family of h, or "" for a host without the
// capability (a host with cores has none: its drawing is its nodes'
// drawing, see SplitCores).
func FamilyOf(h Host) string {
	if f, ok := h.(Family); ok {
		return f.Family()
	}
	return ""
}
