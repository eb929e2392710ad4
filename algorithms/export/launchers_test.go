package export_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"topomap/algorithms/export"
	"topomap/algorithms/graphfile"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// shuffled returns a seeded injective placement of n vertices onto k
// slots (holes when k > n).
func shuffled(n, k int, seed uint64) []int {
	p := rand.New(rand.NewPCG(seed, 7)).Perm(k)
	return p[:n]
}

// parsed is what a launcher file says about each rank: its slot, or only
// its node (slurm) when slot is nil.
type parsed struct {
	slot, node []int
}

// parseBack reads a placement file back, independently of the writers,
// into the slot (or node) of every rank. c is the cores per node, names
// the host names used (nil: the defaults).
func parseBack(t *testing.T, format, text string, h topology.Host, names []string) parsed {
	t.Helper()
	inner, c := topology.NodesOf(h)
	byName := map[string]int{}
	for u := range inner.Size() {
		name := "node" + strconv.Itoa(u)
		if names != nil {
			name = names[u]
		}
		byName[name] = u
	}
	ints := func(fields []string) []int {
		out := make([]int, len(fields))
		for i, f := range fields {
			v, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				t.Fatalf("%s: %q is no number in %q", format, f, text)
			}
			out[i] = v
		}
		return out
	}
	index := func(coords []int) int {
		s, err := h.Index(coords)
		if err != nil {
			t.Fatalf("%s: coordinates %v: %v", format, coords, err)
		}
		return s
	}
	var out parsed
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	switch format {
	case "json":
		var rep struct {
			Placement [][]int
			Cores     int
			Hosts     []string
		}
		if err := json.Unmarshal([]byte(text), &rep); err != nil {
			t.Fatal(err)
		}
		if c > 1 && rep.Cores != c || c == 1 && rep.Cores != 0 {
			t.Errorf("json: cores %d, host has %d", rep.Cores, c)
		}
		for r, xs := range rep.Placement {
			out.slot = append(out.slot, index(xs))
			if names != nil && byName[rep.Hosts[r]] != out.slot[r]/c {
				t.Errorf("json: rank %d on host %s, slot %d", r, rep.Hosts[r], out.slot[r])
			}
		}
	case "csv":
		head := strings.Split(lines[0], ",")
		col := func(name string) int { return slices.Index(head, name) }
		for _, l := range lines[1:] {
			f := strings.Split(l, ",")
			var xs []int
			for j, name := range head {
				if strings.HasPrefix(name, "x") || name == "core" {
					xs = append(xs, ints(f[j : j+1])[0])
				}
			}
			s := index(xs)
			if c > 1 && ints(f[col("slot") : col("slot")+1])[0] != s || ints(f[col("node") : col("node")+1])[0] != s/c {
				t.Errorf("csv: row %q: slot or node column disagrees with the coordinates", l)
			}
			if names != nil && byName[f[col("host")]] != s/c {
				t.Errorf("csv: row %q: host column disagrees", l)
			}
			out.slot = append(out.slot, s)
		}
	case "rankorder":
		var ranks []int
		for _, l := range lines[1:] { // a comment line first
			ranks = append(ranks, ints(strings.Split(l, ","))...)
		}
		out.slot = make([]int, len(ranks))
		for s, r := range ranks {
			out.slot[r] = s
		}
	case "scotch":
		n := ints(lines[:1])[0]
		out.slot = make([]int, n)
		for _, l := range lines[1:] {
			vs := ints(strings.Fields(l))
			out.slot[vs[0]] = vs[1]
		}
	case "mapfile":
		for _, l := range lines {
			xs := ints(strings.Fields(l))
			if c == 1 {
				if xs[len(xs)-1] != 0 {
					t.Errorf("mapfile: core %d without cores", xs[len(xs)-1])
				}
				xs = xs[:len(xs)-1]
			}
			out.slot = append(out.slot, index(xs))
		}
	case "rankfile":
		re := regexp.MustCompile(`^rank (\d+)=(\S+) slot=(\d+)$`)
		out.slot = make([]int, len(lines))
		for _, l := range lines {
			m := re.FindStringSubmatch(l)
			if m == nil {
				t.Fatalf("rankfile: line %q", l)
			}
			node, ok := byName[m[2]]
			if !ok {
				t.Fatalf("rankfile: unknown host %q", m[2])
			}
			out.slot[ints(m[1:2])[0]] = ints(m[3:4])[0] + c*node
		}
	case "slurm":
		for _, l := range lines {
			node, ok := byName[l]
			if !ok {
				t.Fatalf("slurm: unknown host %q", l)
			}
			out.node = append(out.node, node)
		}
	default:
		t.Fatalf("no parser for %s", format)
	}
	return out
}

// TestExportsParseBack writes every placement format (text aside, which
// is for people) on hosts with and without cores, with holes and with
// host names, reads each file back and compares it with the placement.
func TestExportsParseBack(t *testing.T) {
	names := []string{"c0-0c0s0n0", "c0-0c0s0n1", "c0-0c0s1n0", "c0-0c0s1n1", "nid00004", "nid00005", "nid00006", "nid00007"}
	tests := []struct {
		name  string
		r     *solve.Result
		names []string
	}{
		{"cores", result(t, "grid:4x4", "mesh:4x2:cores=2", "shuffle", shuffled(16, 16, 1)), nil},
		{"cores and names", result(t, "grid:4x4", "mesh:4x2:cores=2", "shuffle", shuffled(16, 16, 2)), names},
		{"nodes with an inside and names", result(t, "grid:4x4", "mesh:4x2:node=2:dist=1", "shuffle", shuffled(16, 16, 6)), names},
		{"holes and names", result(t, "grid:3x2", "mesh:4x2", "shuffle", shuffled(6, 8, 3)), names},
		{"fat tree", result(t, "grid:4x2", "fattree:2,3", "shuffle", shuffled(8, 8, 4)), nil},
		{"dragonfly with cores and holes", result(t, "grid:5x4", "dragonfly:2,2,1,3:cores=2", "shuffle", shuffled(20, 24, 5)), nil},
		{"hypercube", twisted(t), nil},
	}
	for _, tt := range tests {
		for _, f := range export.Formats {
			if f.Name == "text" {
				continue
			}
			t.Run(tt.name+"/"+f.Name, func(t *testing.T) {
				m := tt.r.Mapping
				var buf bytes.Buffer
				err := export.WriteWith(&buf, f.Name, tt.r, export.Options{Hostnames: tt.names})
				if f.NoHoles && len(m.Place) < m.Host.Size() {
					if err == nil {
						t.Fatalf("%s wrote a mapping with holes", f.Name)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				got := parseBack(t, f.Name, buf.String(), m.Host, tt.names)
				_, c := topology.NodesOf(m.Host)
				want := parsed{slot: m.Place}
				if got.slot == nil {
					want = parsed{node: make([]int, len(m.Place))}
					for v, s := range m.Place {
						want.node[v] = s / c
					}
				}
				if !slices.Equal(got.slot, want.slot) || !slices.Equal(got.node, want.node) {
					t.Errorf("read back %v %v, placement %v %v\n%s", got.slot, got.node, want.slot, want.node, buf.String())
				}
			})
		}
	}
}

// TestLauncherGolden pins the launcher files of one small case by hand:
// grid:2x2 on mesh:2x1:cores=2, ranks 0..3 on slots 3, 0, 1, 2 (slot 3 =
// core 1 of node 1 = (1,0)).
func TestLauncherGolden(t *testing.T) {
	r := result(t, "grid:2x2", "mesh:2x1:cores=2", "hand", []int{3, 0, 1, 2})
	names := export.Options{Hostnames: export.Hostnames{"alpha", "beta"}}
	for _, tt := range []struct {
		format string
		o      export.Options
		want   string
	}{
		{"mapfile", export.Options{}, "1 0 1\n0 0 0\n0 0 1\n1 0 0\n"},
		{"rankfile", export.Options{}, "rank 0=node1 slot=1\nrank 1=node0 slot=0\nrank 2=node0 slot=1\nrank 3=node1 slot=0\n"},
		{"rankfile", names, "rank 0=beta slot=1\nrank 1=alpha slot=0\nrank 2=alpha slot=1\nrank 3=beta slot=0\n"},
		{"slurm", names, "beta\nalpha\nalpha\nbeta\n"},
		{"scotch", export.Options{}, "4\n0\t3\n1\t0\n2\t1\n3\t2\n"},
		{"rankorder", export.Options{}, "# MPICH_RANK_ORDER for grid:2x2 on mesh:2x1:cores=2: ranks in host node order\n1,2,3,0\n"},
		{"csv", names, "vertex,slot,node,host,x1,x2,core,g1,g2\n0,3,1,beta,1,0,1,0,0\n1,0,0,alpha,0,0,0,1,0\n2,1,0,alpha,0,0,1,0,1\n3,2,1,beta,1,0,0,1,1\n"},
	} {
		var buf bytes.Buffer
		if err := export.WriteWith(&buf, tt.format, r, tt.o); err != nil || buf.String() != tt.want {
			t.Errorf("%s: %v\ngot:\n%s\nwant:\n%s", tt.format, err, buf.String(), tt.want)
		}
	}
}

// TestHostnamesErrors: bad names files and lists are refused with the
// line or position and what is wrong, as field errors on "hostnames".
func TestHostnamesErrors(t *testing.T) {
	for _, tt := range []struct {
		in    string
		nodes int
		want  string
	}{
		{"a\nb\n", 3, "2 host names for 3 nodes"},
		{"a\nb\nc\nd\n", 3, "line 4: more host names than the 3 nodes"},
		{"a\nb c\nd\n", 3, `line 2: "b c" has ' '`},
		{"a\na\nb\n", 3, "name 2 repeats name 1"},
		{"", 3, "no host names"},
		{"a\n" + strings.Repeat("x", 300) + "\nb\n", 3, "line 2: 300 characters, want 1 to 253"},
		{"a\n" + strings.Repeat("x", 5000) + "\nb\n", 3, "line 2: 5,000 characters, want 1 to 253"},
		{"a\n" + strings.Repeat("x", 70000) + "\nb\n", 3, "line 2: longer than 65,536 characters"},
		{"a\nrank=1\nb", 3, `has '='`},
	} {
		_, err := export.ParseHostnames(strings.NewReader(tt.in), tt.nodes)
		if err == nil || !strings.Contains(err.Error(), tt.want) || spec.FieldOf(err) != "hostnames" {
			t.Errorf("ParseHostnames(%.30q) = %v, want %q", tt.in, err, tt.want)
		}
	}
	names, err := export.ParseHostnames(strings.NewReader("# cabinet 0\n  n0 \n\nn1\n"), 2)
	if err != nil || !slices.Equal(names, export.Hostnames{"n0", "n1"}) {
		t.Errorf("comments and blanks: %v, %v", names, err)
	}
	// names are checked against the host's nodes, not its slots
	r := result(t, "grid:2x2", "mesh:2x1:cores=2", "hand", []int{0, 1, 2, 3})
	if err := export.WriteWith(&bytes.Buffer{}, "rankfile", r, export.Options{Hostnames: export.Hostnames{"a", "b", "c", "d"}}); err == nil || !strings.Contains(err.Error(), "4 host names for 2 nodes") {
		t.Errorf("4 names for 2 nodes: %v", err)
	}
}

// TestRankFileRefusesNamesOpenMPIReadsOtherwise: host names that the
// slurm file takes but Open MPI's rankfile cannot read, or reads as
// another node, are refused as field errors on "hostnames" saying why
// (TestOpenMPIReadsTheHostNamesOfOurRankfiles shows mpirun misreading
// them).
func TestRankFileRefusesNamesOpenMPIReadsOtherwise(t *testing.T) {
	r := result(t, "grid:2x2", "mesh:2x1:cores=2", "hand", []int{0, 1, 2, 3})
	for _, tt := range []struct {
		names export.Hostnames
		want  string
	}{
		{export.Hostnames{"n0", "slots"}, `name 2: "slots" is a keyword of Open MPI's rankfile`},
		{export.Hostnames{"user-name", "n1"}, `name 1: "user-name" is a keyword`},
		{export.Hostnames{"007", "n1"}, `name 1: "007" is digits only, which Open MPI's rankfile reads as a number`},
		{export.Hostnames{"n0", "_a.b"}, `name 2: "_a.b" has a '.' and starts with '_'`},
		{export.Hostnames{"n1.a", "n1.b"}, `names 1 and 2 ("n1.a", "n1.b") are one node to Open MPI, which reads a host name up to its first '.' ("n1")`},
		{export.Hostnames{"n0", "rack_1"}, `name 2: "rack_1" has a '_', which Open MPI refuses in a node name`},
	} {
		must(t, export.WriteWith(&bytes.Buffer{}, "slurm", r, export.Options{Hostnames: tt.names}))
		err := export.WriteWith(&bytes.Buffer{}, "rankfile", r, export.Options{Hostnames: tt.names})
		if err == nil || !strings.Contains(err.Error(), tt.want) || spec.FieldOf(err) != "hostnames" {
			t.Errorf("rankfile with %q: %v, want %q", tt.names, err, tt.want)
		}
	}
}

// missingTool skips, or fails under TOPOMAP_REQUIRE_TOOLS=1 (make test),
// when tool is not on PATH; pkg is the Debian package that `make deps`
// installs it from.
func missingTool(t *testing.T, tool, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(tool); err == nil {
		return
	}
	if os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s is missing (`make deps` installs %s) and TOPOMAP_REQUIRE_TOOLS=1", tool, pkg)
	}
	t.Skipf("%s is missing (`make deps` installs %s; TOPOMAP_REQUIRE_TOOLS=1 makes this a failure)", tool, pkg)
}

// TestScotchGmtst has Scotch's own checker read our scotch file, and the
// mapfile converted to Scotch's numbering of a mesh2D target, for
// shuffled grids on meshes of their size: gmtst must accept both and
// count the same dilation, which is our hop-bytes over 2 (Scotch counts
// each undirected edge once). (With empty processors gmtst 7.0 counts
// other figures: 106 for grid:6x4 laid row by row into mesh2D 8 4, whose
// 38 edges are one hop each, so holes are checked by TestExportsParseBack.)
func TestScotchGmtst(t *testing.T) {
	missingTool(t, "gmtst", "scotch")
	for _, tt := range []struct {
		guest, host, target string
		n, k                int
	}{
		{"grid:6x4", "mesh:6x4", "mesh2D 6 4", 24, 24},
		{"grid:8x4", "mesh:4x8", "mesh2D 4 8", 32, 32},
	} {
		r := result(t, tt.guest, tt.host, "shuffle", shuffled(tt.n, tt.k, 9))
		dir := t.TempDir()
		grf, _ := graphfile.Lookup("grf")
		var g bytes.Buffer
		if err := grf.Write(&g, r.Mapping.Guest); err != nil {
			t.Fatal(err)
		}
		must(t, os.WriteFile(filepath.Join(dir, "g.grf"), g.Bytes(), 0o644))
		must(t, os.WriteFile(filepath.Join(dir, "t.tgt"), []byte(tt.target+"\n"), 0o644))
		var scotch, mapfile bytes.Buffer
		must(t, export.Write(&scotch, "scotch", r))
		must(t, export.Write(&mapfile, "mapfile", r))
		// the mapfile in Scotch's mesh2D numbering, x + X·y
		var conv strings.Builder
		fmt.Fprintf(&conv, "%d\n", tt.n)
		sc := bufio.NewScanner(&mapfile)
		x0 := r.Mapping.Host.(topology.Grid).Dim(0)
		for v := 0; sc.Scan(); v++ {
			var x, y, core int
			if _, err := fmt.Sscan(sc.Text(), &x, &y, &core); err != nil || core != 0 {
				t.Fatalf("mapfile line %q: %v", sc.Text(), err)
			}
			fmt.Fprintf(&conv, "%d\t%d\n", v, x+x0*y)
		}
		want := fmt.Sprintf("(%d)", int(r.Metrics.HopBytes)/2)
		for name, content := range map[string]string{"scotch": scotch.String(), "mapfile": conv.String()} {
			path := filepath.Join(dir, name+".map")
			must(t, os.WriteFile(path, []byte(content), 0o644))
			out, err := exec.Command("gmtst", filepath.Join(dir, "g.grf"), filepath.Join(dir, "t.tgt"), path).CombinedOutput()
			if err != nil {
				t.Fatalf("gmtst on our %s file: %v\n%s", name, err, out)
			}
			m := regexp.MustCompile(`CommDilat=\S+\s+(\(\d+\))`).FindStringSubmatch(string(out))
			if m == nil || m[1] != want {
				t.Errorf("%s on %s: gmtst counts dilation %v, our hop-bytes/2 is %s\n%s", name, tt.host, m, want, out)
			}
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
