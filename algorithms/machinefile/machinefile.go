package machinefile

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"

	"topomap/algorithms/bom"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

// Caps of a machine file.
const (
	MaxBytes = 16 << 20 // the whole input
	MaxNodes = 1 << 18  // named nodes of a switch tree (Fugaku has 158,976)
	MaxLine  = 1 << 20  // one line (a hostlist may be long)
)

// A Format is one kind of machine file.
type Format struct {
	Name  string // "coords", "slurm", "slurm-yaml", "tgt", "hwloc-xml", "hwloc-synthetic"
	Title string // for messages: "Slurm topology.conf"
	// Sniff reports whether head, the start of the input with comments
	// and blank lines left in, looks like this format.
	Sniff func(head []byte) bool
	// Read reads a file of this format, which describes one machine (a
	// topology named is refused); nil where ReadNamed is set.
	Read func(text []byte) (topology.Host, error)
	// ReadNamed reads, of the several topologies a file of this format
	// lists, the one of the given name (Options.Topology), "" its
	// default, and says which it read (Source.Topology and Topologies).
	ReadNamed func(text []byte, name string) (topology.Host, Source, error)
	// Write writes a host in this format (nil: the format is only
	// read); a host the format cannot hold is an error saying so, and
	// nothing is written.
	Write func(w io.Writer, h topology.Host) error
	// Holds reports whether the format holds machine m as it is, so
	// that m written reads back as the same machine (the same id);
	// WriteMachine writes m in the first format that holds it. Nil:
	// none.
	Holds func(m topology.Machine) bool
	// File names the file of a machine written in this format, ID
	// standing for its id ("topology-ID.conf"), where Holds is set.
	File string
}

// Formats lists the formats in the order Read tries them.
var Formats = []Format{
	{Name: "coords", Title: coordsTitle, Sniff: sniffCoords, Read: readCoords, File: "coords-ID.txt",
		Write: writeAs(WriteCoords, "the listed nodes of a torus: a coordinates file holds those (read from a coordinates file)"),
		Holds: implements[topology.Placed]},
	{Name: "hwloc-xml", Title: "hwloc XML", Sniff: sniffXML, Read: readHwlocXML},
	{Name: "slurm", Title: "Slurm topology.conf", Sniff: sniffSlurm, ReadNamed: readSlurm, File: "topology-ID.conf",
		Write: writeAs(WriteSlurm, "a tree of named switches: a topology.conf holds those (read from a topology.conf)"),
		Holds: implements[topology.NamedTree]},
	{Name: "slurm-yaml", Title: slurmYAMLTitle, Sniff: sniffSlurmYAML, ReadNamed: readSlurmYAML},
	{Name: "tgt", Title: "Scotch target", Sniff: sniffTarget, Read: readTarget, Write: WriteTarget},
	{Name: "hwloc-synthetic", Title: "hwloc synthetic string", Sniff: sniffSynthetic, Read: readSynthetic},
}

// read reads text in format f with the choices of o, and says what it
// read.
func (f Format) read(text []byte, o Options) (topology.Host, Source, error) {
	var h topology.Host
	var src Source
	var err error
	switch {
	case f.ReadNamed != nil:
		h, src, err = f.ReadNamed(text, o.Topology)
	case o.Topology == "":
		h, err = f.Read(text)
	default:
		err = &graphfile.Error{Format: f.Title, Msg: fmt.Sprintf("topology %.80q: a %s describes one machine; a topology is chosen by name in a file that lists several (%s)", o.Topology, f.Title, andList(namedTitles()))}
	}
	src.Format = f.Name
	return h, src, err
}

// namedTitles are the titles of the formats whose files list several
// topologies (ReadNamed set).
func namedTitles() []string {
	return where(func(f Format) bool { return f.ReadNamed != nil }, func(f Format) string { return f.Title })
}

// where returns what of each format of Formats that keep keeps, in
// order.
func where(keep func(Format) bool, what func(Format) string) []string {
	var out []string
	for _, f := range Formats {
		if keep(f) {
			out = append(out, what(f))
		}
	}
	return out
}

// writeAs is the Write of a format that holds the hosts of capability
// T, written by write: another host is refused as not what (the hosts
// the format holds, and where such a machine comes from).
func writeAs[T topology.Host](write func(io.Writer, T) error, what string) func(io.Writer, topology.Host) error {
	return func(w io.Writer, h topology.Host) error {
		m, ok := h.(T)
		if !ok {
			return fmt.Errorf("host %s is not %s", h, what)
		}
		return write(w, m)
	}
}

// implements is the Holds of a format that holds the machines of
// capability C.
func implements[C topology.Host](m topology.Machine) bool {
	_, ok := m.(C)
	return ok
}

// Writable returns the names of the formats that write hosts (Write
// set), in the order of Formats.
func Writable() []string {
	return where(func(f Format) bool { return f.Write != nil }, func(f Format) string { return f.Name })
}

// Lookup returns the format of the given name.
func Lookup(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// Names returns the formats' names, for messages.
func Names() []string {
	out := make([]string, len(Formats))
	for i, f := range Formats {
		out[i] = f.Name
	}
	return out
}

// ReadText reads the text of a machine file from r, as Read and the
// command line's --node file: do: at most MaxBytes (a larger input is an
// error wrapping graphfile.ErrTooLarge), a leading byte order mark
// skipped (bom.Trim); a file of blanks is an error.
func ReadText(r io.Reader) ([]byte, error) {
	text, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(text) > MaxBytes {
		return nil, &graphfile.Error{Msg: "a machine file of more than " + numtext.Bytes(MaxBytes), Err: graphfile.ErrTooLarge}
	}
	text = bom.Trim(text)
	if len(bytes.TrimSpace(text)) == 0 {
		return nil, &graphfile.Error{Msg: "the machine file is empty"}
	}
	return text, nil
}

// Options are the choices of ReadWith.
type Options struct {
	// Topology names the topology to read of a file that lists several
	// (a Slurm topology.yaml, as a partition's Topology=NAME in
	// slurm.conf names it; NAME:PART its ring or torus of several), or
	// the ring of a topology.conf of rings; "" reads the file's default
	// (DefaultTopology), or its only ring. A name is refused on a file of
	// one machine, and a name the file does not list is refused listing
	// those it does.
	Topology string
}

// DefaultTopology says which topology of a topology.yaml is read when
// none is named: the one Slurm gives the jobs outside partitions of a
// topology of their own.
const DefaultTopology = "the first with cluster_default: true, else the first"

// Source says what a machine file was read as.
type Source struct {
	Format string // the format's name
	// Topology is the topology read of a file that lists several (a
	// Slurm topology.yaml; NAME:PART for a ring or torus of it): the one
	// Options named, else the file's default; Topologies lists the
	// file's, in order. Of a topology.conf of rings, the ring read and
	// its rings. Both are empty for a file of one machine.
	Topology   string
	Topologies []string
}

// Read reads a machine file of any format of Formats, guessed from its
// content, and returns its host and the format's name: ReadWith without
// options.
func Read(r io.Reader) (topology.Host, string, error) {
	h, src, err := ReadWith(r, Options{})
	return h, src.Format, err
}

// ReadWith reads a machine file of any format of Formats, guessed from
// its content, with the choices of o, and returns its host and what it
// read. The text is read by ReadText.
func ReadWith(r io.Reader, o Options) (topology.Host, Source, error) {
	text, err := ReadText(r)
	if err != nil {
		return nil, Source{}, err
	}
	for _, f := range Formats {
		if f.Sniff(text) {
			return f.read(text, o)
		}
	}
	if err := nearCoords(text); err != nil {
		return nil, Source{}, err
	}
	if err := lines(text, "", func(int, string) error { return nil }); err != nil {
		return nil, Source{}, err // a line too long to sniff
	}
	if headlessCoords(text) {
		return nil, Source{}, &graphfile.Error{Format: coordsTitle, Line: 1, Msg: "a coordinates file starts with its header, # torus AxBxC (optionally wrap=1,1,0), before its lines NAME x y z"}
	}
	return nil, Source{}, &graphfile.Error{Msg: "cannot tell the format of the machine file: want " + strings.Join(Names(), ", ")}
}

// coordsLike is a first line that is nearly a coordinates header (whose
// case does not matter): "#torus 4x4", "# mesh 4x4".
var coordsLike = regexp.MustCompile(`^#\s*(?i:(torus|mesh))\s+([0-9]+(?:[xX][0-9]+)*)(\s.*)?$`)

// nearCoords returns the error of a file whose first line is nearly a
// coordinates header, naming the header to write: "# torus AxB", and for
// a mesh, a torus whose axes do not wrap (wrap=0,0).
func nearCoords(text []byte) error {
	no := 0
	for line := range bytes.Lines(text) {
		no++
		t := strings.TrimSpace(string(line))
		if t == "" {
			continue
		}
		m := coordsLike.FindStringSubmatch(t)
		if m == nil {
			return nil
		}
		dims := strings.ToLower(m[2])
		if strings.EqualFold(m[1], "mesh") {
			wrap := strings.Repeat(",0", strings.Count(dims, "x")+1)[1:]
			return &graphfile.Error{Format: coordsTitle, Line: no, Msg: fmt.Sprintf("%.40q: a mesh is written as a torus whose axes do not wrap, # torus %s wrap=%s", t, dims, wrap)}
		}
		return &graphfile.Error{Format: coordsTitle, Line: no, Msg: fmt.Sprintf("%.40q: want the header # torus %s%s", t, dims, strings.ToLower(m[3]))}
	}
	return nil
}

// lines calls f with every line of text (1-based numbers), its comment
// (from #) cut and surrounding spaces trimmed, blank lines skipped; a
// line above MaxLine is an error of the format.
func lines(text []byte, title string, f func(no int, line string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, MaxLine)
	no := 0
	for sc.Scan() {
		no++
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if err := f(no, line); err != nil {
			return err
		}
	}
	if sc.Err() != nil {
		return &graphfile.Error{Format: title, Line: no + 1, Msg: fmt.Sprintf("a line of more than %s bytes", numtext.Count(MaxLine)), Err: graphfile.ErrTooLarge}
	}
	return nil
}

// firstLine returns the first line of text that is not blank once its
// comment is cut, trimmed, and its number (0 if none).
func firstLine(text []byte) (int, string) {
	var no int
	var first string
	lines(text, "", func(n int, line string) error {
		no, first = n, line
		return io.EOF
	})
	return no, first
}

// firstWord returns the first word of text outside comments and blank
// lines.
func firstWord(text []byte) string {
	_, line := firstLine(text)
	if f := strings.Fields(line); len(f) > 0 {
		return f[0]
	}
	return ""
}

// andList joins names as a sentence does: "a, b and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// WriteMachine writes a machine read from a file back in the first
// format of Formats that holds it (Holds), which reads back as the same
// machine, and returns the format's name (see FileName): a tree of
// switches as a Slurm topology.conf ("slurm"), the listed nodes of a
// torus as a coordinates file ("coords").
func WriteMachine(w io.Writer, m topology.Machine) (string, error) {
	for _, f := range Formats {
		if f.Holds != nil && f.Holds(m) {
			return f.Name, f.Write(w, m)
		}
	}
	return "", fmt.Errorf("no machine file for %s", m)
}

// FileName names the file of machine id in a format of WriteMachine (its
// File): topology-ID.conf, as Slurm names its file, or coords-ID.txt.
func FileName(format, id string) string {
	f, _ := Lookup(format)
	return strings.Replace(f.File, "ID", id, 1)
}
