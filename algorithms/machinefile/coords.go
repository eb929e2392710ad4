package machinefile

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"topomap/algorithms/bom"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/internal/dims"
	"topomap/algorithms/internal/numtext"
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
// line "# torus AxBxC" (in any case), optionally followed by " wrap=1,1,0" (one 0/1
// per axis; every axis wraps by default), then one line per node, "NAME x
// y z", one coordinate per axis. Other lines starting with # are
// comments. Names and places are each listed once, and a name is one
// that launcher files can carry (the rule of hostlist.CheckNames);
// every error names its line. At most MaxBytes are read, a leading byte
// order mark skipped (bom.Skip).
func ReadTorusCoords(r io.Reader) (TorusCoords, error) {
	var tc TorusCoords
	br := bufio.NewReader(io.LimitReader(r, MaxBytes))
	bom.Skip(br)
	sc := bufio.NewScanner(br)
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
			return tc, &graphfile.Error{Format: coordsTitle, Line: no, Msg: fmt.Sprintf("more lines than the %s nodes of the torus", numtext.Count(tc.Torus.Size()))}
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
		return tc, &graphfile.Error{Format: coordsTitle, Line: no + 1, Msg: fmt.Sprintf("a line of more than %s bytes", numtext.Count(MaxLine)), Err: graphfile.ErrTooLarge}
	}
	return tc, tc.check(seenName)
}

// check refuses a listing of no nodes, or a name that launcher files
// cannot carry (checkNodeNames) at its line, lineOf[name].
func (tc TorusCoords) check(lineOf map[string]int) error {
	if len(tc.Names) == 0 {
		return &graphfile.Error{Format: coordsTitle, Msg: "no nodes: want a header # torus AxBxC, then lines NAME x y z"}
	}
	if i, err := checkNodeNames(tc.Names); err != nil {
		return &graphfile.Error{Format: coordsTitle, Line: lineOf[tc.Names[i]], Msg: err.Error()}
	}
	return nil
}

// firstSeen records key's line, or says on which line it came first.
func firstSeen[K comparable](seen map[K]int, key K, no int, what string) error {
	if first, dup := seen[key]; dup {
		return fmt.Errorf(what+" is listed again (first on line %d)", key, first)
	}
	seen[key] = no
	return nil
}

// Machine returns the listed nodes of the torus as a machine (each
// keeping its name and its coordinates on the torus).
func (tc TorusCoords) Machine() (*topology.Listed, error) {
	return topology.NewListed(tc.Torus, tc.Nodes, tc.Names)
}

// readCoords reads a torus coordinates file as its machine.
func readCoords(text []byte) (topology.Host, error) {
	tc, err := ReadTorusCoords(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	l, err := tc.Machine()
	if err != nil {
		return nil, &graphfile.Error{Format: coordsTitle, Msg: err.Error()}
	}
	return l, nil
}

// WriteCoords writes the named nodes of a torus or mesh (Placed: a
// Listed machine, read from a coordinates file) as a coordinates file,
// which reads as the same machine (the same id). Nodes placed on another
// host are an error.
func WriteCoords(w io.Writer, l topology.Placed) error {
	torus := l.Whole()
	lat, ok := torus.(topology.Grid)
	if !ok {
		return fmt.Errorf("machine %s lists nodes of %s, not of a torus or mesh", l, torus)
	}
	bw := bufio.NewWriter(w)
	dims, wrap := make([]string, lat.Rank()), make([]string, lat.Rank())
	for j := range dims {
		dims[j], wrap[j] = strconv.Itoa(lat.Dim(j)), "0"
		if lat.Wraps(j) {
			wrap[j] = "1"
		}
	}
	fmt.Fprintf(bw, "# torus %s wrap=%s\n", strings.Join(dims, "x"), strings.Join(wrap, ","))
	xs := make([]int, 0, lat.Rank())
	for i := range l.Size() {
		xs = l.Coords(i, xs)
		bw.WriteString(l.NodeName(i))
		for _, x := range xs {
			bw.WriteString(" " + strconv.Itoa(x))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// sniffCoords: the first line that is not blank is the header.
func sniffCoords(head []byte) bool {
	for _, line := range bytes.Split(head, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return bytes.HasPrefix(bytes.ToLower(t), []byte("# torus "))
		}
	}
	return false
}

// headlessCoords tells whether text's first line reads as a line of a
// coordinates file, a name and at least one whole number, which it would
// be under its missing header.
func headlessCoords(text []byte) bool {
	first, _, _ := bytes.Cut(bytes.TrimSpace(text), []byte("\n"))
	f := strings.Fields(string(first))
	if len(f) < 2 {
		return false
	}
	for _, x := range f[1:] {
		if _, err := strconv.Atoi(x); err != nil {
			return false
		}
	}
	return true
}

// parseCoordsHeader reads "# torus AxBxC[ wrap=1,1,0]".
func parseCoordsHeader(line string) (topology.Host, error) {
	rest, ok := strings.CutPrefix(strings.ToLower(line), "# torus ")
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
	return gridOf(sizes, flags)
}

// gridOf returns the torus or mesh of the given sizes, flags one 0 or 1
// per axis (1 wraps), as a coordinates file gives them, so that a
// machine of its nodes writes as a coordinates file that reads back the
// same.
func gridOf(sizes []int, flags string) (topology.Host, error) {
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
