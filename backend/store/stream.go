package store

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"time"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

// The export stream, which `topomap store export` writes and `topomap
// store import` reads, whichever stores they work on. It is JSON lines,
// each line one object whose last member is "crc": the CRC-32C
// (Castagnoli) of the line's bytes before `,"crc":`, as 8 lower-case hex
// digits, so that any changed byte of a line is noticed:
//
//	{"format":"topomap-store","version":2,"crc":"…"}              first line
//	{"job":{…},"placement":"base64…","crc":"…"}                   a job
//	{"graph":{"id":…,"matrixMarket":"…",…},"crc":"…"}             an uploaded graph
//	{"end":{"jobs":N,"graphs":M},"crc":"…"}                       last line
//
// A job is its record as the store keeps it (the API's job: id, status,
// request, metrics, times); its placement, if it has one, is the host
// node of every guest vertex as little-endian uint32s, in base64. A
// graph is its upload facts and the graph as Matrix Market text, which
// reads back to the same id. The last line counts the lines before it,
// so a truncated stream is noticed. Version 1, the unversioned lines of
// earlier exports, is not read.
const (
	StreamFormat  = "topomap-store"
	StreamVersion = 2
	// MaxStreamLine bounds a line of the stream (a placement of 48M
	// vertices, in base64).
	MaxStreamLine = 256 << 20
)

// ExportGraph is an uploaded graph in an export: its id and upload facts
// (the owner whose quota it counts against, if any), and the graph as
// Matrix Market text, which uploads again to the same id (the id hashes
// the canonical graph, not the file).
type ExportGraph struct {
	ID           string    `json:"id"`
	Format       string    `json:"format"`
	Warnings     []string  `json:"warnings,omitempty"`
	Created      time.Time `json:"created"`
	Owner        string    `json:"owner,omitempty"`
	MatrixMarket string    `json:"matrixMarket"`
}

// ExportMachine is an uploaded machine in an export: its id, upload facts
// and its machine file, which reads again as the same machine (the id
// hashes its description): a tree as a Slurm topology.conf, the listed
// nodes of a torus as a coordinates file (Coords).
type ExportMachine struct {
	ID           string    `json:"id"`
	Format       string    `json:"format"`
	Created      time.Time `json:"created"`
	Owner        string    `json:"owner,omitempty"`
	TopologyConf string    `json:"topologyConf,omitempty"`
	Coords       string    `json:"coords,omitempty"`
}

// Exported counts the jobs, graphs and machines of a stream.
type Exported struct {
	Jobs     int `json:"jobs"`
	Graphs   int `json:"graphs"`
	Machines int `json:"machines,omitempty"`
}

// streamLine is one line of the stream: exactly one of its groups is set
// (format and version, job and placement, graph, machine, end).
type streamLine struct {
	Format    string          `json:"format,omitempty"`
	Version   int             `json:"version,omitempty"`
	Job       json.RawMessage `json:"job,omitempty"`
	Placement []byte          `json:"placement,omitempty"`
	Graph     *ExportGraph    `json:"graph,omitempty"`
	Machine   *ExportMachine  `json:"machine,omitempty"`
	End       *Exported       `json:"end,omitempty"`
	CRC       string          `json:"crc,omitempty"`
}

// crcTail is what precedes a line's checksum; crcLen the checksum's and
// the line's closing characters after it.
const (
	crcTail = `,"crc":"`
	crcLen  = 8 + len(`"}`)
)

// writeLine writes l as one line with its checksum.
func writeLine(w io.Writer, l streamLine) error {
	l.CRC = ""
	b, err := json.Marshal(l)
	if err != nil {
		return err
	}
	b = b[:len(b)-1] // the closing brace
	b = fmt.Appendf(b, "%s%08x\"}\n", crcTail, crc32.Checksum(b, castagnoli))
	_, err = w.Write(b)
	return err
}

// Export writes every readable job and graph of src to w as the export
// stream, and returns how many it wrote and the problems of the records
// it skipped. O(records).
func Export(ctx context.Context, src Source, w io.Writer) (Exported, []string, error) {
	var n Exported
	if err := writeLine(w, streamLine{Format: StreamFormat, Version: StreamVersion}); err != nil {
		return n, nil, err
	}
	problems, err := src.EachJob(ctx, func(j jobs.Job, place []byte) error {
		rec, err := EncodeJob(j)
		if err != nil {
			return err
		}
		n.Jobs++
		return writeLine(w, streamLine{Job: rec, Placement: place})
	})
	if err != nil {
		return n, problems, err
	}
	mtx, _ := graphfile.Lookup("matrixmarket")
	more, err := src.EachGraph(ctx, func(r GraphRecord) error {
		if r.IsMachine() {
			return exportMachine(w, r, &n)
		}
		var text strings.Builder
		if err := mtx.Write(&text, r.Graph); err != nil {
			return err
		}
		n.Graphs++
		return writeLine(w, streamLine{Graph: &ExportGraph{ID: r.Graph.ID, Format: r.Format,
			Warnings: r.Warnings, Created: r.Created, Owner: r.Owner, MatrixMarket: text.String()}})
	})
	problems = append(problems, more...)
	if err != nil {
		return n, problems, err
	}
	return n, problems, writeLine(w, streamLine{End: &n})
}

// exportMachine writes the line of a machine record.
func exportMachine(w io.Writer, r GraphRecord, n *Exported) error {
	m, err := r.Machine()
	if err != nil {
		return err
	}
	var text strings.Builder
	format, err := machinefile.WriteMachine(&text, m)
	if err != nil {
		return err
	}
	e := &ExportMachine{ID: m.ID(), Format: r.Format, Created: r.Created, Owner: r.Owner}
	if format == "coords" {
		e.Coords = text.String()
	} else {
		e.TopologyConf = text.String()
	}
	n.Machines++
	return writeLine(w, streamLine{Machine: e})
}

// LineError is an error of Import about one line of the stream (the
// first is 1).
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Imported counts what Import read: the jobs and graphs it added, and
// those the store already held, which it left as they were.
type Imported struct {
	Added, Present Exported
}

// Import reads an export stream from r into dst, line by line: a job or
// graph the store already holds is left as it is, so importing the same
// stream again adds nothing. A job that was queued or running when it
// was exported is imported interrupted (no server of dst runs it). The
// first bad line ends the import with a *LineError naming it; what came
// before it is imported, and importing the whole stream again completes
// it. O(stream).
func Import(ctx context.Context, r io.Reader, dst Sink) (Imported, error) {
	var got Imported
	var seen Exported
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		b, err := readLine(br)
		if err == io.EOF && n == 1 {
			return got, &LineError{n, errors.New("empty stream; want an export of topomap store export")}
		}
		if err == io.EOF {
			return got, &LineError{n, errors.New("the stream ends without its closing line: it was cut short")}
		}
		if err != nil {
			return got, &LineError{n, err}
		}
		l, err := decodeLine(b, n == 1)
		if err == nil {
			err = importLine(ctx, dst, l, &seen, &got)
		}
		if err != nil || l.End != nil {
			if err == nil {
				err = endOfStream(br)
			}
			if err != nil {
				return got, &LineError{n, err}
			}
			return got, nil
		}
	}
}

// readLine reads one line (without its newline) of at most MaxStreamLine
// bytes; io.EOF at the end of the stream.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		line = append(line, part...)
		if len(line) > MaxStreamLine {
			return nil, fmt.Errorf("a line longer than %d bytes", MaxStreamLine)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(line) > 0:
			return nil, errors.New("the last line has no newline: the stream was cut short")
		case err != nil:
			return nil, err
		}
		return line[:len(line)-1], nil
	}
}

// endOfStream checks that nothing follows the closing line.
func endOfStream(br *bufio.Reader) error {
	if _, err := br.Peek(1); err != io.EOF {
		return errors.New("data after the closing line")
	}
	return nil
}

// decodeLine checks a line's checksum and reads it: the first line is the
// header (format and version), every other one a job, a graph or the end.
func decodeLine(b []byte, first bool) (streamLine, error) {
	var l streamLine
	at := len(b) - crcLen - len(crcTail)
	if at < 1 || string(b[at:at+len(crcTail)]) != crcTail || b[len(b)-2] != '"' || b[len(b)-1] != '}' {
		return l, errors.New(`not a line of an export: want a JSON object ending in "crc":"<8 hex digits>"`)
	}
	if want := fmt.Sprintf("%08x", crc32.Checksum(b[:at], castagnoli)); string(b[at+len(crcTail):len(b)-2]) != want {
		return l, fmt.Errorf("checksum %s, want %s: the line was changed or damaged", b[at+len(crcTail):len(b)-2], want)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return l, fmt.Errorf("malformed line: %v", err)
	}
	groups := 0
	for _, set := range []bool{l.Format != "" || l.Version != 0, l.Job != nil, l.Graph != nil, l.Machine != nil, l.End != nil} {
		if set {
			groups++
		}
	}
	switch {
	case groups != 1 || l.Placement != nil && l.Job == nil:
		return l, errors.New("want exactly one of format, job (with its placement), graph, machine or end in a line")
	case first && l.Format == "":
		return l, fmt.Errorf("want the header {\"format\":%q,\"version\":%d} first: not an export of topomap store export of this version", StreamFormat, StreamVersion)
	case first && (l.Format != StreamFormat || l.Version != StreamVersion):
		return l, fmt.Errorf("format %q version %d; this topomap reads %q version %d", l.Format, l.Version, StreamFormat, StreamVersion)
	case !first && l.Format != "":
		return l, errors.New("a second header")
	}
	return l, nil
}

// importLine writes the job or graph of l into dst and counts it, or
// checks the closing line's counts.
func importLine(ctx context.Context, dst Sink, l streamLine, seen *Exported, got *Imported) error {
	var added bool
	var err error
	switch {
	case l.Job != nil:
		seen.Jobs++
		added, err = importJob(ctx, dst, l)
		count(&got.Added.Jobs, &got.Present.Jobs, added)
	case l.Graph != nil:
		seen.Graphs++
		added, err = importGraph(ctx, dst, *l.Graph)
		count(&got.Added.Graphs, &got.Present.Graphs, added)
	case l.Machine != nil:
		seen.Machines++
		added, err = importMachine(ctx, dst, *l.Machine)
		count(&got.Added.Machines, &got.Present.Machines, added)
	case l.End != nil && *l.End != *seen:
		return fmt.Errorf("the closing line counts %d jobs, %d graphs and %d machines, the stream has %d, %d and %d",
			l.End.Jobs, l.End.Graphs, l.End.Machines, seen.Jobs, seen.Graphs, seen.Machines)
	}
	return err
}

// count adds one to added or present.
func count(added, present *int, wasAdded bool) {
	if wasAdded {
		*added++
	} else {
		*present++
	}
}

// knownStatus are the states a job record may have.
var knownStatus = map[jobs.Status]bool{jobs.Queued: true, jobs.Running: true, jobs.Done: true, jobs.Failed: true, jobs.Cancelled: true, jobs.Interrupted: true}

// importJob checks the job of l and its placement and restores them.
func importJob(ctx context.Context, dst Sink, l streamLine) (bool, error) {
	if len(l.Placement) == 0 {
		l.Placement = nil // "placement":"" is none, as export writes it
	}
	j, err := DecodeJob(l.Job)
	switch {
	case err != nil:
		return false, fmt.Errorf("job: %v", err)
	case !jobs.ValidID(j.ID):
		return false, fmt.Errorf("job id %.40q: want %d lower-case hex digits", j.ID, jobs.IDLen)
	case !knownStatus[j.Status]:
		return false, fmt.Errorf("job %s: status %.20q", j.ID, j.Status)
	case j.Status == jobs.Done && l.Placement == nil:
		return false, fmt.Errorf("job %s: done without a placement", j.ID)
	}
	if l.Placement != nil {
		if _, err := DecodePlacement(l.Placement); err != nil {
			return false, fmt.Errorf("job %s: placement: %v", j.ID, err)
		}
	}
	if !j.Status.Final() {
		j.Error = fmt.Sprintf("it was %s when its store was exported", j.Status)
		j.Status, j.Finished = jobs.Interrupted, later(j.Created, j.Started)
	}
	return dst.RestoreJob(ctx, j, l.Placement)
}

// importGraph reads the graph of an export and restores it.
func importGraph(ctx context.Context, dst Sink, e ExportGraph) (bool, error) {
	// A line's entries take at least 6 bytes each and name two arcs and
	// two vertices; at most half of a stored graph's vertices, or 1,024,
	// are isolated. So a short line cannot claim a large graph.
	n := len(e.MatrixMarket)
	lim := graphfile.Limits{MaxVertices: 2*(n/3) + 2048, MaxArcs: n/3 + 1}
	res, err := graphfile.ReadContext(ctx, strings.NewReader(e.MatrixMarket), graphfile.Options{Format: "matrixmarket", Limits: lim})
	if err != nil {
		return false, fmt.Errorf("graph %.40q: %v", e.ID, err)
	}
	g := guest.Canonical(res.Graph)
	if g.ID != e.ID {
		return false, fmt.Errorf("graph %.40q: its Matrix Market text is graph %s", e.ID, g.ID)
	}
	return dst.RestoreGraph(ctx, GraphRecord{Graph: g, Format: e.Format, Warnings: e.Warnings, Created: e.Created, Owner: e.Owner})
}

// importMachine reads the machine file of an exported machine (its
// topology.conf or coordinates) and restores its record.
func importMachine(ctx context.Context, dst Sink, e ExportMachine) (bool, error) {
	h, _, err := machinefile.Read(strings.NewReader(e.TopologyConf + e.Coords))
	if err != nil {
		return false, fmt.Errorf("machine %.40q: %v", e.ID, err)
	}
	t, ok := h.(topology.Machine)
	if !ok || t.ID() != e.ID {
		return false, fmt.Errorf("machine %.40q: its topology.conf is another machine (%s)", e.ID, h)
	}
	rec, err := jobs.MachineRecord(t, GraphRecord{Format: e.Format, Created: e.Created, Owner: e.Owner})
	if err != nil {
		return false, fmt.Errorf("machine %.40q: %v", e.ID, err)
	}
	return dst.RestoreGraph(ctx, rec)
}
