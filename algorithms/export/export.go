package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"topomap/algorithms/mapping"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// FileName names the download of a mapping in a format, the same way on
// every page and in the API: guest, host and algorithm with ":" and "="
// turned into "-", joined by "_" ("grid-9x8_mesh-6x12_affn.csv"). A
// non-empty prefix (a view: "compare", "gantt") comes first.
func FileName(prefix, guest, host, algo, format string) string {
	parts := []string{}
	for _, p := range []string{prefix, guest, host, algo} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	ext := find(format).Ext
	if ext == "" {
		ext = format
	}
	return strings.Map(fileNameRune, strings.Join(parts, "_")) + "." + ext
}

// fileNameRune turns ':', '=' and '/' into '-' and drops spaces, quotes and
// backslashes (strings.Map rather than a strings.Replacer, whose builder
// the browser client need not carry).
func fileNameRune(r rune) rune {
	switch r {
	case ':', '=', '/':
		return '-'
	case ' ', '"', '\\':
		return -1
	}
	return r
}

// Check returns nil if the named format can express m, or why not: an
// MPICH_RANK_ORDER file lists the ranks in slot order and has no way to
// leave a slot empty, so a mapping onto a host larger than the guest
// (STEP's) would silently shift every rank after a hole (see the package
// doc, Launcher files). Check takes the whole host for the job's slots;
// CheckResult takes a result's allocation into account.
// The error is a field error on "format" that names the formats that can.
func Check(format string, m *mapping.Mapping) error {
	f := find(format)
	if f.NoHoles && len(m.Place) < m.Host.Size() {
		return &spec.FieldError{Field: "format", Err: fmt.Errorf(
			"%s cannot express this mapping: it leaves %s of the %s host slots empty, and the file has no way to skip a slot (the ranks after a hole would shift); use %s, which name each rank's slot",
			format, metric.Thousands(m.Host.Size()-len(m.Place)), metric.Thousands(m.Host.Size()), holeFormats())}
	}
	if f.NodesOnly {
		return checkBinding(format, m)
	}
	return nil
}

// checkBinding refuses a format that names each rank's node only (Slurm's
// hostfile) for a mapping whose cores matter: the launcher binds a node's
// ranks to its first cores in rank order (as ReadPlacement reads the file
// back), which on nodes with an inside (cores not all 0 apart) can cost
// more hop-bytes than the mapping's; the error says how many. O(arcs)
// on such hosts, O(1) on others.
func checkBinding(format string, m *mapping.Mapping) error {
	_, costs, _ := metric.NodeLevels(m.Host)
	if !slices.ContainsFunc(costs, func(d int) bool { return d > 0 }) {
		return nil // cores 0 apart: any order within a node is the same
	}
	_, c := topology.NodesOf(m.Host)
	bound := &mapping.Mapping{Guest: m.Guest, Host: m.Host, Place: make([]int, len(m.Place))}
	next := make([]int, m.Host.Size()/c)
	for r, s := range m.Place {
		bound.Place[r] = s/c*c + next[s/c]
		next[s/c]++
	}
	own, got := metric.HopBytes(m), metric.HopBytes(bound)
	if got == own {
		return nil
	}
	return &spec.FieldError{Field: "format", Err: fmt.Errorf(
		"%s cannot express this mapping: it names each rank's node only, and the launcher binds a node's ranks to its first cores in rank order, which on these nodes (cores not all 0 apart) gives %s hop-bytes instead of %s; use %s, which name each rank's core",
		format, metric.Number(got), metric.Number(own), formatsWithout(func(f Format) bool { return f.NodesOnly }))}
}

// CheckResult is Check on the slots of r's job: with an allocation, those
// of the allocated nodes in allocation order up to the last node that
// holds a rank, where a format without holes (rankorder) lists the ranks
// (see the package doc, Launcher files); without one, Check on the whole
// host. O(slots of the host) for such a format on an allocation.
func CheckResult(format string, r *solve.Result) error {
	if r.Allocation == nil || !find(format).NoHoles {
		return Check(format, r.Mapping)
	}
	ranks, nodes := jobRanks(r.Mapping, r.Allocation)
	return jobHoles(format, r, ranks, nodes)
}

// Write writes r in the named format with the default host names, after
// CheckResult.
func Write(w io.Writer, format string, r *solve.Result) error {
	return WriteWith(w, format, r, Options{})
}

// WriteWith writes r in the named format with o (host names; without
// them, the machine's own, topology.NamesOf), after CheckResult and after
// checking the names against the host's nodes.
func WriteWith(w io.Writer, format string, r *solve.Result, o Options) error {
	f, err := Lookup(format)
	if err != nil {
		return err
	}
	if err := CheckResult(format, r); err != nil {
		return err
	}
	nodes, _ := topology.NodesOf(r.Mapping.Host)
	if len(o.Hostnames) == 0 {
		o.Hostnames = topology.NamesOf(r.Mapping.Host)
	}
	if err := CheckHostnames(o.Hostnames, nodes.Size()); err != nil {
		return err
	}
	return f.Write(w, r, o)
}

// JSON writes the report of r as one JSON object and a newline.
func JSON(w io.Writer, r *solve.Result) error { return JSONWith(w, r, Options{}) }

// JSONWith writes the report of r, with "cores" (the cores per node)
// on a host with cores and "hosts" (the host name of each rank's node)
// when names are given.
func JSONWith(w io.Writer, r *solve.Result, o Options) error {
	s := slotsOf(r.Mapping)
	out := struct {
		solve.Report
		Cores int      `json:"cores,omitempty"`
		Hosts []string `json:"hosts,omitempty"`
	}{Report: r.Report()}
	if s.c > 1 {
		out.Cores = s.c
	}
	if len(o.Hostnames) > 0 {
		out.Hosts = make([]string, len(r.Mapping.Place))
		for v, slot := range r.Mapping.Place {
			node, _ := s.split(slot)
			out.Hosts[v] = o.Hostnames.Name(node)
		}
	}
	return json.NewEncoder(w).Encode(out)
}

// CSV writes a header "vertex,node,x1,...,xc,g1,...,gk" and one row per
// guest vertex: its index, its host node index, its host coordinates and
// its guest coordinates (a grid object's, a d-cube vertex's bits, bit 0
// first). On a host with cores the columns are
// "vertex,slot,node,x1,...,xc,core,g1,...": the slot, its node, the
// node's coordinates and the core.
func CSV(w io.Writer, m *mapping.Mapping) error { return CSVWith(w, m, nil) }

// CSVWith is CSV with a "host" column after the node, the node's name,
// when names are given.
func CSVWith(w io.Writer, m *mapping.Mapping, names Hostnames) error {
	s := slotsOf(m)
	bw := bufio.NewWriter(w)
	bw.WriteString("vertex")
	if s.c > 1 {
		bw.WriteString(",slot")
	}
	bw.WriteString(",node")
	if len(names) > 0 {
		bw.WriteString(",host")
	}
	for j := range len(s.nodes.Coords(0, nil)) {
		fmt.Fprintf(bw, ",x%d", j+1)
	}
	if s.c > 1 {
		bw.WriteString(",core")
	}
	var gc []int
	for j := range len(m.Guest.Coords(0, gc)) {
		fmt.Fprintf(bw, ",g%d", j+1)
	}
	bw.WriteByte('\n')
	var coords []int
	var line []byte // reused: no allocation per row
	for v, h := range m.Place {
		line = strconv.AppendInt(line[:0], int64(v), 10)
		node, core := s.split(h)
		if s.c > 1 {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(h), 10)
		}
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(node), 10)
		if len(names) > 0 {
			line = append(append(line, ','), names.Name(node)...)
		}
		coords = s.nodes.Coords(node, coords)
		if s.c > 1 {
			coords = append(coords, core)
		}
		gc = m.Guest.Coords(v, gc)
		for _, x := range append(coords, gc...) {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(x), 10)
		}
		bw.Write(append(line, '\n'))
	}
	return bw.Flush()
}

// Scotch writes a Scotch mapping file: the vertex count, then one
// "vertex slot" line per guest vertex (the host node on a host without
// cores).
func Scotch(w io.Writer, m *mapping.Mapping) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d\n", len(m.Place))
	var line []byte
	for v, h := range m.Place {
		line = strconv.AppendInt(line[:0], int64(v), 10)
		line = append(line, '\t')
		line = strconv.AppendInt(line, int64(h), 10)
		bw.Write(append(line, '\n'))
	}
	return bw.Flush()
}

// DilationWarning returns a warning when the maximum dilation of a mapping
// is far above its lower bound (8 times, and at least 16 hops): a
// latency-bound code suffers from its longest messages, whatever the
// average. "" otherwise.
func DilationWarning(m metric.Metrics) string {
	if m.MaxDilation < 16 || m.MaxDilation <= 8*max(1, m.DilationBound) {
		return ""
	}
	return fmt.Sprintf("maximum dilation %s is far above its lower bound %s: some messages cross %s hops; if latency matters, prefer a mapping with shorter longest edges (step, affn, or pairs from them)",
		metric.Thousands(m.MaxDilation), metric.Thousands(max(1, m.DilationBound)), metric.Thousands(m.MaxDilation))
}

// DimDistances lists the per-dimension distances D_i as every table
// shows them (metric.Fields' "dimDistances"): "~mean" for a dimension whose
// edges differ in hop count, metric.NoFigure for one without edges. O(c).
func DimDistances(m metric.Metrics) string {
	v, _ := m.Value("dimDistances")
	return v
}

// LinkLoads describes the link figures of m in one line: "max 2, average
// 0.75, 6 of 8 links used, lower bound 0.5 (dimension-order routing)", or
// "— (why there are none)", the report's one mark of a figure it has not
// (none).
func LinkLoads(m metric.Metrics) string {
	if why, ok := m.Value("maxLinkLoad"); !ok {
		return none + " (" + why + ")"
	}
	val := func(key string) string { v, _ := m.Value(key); return v }
	squares := ""
	if v, ok := m.Value("squaredLinkLoads"); ok {
		squares = ", Σ squares " + v
	}
	return fmt.Sprintf("max %s, average %s%s, %s links used, lower bound %s (%s routing)",
		val("maxLinkLoad"), val("avgLinkLoad"), squares, val("linksUsed"), val("linkLoadBound"), val("routing"))
}

// pictureMax is the most host slots whose placement the text summary shows.
const pictureMax = 4096

// Text writes a readable summary: the instance, the metrics and, for hosts
// of at most pictureMax slots, the placement (a picture of the host for 1-D
// and 2-D hosts, rows of the last dimension top-down; a vertex list
// otherwise), else a line that says where to find it. It leaves out the
// run time, which TextWith adds on request.
func Text(w io.Writer, r *solve.Result) error { return TextWith(w, r, Options{}) }

// TextWith is Text with the mapper's run time after the search's line
// when o.RunTime is set.
func TextWith(w io.Writer, r *solve.Result, o Options) error {
	t := textWriter{bufio.NewWriter(w), &r.Metrics}
	fmt.Fprintf(t, "%s on %s by %s (%s, confidence %s)\n", r.Instance.Guest, r.Instance.Host, r.Algorithm.Name, r.Algorithm.Notes.Title, r.Algorithm.Notes.Confidence)
	if a := r.AllocationReport(); a != nil {
		t.line("allocation", a.Text())
	}
	if r.Note != "" {
		t.line("note", r.Note)
	}
	t.line("hop-bytes", t.val("hopBytes"))
	if r.Baseline != nil {
		t.line("baseline", r.Baseline.Text())
	}
	t.distances()
	t.bounds()
	t.line("link loads", LinkLoads(*t.mt))
	if t.mt.EmptyNodes > 0 {
		t.line("empty slots", t.val("emptyNodes"))
	}
	writeBaselines(t.Writer, r)
	if r.Instance.Objective != "" {
		t.line("objective", "minimised "+spec.ObjectiveTitle(r.Instance.Objective)+", not hop-bytes")
	}
	if p := r.Pairs; p != nil && p.Optimal {
		t.line("search", p.OptimalText())
	} else if p != nil {
		t.line("search", p.Text())
	}
	if o.RunTime {
		t.line("time", metric.RunTime(r.Seconds))
	}
	if r.Mapping.Host.Size() > pictureMax {
		t.line("placement", "not shown on a host of more than "+metric.Thousands(pictureMax)+" slots: the json and csv formats list it")
		return t.Flush()
	}
	writePicture(t.Writer, r.Mapping)
	return t.Flush()
}

// none marks a figure the text report has not, as metric's tables write
// a dimension without edges, one mark in the whole report.
const none = metric.NoFigure

// notConstant is the note of distances D_i that are not constant: a
// legend for the marks they hold, "~" for a mean, none for a dimension
// without edges, and no legend of a mark that is not there.
func notConstant(m *metric.Metrics) string {
	var means, empty bool
	for i, d := range m.DimDistances {
		hasMean := i < len(m.DimMeans) && m.DimMeans[i] != nil
		means = means || d == nil && hasMean
		empty = empty || d == nil && !hasMean
	}
	s := "not constant"
	if means {
		s += "; ~ marks means"
	}
	if empty {
		s += "; " + none + " marks a dimension without edges"
	}
	return s
}

// textWriter writes the lines of Text: the figures as metric.Fields
// formats them, in lines of 18-character labels.
type textWriter struct {
	*bufio.Writer
	mt *metric.Metrics
}

// line writes one figure under its label.
func (t textWriter) line(label, value string) { fmt.Fprintf(t, "%-18s%s\n", label, value) }

// val returns the figure of that key as metric.Fields formats it.
func (t textWriter) val(key string) string { v, _ := t.mt.Value(key); return v }

// distances writes the hops per byte, the dilation, the distances per
// dimension and the volumes inside and between nodes.
func (t textWriter) distances() {
	if v, ok := t.mt.Value("hopsPerByte"); !ok {
		t.line("hops per byte", none+" ("+v+")")
	} else {
		t.line("hops per byte", v)
		t.line("dilation", fmt.Sprintf("max %s, average %s, lower bound %s", t.val("maxDilation"), t.val("avgDilation"), t.val("dilationBound")))
	}
	if w := DilationWarning(*t.mt); w != "" {
		t.line("warning", w)
	}
	if d, ok := t.mt.Value("dimDistances"); ok {
		if da, ok := t.mt.Value("avgDistance"); ok {
			t.line("distances D_i", d+" (constant, D_a = "+da+")")
		} else {
			t.line("distances D_i", d+" ("+notConstant(t.mt)+")")
		}
	}
	if t.mt.Says("intraNodeVolume") {
		t.line("node volumes", "intra-node "+t.val("intraNodeVolume")+", inter-node "+t.val("interNodeVolume")+" (inside a node: no network link)")
	}
}

// bounds writes the strongest lower bound, every bound with its scope,
// and the sources' estimates, which are not bounds.
func (t textWriter) bounds() {
	bounds, estimates := metric.SplitBounds(t.mt.Bounds)
	if len(bounds) == 0 {
		t.line("lower bound", none+" (none above 0 for this instance)")
	} else {
		t.line("lower bound", t.val("lowerBound"))
	}
	for _, b := range bounds {
		fmt.Fprintf(t, "  %-15s %s  (%s)\n", b.Name, metric.Fixed4(b.Value), b.Scope)
	}
	for _, b := range estimates {
		t.line("estimate", b.Name+" "+metric.Fixed4(b.Value)+" (from the sources, not a bound: a mapping may beat it)")
	}
}

// writeBaselines writes the launchers' defaults beside a scored placement:
// each one's hop-bytes and its ratio to the placement's, its maximum
// dilation and link load.
func writeBaselines(bw *bufio.Writer, r *solve.Result) {
	if len(r.Baselines) > 0 {
		fmt.Fprintf(bw, "baselines         the launchers' defaults, against this placement's hop-bytes %s:\n", metric.SI(r.Metrics.HopBytes))
	}
	for _, b := range r.Baselines {
		ratio := none
		if r.Metrics.HopBytes > 0 {
			ratio = metric.Fixed4(b.Metrics.HopBytes/r.Metrics.HopBytes) + "×"
		}
		load, _ := b.Metrics.Value("maxLinkLoad")
		fmt.Fprintf(bw, "  %-15s hop-bytes %s (%s), max dilation %s, max link load %s\n", b.Algo, metric.SI(b.Metrics.HopBytes), ratio, metric.Count(b.Metrics.MaxDilation), load)
	}
}

// Picture widths: a 1-D host's nodes are written perRow to a line, and a
// 2-D host's picture is written only if a row of it fits maxColumns, 64
// nodes of up to 4,096 vertices (mesh:64x64, read in a file or a wide
// window), else the vertices' coordinates are listed: a ring of 4,096
// nodes was one line of 20,480 columns, mesh:2048x2 two of 10,246.
const (
	perRow     = 16
	maxColumns = 6 + 64*5
)

func writePicture(bw *bufio.Writer, m *mapping.Mapping) {
	inv := m.Inverse()
	width := len(strconv.Itoa(len(m.Place))) + 1
	cell := func(h int) string {
		if inv[h] < 0 {
			return fmt.Sprintf("%*s", width, ".")
		}
		return fmt.Sprintf("%*d", width, inv[h])
	}
	grid, _ := m.Host.(topology.Grid)
	switch {
	case grid != nil && grid.Rank() == 1:
		writeRows(bw, len(inv), cell)
	case grid != nil && grid.Rank() == 2 && 6+grid.Dim(0)*width <= maxColumns:
		x, y := grid.Dim(0), grid.Dim(1)
		bw.WriteString("placement (guest vertex on each host node; x to the right, y upwards):\n")
		for b := y - 1; b >= 0; b-- {
			fmt.Fprintf(bw, "y=%-3d|", b)
			for a := range x {
				bw.WriteString(cell(a + x*b))
			}
			bw.WriteByte('\n')
		}
	default:
		bw.WriteString("placement (vertex: host coordinates):\n")
		for v, c := range m.Coords() {
			fmt.Fprintf(bw, "%d: %v\n", v, c)
		}
	}
}

// writeRows writes the cells of a 1-D host's n nodes left to right, on
// one line if they are perRow or fewer, else perRow a line, each line led
// by its first node.
func writeRows(bw *bufio.Writer, n int, cell func(int) string) {
	if n <= perRow {
		bw.WriteString("placement (host nodes left to right):\n")
		for h := range n {
			bw.WriteString(cell(h))
		}
		bw.WriteByte('\n')
		return
	}
	fmt.Fprintf(bw, "placement (host nodes left to right, %d a line, each led by its first node):\n", perRow)
	lead := len(strconv.Itoa(n - 1))
	for h := range n {
		if h%perRow == 0 {
			fmt.Fprintf(bw, "%*d |", lead, h)
		}
		bw.WriteString(cell(h))
		if h%perRow == perRow-1 || h == n-1 {
			bw.WriteByte('\n')
		}
	}
}
