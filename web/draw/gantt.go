package draw

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
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
// bars): one row per process, compute, wait and communicate bars per
// stage, and the total time and idle share in each panel's title. Each
// bar carries data-p (process), data-stage, data-kind, data-start and
// data-end. O(processes drawn · d).
func Gantt(w io.Writer, schedules []*sim.Schedule, o Options) error {
	if len(schedules) == 0 {
		return errors.New("no schedule to draw")
	}
	for _, s := range schedules {
		if s == nil || s.Mapping == nil {
			return errors.New("nil schedule")
		}
	}
	width := o.Width
	if width <= 0 {
		width = DefaultWidth
	}
	tmax := 0.0
	rows := 0
	for _, s := range schedules {
		tmax = math.Max(tmax, s.Total())
		rows = max(rows, len(ganttRows(s, o.Processes)))
	}
	tmax = max(tmax, o.TimeMax)
	if tmax <= 0 {
		tmax = 1
	}
	g := ganttChart{o: &o, tmax: tmax, rowH: clamp(420/max(rows, 1), 4, 22)}
	g.panelW = (width - 2*margin - ganttGap*(len(schedules)-1)) / len(schedules)
	g.plotW = g.panelW - ganttLabelW
	g.scale = float64(g.plotW) / tmax

	var buf bytes.Buffer
	g.s = svg.New(&buf)
	g.s.Style("text/css", sheet)
	g.s.Title("Gantt chart of the CC d-cube execution model")
	for k, sc := range schedules {
		g.panel(k, sc)
	}
	// The legend under the panels, wrapped to the width.
	f := newFlow(g.s, ganttTop+rows*g.rowH+ganttAxisH, width)
	for _, k := range []sim.Kind{sim.Compute, sim.Wait, sim.Communicate} {
		f.item(110, 18, func(x, y int) {
			g.s.Rect(x, y+2, 14, 12, `fill="`+phaseColours[k]+`"`)
			g.s.Text(x+20, y+13, k.String(), `class="s"`)
		})
	}
	f.text("time in units of T_a and t_c", "s", 12)
	f.end()
	return writeSVG(w, width, f.y+margin, &buf)
}

// The layout of a Gantt chart: the top of its rows (under the panels'
// titles), the height of the time axis, the width of the process numbers
// and the gap between panels.
const ganttTop, ganttAxisH, ganttLabelW, ganttGap = 56, 28, 34, 20

// ganttChart is what the panels of a Gantt chart share: their size, the
// time axis, and the rows to draw.
type ganttChart struct {
	s             *svg.SVG
	o             *Options
	rowH          int
	panelW, plotW int
	tmax          float64
	scale         float64     // user units per unit of time
	phases        []sim.Phase // a process's phases, the buffer reused
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
	s.Text(x0, 34, "T = "+metric.Number(sum.Total)+", idle "+pct(sum.IdleShare)+", waiting "+metric.Number(sum.WaitTotal), `class="s"`)
	procs := ganttRows(sc, g.o.Processes)
	shown := len(procs)
	if shown < sc.Processes() {
		what := "processes " + itoa(procs[0]) + ".." + itoa(procs[shown-1])
		if g.o.RowsNote != "" {
			what = g.o.RowsNote
		}
		s.Text(x0, 48, what+" ("+itoa(shown)+" of "+itoa(sc.Processes())+")", `class="s"`)
	}
	px := x0 + ganttLabelW
	for row, n := range procs {
		g.row(sc, n, px, ganttTop+row*g.rowH, shown <= 32 || row%8 == 0)
	}
	// The time axis, with about five ticks.
	ay := ganttTop + shown*g.rowH + 4
	s.Line(px, ay, px+g.plotW, ay, `stroke="#888"`)
	step := tick(g.tmax / 5)
	for t := 0.0; t <= g.tmax+1e-9; t += step {
		x := px + int(math.Round(t*g.scale))
		s.Line(x, ay, x, ay+4, `stroke="#888"`)
		s.Text(x, ay+16, metric.Number(t), `class="s"`, `text-anchor="middle"`)
	}
	// The total, marked on the axis.
	tx := px + int(math.Round(sum.Total*g.scale))
	s.Line(tx, ganttTop, tx, ay, `stroke="#222" stroke-dasharray="3 3"`)
}

// row draws the phases of process n of sc as bars from px at height y,
// with the process's number before them if numbered (and tall enough).
func (g *ganttChart) row(sc *sim.Schedule, n, px, y int, numbered bool) {
	s, rowH := g.s, g.rowH
	if rowH >= 10 && numbered {
		s.Text(px-4, y+rowH-3, itoa(n), `class="s"`, `text-anchor="end"`)
	}
	g.phases = sc.Phases(n, g.phases[:0])
	for _, p := range g.phases {
		bx := px + int(math.Round(p.Start*g.scale))
		bw := max(1, int(math.Round(p.End*g.scale))-int(math.Round(p.Start*g.scale)))
		if p.End <= p.Start {
			continue
		}
		s.Rect(bx, y+1, bw, rowH-2, `class="bar"`, `fill="`+phaseColours[p.Kind]+`"`,
			`data-p="`+itoa(n)+`" data-stage="`+itoa(p.Stage)+`" data-kind="`+p.Kind.String()+
				`" data-start="`+num(p.Start)+`" data-end="`+num(p.End)+`"`)
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

// num formats a model time for a data attribute: as short as it reads
// back exactly, never in scientific notation.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func pct(v float64) string { return fmt.Sprintf("%.1f%%", 100*v) }
