package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/sim"
	"topomap/algorithms/solve"
)

func init() {
	commands["schedule"] = command{"simulate the compute-and-communicate d-cube algorithm on an embedding (Gantt data)", runSchedule}
}

// ganttMaxDim bounds the cubes whose text output draws a Gantt chart (one
// row per process).
const ganttMaxDim = 4

func runSchedule(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("schedule")
	var f instanceFlags
	f.register(fs, map[string]string{"ta": "1", "tc": "1"})
	format := fs.String("format", "text", "output `format`: json or text")
	in, err := f.parseInstance(fs, args, func() error {
		if *format != "json" && *format != "text" {
			return fmt.Errorf("unknown --format %q (want json or text)", *format)
		}
		return nil
	})
	if err != nil {
		return err
	}
	r, s, err := solve.Schedule(ctx, in)
	if err != nil {
		return err
	}
	if *format == "json" {
		return s.WriteJSON(stdout)
	}
	return writeScheduleText(stdout, r, s)
}

// writeScheduleText prints the run's figures and, for small cubes, an
// ASCII Gantt chart. T_a and t_c read as given and the times made of them
// exactly (modelTimes), so that the sums and products shown agree.
func writeScheduleText(w io.Writer, r *solve.Result, s *sim.Schedule) error {
	bw := bufio.NewWriter(w)
	sum, mt := s.Summary(), r.Metrics
	n := float64(s.Processes())
	t := timesOf(s)
	fmt.Fprintf(bw, "%s on %s by %s (%s, confidence %s)\n", r.Instance.Guest, r.Instance.Host, r.Algorithm.Name, r.Algorithm.Notes.Title, r.Algorithm.Notes.Confidence)
	if a := r.AllocationReport(); a != nil {
		fmt.Fprintf(bw, "allocation        %s\n", a.Text())
	}
	fmt.Fprintf(bw, "model             %d stages of compute (T_a = %s) then exchange with N_i(n) (t_c = %s per link)\n", s.D, given(s.Ta), given(s.Tc))
	fmt.Fprintf(bw, "distances D_i     %s", export.DimDistances(mt))
	if mt.ConstantDistance {
		bw.WriteString(" (constant: no process waits)\n")
	} else {
		bw.WriteString(" (not constant, ~ marks means: processes may wait)\n")
	}
	fmt.Fprintf(bw, "total T           %s = d·T_a + C = %s + %s\n", t.format(sum.Total), t.format(float64(s.D)*s.Ta), t.format(sum.Communication))
	fmt.Fprintf(bw, "communication C   %s (%s links × t_c, waiting included)\n", t.format(sum.Communication), metric.Thousands(int(sum.CommHops)))
	if sum.Total > 0 {
		busy := n * sum.Total
		fmt.Fprintf(bw, "compute           %s process-time (%s)\n", t.format(sum.ComputeTotal), metric.Share(sum.ComputeTotal/busy))
		fmt.Fprintf(bw, "communicate       %s process-time (%s)\n", t.format(sum.CommunicateTotal), metric.Share(sum.CommunicateTotal/busy))
		fmt.Fprintf(bw, "wait              %s process-time (%s), longest per process %s\n", t.format(sum.WaitTotal), metric.Share(sum.WaitTotal/busy), t.format(sum.MaxWait))
		fmt.Fprintf(bw, "idle share        %s (waits and processes done before the last)\n", metric.Share(sum.IdleShare))
	}
	if s.D <= ganttMaxDim && sum.Total > 0 {
		writeGantt(bw, s)
	}
	return bw.Flush()
}

// modelTimes formats the times made of T_a and t_c for people, exactly:
// every one is a whole combination of the two (k·T_a + m·t_c), so it has
// at most modelTimes decimals, the more of theirs. The float sums' noise
// past them is rounded off, within the 15 significant digits a float64
// holds; thousands separators go into the whole part (metric.Fixed), no
// trailing zeros into the fraction: 9 links at t_c = 123456.5 read
// "1,111,108.5".
type modelTimes int

// timesOf returns the formatting of the times of s.
func timesOf(s *sim.Schedule) modelTimes {
	return modelTimes(max(decimals(s.Ta), decimals(s.Tc)))
}

func (k modelTimes) format(v float64) string {
	whole := len(strconv.FormatFloat(math.Trunc(math.Abs(v)), 'f', 0, 64))
	s := metric.Fixed(v, max(0, min(int(k), 15-whole)))
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// given writes T_a or t_c as given: every digit of the shortest decimal
// that reads back as v, with thousands separators (123,456.5).
func given(v float64) string { return metric.Fixed(v, decimals(v)) }

// decimals counts the digits after the point of the shortest decimal
// that reads back as v.
func decimals(v float64) int {
	_, frac, _ := strings.Cut(strconv.FormatFloat(v, 'f', -1, 64), ".")
	return len(frac)
}

// ganttWidth is the number of columns of the time axis.
const ganttWidth = 64

// writeGantt draws one row per process: the stage number while computing,
// '.' while waiting, '=' while communicating, blank when done.
func writeGantt(bw *bufio.Writer, s *sim.Schedule) {
	scale := ganttWidth / s.Total()
	fmt.Fprintf(bw, "gantt (digit: compute of that stage, '.': wait, '=': communicate; one column = %s time units)\n", metric.Number(1/scale))
	var phases []sim.Phase
	row := make([]byte, ganttWidth)
	var coords []int
	for v := range s.Processes() {
		for c := range row {
			row[c] = ' '
		}
		phases = s.Phases(v, phases[:0])
		for _, p := range phases {
			ch := byte('=')
			switch p.Kind {
			case sim.Compute:
				ch = byte('0' + p.Stage%10)
			case sim.Wait:
				ch = '.'
			}
			from, to := int(math.Round(p.Start*scale)), int(math.Round(p.End*scale))
			for c := from; c < to && c < ganttWidth; c++ {
				row[c] = ch
			}
		}
		coords = s.Mapping.Host.Coords(s.Mapping.Place[v], coords)
		fmt.Fprintf(bw, "%3d %-8s|%s|\n", v, strings.ReplaceAll(fmt.Sprint(coords), " ", ","), row)
	}
}
