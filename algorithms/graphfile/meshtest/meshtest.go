package meshtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/topology"
)

// Missing skips the test, or fails it when TOPOMAP_REQUIRE_TOOLS=1.
func Missing(tb testing.TB, what string) {
	tb.Helper()
	const how = "`make deps` installs scotch, metis, libmetis-doc and hwloc-nox"
	if os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "1" {
		tb.Fatalf("%s is missing (%s) and TOPOMAP_REQUIRE_TOOLS=1", what, how)
	}
	tb.Skipf("%s is missing (%s; TOPOMAP_REQUIRE_TOOLS=1 makes this a failure)", what, how)
}

// NeedTools calls Missing for the first of the commands not on PATH.
func NeedTools(tb testing.TB, tools ...string) {
	tb.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			Missing(tb, tool)
		}
	}
}

// Meshes returns the paths of the example meshes that libmetis-doc ships,
// by name ("4elt", "copter2", "mdual"), plain or gzip-compressed.
func Meshes(tb testing.TB) map[string]string {
	tb.Helper()
	NeedTools(tb, "dpkg")
	out, err := exec.Command("dpkg", "-L", "libmetis-doc").Output()
	if err != nil {
		Missing(tb, "libmetis-doc")
	}
	re := regexp.MustCompile(`/examples/graphs/(4elt|copter2|mdual)\.graph(\.gz)?$`)
	found := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			found[m[1]] = line
		}
	}
	if len(found) != 3 {
		Missing(tb, "the meshes 4elt, copter2 and mdual of libmetis-doc")
	}
	return found
}

// Run runs a command and returns its combined output, failing tb if it
// fails.
func Run(tb testing.TB, name string, args ...string) string {
	tb.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		tb.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// script is the repository's script that builds quotient graphs.
func script() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "metis-quotient.sh")
}

// A Quotient is the quotient graph of a mesh partitioned into parts.
type Quotient struct {
	Graph *guest.Graph
	Path  string // the METIS file the script wrote
}

var (
	mu        sync.Mutex
	quotients = map[string]*Quotient{}
	dir       string
)

// QuotientGraph returns the quotient graph of the mesh (by name, see
// Meshes) partitioned by gpmetis into that many parts, built by the
// repository's script once per process (mdual into 16384 parts takes
// about 8 s), in a temporary directory of the process (left behind: a
// test binary has no exit hook; the files are a few MB).
func QuotientGraph(tb testing.TB, mesh string, parts int) *Quotient {
	tb.Helper()
	NeedTools(tb, "gpmetis", "awk", "sort", "uniq", "sh")
	path := Meshes(tb)[mesh]
	mu.Lock()
	defer mu.Unlock()
	key := mesh + "/" + strconv.Itoa(parts)
	if q := quotients[key]; q != nil {
		return q
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "topomap-meshtest-")
		if err != nil {
			tb.Fatal(err)
		}
		dir = d
	}
	out := filepath.Join(dir, mesh+"-"+strconv.Itoa(parts)+".graph")
	Run(tb, "sh", script(), path, strconv.Itoa(parts), out)
	b, err := os.ReadFile(out)
	if err != nil {
		tb.Fatal(err)
	}
	res, err := graphfile.Read(bytes.NewReader(b), graphfile.Options{Format: "metis"})
	if err != nil {
		tb.Fatal(err)
	}
	q := &Quotient{Graph: res.Graph, Path: out}
	quotients[key] = q
	return q
}

// Scotch maps a quotient graph onto a host with Scotch 7, `scotch_gmap
// -b0 -cbq` (a bijective mapping when the sizes agree), and returns its
// placement and the CPU time of the command (user and system: on a loaded
// machine its wall time is not Scotch's), the conversion to Scotch's
// format excluded. The target (ScotchTarget) numbers the nodes as topomap
// does.
func Scotch(tb testing.TB, q *Quotient, host topology.Host) ([]int, time.Duration) {
	tb.Helper()
	NeedTools(tb, "gcv", "scotch_gmap")
	grf := strings.TrimSuffix(q.Path, ".graph") + ".grf"
	if _, err := os.Stat(grf); err != nil {
		Run(tb, "gcv", "-ic", q.Path, grf)
	}
	target, ok := ScotchTarget(host)
	if !ok {
		tb.Fatalf("Scotch has no target for %s", host)
	}
	tgt := filepath.Join(filepath.Dir(q.Path), strings.NewReplacer(" ", "_").Replace(target)+".tgt")
	if err := os.WriteFile(tgt, []byte(target+"\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	out := grf + "." + filepath.Base(tgt) + ".map"
	cmd := exec.Command("scotch_gmap", "-b0", "-cbq", grf, tgt, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("scotch_gmap: %v\n%s", err, msg)
	}
	took := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	b, err := os.ReadFile(out)
	if err != nil {
		tb.Fatal(err)
	}
	f := strings.Fields(string(b))
	n := q.Graph.Order()
	if len(f) < 1 || f[0] != strconv.Itoa(n) || len(f) != 1+2*n {
		tb.Fatalf("scotch_gmap wrote %d fields, want a count %d and as many pairs", len(f), n)
	}
	place := make([]int, n)
	base := -1
	for i := range n {
		v, err1 := strconv.Atoi(f[1+2*i])
		p, err2 := strconv.Atoi(f[2+2*i])
		if err1 != nil || err2 != nil {
			tb.Fatalf("scotch_gmap mapping line %d: %q %q", i+2, f[1+2*i], f[2+2*i])
		}
		if base < 0 {
			base = v - i // gcv keeps METIS's base 1
		}
		if v-base < 0 || v-base >= n {
			tb.Fatalf("scotch_gmap maps vertex %d, out of range", v)
		}
		place[v-base] = p
	}
	return place, took
}

// ScotchTarget returns Scotch's target for a host: meshXD or torusXD for
// a mesh or torus (Scotch numbers their nodes the first coordinate
// fastest), `tleaf` for a host with the Hierarchy capability (levels from
// the top, each its radix and ten times the hops between nodes that differ
// first there: Scotch takes no cost 0, so two slots of one node cost 1),
// whose leaves Scotch numbers as topomap does, the top level slowest. It
// returns false for other hosts.
func ScotchTarget(host topology.Host) (string, bool) {
	if g, ok := host.(topology.Grid); ok {
		kind := "mesh"
		for j := range g.Rank() {
			if g.Wraps(j) {
				kind = "torus"
			}
		}
		target := fmt.Sprintf("%s%dD", kind, g.Rank())
		for _, k := range topology.DimsOf(g) {
			target += " " + strconv.Itoa(k)
		}
		return target, true
	}
	radices, ok := topology.HierarchyOf(host)
	if !ok {
		return "", false
	}
	target := "tleaf " + strconv.Itoa(len(radices))
	group := host.Size()
	for i := len(radices) - 1; i >= 0; i-- {
		group /= radices[i]
		target += fmt.Sprintf(" %d %d", radices[i], max(1, 10*host.Hops(0, group)))
	}
	return target, true
}
