package export

import (
	"bufio"
	"fmt"
	"io"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// slots is the host of the nodes under m's host and the cores per node
// (1 on a host without cores).
type slots struct {
	nodes topology.Host
	c     int
}

func slotsOf(m *mapping.Mapping) slots {
	inner, c := topology.NodesOf(m.Host)
	return slots{inner, c}
}

// split returns the node and core of a slot.
func (s slots) split(slot int) (node, core int) { return slot / s.c, slot % s.c }

// Mapfile writes the Blue Gene/Q --mapping file (Rubik's output,
// generalised to n dimensions; see the package doc): line r holds the
// coordinates of rank r's node, space-separated, then its core (0 on a
// host without cores).
func Mapfile(w io.Writer, m *mapping.Mapping) error {
	s := slotsOf(m)
	bw := bufio.NewWriter(w)
	var xs []int
	var line []byte
	for _, slot := range m.Place {
		node, core := s.split(slot)
		line = line[:0]
		for _, x := range s.nodes.Coords(node, xs) {
			line = strconv.AppendInt(line, int64(x), 10)
			line = append(line, ' ')
		}
		line = strconv.AppendInt(line, int64(core), 10)
		bw.Write(append(line, '\n'))
	}
	return bw.Flush()
}

// RankFile writes an Open MPI rankfile (mpirun(1), "Rankfiles"): one line
// "rank r=<hostname> slot=<core>" per rank, which Open MPI binds to that
// logical core of the node (see the package doc).
func RankFile(w io.Writer, m *mapping.Mapping, names Hostnames) error {
	if err := checkRankFileNames(names); err != nil {
		return err
	}
	s := slotsOf(m)
	bw := bufio.NewWriter(w)
	var line []byte
	for r, slot := range m.Place {
		node, core := s.split(slot)
		line = append(strconv.AppendInt(append(line[:0], "rank "...), int64(r), 10), '=')
		line = append(append(line, names.Name(node)...), " slot="...)
		line = strconv.AppendInt(line, int64(core), 10)
		bw.Write(append(line, '\n'))
	}
	return bw.Flush()
}

// openMPIKeywords are the words that Open MPI's rankfile reads as its
// keywords wherever they stand, a host name's place too.
var openMPIKeywords = []string{"rank", "slot", "slots", "username", "user_name", "user-name"}

// checkRankFileNames refuses host names (which passed CheckHostnames)
// that Open MPI's rankfile reads as something else (rankFileName), and
// two names alike up to their first '.', which it reads as one node.
func checkRankFileNames(names Hostnames) error {
	short := make(map[string]int, len(names))
	for i, n := range names {
		if err := rankFileName(n); err != nil {
			return hostnamesErrorf("name %d: %v", i+1, err)
		}
		s := openMPIName(n)
		if j, dup := short[s]; dup {
			return hostnamesErrorf("names %d and %d (%.40q, %.40q) are one node to Open MPI, which reads a host name up to its first '.' (%.40q)", j+1, i+1, names[j], n, s)
		}
		short[s] = i
	}
	return nil
}

// rankFileName refuses a name that Open MPI's rankfile cannot read, or
// reads as another: a keyword, digits only (a number: 007 is 7), a '.'
// in a name that starts with other than a letter (but an IPv4 address);
// and a '_', which mpirun refuses in a node name when it launches.
func rankFileName(n string) error {
	switch {
	case slices.Contains(openMPIKeywords, n):
		return fmt.Errorf("%q is a keyword of Open MPI's rankfile, which cannot name a host so", n)
	case strings.Trim(n, "0123456789") == "":
		return fmt.Errorf("%.40q is digits only, which Open MPI's rankfile reads as a number (007 as 7)", n)
	case strings.Contains(n, ".") && !isIPv4(n) && !(n[0] >= 'a' && n[0] <= 'z' || n[0] >= 'A' && n[0] <= 'Z'):
		return fmt.Errorf("%.40q has a '.' and starts with %q: Open MPI's rankfile reads such a name only when it starts with a letter", n, n[0])
	case strings.Contains(n, "_"):
		return fmt.Errorf("%.40q has a '_', which Open MPI refuses in a node name when it launches (\"illegal character\")", n)
	}
	return nil
}

// openMPIName is the node that Open MPI reads a host name as: the name
// up to its first '.', or the whole of an IPv4 address.
func openMPIName(n string) string {
	if isIPv4(n) {
		return n
	}
	short, _, _ := strings.Cut(n, ".")
	return short
}

func isIPv4(n string) bool {
	a, err := netip.ParseAddr(n)
	return err == nil && a.Is4()
}

// Slurm writes a SLURM_HOSTFILE for srun --distribution=arbitrary
// (srun(1)): line r is the host name of rank r's node.
func Slurm(w io.Writer, m *mapping.Mapping, names Hostnames) error {
	s := slotsOf(m)
	bw := bufio.NewWriter(w)
	for _, slot := range m.Place {
		node, _ := s.split(slot)
		bw.WriteString(names.Name(node))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
