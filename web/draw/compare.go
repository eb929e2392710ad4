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
	var c barChart
	c.size(bars, bounds, width)

	var buf bytes.Buffer
	c.s = svg.New(&buf)
	c.s.Style("text/css", sheet)
	c.s.Title("Average hops per byte of each algorithm, with lower bounds")
	f := newFlow(c.s, 4, width)
	f.line("average hops per byte (lower is better)", "t", 14)
	if o.Note != "" {
		f.line(o.Note, "s", 12, `id="compare-note"`)
	}
	if c.side == 0 { // too narrow to name them beside the plot: over it
		for i, b := range bounds {
			f.line(boundText(b), "s", 12, `data-bound-label="`+itoa(i)+`"`)
		}
	} else {
		f.line(boundsCaption(bounds), "s", 12, `id="bounds-caption"`)
	}
	if !c.values && !c.upright {
		f.line("bars too narrow for their values: the table gives them", "s", 12, `id="values-caption"`)
	}
	for _, b := range bars {
		if b.Partial {
			f.line("* partial: the best found before the comparison was cancelled", "s", 12)
			break
		}
	}
	top := f.y + 16 + c.valueH
	c.y0 = top + chartH
	height := top + chartH + c.labelH + timeH + c.valueH + 40
	boundY := make([]int, len(bounds))
	for i, b := range bounds {
		boundY[i] = c.yOf(b.Value)
	}
	c.hopsChart(bars)
	c.boundLines(bounds, boundY)
	c.hopValues(bars, boundY) // over the bounds' lines, which would strike them through

	c.timesChart(bars)
	return writeSVG(w, width, height, &buf)
}

// timesChart draws the bars of run time under the algorithms' names,
// each with its value over it where it fits.
func (c *barChart) timesChart(bars []Bar) {
	ty := c.y0 + c.labelH + timeH + c.valueH
	c.s.Text(margin, c.y0+c.labelH-4, "run time (ms)", `class="t"`)
	for i, b := range bars {
		if b.Err != "" {
			continue
		}
		x := c.plotX + i*c.slot + (c.slot-c.barW)/2
		h := max(1, int(math.Round(b.Seconds/c.tmax*float64(timeH-20))))
		c.s.Rect(x, ty-h, c.barW, h, `class="bar"`, `fill="#7f8c8d"`, `data-algo="`+b.Algo+`"`)
		c.value(x+c.barW/2, ty-h-4, metric.Milliseconds(b.Seconds), "s")
	}
	c.s.Line(c.plotX, ty, c.plotX+c.plotW, ty, `stroke="#888"`)
}

// The heights of Compare's charts of hops per byte and of run times, and
// the width of the numbers on their axis.
const chartH, timeH, axisW = 260, 110, 48

// barChart is the geometry of Compare's charts, which share their slots:
// one per algorithm, its bar in the middle.
type barChart struct {
	s            *svg.SVG
	plotX, plotW int  // the plots' left edge and width
	slot, barW   int  // an algorithm's share of the width, its bar's width
	side         int  // room beside the plot for the bounds' names (0: none)
	slant        int  // the angle of the algorithms' names under their bars, in degrees (0: level)
	values       bool // each bar's slot holds its value over it
	upright      bool // else its value stands upright over it, in valueH more room
	valueH       int
	labelH       int     // room under the plot for the algorithms' names
	y0           int     // the baseline of the hops per byte
	vmax, tmax   float64 // the tops of the two scales
}

// size fits the charts of bars and bounds to width: the tops of their
// scales, the slots, and the room for the algorithms' names.
func (c *barChart) size(bars []Bar, bounds []metric.Bound, width int) {
	// A narrow chart names its bounds over the plot, not beside it, and
	// slants the algorithms' names that do not fit under their bars.
	c.side = sideRoom(bounds, width)
	c.tmax = metric.ClockStep
	for _, b := range bars {
		if b.Err == "" {
			c.vmax = math.Max(c.vmax, b.HopsPerByte)
			c.tmax = math.Max(c.tmax, b.Seconds)
		}
	}
	for _, b := range bounds {
		c.vmax = math.Max(c.vmax, b.Value)
	}
	c.vmax = tick(c.vmax/5) * math.Ceil(c.vmax/tick(c.vmax/5))
	if c.vmax <= 0 {
		c.vmax = 1
	}
	if c.tmax <= 0 {
		c.tmax = 1e-3
	}
	c.plotX = margin + axisW
	c.plotW = width - c.plotX - margin - c.side
	c.slot = c.plotW / len(bars)
	c.barW = clamp(c.slot*2/3, 4, 60)
	longest := 0
	for _, b := range bars {
		longest = max(longest, textW(b.Algo, 12))
	}
	// Slanted names, steeply enough that neighbours' 13 units of height
	// clear each other; sine is the slant's, in hundredths.
	sine := 0
	if longest > c.slot-4 {
		for _, a := range [...]struct{ deg, sine int }{{35, 57}, {50, 77}, {60, 87}, {90, 100}} {
			if c.slant, sine = a.deg, a.sine; c.slot*a.sine >= 1300 {
				break
			}
		}
	}
	widest := 0
	for _, b := range bars {
		widest = max(widest, textW(metric.Fixed4(b.HopsPerByte)+"*", 12), textW(metric.Milliseconds(b.Seconds), 12))
	}
	c.values = widest <= c.slot-2
	if c.upright = !c.values && c.slot >= 16; c.upright {
		c.valueH = widest + 4
	}
	c.labelH = 40
	if c.slant > 0 {
		c.labelH = 30 + longest*sine/100
	}
}

// value writes a bar's value with its middle at x, its foot at y: level
// where it fits its slot, else upright (reading upwards), else not at all.
func (c *barChart) value(x, y int, text, class string) {
	switch {
	case c.values:
		c.s.Text(x, y, text, `class="`+class+`"`, `text-anchor="middle"`)
	case c.upright:
		c.s.Text(x+4, y, text, `class="`+class+`"`, `transform="rotate(-90 `+itoa(x+4)+" "+itoa(y)+`)"`)
	}
}

// yOf returns the height of v hops per byte on the chart.
func (c *barChart) yOf(v float64) int { return c.y0 - int(math.Round(v/c.vmax*chartH)) }

// hopsChart draws the scale and the bars of hops per byte, each with its
// algorithm's name under it.
func (c *barChart) hopsChart(bars []Bar) {
	s := c.s
	step := tick(c.vmax / 5)
	for v := 0.0; v <= c.vmax+1e-9; v += step {
		y := c.yOf(v)
		s.Line(c.plotX, y, c.plotX+c.plotW, y, `stroke="#eceef1"`)
		s.Text(c.plotX-6, y+4, metric.Number(v), `class="s"`, `text-anchor="end"`)
	}
	for i, b := range bars {
		x := c.plotX + i*c.slot + (c.slot-c.barW)/2
		at := `data-algo="` + b.Algo + `"`
		if b.Err != "" {
			what := "failed"
			if b.NotRun {
				what = "not run"
			}
			s.Text(x+c.barW/2, c.y0-6, what, `class="s"`, `text-anchor="middle"`, at)
		} else {
			y := c.yOf(b.HopsPerByte)
			s.Rect(x, y, c.barW, c.y0-y, `class="bar"`, `fill="#2f6fdb"`, at, `data-hpb="`+f4(b.HopsPerByte)+`"`)
		}
		if c.slant > 0 {
			lx, ly := x+c.barW/2, c.y0+14
			s.Text(lx, ly, b.Algo, `class="s"`, `text-anchor="end"`, `transform="rotate(-`+itoa(c.slant)+" "+itoa(lx)+" "+itoa(ly)+`)"`)
		} else {
			s.Text(x+c.barW/2, c.y0+16, b.Algo, `class="s"`, `text-anchor="middle"`)
		}
	}
	s.Line(c.plotX, c.y0, c.plotX+c.plotW, c.y0, `stroke="#888"`)
}

// hopValues writes each bar's hops per byte over it, clear of the
// bounds' lines at boundY where level.
func (c *barChart) hopValues(bars []Bar, boundY []int) {
	for i, b := range bars {
		if b.Err != "" {
			continue
		}
		label := metric.Fixed4(b.HopsPerByte)
		if b.Partial {
			label += "*"
		}
		x := c.plotX + i*c.slot + (c.slot-c.barW)/2 + c.barW/2 // its bar's middle
		c.value(x, valueLabelY(c.yOf(b.HopsPerByte)-4, boundY), label, "s val")
	}
}

// boundLines draws the bounds across the plot at heights boundY, each
// named with its value and scope beside the plot where there is room
// (else the lines over the chart name them: see boundText).
func (c *barChart) boundLines(bounds []metric.Bound, boundY []int) {
	labelY := spreadLabels(boundY, 28) // two lines each
	right := c.plotX + c.plotW
	for i, b := range bounds {
		colour, dash, _ := boundStyle(b.Scope)
		c.s.Line(c.plotX, boundY[i], right, boundY[i], `stroke="`+colour+`" stroke-width="2" stroke-dasharray="`+dash+`"`,
			`class="bound" data-bound="`+itoa(i)+`"`)
		if c.side == 0 {
			continue
		}
		lines := sideLabel(b)
		c.s.Text(right+6, labelY[i]+4, lines[0], `class="s"`)
		c.s.Text(right+6, labelY[i]+16, lines[1], `class="s"`)
	}
}

// sideLabel is bound b's name beside the plot: its name and value, then
// its scope.
func sideLabel(b metric.Bound) [2]string {
	return [2]string{b.Name + " " + metric.Fixed4(b.Value), "(" + string(b.Scope) + ")"}
}

// sideRoom is the room beside a plot width wide for the bounds' names, 6
// px right of it, as wide as the widest (the longest scope,
// "(constant-distance embeddings)", is 217 px): 0 where it would leave
// the plot less than two thirds of the width, or under 600 px.
func sideRoom(bounds []metric.Bound, width int) int {
	w := 0
	for _, b := range bounds {
		for _, l := range sideLabel(b) {
			w = max(w, textW(l, 12))
		}
	}
	if side := w + 6; width >= 600 && side <= width/3 {
		return side
	}
	return 0
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
// mappings purple and dashed, an estimate grey and dotted, and says so.
func boundStyle(sc metric.Scope) (colour, dash, words string) {
	switch sc {
	case metric.AllMappings:
		return "#d64545", "6 4", "red dashed"
	case metric.Estimate:
		return "#6b7280", "2 3", "grey dotted"
	}
	return "#8e44ad", "6 4", "purple dashed"
}

// boundText names bound b, its value, its scope and its line's style.
func boundText(b metric.Bound) string {
	_, _, words := boundStyle(b.Scope)
	return words + ": " + b.Name + " " + metric.Fixed4(b.Value) + " (" + string(b.Scope) + ")"
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
		_, _, words := boundStyle(b.Scope)
		switch b.Scope {
		case metric.AllMappings:
			parts = append(parts, words+": lower bound for every mapping")
		case metric.Estimate:
			parts = append(parts, words+": estimate, not a bound")
		default:
			parts = append(parts, words+": lower bound for "+string(b.Scope))
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
