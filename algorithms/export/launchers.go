package export

import (
	"bufio"
	"io"
	"strconv"

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
