package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// runArgs runs a command line in-process and returns its standard output,
// what it wrote to stderr (usage, help) and its error.
func runArgs(t *testing.T, args ...string) (stdout, errOut string, err error) {
	t.Helper()
	var out, eb bytes.Buffer
	old := stderr
	stderr = &eb
	defer func() { stderr = old }()
	err = run(context.Background(), args, &out)
	return out.String(), eb.String(), err
}

func TestMapJSON(t *testing.T) {
	out, _, err := runArgs(t, "map", "--guest", "hypercube:3", "--host", "Ring:8", "--algo", "standard", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Guest, Host, Algo string
		Placement         [][]int
		Metrics           map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if rep.Guest != "hypercube:3" || rep.Host != "ring:8" || rep.Algo != "standard" || len(rep.Placement) != 8 {
		t.Errorf("report %+v", rep)
	}
	// standard on a ring (package embedding's doc): vertex n at position n,
	// D_i = 2^i, D_a = 7/3
	for v, c := range rep.Placement {
		if len(c) != 1 || c[0] != v {
			t.Errorf("placement[%d] = %v, want [%d]", v, c, v)
		}
	}
	for k, want := range map[string]string{"dimDistances": "[1,2,4]", "constantDistance": "true", "maxDilation": "4", "avgDistance": "2.3333333333333335"} {
		if got := string(rep.Metrics[k]); got != want {
			t.Errorf("metrics.%s = %s, want %s", k, got, want)
		}
	}
	for _, k := range []string{"hopBytes", "hopsPerByte", "avgDilation", "lowerBound"} {
		if _, ok := rep.Metrics[k]; !ok {
			t.Errorf("no metrics.%s", k)
		}
	}
}

// TestMapReproducible: the same seed and budget, run 5 times,
// and with GOMAXPROCS 1 and 2, give byte-identical JSON: the search plans
// its moves from the budget and never reads the clock. The moves the JSON
// reports repeat the run. 9x8 → 6x12 gave 1.330709, 1.330709 and 1.362205
// in three runs (1.275591 since PAIRS starts from rb too); 160x120 → 150x128 runs two workers and a multilevel
// search (its coarse level, 80x60 → 75x64, first).
func TestMapReproducible(t *testing.T) {
	if raceDetector {
		t.Skip("runs 4M moves 6 times: too slow under the race detector")
	}
	for _, inst := range [][]string{
		{"--guest", "grid:9x8", "--host", "mesh:6x12", "--budget", "250ms"},
		{"--guest", "grid:160x120", "--host", "mesh:150x128", "--budget", "500ms"},
	} {
		args := append([]string{"map", "--algo", "pairs", "--seed", "7", "--format", "json"}, inst...)
		var first string
		procs := runtime.GOMAXPROCS(0)
		for i, p := range []int{1, 2, 1, 2, 2} {
			runtime.GOMAXPROCS(p)
			out, _, err := runArgs(t, args...)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = out
			} else if out != first {
				t.Fatalf("%v: run %d (GOMAXPROCS %d) differs:\n%.300s\nvs\n%.300s", inst, i, p, out, first)
			}
		}
		runtime.GOMAXPROCS(procs)
		var rep struct {
			Pairs struct {
				Moves     int64
				Converged bool
				Starts    []string
			}
			Metrics struct{ HopsPerByte float64 }
		}
		if err := json.Unmarshal([]byte(first), &rep); err != nil || rep.Pairs.Moves == 0 || !rep.Pairs.Converged {
			t.Fatalf("%v: pairs report %+v (%v)", inst, rep.Pairs, err)
		}
		if big := inst[1] == "grid:160x120"; big != slices.Contains(rep.Pairs.Starts, "multilevel") {
			t.Errorf("%v: starts %v (the multilevel start is for 160x120 only)", inst, rep.Pairs.Starts)
		}
		// the same seed, budget (the plan) and starts with the moves it
		// reports: without the budget, the stopping rule's least work is
		// another, and a run from a good start (rb on 9x8) converges sooner
		again, _, err := runArgs(t, append(slices.Clone(args), "--moves", strconv.FormatInt(rep.Pairs.Moves, 10))...)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(again, strings.SplitN(first, `"metrics"`, 2)[0][strings.Index(first, `"placement"`):]) {
			t.Errorf("%v: --moves %d gives another placement", inst, rep.Pairs.Moves)
		}
	}
}

// TestMapReproducibleUnderLoad: a user's command, 9x8 →
// 6x12 with seed 7 and a budget of 300 ms (then 300K moves; 40 ms plans
// as many now), gives the same bytes on an idle machine and on one too
// slow for the moves the budget plans: one core shared with busy
// goroutines (the search then gets about a fifth of it, and the clock,
// had it a say, would cut the run at the budget: it did, and 24 of 40
// runs differed). The result depends on the moves made, never on the
// time taken.
func TestMapReproducibleUnderLoad(t *testing.T) {
	if raceDetector {
		t.Skip("five slowed runs take too long under the race detector")
	}
	args := []string{"map", "--guest", "grid:9x8", "--host", "mesh:6x12", "--algo", "pairs", "--seed", "7", "--budget", "40ms", "--format", "json"}
	want, _, err := runArgs(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	procs := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(procs)
	stop := make(chan struct{})
	defer close(stop)
	for range 4 {
		go func() {
			for x := 0; ; x++ {
				if x%(1<<16) == 0 {
					select {
					case <-stop:
						return
					default:
					}
				}
			}
		}()
	}
	for i := range 5 {
		out, _, err := runArgs(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		if out != want {
			t.Fatalf("loaded run %d differs from the idle one:\n%.400s\nvs\n%.400s", i, out, want)
		}
	}
}

func TestMapFormats(t *testing.T) {
	tests := []struct {
		format string
		want   []string
	}{
		{"text", []string{"hypercube:2 on torus:2x2 by standard", "hops per byte     1.0000", "y=1  | 2 3"}},
		{"csv", []string{"vertex,node,x1,x2,g1,g2\n0,0,0,0,0,0\n1,1,1,0,1,0\n2,2,0,1,0,1\n3,3,1,1,1,1\n"}},
		{"rankorder", []string{"0,1,2,3\n"}},
		{"scotch", []string{"4\n0\t0\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			out, _, err := runArgs(t, "map", "--guest", "hypercube:2", "--host", "torus:2x2", "--algo", "standard", "--format", tt.format)
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
	// the default format is text
	out, _, err := runArgs(t, "map", "--guest", "hypercube:2", "--host", "hypercube:2", "--algo", "identity")
	if err != nil || !strings.HasPrefix(out, "hypercube:2 on hypercube:2 by identity (Rank order") {
		t.Errorf("default format: %v\n%s", err, out)
	}
}

// TestMapErrors checks that bad input gives a one-line error naming the
// problem, and prints nothing.
func TestMapErrors(t *testing.T) {
	good := []string{"--guest", "hypercube:3", "--host", "ring:8"}
	with := func(extra ...string) []string { return append(append([]string{"map"}, good...), extra...) }
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown algorithm", with("--algo", "nosuch"), `unknown algorithm "nosuch" (known: `},
		{"algorithm syntax", with("--algo", "Xor+"), `algorithm "Xor+": want a lower-case name`},
		{"missing algorithm", with(), "missing --algo: name one (--help lists them), or run topomap compare"},
		{"missing guest", []string{"map", "--host", "ring:8", "--algo", "xor"}, "missing --guest"},
		{"missing host", []string{"map", "--guest", "hypercube:3", "--algo", "xor"}, "missing --host"},
		{"bad guest", []string{"map", "--guest", "cube:3", "--host", "ring:8", "--algo", "xor"}, `guest "cube:3": unknown kind "cube"`},
		{"bad host", []string{"map", "--guest", "hypercube:3", "--host", "ring:8x2", "--algo", "xor"}, `host "ring:8x2": a ring has one size`},
		{"unknown machine", []string{"map", "--guest", "hypercube:3", "--host", "machine:0123456789abcdef0123456789abcdef", "--algo", "greedy"}, "no machine of that id here: the command line knows the machines of the files it reads; give the file itself (--host file:PATH)"},
		{"huge host", []string{"map", "--guest", "hypercube:3", "--host", "mesh:99999999x99999999", "--algo", "xor"}, "more than 67,108,864 nodes"},
		{"sizes differ", []string{"map", "--guest", "hypercube:3", "--host", "ring:16", "--algo", "xor"}, "sizes differ: guest hypercube:3 has 8 vertices, host ring:16 has 16 nodes"},
		{"does not apply", []string{"map", "--guest", "hypercube:3", "--host", "line:8", "--algo", "xor"}, "xor does not apply to hypercube:3 on line:8"},
		{"unknown format", with("--algo", "xor", "--format", "xml"), `unknown --format "xml" (want json, csv, text, rankorder, scotch, mapfile, rankfile, slurm)`},
		{"stray argument", with("--algo", "xor", "extra"), `unexpected argument "extra"`},
		{"unknown flag", with("--algo", "xor", "--colour"), "flag provided but not defined: -colour"},
		{"bad seed", with("--algo", "xor", "--seed", "-1"), `invalid value "-1" for flag -seed`},
		{"budget too long", with("--algo", "xor", "--budget", "2h"), `invalid value "2h" for flag -budget: budget "2h": want a duration such as 2s, at most 1h`},
		{"bad ta", with("--algo", "xor", "--ta", "-1"), `invalid value "-1" for flag -ta: ta "-1": want 0 or a number from 0.000000001 to 1,000,000,000`},
		{"bad objective", with("--algo", "xor", "--objective", "speed"), `objective "speed": want hopbytes or congestion`},
		{"bad start", with("--algo", "xor", "--start", "Nope"), `algorithm "Nope"`},
		{"unknown command", []string{"mapp"}, `unknown command "mapp"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := runArgs(t, tt.args...)
			if err == nil {
				t.Fatalf("no error; output:\n%s", out)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want one line containing %q", msg, tt.want)
			}
			if out != "" {
				t.Errorf("printed %q with the error", out)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, h := range []string{"-h", "--help"} {
		out, help, err := runArgs(t, "map", h)
		if !errors.Is(err, errHelp) || out != "" {
			t.Errorf("map %s: %v, stdout %q", h, err, out)
		}
		for _, w := range []string{"usage of topomap map:", "-guest spec", "-host spec", "-algo name", "-format format", "json, csv, text, rankorder, scotch"} {
			if !strings.Contains(words(help), w) {
				t.Errorf("map %s help lacks %q:\n%s", h, w, help)
			}
		}
	}
	_, usage, err := runArgs(t, "help")
	if err != nil || !strings.Contains(usage, "usage: topomap COMMAND") || !strings.Contains(usage, "  map ") {
		t.Errorf("help: %v\n%s", err, usage)
	}
	if _, usage, err = runArgs(t); !errors.Is(err, errUsage) || !strings.Contains(usage, "commands:") {
		t.Errorf("no arguments: %v\n%s", err, usage)
	}
}

// TestBudgetHelp: map -h, submit -h and the README say the same about
// what a budget means (solve.BudgetText: moves planned at their measured
// cost, not a wall-clock limit).
func TestBudgetHelp(t *testing.T) {
	for _, cmd := range []string{"map", "submit"} {
		_, help, err := runArgs(t, cmd, "-h")
		if !errors.Is(err, errHelp) || !strings.Contains(words(help), "-budget duration a duration such as 2s; "+words(solve.BudgetText)+" -format") {
			t.Errorf("%s -h (%v) does not give --budget the text %q:\n%s", cmd, err, solve.BudgetText, help)
		}
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimPrefix(solve.BudgetText, "pairs: "); !strings.Contains(words(string(readme)), words(want)) {
		t.Errorf("the README does not say what a budget means as the help does: %q", want)
	}
}

func TestOneLine(t *testing.T) {
	if got := oneLine(errors.New("a\n  b\tc ")); got != "a b c" {
		t.Errorf("oneLine = %q", got)
	}
}

// TestEveryFieldHasItsFlag: map and submit have one flag per field of the
// field table (spec.Fields), named as the field, with help of its own;
// compare all but algo. A new field gets its flags without a line here.
func TestEveryFieldHasItsFlag(t *testing.T) {
	for _, cmd := range []string{"map", "submit", "schedule", "compare"} {
		_, help, err := runArgs(t, cmd, "-h")
		if !errors.Is(err, errHelp) {
			t.Fatalf("%s -h: %v", cmd, err)
		}
		for _, f := range spec.Fields {
			if cmd == "compare" && f.Name == "algo" {
				continue
			}
			if !strings.Contains(help, "\n  -"+flagName(f.Name)+" ") || fieldHelp(f.Name) == "" {
				t.Errorf("%s: no flag -%s with its help:\n%s", cmd, flagName(f.Name), help)
			}
		}
	}
}

// TestFlagsReadEveryField: the flags of every field give the instance
// that the field's parser gives its text, as a permalink's query does.
func TestFlagsReadEveryField(t *testing.T) {
	q, _ := url.ParseQuery("guest=grid:4x4&host=torus:4x4&algo=pairs&seed=7&budget=1.5s&moves=1000&start=rowmajor&ta=0.5&tc=1e-07&objective=congestion&nodes=0-7&ranksPerNode=2")
	want, err := spec.ParseQuery(q)
	if err != nil || len(want.Query()) != len(spec.Fields) {
		t.Fatalf("the test's query sets %d of the %d fields (%v)", len(want.Query()), len(spec.Fields), err)
	}
	fs := newFlags("test")
	var f instanceFlags
	f.register(fs, nil)
	var args []string
	for k, v := range q {
		args = append(args, "--"+flagName(k), v[0])
	}
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	if got, err := f.instance(context.Background()); err != nil || got.Query().Encode() != want.Query().Encode() {
		t.Errorf("flags %v: %v, %v; want %v", args, got.Query().Encode(), err, want.Query().Encode())
	}
}

// TestMapSaysWhichFlagsItsAlgorithmIgnores: a heuristic reads no seed,
// budget, moves, start or objective; map says so on stderr and its result
// does not echo them as if they had been applied (as a job's does not),
// while a search keeps them.
func TestMapSaysWhichFlagsItsAlgorithmIgnores(t *testing.T) {
	for _, c := range []struct {
		algo, warning string
		echoed        bool
	}{
		{"rb", "topomap: warning: rb ignores --seed, --budget, --objective: only a local search reads them\n", false},
		{"pairs", "", true},
	} {
		out, errOut, err := runArgs(t, "map", "--guest", "grid:4x4", "--host", "torus:4x4", "--algo", c.algo,
			"--seed", "9", "--budget", "10ms", "--objective", "congestion", "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		if errOut != c.warning {
			t.Errorf("%s: stderr %q, want %q", c.algo, errOut, c.warning)
		}
		var rep struct {
			Seed      uint64
			Budget    string
			Objective string
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if echoed := rep.Seed == 9 && rep.Budget == "10ms" && rep.Objective == "congestion"; echoed != c.echoed {
			t.Errorf("%s: result echoes seed %d, budget %q, objective %q; want them echoed: %t", c.algo, rep.Seed, rep.Budget, rep.Objective, c.echoed)
		}
	}
}
