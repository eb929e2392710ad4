package machinefile

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/internal/dims"
	"topomap/algorithms/metric"
	"topomap/algorithms/topology"
)

const coordsTitle = "torus coordinates"

// TorusCoords is a torus coordinates file: the torus (or mesh, by its
// wrap-around flags) and the nodes it lists, in the file's order, each
// with its name and its node index on the torus (first coordinate
// fastest).
type TorusCoords struct {
	Torus topology.Host
	Names []string
	Nodes []int
}

// ReadTorusCoords reads a torus coordinates file, as Cray's xtprocadmin
// or a Blue Gene/Q partition give the nodes of an allocation: a header
// line "# torus AxBxC", optionally followed by " wrap=1,1,0" (one 0/1
// per axis; every axis wraps by default), then one line per node, "NAME x
// y z", one coordinate per axis. Other lines starting with # are
// comments. Names and places are each listed once; every error names its
// line. At most MaxBytes are read.
func ReadTorusCoords(r io.Reader) (TorusCoords, error) {
	var tc TorusCoords
	sc := bufio.NewScanner(io.LimitReader(r, MaxBytes))
	sc.Buffer(nil, MaxLine)
	no, rank := 0, 0
	seenName, seenNode := map[string]int{}, map[int]int{}
	for sc.Scan() {
		no++
		line := strings.TrimSpace(sc.Text())
		if tc.Torus == nil {
			if line == "" {
				continue
			}
			h, err := parseCoordsHeader(line)
			if err != nil {
				return tc, &graphfile.Error{Format: coordsTitle, Line: no, Msg: err.Error()}
			}
			tc.Torus, rank = h, len(h.Coords(0, nil))
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		if len(tc.Names) >= tc.Torus.Size() {
			return tc, &graphfile.Error{Format: coordsTitle, Line: no, Msg: fmt.Sprintf("more lines than the %d nodes of the torus", tc.Torus.Size())}
		}
		name, node, err := parseCoordsLine(line, tc.Torus, rank)
		if err == nil {
			err = firstSeen(seenName, name, no, "name %q")
		}
		if err == nil {
			err = firstSeen(seenNode, node, no, "place of node %d")
		}
		if err != nil {
			return tc, &graphfile.Error{Format: coordsTitle, Line: no, Msg: err.Error()}
		}
		tc.Names, tc.Nodes = append(tc.Names, name), append(tc.Nodes, node)
	}
	if sc.Err() != nil {
		return tc, &graphfile.Error{Format: coordsTitle, Line: no + 1, Msg: fmt.Sprintf("a line of more than %d bytes", MaxLine), Err: graphfile.ErrTooLarge}
	}
	if len(tc.Names) == 0 {
		return tc, &graphfile.Error{Format: coordsTitle, Msg: "no nodes: want a header # torus AxBxC, then lines NAME x y z"}
	}
	return tc, nil
}

// firstSeen records key's line, or says on which line it came first.
func firstSeen[K comparable](seen map[K]int, key K, no int, what string) error {
	if first, dup := seen[key]; dup {
		return fmt.Errorf(what+" is listed again (first on line %d)", key, first)
	}
	seen[key] = no
	return nil
}

// maxHintNodes bounds the node ranges coordsAsHost writes out whole.
const maxHintNodes = 1 << 10

// coordsAsHost is Read's answer to a coordinates file: it lists part of
// a torus, an allocation, which is not a host by itself; the error gives
// the host and the allocation to use instead (the nodes' indices, first
// coordinate fastest, in the file's order), or what is wrong with the
// file.
func coordsAsHost(text []byte) error {
	tc, err := ReadTorusCoords(bytes.NewReader(text))
	if err != nil {
		return err
	}
	nodes := topology.FormatRanges(tc.Nodes)
	if len(nodes) > maxHintNodes {
		nodes = fmt.Sprintf("RANGES (the index ranges of the %s are %s characters, too long to show here; they begin %s…)",
			metric.Plural(len(tc.Nodes), "node"), metric.Thousands(len(nodes)), nodes[:64])
	}
	return &graphfile.Error{Format: coordsTitle, Msg: fmt.Sprintf("the file lists %s of %s, an allocation of it rather than a machine: give --host %s --nodes %s (the nodes' indices, first coordinate fastest, in the file's order)",
		metric.Plural(len(tc.Nodes), "node"), tc.Torus, tc.Torus, nodes)}
}

// sniffCoords: the first line that is not blank is the header.
func sniffCoords(head []byte) bool {
	for _, line := range bytes.Split(head, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return bytes.HasPrefix(t, []byte("# torus "))
		}
	}
	return false
}

// parseCoordsHeader reads "# torus AxBxC[ wrap=1,1,0]".
func parseCoordsHeader(line string) (topology.Host, error) {
	rest, ok := strings.CutPrefix(line, "# torus ")
	fields := strings.Fields(rest)
	if !ok || len(fields) < 1 || len(fields) > 2 {
		return nil, fmt.Errorf("want the header # torus AxBxC, optionally with wrap=1,1,0")
	}
	sizes, err := dims.ParseSizes(fields[0], topology.MaxNodes, "nodes")
	if err != nil {
		return nil, err
	}
	flags := strings.Repeat("1", len(sizes))
	if len(fields) == 2 {
		w, ok := strings.CutPrefix(fields[1], "wrap=")
		flags = strings.ReplaceAll(w, ",", "")
		if !ok || len(flags) != len(sizes) || strings.Trim(flags, "01") != "" {
			return nil, fmt.Errorf("%.30q: want wrap= and one 0 or 1 per axis (%d), comma-separated", fields[1], len(sizes))
		}
	}
	return topology.Parse("mesh:" + dims.Join(sizes) + ":wrap=" + flags)
}

// parseCoordsLine reads "NAME x y z" and returns the node's index.
func parseCoordsLine(line string, torus topology.Host, rank int) (string, int, error) {
	fields := strings.Fields(line)
	if len(fields) != 1+rank {
		return "", 0, fmt.Errorf("%d fields: want a name and %d coordinates", len(fields), rank)
	}
	xs := make([]int, rank)
	for i, f := range fields[1:] {
		x, err := strconv.Atoi(f)
		if err != nil {
			return "", 0, fmt.Errorf("coordinate %d, %.20q: want a whole number", i+1, f)
		}
		xs[i] = x
	}
	node, err := torus.Index(xs)
	if err != nil {
		return "", 0, fmt.Errorf("coordinates %v are not a node of %s", xs, torus)
	}
	return fields[0], node, nil
}
