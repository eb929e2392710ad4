package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"topomap/algorithms/sim"
)

// runCLI runs one command line and returns its standard output.
func runCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), args, &out)
	return out.String(), err
}

func TestScheduleJSON(t *testing.T) {
	out, err := runCLI(t, "schedule", "--guest", "hypercube:3", "--host", "line:8", "--algo", "byweight", "--ta", "1", "--tc", "1", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rep sim.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	// Byweight 3-cube on a line, C = 9·t_c, T = 3·T_a + C (package sim's doc).
	if rep.Total != 12 || rep.Communication != 9 || rep.Algo != "byweight" || rep.Host != "line:8" || len(rep.Processes) != 8 {
		t.Fatalf("report %+v", rep)
	}
	// Vertex 1 (001) is at line position 3 (Fig. 3.a) and waits 1·t_c.
	p := rep.Processes[1]
	wait := 0.0
	for _, ph := range p.Phases {
		if ph.Kind == sim.Wait {
			wait += ph.End - ph.Start
		}
	}
	if p.Vertex != 1 || len(p.Host) != 1 || p.Host[0] != 3 || wait != 1 {
		t.Errorf("process 1: %+v (wait %v)", p, wait)
	}
}

// TestScheduleText: the text report of schedules by hand (the Xor
// paper's figures), and T_a and t_c read as given, with thousands
// separators and every decimal, the times made of them exact, so that the
// products shown agree (t_c = 123456.5 read "123,456" beside C = 617,282
// = 5 links × t_c; Xor puts a 3-cube on an 8-ring with C = 5 links).
func TestScheduleText(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"standard on line (Fig. 4.b)", []string{"--host", "line:8", "--algo", "standard"},
			[]string{"total T           10 = d·T_a + C = 3 + 7", "D_i     1 2 4 (constant", "gantt", "  7 [7]     |"}},
		{"byweight on line (Fig. 4.c)", []string{"--host", "line:8", "--algo", "byweight"},
			[]string{"communication C   9", "longest per process 2", "~3.50", "....."}},
		{"xor on torus", []string{"--guest", "hypercube:4", "--host", "torus:4x4", "--algo", "xor", "--ta", "0.5", "--tc", "2"},
			[]string{"D_i     1 1 1 1 (constant", "total T           10 = d·T_a + C = 2 + 8", " 15 [2,2]   |"}},
		{"times echoed exactly: a fraction", []string{"--host", "ring:8", "--algo", "xor", "--tc", "123456.5"}, []string{
			"(t_c = 123,456.5 per link)",
			"total T           617,285.5 = d·T_a + C = 3 + 617,282.5",
			"communication C   617,282.5 (5 links × t_c",
		}},
		{"times echoed exactly: seven digits each", []string{"--host", "ring:8", "--algo", "xor", "--ta", "1234567", "--tc", "1.2345678"}, []string{
			"(T_a = 1,234,567)", "(t_c = 1.2345678 per link)",
			"total T           3,703,707.172839 = d·T_a + C = 3,703,701 + 6.172839",
		}},
		{"times echoed exactly: the range's ends", []string{"--host", "ring:8", "--algo", "xor", "--ta", "1000000000", "--tc", "0.000000001"}, []string{
			"(T_a = 1,000,000,000)", "(t_c = 0.000000001 per link)",
			"communication C   0.000000005 (5 links",
		}},
		{"on an allocation", []string{"--host", "ring:16", "--algo", "pairs", "--nodes", "4-11"}, []string{
			"allocation        8 nodes allocated (4-11), 8 used",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"schedule", "--guest", "hypercube:3"}, tt.args...)
			out, err := runCLI(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
	// No Gantt chart beyond d = 4 (one row per process).
	out, err := runCLI(t, "schedule", "--guest", "hypercube:6", "--host", "ring:64", "--algo", "xor")
	if err != nil || strings.Contains(out, "gantt") || !strings.Contains(out, "total T           53 = d·T_a + C = 6 + 47") {
		t.Errorf("d=6: err %v, output\n%s", err, out)
	}
}

func TestOptimalCommand(t *testing.T) {
	out, err := runCLI(t, "optimal", "--host", "ring:32")
	if err != nil {
		t.Fatal(err)
	}
	// Minimum Σ D_i = 23 for d = 5, attained by Xor (package optimal's doc).
	for _, w := range []string{"minimum Σ D_i       23 (D_a = 4.6000)", "[[1 2 4 8 8]]", "theorem verified for d = 5",
		"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 16 17 18 19 20 21 22 23"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	out, err = runCLI(t, "optimal", "--host", "ring:16", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Host     string  `json:"host"`
		MinSum   int     `json:"minSum"`
		MinAvg   float64 `json:"minAvgDistance"`
		Place    []int   `json:"placement"`
		Verified bool    `json:"verified"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Host != "ring:16" || rep.MinSum != 11 || rep.MinAvg != 2.75 || len(rep.Place) != 16 || !rep.Verified {
		t.Errorf("report %+v", rep)
	}
}

func TestCubeCommandErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"grid guest", []string{"schedule", "--guest", "grid:4x4", "--host", "ring:16", "--algo", "xor"}, "schedule needs a hypercube guest"},
		{"not applicable", []string{"schedule", "--guest", "hypercube:4", "--host", "line:16", "--algo", "xor"}, "xor does not apply to hypercube:4 on line:16"},
		{"sizes differ", []string{"schedule", "--guest", "hypercube:4", "--host", "ring:8", "--algo", "xor"}, "sizes differ"},
		{"unknown algorithm", []string{"schedule", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "nope"}, `unknown algorithm "nope"`},
		{"negative ta", []string{"schedule", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor", "--ta", "-1"}, `ta "-1"`},
		{"bad tc", []string{"schedule", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor", "--tc", "x"}, `tc "x"`},
		{"missing algo", []string{"schedule", "--guest", "hypercube:4", "--host", "ring:16"}, "missing --algo"},
		{"bad format", []string{"schedule", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor", "--format", "csv"}, `unknown --format "csv"`},
		{"bad host", []string{"schedule", "--guest", "hypercube:4", "--host", "blah:16", "--algo", "xor"}, `host "blah:16"`},
		{"byweight mesh", []string{"schedule", "--guest", "hypercube:4", "--host", "mesh:4x4", "--algo", "byweight"}, "not specified"},
		{"ring not power of two", []string{"optimal", "--host", "ring:12"}, "optimal needs ring:K with K = 2^d"},
		{"line", []string{"optimal", "--host", "line:16"}, "not line:16"},
		{"ring too large", []string{"optimal", "--host", "ring:128"}, "not ring:128"},
		{"ring too small", []string{"optimal", "--host", "ring:2"}, "not ring:2"},
		{"ring with cores", []string{"optimal", "--host", "ring:16:cores=2"}, "not ring:16:cores=2"},
		{"torus", []string{"optimal", "--host", "torus:4x4"}, "not torus:4x4"},
		{"missing host", []string{"optimal"}, "missing --host"},
		{"optimal format", []string{"optimal", "--host", "ring:16", "--format", "csv"}, `unknown --format "csv"`},
		{"stray argument", []string{"optimal", "--host", "ring:16", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runCLI(t, tt.args...)
			if err == nil {
				t.Fatalf("no error; output %s", out)
			}
			if msg := oneLine(err); !strings.Contains(msg, tt.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line containing %q", msg, tt.want)
			}
		})
	}
}
