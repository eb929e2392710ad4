package draw

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
)

// MaxGanttRows is the number of processes a Gantt panel draws; larger
// cubes show their first MaxGanttRows processes and say so (the summary
// figures always cover every process).
const MaxGanttRows = 64

// phaseColours colour the phases as in the Xor paper's Fig. 4 legend
// order: compute, wait, communicate.
var phaseColours = [...]string{sim.Compute: "#5b8def", sim.Wait: "#f4b6b0", sim.Communicate: "#f0a830"}

// Gantt writes the execution model of each schedule as a Gantt chart,
// side by side on a common time axis (so a slower embedding has longer
// bars): one row per process, in the order of o.Processes, numbered at a
// readable step (labelStep) under the axis title "process"; compute, wait
// and communicate bars per stage, and the total time and idle share in
// each panel's title. Each bar carries data-p (process), data-stage,
// data-kind, data-start and data-end; each row label data-row (its row).
// O(processes drawn · d).
func Gantt(w io.Writer, schedules []*sim.Schedule, o Options) error {
	return gantt(w, schedules, o, processOrder)
}

// GanttInHostOrder is Gantt with each panel's rows in the order of their
// host nodes (rows on one node in the order given), each labelled with its
// process and host node, "5 @ 12", under the axis title "process @ host
// node".
func GanttInHostOrder(w io.Writer, schedules []*sim.Schedule, o Options) error {
	return gantt(w, schedules, o, hostOrder)
}

// A rowOrder arranges the rows of a Gantt panel and names them.
type rowOrder struct {
	title  string // the title of the rows' axis
	byHost bool   // rows in the order of their host nodes, labelled with them
}

var (
	processOrder = rowOrder{title: "process"}
	hostOrder    = rowOrder{title: "process @ host node", byHost: true}
)

// rows returns the processes a panel of sc draws, in order.
func (r rowOrder) rows(sc *sim.Schedule, want []int) []int {
	procs := ganttRows(sc, want)
	if r.byHost {
		place := sc.Mapping.Place
		sort.SliceStable(procs, func(i, j int) bool { return place[procs[i]] < place[procs[j]] })
	}
	return procs
}

// label is the label of process n's row.
func (r rowOrder) label(sc *sim.Schedule, n int) string {
	if r.byHost {
		return metric.Thousands(n) + " @ " + metric.Thousands(sc.Mapping.Place[n])
	}
	return metric.Thousands(n)
}

func gantt(w io.Writer, schedules []*sim.Schedule, o Options, order rowOrder) error {
	if len(schedules) == 0 {
		return errors.New("no schedule to draw")
	}
	for _, s := range schedules {
		if s == nil || s.Mapping == nil {
			return errors.New("nil schedule")
		}
	}
	var buf bytes.Buffer
	g := newGanttChart(svg.New(&buf), schedules, &o, order)
	g.s.Style("text/css", sheet)
	g.s.Title("Gantt chart of the CC d-cube execution model")
	for k, sc := range schedules {
		g.panel(k, sc)
	}
	// The legend under the panels, wrapped to the width.
	f := newFlow(g.s, ganttTop+g.rows*g.rowH+ganttAxisH, g.width)
	for _, k := range []sim.Kind{sim.Compute, sim.Wait, sim.Communicate} {
		f.item(110, 18, func(x, y int) {
			g.s.Rect(x, y+2, 14, 12, `fill="`+phaseColours[k]+`"`)
			g.s.Text(x+20, y+13, k.String(), `class="s"`)
		})
	}
	f.text("time in units of T_a and t_c", "s", 12)
	f.end()
	return writeSVG(w, g.width, f.y+margin, &buf)
}

// The layout of a Gantt chart: the top of its rows (under the panels'
// titles and the rows' axis title), the height of the time axis, the
// least width of the row labels, the gap between panels, and the least
// distance between two row labels (text of 12 px).
const ganttTop, ganttAxisH, ganttLabelW, ganttGap, ganttLabelGap = 70, 28, 34, 20, 14

// ganttChart is what the panels of a Gantt chart share: their size, the
// time axis, and the rows to draw.
type ganttChart struct {
	s             *svg.SVG
	o             *Options
	order         rowOrder
	width, rows   int // the document's width, the most rows of a panel
	rowH, step    int // a row's height, every how many rows a label goes
	panelW, plotW int
	labelW        int // the width of the row labels
	tmax          float64
	scale         float64     // user units per unit of time
	phases        []sim.Phase // a process's phases, the buffer reused
}

// newGanttChart lays out the panels of schedules on s: the rows, their
// labels' width and the time axis, common to all.
func newGanttChart(s *svg.SVG, schedules []*sim.Schedule, o *Options, order rowOrder) *ganttChart {
	g := &ganttChart{s: s, o: o, order: order, width: o.Width, labelW: ganttLabelW}
	if g.width <= 0 {
		g.width = DefaultWidth
	}
	for _, sc := range schedules {
		g.tmax = max(g.tmax, sc.Total())
		procs := order.rows(sc, o.Processes)
		g.rows = max(g.rows, len(procs))
		for _, n := range procs {
			g.labelW = max(g.labelW, textW(order.label(sc, n), 12)+8)
		}
	}
	g.tmax = max(g.tmax, o.TimeMax)
	if g.tmax <= 0 {
		g.tmax = 1
	}
	g.rowH = clamp(420/max(g.rows, 1), 4, 22)
	g.step = labelStep(g.rowH)
	g.panelW = (g.width - 2*margin - ganttGap*(len(schedules)-1)) / len(schedules)
	g.plotW = g.panelW - g.labelW
	g.scale = float64(g.plotW) / g.tmax
	return g
}

// labelStep returns every how many rows of height rowH a label goes: the
// least power of two that keeps labels ganttLabelGap apart (the processes
// of a d-cube's subcubes start at multiples of powers of two).
func labelStep(rowH int) int {
	step := 1
	for step*rowH < ganttLabelGap {
		step *= 2
	}
	return step
}

// panel draws schedule sc as panel k: its title and figures, a row of bars
// per process shown, and the time axis with the total marked on it.
func (g *ganttChart) panel(k int, sc *sim.Schedule) {
	s := g.s
	x0 := margin + k*(g.panelW+ganttGap)
	sum := sc.Summary()
	name := sc.Algo
	if name == "" {
		name = "mapping " + itoa(k+1)
	}
	s.Text(x0, 18, name+" on "+sc.Mapping.Host.String(), `class="t"`, `data-panel="`+itoa(k)+`"`)
	s.Text(x0, 34, "T = "+metric.Number(sum.Total)+", idle "+metric.Share(sum.IdleShare)+", waiting "+metric.Number(sum.WaitTotal), `class="s"`)
	procs := g.order.rows(sc, g.o.Processes)
	if len(procs) < sc.Processes() {
		s.Text(x0, 48, g.shown(procs, sc.Processes()), `class="s"`)
	}
	s.Text(x0, ganttTop-6, g.order.title, `class="s axis-title"`)
	px := x0 + g.labelW
	for row, n := range procs {
		g.row(sc, n, px, ganttTop+row*g.rowH)
		if row%g.step == 0 {
			g.label(sc, n, row, px)
		}
	}
	g.timeAxis(px, ganttTop+len(procs)*g.rowH+4, x0+g.panelW+margin/2, sum.Total)
}

// shown says which of n processes procs are: o.RowsNote, or their range.
func (g *ganttChart) shown(procs []int, n int) string {
	what := g.o.RowsNote
	if what == "" {
		what = "processes " + metric.Thousands(slices.Min(procs)) + ".." + metric.Thousands(slices.Max(procs))
	}
	return what + " (" + metric.Thousands(len(procs)) + " of " + metric.Thousands(n) + ")"
}

// label writes the label of process n, drawn as row row, before the bars
// at px; between rows too thin for one, a tick shows which row it names.
func (g *ganttChart) label(sc *sim.Schedule, n, row, px int) {
	mid := ganttTop + row*g.rowH + g.rowH/2
	g.s.Text(px-5, mid+4, g.order.label(sc, n), `class="s"`, `text-anchor="end"`, `data-row="`+itoa(row)+`"`)
	if g.step > 1 {
		g.s.Line(px-3, mid, px, mid, `stroke="#888"`)
	}
}

// timeAxis draws the time axis at height ay from px, with about five ticks
// (a label that would pass right, the edge of its panel, ends there), and
// marks the total on it.
func (g *ganttChart) timeAxis(px, ay, right int, total float64) {
	s := g.s
	s.Line(px, ay, px+g.plotW, ay, `stroke="#888"`)
	step := tick(g.tmax / 5)
	for t := 0.0; t <= g.tmax+1e-9; t += step {
		x := px + int(math.Round(t*g.scale))
		s.Line(x, ay, x, ay+4, `stroke="#888"`)
		text, anchor := metric.Number(t), "middle"
		if x+textW(text, 12)/2 > right {
			anchor = "end"
		}
		s.Text(x, ay+16, text, `class="s"`, `text-anchor="`+anchor+`"`)
	}
	tx := px + int(math.Round(total*g.scale))
	s.Line(tx, ganttTop, tx, ay, `stroke="#222" stroke-dasharray="3 3"`)
}

// row draws the phases of process n of sc as bars from px at height y.
func (g *ganttChart) row(sc *sim.Schedule, n, px, y int) {
	s, rowH := g.s, g.rowH
	g.phases = sc.Phases(n, g.phases[:0])
	for _, p := range g.phases {
		bx := px + int(math.Round(p.Start*g.scale))
		bw := max(1, int(math.Round(p.End*g.scale))-int(math.Round(p.Start*g.scale)))
		if p.End <= p.Start {
			continue
		}
		s.Rect(bx, y+1, bw, rowH-2, `class="bar"`, `fill="`+phaseColours[p.Kind]+`"`,
			`data-p="`+itoa(n)+`" data-stage="`+itoa(p.Stage)+`" data-kind="`+p.Kind.String()+
				`" data-start="`+Exact(p.Start)+`" data-end="`+Exact(p.End)+`"`)
		// Stage separators: each stage's compute bar starts with a
		// white rule and, when there is room, its number.
		if p.Kind == sim.Compute {
			s.Line(bx, y, bx, y+rowH, `class="stage-sep"`)
			if bw >= 14 && rowH >= 12 {
				s.Text(bx+bw/2, y+rowH-4, itoa(p.Stage), `class="stage-lbl"`)
			}
		}
	}
}

// ganttRows returns the processes a panel draws, in order: those of want
// that exist (at most MaxGanttRows), or the first MaxGanttRows.
func ganttRows(s *sim.Schedule, want []int) []int {
	var out []int
	if want == nil {
		for n := range min(s.Processes(), MaxGanttRows) {
			out = append(out, n)
		}
		return out
	}
	for _, n := range want {
		if n >= 0 && n < s.Processes() && len(out) < MaxGanttRows {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return ganttRows(s, nil)
	}
	return out
}

// tick rounds a step up to 1, 2 or 5 times a power of ten.
func tick(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

// Exact formats a number for machines (a data attribute, a field, a
// URL): the shortest text that reads back as v, every digit it was
// given, never in scientific notation, without separators.
func Exact(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
