package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

func init() {
	commands["compare"] = command{"run every algorithm that applies to a guest and host; print their metrics, times and the lower bounds", runCompare}
}

func runCompare(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("compare")
	var f instanceFlags
	f.register(fs, nil, "algo")
	format := fs.String("format", "text", "output `format`: json or text")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "json" && *format != "text" {
		return fmt.Errorf("unknown --format %q (want json or text)", *format)
	}
	in, err := f.instance(ctx)
	if err != nil {
		return err
	}
	c, err := solve.CompareInstance(ctx, in, solve.CompareOptions{})
	if err != nil {
		return err
	}
	if *format == "json" {
		return json.NewEncoder(stdout).Encode(c.Entries)
	}
	return compareText(stdout, in, c.Entries, c.Bounds)
}

// compareText writes the comparison as the table of Bhatele 2010, Figure
// 9.7 (hops per byte per heuristic), with each algorithm's confidence tag,
// the maximum dilation and the run time, followed by the lower bounds and
// their scope.
func compareText(w io.Writer, in spec.Instance, entries []solve.Entry, bounds []metric.Bound) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s on %s, %d algorithms\n", in.Guest, in.Host, len(entries))
	if in.Objective != "" {
		fmt.Fprintf(bw, "local searches minimise: %s\n", in.Objective)
	}
	nw := len("algo")
	for _, e := range entries {
		nw = max(nw, len(e.Algo))
	}
	fmt.Fprintf(bw, "%-*s %5s %10s %15s %13s %20s %10s\n", nw, "algo", "conf", "hops/byte", "vs rank order", "max dilation", "max link load", "time")
	var note string // the link loads' rule and bound, or why there are none: the host's
	for _, e := range entries {
		if e.Metrics == nil {
			fmt.Fprintf(bw, "%-*s error: %s\n", nw, e.Algo, oneLine(fmt.Errorf("%s", e.Error)))
			continue
		}
		note = e.Metrics.LinkBound()
		a, _ := solve.Lookup(e.Algo)
		fmt.Fprintf(bw, "%-*s %5s %10s %15s %13s %20s %10s\n", nw, e.Algo, a.Notes.Confidence, cell(e.Metrics, "hopsPerByte"), vsRankOrder(e.Baseline),
			metric.Thousands(e.Metrics.MaxDilation), cell(e.Metrics, "maxLinkLoad"), metric.RunTime(e.Seconds))
	}
	fmt.Fprintln(bw, "conf: V read in the source, R repaired from its damaged text, V-num checked by computation, P our definition where the source is silent")
	lower, estimates := metric.SplitBounds(bounds)
	fmt.Fprintln(bw, "lower bounds on hops/byte:"+map[bool]string{true: " none above 0 for this instance"}[len(lower) == 0])
	for _, b := range lower {
		fmt.Fprintf(bw, "  %-14s %8s  %s\n", b.Name, metric.Fixed4(b.Value), b.Scope)
	}
	if len(estimates) > 0 {
		fmt.Fprintln(bw, "estimates from the sources (not bounds: a mapping may beat them):")
	}
	for _, b := range estimates {
		fmt.Fprintf(bw, "  %-14s %8s  %s\n", b.Name, metric.Fixed4(b.Value), b.Source)
	}
	if note != "" {
		fmt.Fprintln(bw, "max link load:", note)
	}
	return bw.Flush()
}

// cell is the figure of that key in a row of the table, or
// metric.NoFigure where m has none (no messages, no link loads: the note
// under the table says why).
func cell(m *metric.Metrics, key string) string {
	if v, ok := m.Value(key); ok {
		return v
	}
	return metric.NoFigure
}

// vsRankOrder is an entry's change of hop-bytes from rank order's
// (Baseline.ChangeText), padded on the left to 15 characters (a minus
// sign is one, not its three bytes).
func vsRankOrder(b *metric.Baseline) string {
	s := b.ChangeText()
	return strings.Repeat(" ", max(0, 15-utf8.RuneCountInString(s))) + s
}
