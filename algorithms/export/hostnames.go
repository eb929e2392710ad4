package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/bom"
	"topomap/algorithms/hostlist"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
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
	return topology.DefaultNodeName(i)
}

// MaxHostname is the longest host name accepted (a DNS name's limit,
// hostlist.MaxName).
const MaxHostname = hostlist.MaxName

// MaxHostnamesLine is the longest line of a host names file: a hostlist
// expression may name many hosts.
const MaxHostnamesLine = 64 << 10

// CheckHostnames returns nil if names can name the nodes of a host of
// that many nodes (hostlist.CheckNames: one name per node, or none at
// all, for the defaults, each 1 to MaxHostname ASCII letters, digits,
// '.', '-' or '_', not starting with '-', all distinct). The error is a
// field error on "hostnames" that names the first bad entry by its
// position.
func CheckHostnames(names []string, nodes int) error {
	if err := hostlist.CheckNames(names, nodes); err != nil {
		return &spec.FieldError{Field: "hostnames", Err: err}
	}
	return nil
}

func hostnamesErrorf(format string, args ...any) error {
	return &spec.FieldError{Field: "hostnames", Err: fmt.Errorf(format, args...)}
}

// ExpandHostnames expands a list of host names for a host of that many
// nodes: each entry a name or a hostlist expression (hostlist.Expand), in
// node-index order. The names are checked as CheckHostnames does; errors
// name the entry by its position. No entries give no names (the defaults).
func ExpandHostnames(entries []string, nodes int) (Hostnames, error) {
	if len(entries) == 0 {
		return nil, nil
	}
	var names Hostnames
	for i, e := range entries {
		var err error
		if names, err = appendHostlist(names, e, nodes); err != nil {
			return nil, hostnamesErrorf("name %d: %v", i+1, err)
		}
	}
	return names, CheckHostnames(names, nodes)
}

// appendHostlist appends the names of a hostlist expression to names,
// each checked alone, refusing more than nodes names in all before it
// expands any.
func appendHostlist(names Hostnames, expr string, nodes int) (Hostnames, error) {
	more, err := hostlist.Expand(expr, nodes-len(names))
	if errors.Is(err, hostlist.ErrTooManyNames) {
		return nil, fmt.Errorf("more host names than the %s nodes", metric.Count(nodes))
	}
	if err != nil {
		return nil, err
	}
	for _, n := range more {
		if err := hostlist.CheckName(n); err != nil {
			return nil, err
		}
	}
	return append(names, more...), nil
}

// ParseHostnames reads a host names file for a host of that many nodes:
// one name or hostlist expression (hostlist.Expand) a line, in node-index
// order; a leading byte order mark (bom.Skip), blank lines and lines
// starting with '#' are skipped, spaces around a name ignored. It reads no more than it needs (up to the line
// that names one host too many) and checks the names with CheckHostnames;
// errors name the line.
func ParseHostnames(r io.Reader, nodes int) (Hostnames, error) {
	br := bufio.NewReader(r)
	bom.Skip(br)
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 0, 512), MaxHostnamesLine)
	var names Hostnames
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		var err error
		if names, err = appendHostlist(names, s, nodes); err != nil {
			return nil, hostnamesErrorf("line %d: %v", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, hostnamesErrorf("line %d: longer than %s characters", line+1, metric.Count(MaxHostnamesLine))
		}
		return nil, err
	}
	if len(names) == 0 {
		return nil, hostnamesErrorf("no host names (one name a line, in node-index order)")
	}
	return names, CheckHostnames(names, nodes)
}
