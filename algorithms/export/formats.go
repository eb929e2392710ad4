package export

import (
	"fmt"
	"io"
	"strings"

	"topomap/algorithms/mapping"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// Format is one placement format: the one table (Formats) that the CLI's
// --format, the API's ?format= and its OpenAPI enum, the job page's and
// the explorer's downloads read. A new format is one writer and one entry.
type Format struct {
	// Name is the key in --format, ?format= and the download buttons' ids.
	Name string
	// MediaType is the Content-Type the server answers with.
	MediaType string
	// Ext is the file extension of a download, without the dot.
	Ext string
	// Write writes a result in the format (after CheckResult, through Write).
	Write func(io.Writer, *solve.Result, Options) error
	// NoHoles marks a format that cannot express an empty slot among the
	// job's (a host larger than the guest; on an allocation, its nodes
	// up to the last used): Check and CheckResult refuse such a mapping.
	NoHoles bool
	// NodesOnly marks a format that names each rank's node, not its
	// core: the launcher binds the ranks of a node to its cores itself,
	// which on nodes with an inside (cores not 0 apart) may not be the
	// placement's.
	NodesOnly bool
	// Readable marks a placement that ReadPlacement reads back into each
	// rank's slot (not a report: text). Its reader is in read_<name>.go,
	// registered in readers: the server and the CLI read placements, and
	// the browser's client, which sends an upload to the server (POST
	// /api/v1/score), links none of them.
	Readable bool
}

// Options are what a user adds to a placement file beyond the result.
type Options struct {
	// Hostnames name the host nodes in launcher files (default
	// "node<index>").
	Hostnames Hostnames
	// RunTime adds the mapper's run time to the text report: the CLI's
	// map, a stored job's report and the explorer's download. An answer
	// computed on request (POST /map) leaves it out, so that the same
	// request and seed answer the same bytes, and so does a scored
	// placement, which no mapper computed.
	RunTime bool
}

// Formats lists the placement formats, in the order the UI offers them.
// (Set in init: Check, which RankOrder calls, names formats from it.)
var Formats []Format

func init() {
	Formats = []Format{
		{Name: "json", MediaType: "application/json", Ext: "json", Write: JSONWith, Readable: true},
		{Name: "csv", MediaType: "text/csv; charset=utf-8", Ext: "csv", Write: func(w io.Writer, r *solve.Result, o Options) error { return CSVWith(w, r.Mapping, o.Hostnames) }, Readable: true},
		{Name: "text", MediaType: "text/plain; charset=utf-8", Ext: "txt", Write: TextWith},
		{Name: "rankorder", MediaType: "text/plain; charset=utf-8", Ext: "rankorder", Write: rankOrder, NoHoles: true, Readable: true},
		{Name: "scotch", MediaType: "text/plain; charset=utf-8", Ext: "map", Write: mappingOnly(Scotch), Readable: true},
		{Name: "mapfile", MediaType: "text/plain; charset=utf-8", Ext: "mapfile", Write: mappingOnly(Mapfile), Readable: true},
		{Name: "rankfile", MediaType: "text/plain; charset=utf-8", Ext: "rankfile", Write: named(RankFile), Readable: true},
		{Name: "slurm", MediaType: "text/plain; charset=utf-8", Ext: "hostfile", Write: named(Slurm), Readable: true, NodesOnly: true},
	}
}

// drawings are the formats of a drawing (written by web/draw and the
// browser, not here), named and typed like the placements.
var drawings = []Format{
	{Name: "svg", MediaType: "image/svg+xml", Ext: "svg"},
	{Name: "png", MediaType: "image/png", Ext: "png"},
}

func mappingOnly(w func(io.Writer, *mapping.Mapping) error) func(io.Writer, *solve.Result, Options) error {
	return func(out io.Writer, r *solve.Result, _ Options) error { return w(out, r.Mapping) }
}

func named(w func(io.Writer, *mapping.Mapping, Hostnames) error) func(io.Writer, *solve.Result, Options) error {
	return func(out io.Writer, r *solve.Result, o Options) error { return w(out, r.Mapping, o.Hostnames) }
}

// holeFormats lists the formats that can express empty slots.
func holeFormats() string { return formatsWithout(func(f Format) bool { return f.NoHoles }) }

// formatsWithout lists the placement formats without a limit (those
// that can express empty slots, or cores), for messages: "a, b or c".
func formatsWithout(limit func(Format) bool) string {
	var names []string
	for _, f := range Formats {
		if !limit(f) && f.Name != "text" {
			names = append(names, f.Name)
		}
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Names returns the names of Formats, in order.
func Names() []string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	return names
}

// NamesFor returns the names of the formats that can express a
// placement, in order: all of them, or without the NoHoles ones when it
// leaves slots empty.
func NamesFor(holes bool) []string {
	var names []string
	for _, f := range Formats {
		if !holes || !f.NoHoles {
			names = append(names, f.Name)
		}
	}
	return names
}

// Lookup returns the placement format of that name, or a field error on
// "format" that lists the names (quoting at most 40 bytes of the name,
// which is user input).
func Lookup(name string) (Format, error) {
	for _, f := range Formats {
		if f.Name == name {
			return f, nil
		}
	}
	if len(name) > 40 {
		name = name[:40] + "..."
	}
	return Format{}, &spec.FieldError{Field: "format", Err: fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(Names(), ", "))}
}

// find looks a name up among the placements and the drawings.
func find(name string) Format {
	for _, f := range append(Formats[:len(Formats):len(Formats)], drawings...) {
		if f.Name == name {
			return f
		}
	}
	return Format{}
}

// ContentType returns the media type of a format (placement formats, svg
// and png), or "" for an unknown one.
func ContentType(format string) string { return find(format).MediaType }
