package hostlist

import (
	"fmt"

	"topomap/algorithms/internal/numtext"
)

// MaxName is the longest host name accepted (a DNS name's limit).
const MaxName = 253

// CheckNames returns nil if names can name the nodes of a host of that
// many nodes, as launcher files carry them: one name per node (or none
// at all, for the defaults), each valid by CheckName, all distinct (a
// launcher would merge two nodes of one name). The error names the first
// bad entry by its position. O(names).
func CheckNames(names []string, nodes int) error {
	if len(names) == 0 {
		return nil
	}
	if len(names) != nodes {
		return fmt.Errorf("%s host names for %s nodes: give one name per node, in node-index order", numtext.Count(len(names)), numtext.Count(nodes))
	}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if err := CheckName(n); err != nil {
			return fmt.Errorf("name %d: %v", i+1, err)
		}
		if j, dup := seen[n]; dup {
			return fmt.Errorf("name %d repeats name %d (%.40q): every node needs its own name", i+1, j+1, n)
		}
		seen[n] = i
	}
	return nil
}

// CheckName checks one host name: 1 to MaxName ASCII letters, digits,
// '.', '-' or '_', not starting with '-' (a launcher would read it as an
// option); its characters first, so that the length it counts is in
// ASCII characters.
func CheckName(n string) error {
	if n == "" {
		return fmt.Errorf("0 characters, want 1 to %d", MaxName)
	}
	if n[0] == '-' {
		return fmt.Errorf("%.40q starts with '-', which a launcher would read as an option", n)
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return fmt.Errorf("%.40q has %q; a host name has only ASCII letters (a-z, A-Z), digits, '.', '-' and '_'", n, r)
		}
	}
	if len(n) > MaxName {
		return fmt.Errorf("%s characters, want 1 to %d", numtext.Count(len(n)), MaxName)
	}
	return nil
}
