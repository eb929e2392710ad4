//go:build !(js && wasm)

package export

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/bom"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// jobSlot returns the slot of t.Host that the k-th rank an
// MPICH_RANK_ORDER file lists takes, read on line: slot k, or on an
// allocation its k-th slot (topology.Allocation.Slot).
func (t Target) jobSlot(line, k int) (int, error) {
	a := t.Allocation
	if a == nil {
		return k, nil
	}
	if k >= a.Host.Size() {
		return 0, placementErrorf(line, "slot %d out of range: the allocation has slots 0 to %d (%s on each of %s)",
			k, a.Host.Size()-1, metric.Plural(a.PerNode(), "slot"), metric.Plural(len(a.Nodes()), "node"))
	}
	return a.Slot(k), nil
}

// readers are the readers of the Readable formats, by name.
var readers = map[string]func(io.Reader, Target) ([]int, error){
	"json": readJSON, "csv": readCSV, "rankorder": readRankOrder, "scotch": readScotch,
	"mapfile": readMapfile, "rankfile": readRankFile, "slurm": readSlurm,
}

// MaxPlacementLine is the longest line a placement reader takes.
const MaxPlacementLine = 64 << 10

// sniffBytes is how much of a file Sniff looks at.
const sniffBytes = 4 << 10

// ReadPlacement reads a placement file in the named format, or in the one
// Sniff tells from its content when format is "", and returns each rank's
// slot on t.Host and the format read. Every rank must be placed once, on a slot of the host
// that no other rank holds. Errors are field errors on "placement" that
// name the line and the problem (a rank out of range or twice, a slot
// twice, an unknown host name, the missing ranks); on "format" for an
// unknown or unreadable format. A leading byte order mark is skipped
// (bom.Skip).
func ReadPlacement(r io.Reader, format string, t Target) ([]int, string, error) {
	br := bufio.NewReaderSize(r, sniffBytes)
	bom.Skip(br)
	if format == "" {
		head, err := br.Peek(sniffBytes)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return nil, "", err // r's own error, not an empty file
		}
		if format, err = Sniff(head); err != nil {
			return nil, "", err
		}
	}
	f, err := Lookup(format)
	if err != nil {
		return nil, "", err
	}
	if !f.Readable {
		return nil, "", &spec.FieldError{Field: "format", Err: fmt.Errorf("%s is a report, not a placement file: read one of %s", format, strings.Join(ReadableNames(), ", "))}
	}
	if len(t.Hostnames) == 0 {
		t.Hostnames = topology.NamesOf(t.Host)
	}
	place, err := readers[format](br, t)
	return place, format, err
}

// Sniff tells the format of a placement file from its first bytes: json
// ('{'), csv (a header: "vertex,…", or names separated by commas),
// rankfile (lines whose first word is "rank"), rankorder
// (ranks and ranges "0-15" separated by commas, or the
// "# MPICH_RANK_ORDER" comment), scotch (a
// count alone, then pairs), mapfile (lines of two or more numbers) or
// slurm (one host name a line).
func Sniff(head []byte) (string, error) {
	lines := strings.Split(string(head), "\n")
	var data []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") && strings.Contains(l, "MPICH_RANK_ORDER") {
			return "rankorder", nil
		}
		if l != "" && !strings.HasPrefix(l, "#") {
			data = append(data, l)
		}
	}
	if len(data) == 0 {
		return "", placementErrorf(0, "an empty file: no ranks placed")
	}
	first := data[0]
	fields := strings.Fields(first)
	switch {
	case strings.HasPrefix(first, "{"):
		return "json", nil
	case strings.HasPrefix(first, "vertex,") || first == "vertex":
		return "csv", nil
	case fields[0] == "rank":
		return "rankfile", nil
	case rankList(first):
		return "rankorder", nil
	case csvHeader(first):
		return "csv", nil
	case len(fields) == 1 && allNumbers(fields) && (len(data) == 1 || len(strings.Fields(data[1])) == 2):
		return "scotch", nil
	case len(fields) >= 2 && allNumbers(fields):
		return "mapfile", nil
	case len(fields) == 1:
		return "slurm", nil
	}
	return "", &spec.FieldError{Field: "format", Err: fmt.Errorf("cannot tell the placement format from the content (first line %.40q); name it: %s", first, strings.Join(ReadableNames(), ", "))}
}

// csvHeader reports whether a line is a CSV header: two or more names
// separated by commas, none with a blank inside (a rankfile's
// "rank 0=a slot=1:0,2" has some); Sniff asks once rankList has said no.
func csvHeader(line string) bool {
	names := strings.Split(line, ",")
	for _, n := range names {
		if n = strings.TrimSpace(n); n == "" || strings.ContainsAny(n, " \t") {
			return false
		}
	}
	return len(names) >= 2
}

// rankList reports whether a line is one of MPICH_RANK_ORDER's: ranks
// and ranges of ranks ("0-15") separated by commas or blanks, with a
// comma or a range (a line of one number is scotch's count).
func rankList(line string) bool {
	fields := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	ranges := false
	for i, f := range fields {
		a, b, isRange := strings.Cut(f, "-")
		ranges = ranges || isRange
		fields[i] = a + b
		if isRange && (a == "" || b == "") {
			return false
		}
	}
	return allNumbers(fields) && (ranges || strings.Contains(line, ","))
}

func allNumbers(fields []string) bool {
	for _, f := range fields {
		if f == "" || strings.Trim(f, "0123456789") != "" {
			return false
		}
	}
	return len(fields) > 0
}

// placementErrorf is a field error on "placement" naming line (none when
// 0).
func placementErrorf(line int, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if line > 0 {
		msg = fmt.Sprintf("line %d: %s", line, msg)
	}
	return &spec.FieldError{Field: "placement", Err: errors.New(msg)}
}

// placer collects a placement as a reader finds it, refusing a rank out of
// range or placed twice and a slot taken twice, naming the lines.
type placer struct {
	t     Target
	nodes topology.Host
	c     int
	place []int // slot of each rank, -1 until placed
	line  []int // line that placed each rank
	taken []int // rank+1 on each slot, 0 when free
	next  []int // next core to give on each node (put Node)
}

func newPlacer(t Target) *placer {
	nodes, c := topology.NodesOf(t.Host)
	p := &placer{t: t, nodes: nodes, c: c, place: make([]int, t.Ranks), line: make([]int, t.Ranks), taken: make([]int, t.Host.Size())}
	for r := range p.place {
		p.place[r] = -1
	}
	return p
}

// rank checks rank r of line for range and repetition.
func (p *placer) rank(line, r int) error {
	if r < 0 || r >= len(p.place) {
		return placementErrorf(line, "rank %d out of range: the guest has ranks 0 to %d", r, len(p.place)-1)
	}
	if p.place[r] >= 0 {
		return placementErrorf(line, "rank %d placed again (first on line %d)", r, p.line[r])
	}
	return nil
}

// put places rank r on slot s, read on line.
func (p *placer) put(line, r, s int) error {
	if err := p.rank(line, r); err != nil {
		return err
	}
	if s < 0 || s >= len(p.taken) {
		return placementErrorf(line, "slot %d out of range: host %s has slots 0 to %d", s, p.t.Host, len(p.taken)-1)
	}
	if o := p.taken[s]; o > 0 {
		return placementErrorf(line, "rank %d on %s, which rank %d (line %d) holds already: a slot takes one rank", r, p.slotName(s), o-1, p.line[o-1])
	}
	p.place[r], p.line[r], p.taken[s] = s, line, r+1
	return nil
}

// putCore places rank r on core k of node n.
func (p *placer) putCore(line, r, n, k int) error {
	if n < 0 || n >= p.nodes.Size() {
		return placementErrorf(line, "node %d out of range: host %s has nodes 0 to %d", n, p.t.Host, p.nodes.Size()-1)
	}
	if k < 0 || k >= p.c {
		return placementErrorf(line, "core %d out of range: %s has %s per node (0 to %d)", k, p.t.Host, metric.Plural(p.c, "core"), p.c-1)
	}
	return p.put(line, r, n*p.c+k)
}

// putNode places rank r on the next free core of node n (a format that
// names nodes only: the ranks of a node take its cores in line order).
func (p *placer) putNode(line, r, n int) error {
	if n < 0 || n >= p.nodes.Size() {
		return placementErrorf(line, "node %d out of range: host %s has nodes 0 to %d", n, p.t.Host, p.nodes.Size()-1)
	}
	if p.next == nil {
		p.next = make([]int, p.nodes.Size())
	}
	if err := p.rank(line, r); err != nil {
		return err
	}
	for p.next[n] < p.c && p.taken[n*p.c+p.next[n]] > 0 {
		p.next[n]++
	}
	if p.next[n] == p.c {
		return placementErrorf(line, "rank %d on %s, whose %s are all taken already", r, p.nodeName(n), metric.Plural(p.c, "slot"))
	}
	return p.put(line, r, n*p.c+p.next[n])
}

// node returns the node of a host name, or an error naming the line.
func (p *placer) node(line int, name string, index map[string]int) (int, error) {
	if n, ok := index[name]; ok {
		return n, nil
	}
	if len(p.t.Hostnames) > 0 {
		return 0, placementErrorf(line, "unknown host name %.60q: not among the %s host names given", name, metric.Count(len(p.t.Hostnames)))
	}
	return 0, placementErrorf(line, "unknown host name %.60q: without host names the nodes are node0 to node%d; give the machine's names, one per node in node-index order (the command line's --hostnames, the API's \"hostnames\", the page's \"Host names of the launcher files\")", name, p.nodes.Size()-1)
}

// nameIndex maps host names to nodes: the given names, or node<index>.
func (p *placer) nameIndex() map[string]int {
	index := make(map[string]int, p.nodes.Size())
	for n := range p.nodes.Size() {
		index[p.t.Hostnames.Name(n)] = n
	}
	return index
}

func (p *placer) nodeName(n int) string {
	return fmt.Sprintf("node %d (%s)", n, p.t.Hostnames.Name(n))
}

func (p *placer) slotName(s int) string {
	if p.c == 1 {
		return p.nodeName(s)
	}
	return fmt.Sprintf("core %d of %s", s%p.c, p.nodeName(s/p.c))
}

// done returns the placement, or an error naming the missing ranks.
func (p *placer) done() ([]int, error) {
	var missing []int
	for r, s := range p.place {
		if s < 0 {
			missing = append(missing, r)
		}
	}
	if len(missing) == 0 {
		return p.place, nil
	}
	show := missing[:min(len(missing), 5)]
	more := ""
	if len(missing) > len(show) {
		more = fmt.Sprintf(" and %s more", metric.Count(len(missing)-len(show)))
	}
	return nil, placementErrorf(0, "%s of the guest's %s not placed: %s%s", metric.Plural(len(missing), "rank"), metric.Count(len(p.place)), strings.Trim(fmt.Sprint(show), "[]"), more)
}

// lines calls fn with each line of r that is neither blank nor a '#'
// comment, trimmed, and its 1-based number.
func lines(r io.Reader, fn func(line int, text string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxPlacementLine)
	n := 0
	for sc.Scan() {
		n++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if err := fn(n, s); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return placementErrorf(n+1, "longer than %s characters", metric.Count(MaxPlacementLine))
	}
	return sc.Err()
}

// number reads a non-negative decimal integer field of a line.
func number(line int, what, s string) (int, error) {
	if s == "" || len(s) > 18 || strings.Trim(s, "0123456789") != "" {
		return 0, placementErrorf(line, "%s %.40q is not a number", what, s)
	}
	n := 0
	for _, d := range s {
		n = n*10 + int(d-'0')
	}
	return n, nil
}
