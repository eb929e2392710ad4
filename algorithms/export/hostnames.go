package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"topomap/algorithms/spec"
)

// Hostnames names the host nodes in launcher files (see the package doc):
// name i is node i's, in node-index order (nodes, not slots: the cores of
// a node share its name). Empty means the default names "node<index>".
type Hostnames []string

// Name returns the name of node i.
func (h Hostnames) Name(i int) string {
	if i < len(h) {
		return h[i]
	}
	return "node" + strconv.Itoa(i)
}

// MaxHostname is the longest host name accepted (a DNS name's limit).
const MaxHostname = 253

// CheckHostnames returns nil if names can name the nodes of a host of
// that many nodes: one name per node (or none at all, for the defaults),
// each 1 to MaxHostname letters, digits, '.', '-' or '_', all distinct
// (a launcher would merge two nodes of one name). The error is a field
// error on "hostnames" that names the first bad entry by its position.
func CheckHostnames(names []string, nodes int) error {
	if len(names) == 0 {
		return nil
	}
	if len(names) != nodes {
		return hostnamesErrorf("%d host names for %d nodes: give one name per node, in node-index order", len(names), nodes)
	}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if err := checkHostname(n); err != nil {
			return hostnamesErrorf("name %d: %v", i+1, err)
		}
		if j, dup := seen[n]; dup {
			return hostnamesErrorf("name %d repeats name %d (%.40q): every node needs its own name", i+1, j+1, n)
		}
		seen[n] = i
	}
	return nil
}

func checkHostname(n string) error {
	if n == "" || len(n) > MaxHostname {
		return fmt.Errorf("%d characters, want 1 to %d", len(n), MaxHostname)
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_') {
			return fmt.Errorf("%.40q has %q; a host name has letters, digits, '.', '-' and '_'", n, r)
		}
	}
	return nil
}

func hostnamesErrorf(format string, args ...any) error {
	return &spec.FieldError{Field: "hostnames", Err: fmt.Errorf(format, args...)}
}

// ParseHostnames reads a host names file for a host of that many nodes:
// one name a line, in node-index order; blank lines and lines starting
// with '#' are skipped, spaces around a name ignored. It reads no more
// than it needs (one line past the last node) and checks the names with
// CheckHostnames; errors name the line.
func ParseHostnames(r io.Reader, nodes int) (Hostnames, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 512), MaxHostname+64)
	var names Hostnames
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if len(names) == nodes {
			return nil, hostnamesErrorf("line %d: more host names than the %d nodes", line, nodes)
		}
		if err := checkHostname(s); err != nil {
			return nil, hostnamesErrorf("line %d: %v", line, err)
		}
		names = append(names, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, hostnamesErrorf("line %d: longer than %d characters", line+1, MaxHostname)
		}
		return nil, err
	}
	if len(names) == 0 {
		return nil, hostnamesErrorf("no host names (one name a line, in node-index order)")
	}
	return names, CheckHostnames(names, nodes)
}
