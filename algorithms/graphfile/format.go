package graphfile

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"path"
	"strings"

	"topomap/algorithms/bom"
	"topomap/algorithms/guest"
)

// Format is one file format of communication graphs: an entry of the
// format table that detection, the command line and the API share.
type Format struct {
	Name       string   // short name for --format and ?format=: "metis"
	Title      string   // name for people: "METIS graph"
	Extensions []string // lower-case, with the dot: ".graph"
	MediaType  string   // the Content-Type of uploads and downloads
	// Sniff reports whether head, the first bytes of an input (all of it
	// when whole), looks like this format. nil: never detected by content.
	Sniff func(head []byte, whole bool) bool
	// Read parses a whole input within opt's Limits, which are
	// normalized (no 0s); its messages name a format as opt.FormatField
	// asks. Errors of the input are *Error.
	Read func(r io.Reader, opt Options) (*guest.Graph, []string, error)
	// Write writes g in this format; nil if the format cannot be written.
	Write func(w io.Writer, g *guest.Graph) error
	// Quadratic: Write writes N² numbers for N vertices, whatever the
	// arcs (a dense matrix), so writing is work, not a copy of the graph.
	Quadratic bool
}

// formats is the table, in the order content sniffing tries them: the
// most specific signatures first.
var formats []Format

// Register adds a format to the table. Like image.RegisterFormat it is
// meant for init functions; a name registered twice panics.
func Register(f Format) {
	if _, dup := Lookup(f.Name); dup {
		panic("graphfile: format " + f.Name + " registered twice")
	}
	formats = append(formats, f)
}

func init() {
	Register(goal)
	Register(matrixMarket)
	Register(scotch)
	Register(csvEdges)
	Register(edgeList)
	Register(dense)
	Register(metis)
	Register(chaco)
}

// Formats returns the table in sniffing order.
func Formats() []Format { return append([]Format(nil), formats...) }

// Names returns the formats' names in table order.
func Names() []string { return NamesWhere(func(Format) bool { return true }) }

// NamesWhere returns, in table order, the names of the formats for which
// keep holds: NamesWhere(Writable), the formats that can be written.
func NamesWhere(keep func(Format) bool) []string {
	var names []string
	for _, f := range formats {
		if keep(f) {
			names = append(names, f.Name)
		}
	}
	return names
}

// Writable reports whether f has a writer.
func Writable(f Format) bool { return f.Write != nil }

// Lookup returns the format of a name or of an extension, with or without
// its dot ("metis", "mtx", ".grf"), in any case.
func Lookup(name string) (Format, bool) {
	name = strings.ToLower(name)
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	if name != "" && name[0] != '.' {
		name = "." + name
	}
	return ByExtension(name)
}

// ByExtension returns the format that a file name's extension names.
// Only the name is looked at: nothing is opened. ".txt" names no format.
func ByExtension(name string) (Format, bool) {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	for _, f := range formats {
		for _, e := range f.Extensions {
			if e == ext {
				return f, true
			}
		}
	}
	return Format{}, false
}

// ByMediaType returns the format of a Content-Type value (parameters such
// as charset are ignored). Generic types (text/plain) name no format.
func ByMediaType(contentType string) (Format, bool) {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return Format{}, false
	}
	for _, f := range formats {
		if f.MediaType == mt {
			return f, true
		}
	}
	return Format{}, false
}

// Detect returns the first format whose sniffer accepts head, the first
// bytes of an input (all of it when whole). In table order: the Matrix
// Market banner; Scotch's "0" line, two counts, base and flag; lines of 2
// or 3 comma-separated numbers after an optional header (CSV); rows of
// numbers as long as the first when no METIS header can be meant (more
// than 4 numbers per row, a non-integer, or as many rows as columns in a
// whole input: a dense matrix); and a METIS header of 2 to 4 integers.
// Inputs that fit none, such as a whitespace-separated edge list, are not
// guessed at: name their format.
func Detect(head []byte, whole bool) (Format, bool) {
	for _, f := range formats {
		if f.Sniff != nil && f.Sniff(head, whole) {
			return f, true
		}
	}
	return Format{}, false
}

// sniffLen is how much of an input Read looks at to detect its format.
const sniffLen = 8 << 10

// Default caps of Options: about 1 GB of memory at most (some 48 bytes per
// arc while reading, 12 in the graph). Raise them for larger graphs.
const (
	DefaultMaxVertices = 1 << 22
	DefaultMaxArcs     = 1 << 24
)

// Limits bounds what a reader allocates: a header that claims more
// vertices or arcs fails before anything is allocated.
type Limits struct {
	MaxVertices int // 0: DefaultMaxVertices; at most guest.MaxVertices
	MaxArcs     int // directed arcs before merging; 0: DefaultMaxArcs
}

func (l Limits) norm() Limits {
	if l.MaxVertices <= 0 {
		l.MaxVertices = DefaultMaxVertices
	}
	l.MaxVertices = min(l.MaxVertices, guest.MaxVertices)
	if l.MaxArcs <= 0 {
		l.MaxArcs = DefaultMaxArcs
	}
	return l
}

// Options says how to read an input. The zero value detects the format
// from the content, within the default caps.
type Options struct {
	Format string // a format's name or extension; "": from Name, else the content
	Name   string // the input's file name, for its extension only; never opened
	// FormatField is how the caller lets people name Format
	// ("--guest-format"), said where a message asks them to.
	FormatField string
	Limits
}

// nameIt asks people to name a format: with opt's FormatField, e.g.
// "name it with --guest-format: goal, …" (or "… edges" for one format).
func (opt Options) nameIt(formats string) string {
	if opt.FormatField == "" {
		return "name it: " + formats
	}
	return "name it with " + opt.FormatField + ": " + formats
}

// Result is a graph read from an input.
type Result struct {
	Graph    *guest.Graph
	Format   string   // the name of the format read
	Warnings []string // what was dropped or guessed, for people
}

// Read reads a communication graph with directed volumes from r. The
// format is Options.Format if set, else the one Options.Name's extension
// names, else the one the content looks like. Malformed input gives an
// *Error naming the line and what was expected; errors of r are returned
// as they are. Memory is bounded by the Limits, time by the input's length.
func Read(r io.Reader, opt Options) (*Result, error) {
	return ReadContext(context.Background(), r, opt)
}

// ReadContext is Read that stops when ctx is done, returning its error:
// the input is read in chunks of 64 KiB, and ctx is checked before each.
func ReadContext(ctx context.Context, r io.Reader, opt Options) (*Result, error) {
	br := bufio.NewReaderSize(ctxReader{ctx, r}, 64<<10)
	f, note, err := choose(br, opt)
	if err != nil {
		return nil, err
	}
	opt.Limits = opt.Limits.norm()
	g, warnings, err := f.Read(br, opt)
	if err != nil {
		return nil, err
	}
	if note != "" {
		warnings = append([]string{note}, warnings...)
	}
	return &Result{Graph: g, Format: f.Name, Warnings: warnings}, nil
}

// ctxReader reads from r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// choose returns the format of the input: opt's, its name's, else its
// content's, with a note for people when the content reads two ways.
func choose(br *bufio.Reader, opt Options) (Format, string, error) {
	bom.Skip(br)
	head, err := br.Peek(sniffLen)
	whole := err != nil
	if err != nil && err != io.EOF {
		return Format{}, "", err
	}
	if bytes.HasPrefix(head, gzipMagic) {
		return Format{}, "", &Error{Msg: "the input is compressed with gzip; decompress it first"}
	}
	if opt.Format != "" {
		f, ok := Lookup(opt.Format)
		if !ok {
			return f, "", &Error{Msg: "unknown format " + quote(opt.Format) + "; known: " + strings.Join(Names(), ", ")}
		}
		return f, "", nil
	}
	if f, ok := ByExtension(opt.Name); ok {
		return f, "", nil
	}
	if len(bytes.TrimSpace(head)) == 0 && whole {
		return Format{}, "", &Error{Msg: "the input is empty"}
	}
	if f, ok := Detect(head, whole); ok {
		return f, twoWays(f, head, whole, opt), nil
	}
	return Format{}, "", &Error{Msg: "cannot tell the format from the content; " + opt.nameIt(strings.Join(Names(), ", "))}
}

// twoWays is the note on an input whose content format f was detected
// from but that reads as an edge list too (k lines of k numbers, k 2 or
// 3: a dense matrix to Detect), "" for any other.
func twoWays(f Format, head []byte, whole bool, opt Options) string {
	k := 0
	if f.Name == dense.Name && whole {
		k = squareEdgeList(head)
	}
	if k == 0 {
		return ""
	}
	return fmt.Sprintf("read as a dense %d×%d matrix, as its content looks; it reads as an edge list of %d arcs too (src dst [volume] a line): to read it so, %s",
		k, k, k, opt.nameIt("edges"))
}

var gzipMagic = []byte{0x1f, 0x8b}
