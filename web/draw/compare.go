package draw

import (
	"bytes"
	"errors"
	"io"
	"math"
	"sort"
	"strings"

	svg "github.com/ajstarks/svgo"

	"topomap/algorithms/metric"
)

// Bar is one algorithm's outcome in a comparison: its hops per byte and
// run time, or the error that stopped it.
type Bar struct {
	Algo        string
	HopsPerByte float64
	MaxDilation int
	Seconds     float64
	Err         string
	// NotRun marks an algorithm that was not run (a cancelled comparison);
	// Partial one that was interrupted and shows its best result so far.
	NotRun, Partial bool
}

// Compare writes a bar chart of hops per byte, one bar per algorithm, with
// the lower bounds drawn across it as dashed lines labelled with their
// scope (after the thesis' Fig. 9.7, on a linear axis), and below it a
// bar chart of the run times. Bars carry data-algo. O(bars + bounds).
func Compare(w io.Writer, bars []Bar, bounds []metric.Bound, o Options) error {
	if len(bars) == 0 {
		return errors.New("nothing to compare")
	}
	width := o.Width
	if width <= 0 {
		width = DefaultWidth
	}
	const chartH, timeH, axisW = 260, 110, 48
	// A narrow chart names its bounds inside the plot, not beside it, and
	// slants the algorithms' names that do not fit under their bars.
	side := 150
	if width < 600 {
		side = 0
	}
	vmax, tmax := 0.0, 0.0
	for _, b := range bars {
		if b.Err == "" {
			vmax = math.Max(vmax, b.HopsPerByte)
			tmax = math.Max(tmax, b.Seconds)
		}
	}
	for _, b := range bounds {
		vmax = math.Max(vmax, b.Value)
	}
	vmax = tick(vmax/5) * math.Ceil(vmax/tick(vmax/5))
	if vmax <= 0 {
		vmax = 1
	}
	plotX := margin + axisW
	plotW := width - plotX - margin - side
	slot := plotW / len(bars)
	barW := clamp(slot*2/3, 4, 60)
	longest := 0
	for _, b := range bars {
		longest = max(longest, textW(b.Algo, 12))
	}
	slant := longest > slot-4
	labelH := 40
	if slant {
		labelH = 30 + longest*3/5
	}

	var buf bytes.Buffer
	s := svg.New(&buf)
	s.Style("text/css", sheet)
	s.Title("Average hops per byte of each algorithm, with lower bounds")
	f := newFlow(s, 4, width)
	f.line("average hops per byte (lower is better)", "t", 14)
	f.line(boundsCaption(bounds), "s", 12, `id="bounds-caption"`)
	for _, b := range bars {
		if b.Partial {
			f.line("* partial: the best found before the comparison was cancelled", "s", 12)
			break
		}
	}
	top := f.y + 16
	y0 := top + chartH
	height := top + chartH + labelH + timeH + 40
	yOf := func(v float64) int { return y0 - int(math.Round(v/vmax*chartH)) }
	step := tick(vmax / 5)
	for v := 0.0; v <= vmax+1e-9; v += step {
		y := yOf(v)
		s.Line(plotX, y, plotX+plotW, y, `stroke="#eceef1"`)
		s.Text(plotX-6, y+4, metric.Number(v), `class="s"`, `text-anchor="end"`)
	}
	boundY := make([]int, len(bounds))
	for i, b := range bounds {
		boundY[i] = yOf(b.Value)
	}
	for i, b := range bars {
		x := plotX + i*slot + (slot-barW)/2
		at := `data-algo="` + b.Algo + `"`
		if b.Err != "" {
			what := "failed"
			if b.NotRun {
				what = "not run"
			}
			s.Text(x+barW/2, y0-6, what, `class="s"`, `text-anchor="middle"`, at)
		} else {
			y := yOf(b.HopsPerByte)
			s.Rect(x, y, barW, y0-y, `class="bar"`, `fill="#2f6fdb"`, at, `data-hpb="`+f4(b.HopsPerByte)+`"`)
			label := metric.Fixed(b.HopsPerByte, 4)
			if b.Partial {
				label += "*"
			}
			s.Text(x+barW/2, valueLabelY(y-4, boundY), label, `class="s val"`, `text-anchor="middle"`)
		}
		if slant {
			lx, ly := x+barW/2, y0+14
			s.Text(lx, ly, b.Algo, `class="s"`, `text-anchor="end"`, `transform="rotate(-35 `+itoa(lx)+" "+itoa(ly)+`)"`)
		} else {
			s.Text(x+barW/2, y0+16, b.Algo, `class="s"`, `text-anchor="middle"`)
		}
	}
	s.Line(plotX, y0, plotX+plotW, y0, `stroke="#888"`)
	gap := 28 // two lines beside the plot
	if side == 0 {
		gap = 14 // one line inside it
	}
	labelY := spreadLabels(boundY, gap)
	for i, b := range bounds {
		colour, dash := boundStyle(b.Scope)
		s.Line(plotX, boundY[i], plotX+plotW, boundY[i], `stroke="`+colour+`" stroke-width="2" stroke-dasharray="`+dash+`"`,
			`class="bound" data-bound="`+itoa(i)+`"`)
		if side == 0 { // inside the plot, over its line
			s.Text(plotX+4, labelY[i]-4, b.Name+" "+metric.Fixed(b.Value, 4)+" ("+string(b.Scope)+")", `class="s val"`)
			continue
		}
		s.Text(plotX+plotW+6, labelY[i]+4, b.Name+" "+metric.Fixed(b.Value, 4), `class="s"`)
		s.Text(plotX+plotW+6, labelY[i]+16, "("+string(b.Scope)+")", `class="s"`)
	}

	// Run times.
	ty := y0 + labelH + timeH
	s.Text(margin, y0+labelH-4, "run time (ms)", `class="t"`)
	if tmax <= 0 {
		tmax = 1e-3
	}
	for i, b := range bars {
		if b.Err != "" {
			continue
		}
		x := plotX + i*slot + (slot-barW)/2
		h := max(1, int(math.Round(b.Seconds/tmax*float64(timeH-20))))
		s.Rect(x, ty-h, barW, h, `class="bar"`, `fill="#7f8c8d"`, `data-algo="`+b.Algo+`"`)
		s.Text(x+barW/2, ty-h-4, metric.Number(math.Round(b.Seconds*1e5)/100), `class="s"`, `text-anchor="middle"`)
	}
	s.Line(plotX, ty, plotX+plotW, ty, `stroke="#888"`)
	return writeSVG(w, width, height, &buf)
}

// spreadLabels returns where to write the labels of lines at heights ys:
// at their lines, but pushed down so that two labels are at least gap
// apart (bounds of close values, such as the neighbourhood and levels
// bounds, would write over each other; beside the plot, below a line
// there is room). O(k log k) for k lines.
func spreadLabels(ys []int, gap int) []int {
	order := make([]int, len(ys))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return ys[order[a]] < ys[order[b]] }) // highest first
	out := make([]int, len(ys))
	for k, i := range order {
		out[i] = ys[i]
		if k > 0 {
			out[i] = max(out[i], out[order[k-1]]+gap)
		}
	}
	return out
}

// boundStyle draws a bound for all mappings red and dashed, one for some
// mappings purple and dashed, an estimate grey and dotted.
func boundStyle(sc metric.Scope) (colour, dash string) {
	switch sc {
	case metric.AllMappings:
		return "#d64545", "6 4"
	case metric.Estimate:
		return "#6b7280", "2 3"
	}
	return "#8e44ad", "6 4"
}

// boundsCaption explains the lines that are drawn, by scope: an estimate is
// never called a bound.
func boundsCaption(bounds []metric.Bound) string {
	var parts []string
	seen := map[metric.Scope]bool{}
	for _, b := range bounds {
		if seen[b.Scope] {
			continue
		}
		seen[b.Scope] = true
		switch b.Scope {
		case metric.AllMappings:
			parts = append(parts, "red dashed: lower bound for every mapping")
		case metric.Estimate:
			parts = append(parts, "grey dotted: estimate, not a bound")
		default:
			parts = append(parts, "purple dashed: lower bound for "+string(b.Scope))
		}
	}
	return strings.Join(parts, "; ")
}

// valueLabelY moves a bar's value label (baseline y, about 11 units tall)
// up until no bound line crosses it, so that no line strikes through a
// number.
func valueLabelY(y int, lines []int) int {
	for moved := true; moved; {
		moved = false
		for _, ly := range lines {
			if ly >= y-11 && ly <= y+3 {
				y = ly - 4
				moved = true
			}
		}
	}
	return y
}
