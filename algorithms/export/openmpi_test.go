package export_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// TestOpenMPIBindsRanksWhereTheRankfileSays has Open MPI's mpirun read
// our rankfiles and print its map: every rank must be on the node the
// placement gives it, under that node's name, bound to its core t and to
// nothing else. To Open MPI, slot=t is the node's logical core t (hwloc's
// numbering, across its packages), the whole core with its hardware
// threads; the nodes here have two threads a core, so a file that meant
// thread t would show. On a host whose nodes have an inside (pack:2
// core:4) topomap's core t must be hwloc's core t, in package t/4: the
// node's picture in mpirun's map is read package by package. On a host
// without cores, each rank is bound to core 0 of its node.
func TestOpenMPIBindsRanksWhereTheRankfileSays(t *testing.T) {
	needOpenMPI(t)
	cray, nids, lastTwo := launcherNames(t)
	for _, tt := range []struct {
		name, guest, host string
		inside            string // each node's, for hwloc
		place             []int
		names             export.Hostnames
	}{
		{"cores", "grid:4x4", "torus:2x2:cores=4", "pack:1 core:4 pu:2", shuffled(16, 16, 1), nil},
		{"cores, holes and hostlist names", "grid:5x4", "mesh:3x2:cores=4", "pack:2 core:2 pu:2", shuffled(20, 24, 2), nids},
		{"no cores, holes and Cray names", "grid:3x2", "mesh:4x2", "pack:1 core:2 pu:2", shuffled(6, 8, 3), cray},
		{"an inside of two packages", "grid:4x4", "mesh:2x1:node=4x2:dist=1,5", "pack:2 core:4 pu:2", shuffled(16, 16, 4), nil},
		{"a preset's own names", "grid:8x4", "preset:xe6-slice", "pack:2 core:8 pu:2", lastTwo, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := result(t, tt.guest, tt.host, "shuffle", tt.place)
			var rankfile bytes.Buffer
			must(t, export.WriteWith(&rankfile, "rankfile", r, export.Options{Hostnames: tt.names}))
			want, hosts := placesOf(r.Mapping.Host, r.Mapping.Place, tt.names)
			_, c := topology.NodesOf(r.Mapping.Host)
			got, err := openMPIMap(t, rankfile.Bytes(), hosts, c, tt.inside, len(tt.place))
			must(t, err)
			for rank := range tt.place {
				if g, w := got[rank], want[rank]; g.node != w.node || !slices.Equal(g.cores, w.cores) {
					t.Errorf("rank %d: mpirun binds it to %s cores %v, the placement says %s core %v", rank, g.node, g.cores, w.node, w.cores)
				}
			}
			if len(got) != len(tt.place) || t.Failed() {
				t.Errorf("mpirun placed %d ranks of %d; our rankfile:\n%s", len(got), len(tt.place), rankfile.String())
			}
		})
	}
}

// TestOpenMPIBindsUsersRankfilesWhereTopomapReadsThem has mpirun bind
// ranks by rankfiles as users write them, slot=S:C (core C of package S)
// and relative hosts "+nK" (node K of the allocation: under Slurm, of
// SLURM_JOB_NODELIST in its order), and wants each rank on the node and
// the core that topomap reads.
func TestOpenMPIBindsUsersRankfilesWhereTopomapReadsThem(t *testing.T) {
	needOpenMPI(t)
	for _, tt := range []struct {
		name, host, inside string
		nodes              []int // the allocation, in its order; nil: the hosts named
		rankfile           string
	}{
		{"packages of four cores", "mesh:2x1:node=4x2:dist=1,5", "pack:2 core:4 pu:2", nil,
			"rank 0=node1 slot=1:2\nrank 1=node0 slot=0:3\nrank 2=node0 slot=1:0\nrank 3=node1 slot=0:0\n"},
		{"packages over NUMA domains", "mesh:2x1:node=2x2x2:dist=1,2,3", "pack:2 numa:2 core:2 pu:2", nil,
			"rank 0=node0 slot=1:3\nrank 1=node1 slot=0:2\nrank 2=node1 slot=1:1\n"},
		{"relative hosts", "mesh:3x1:node=4x2:dist=1,5", "pack:2 core:4 pu:2", []int{2, 0},
			"rank 0=+n1 slot=1:2\nrank 1=+n0 slot=0:3\nrank 2=+n0 slot=5\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, err := spec.ParseHost(tt.host)
			must(t, err)
			ranks := strings.Count(tt.rankfile, "\n")
			target := export.Target{Host: h, Ranks: ranks}
			if tt.nodes != nil {
				target.Allocation, err = topology.Allocate(h, tt.nodes, 0, ranks)
				must(t, err)
			}
			place, _, err := export.ReadPlacement(strings.NewReader(tt.rankfile), "rankfile", target)
			must(t, err)
			want, hosts := placesOf(h, place, nil)
			if tt.nodes != nil {
				hosts = nil
				for _, u := range tt.nodes {
					hosts = append(hosts, export.Hostnames(topology.NamesOf(h)).Name(u))
				}
			}
			_, c := topology.NodesOf(h)
			got, err := openMPIMapOn(t, []byte(tt.rankfile), hosts, tt.nodes != nil, c, tt.inside, ranks)
			must(t, err)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("mpirun binds the ranks %v, topomap reads %v; the rankfile:\n%s", got, want, tt.rankfile)
			}
		})
	}
}

// placesOf returns where place puts each rank on h, as mpirun would
// print it with those host names (nil: the host's own), and the hosts
// that hold a rank, in the order of their first rank.
func placesOf(h topology.Host, place []int, names export.Hostnames) (map[int]openMPIPlace, []string) {
	if names == nil {
		names = topology.NamesOf(h)
	}
	_, c := topology.NodesOf(h)
	places := map[int]openMPIPlace{}
	var hosts []string
	for rank, slot := range place {
		places[rank] = openMPIPlace{names.Name(slot / c), []int{slot % c}}
		if !slices.Contains(hosts, names.Name(slot/c)) {
			hosts = append(hosts, names.Name(slot/c))
		}
	}
	return places, hosts
}

// TestOpenMPIReadsTheHostNamesOfOurRankfiles: the rankfile writes the
// host names that mpirun reads as the nodes named so (up to their first
// '.', as Open MPI reads every host name, but for an IPv4 address), and
// refuses those it would not: mpirun, given them by hand, fails or puts
// the ranks on nodes of other names.
func TestOpenMPIReadsTheHostNamesOfOurRankfiles(t *testing.T) {
	needOpenMPI(t)
	r := result(t, "grid:2x2", "mesh:2x1:cores=2", "hand", []int{3, 0, 1, 2})
	for _, tt := range []struct {
		names, openMPI export.Hostnames // nil openMPI: refused
	}{
		{export.Hostnames{"ranks", "0x12"}, export.Hostnames{"ranks", "0x12"}},
		{export.Hostnames{"1-2", "a-b"}, export.Hostnames{"1-2", "a-b"}},
		{export.Hostnames{"x.1", "n1.cluster"}, export.Hostnames{"x", "n1"}},
		{export.Hostnames{"10.1.2.3", "10.1.2.4"}, export.Hostnames{"10.1.2.3", "10.1.2.4"}},
		{export.Hostnames{"slot", "n1"}, nil},
		{export.Hostnames{"n1", "rank"}, nil},
		{export.Hostnames{"007", "n1"}, nil},
		{export.Hostnames{"1a.b", "n1"}, nil},
		{export.Hostnames{"n1.a", "n1.b"}, nil},
	} {
		t.Run(strings.Join(tt.names, ","), func(t *testing.T) {
			var rankfile bytes.Buffer
			err := export.WriteWith(&rankfile, "rankfile", r, export.Options{Hostnames: tt.names})
			if (err == nil) != (tt.openMPI != nil) {
				t.Fatalf("writing: %v; want refused: %t", err, tt.openMPI == nil)
			}
			if err != nil {
				// written by hand, as RankFile would have
				fmt.Fprintf(&rankfile, "rank 0=%s slot=1\nrank 1=%[2]s slot=0\nrank 2=%[2]s slot=1\nrank 3=%[1]s slot=0\n", tt.names[1], tt.names[0])
			}
			got, err := openMPIMap(t, rankfile.Bytes(), tt.names, 2, "pack:1 core:2 pu:2", 4)
			want, _ := placesOf(r.Mapping.Host, r.Mapping.Place, tt.openMPI)
			switch {
			case tt.openMPI != nil && err != nil:
				t.Fatal(err)
			case tt.openMPI != nil && fmt.Sprint(got) != fmt.Sprint(want):
				t.Errorf("mpirun's map %v, want %v", got, want)
			case tt.openMPI == nil && err == nil && got[0].node == tt.names[1] && got[1].node == tt.names[0]:
				t.Errorf("mpirun reads the names that the rankfile refuses: %v", got)
			}
		})
	}
}

// needOpenMPI skips the test, or fails it under TOPOMAP_REQUIRE_TOOLS=1,
// without Open MPI's mpirun (TOPOMAP_MPIRUN, else Debian's
// mpirun.openmpi, else an mpirun that says it is Open MPI's: another MPI
// may own the name) or hwloc's lstopo-no-graphics.
func needOpenMPI(t *testing.T) {
	t.Helper()
	missingTool(t, "lstopo-no-graphics", "hwloc-nox")
	if m := os.Getenv("TOPOMAP_MPIRUN"); m != "" && openMPIMajor() == 0 {
		t.Fatalf("TOPOMAP_MPIRUN=%s does not say it is Open MPI's mpirun (--version)", m)
	}
	if openMPIMajor() == 0 {
		missingTool(t, "mpirun.openmpi", "openmpi-bin")
	}
}

// openMPIMajor is the major version of Open MPI that mpirun --version
// gives ("mpirun.openmpi (OpenRTE) 4.1.4", "mpirun (Open MPI) 5.0.7"), 0
// for none.
var openMPIMajor = sync.OnceValue(func() int {
	v, _ := exec.Command(mpirun(), "--version").Output()
	m := regexp.MustCompile(`\((?:Open MPI|OpenRTE)\) (\d+)\.`).FindSubmatch(v)
	if m == nil {
		return 0
	}
	major, _ := strconv.Atoi(string(m[1]))
	return major
})

// rankfileArgs are mpirun's arguments that map by the rankfile at path.
// Open MPI 5 (PRRTE) spells it --map-by rankfile:file=, and maps without
// starting daemons (--do-not-launch): its daemons, all started here,
// would report this machine's host name, under which it no longer finds
// the rankfile's nodes, and given their nodes' names (each in a UTS
// namespace of its own) a job of six daemons hung here in 1 run of 3.
// The map is still PRRTE's own: the rankfile is read, and the ranks
// mapped and bound, in mpirun's process.
func rankfileArgs(path string) []string {
	if openMPIMajor() < 5 {
		return []string{"--rankfile", path}
	}
	return []string{"--do-not-launch", "--map-by", "rankfile:file=" + path}
}

// mpirun is Open MPI's mpirun (needOpenMPI): TOPOMAP_MPIRUN, a command
// that runs one (make test-openmpi5 gives Open MPI 5's, in a chroot),
// else Debian's mpirun.openmpi, else mpirun.
func mpirun() string {
	if m := os.Getenv("TOPOMAP_MPIRUN"); m != "" {
		return m
	}
	if _, err := exec.LookPath("mpirun.openmpi"); err == nil {
		return "mpirun.openmpi"
	}
	return "mpirun"
}

// openMPIPlace is where mpirun puts a rank: its node's name and the
// logical cores it is bound to.
type openMPIPlace struct {
	node  string
	cores []int
}

// openMPIMap has mpirun read a rankfile for ranks ranks on hosts (the
// hostfile gives each slots slots) and returns the map it prints. No host
// is reached: a stand-in for ssh starts each host's daemon on this
// machine, and hwloc describes every node to Open MPI as inside (a
// synthetic topology) whatever this machine is, so mpirun maps onto that
// node; it then starts each rank as true, here, and warns where it cannot
// bind it (a core this machine lacks).
func openMPIMap(t *testing.T, rankfile []byte, hosts []string, slots int, inside string, ranks int) (map[int]openMPIPlace, error) {
	t.Helper()
	return openMPIMapOn(t, rankfile, hosts, false, slots, inside, ranks)
}

// openMPIMapOn is openMPIMap, the hosts given in a hostfile or, when
// allocated, as a Slurm allocation (SLURM_JOB_NODELIST, in that order,
// which a rankfile's relative hosts "+nK" count), still started by the
// stand-in for ssh.
func openMPIMapOn(t *testing.T, rankfile []byte, hosts []string, allocated bool, slots int, inside string, ranks int) (map[int]openMPIPlace, error) {
	t.Helper()
	dir, err := os.MkdirTemp("", "ompi") // short: Open MPI's sockets live below
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	xml, err := exec.Command("lstopo-no-graphics", "--of", "xml", "-i", inside, "-").Output()
	must(t, err)
	var hostfile strings.Builder
	for _, h := range hosts {
		fmt.Fprintf(&hostfile, "%s slots=%d\n", h, slots)
	}
	files := map[string]string{
		"topology.xml": string(xml),
		"rankfile":     string(rankfile),
		"hostfile":     hostfile.String(),
		// stands in for ssh: runs the command here, with a temporary
		// directory of the host's own (the daemons' session directories
		// would collide in one)
		"launch-here": "#!/bin/sh\nexport TMPDIR=\"" + dir + "/$1\"\nmkdir -p \"$TMPDIR\" && shift && exec /bin/sh -c \"$*\"\n",
	}
	for name, content := range files {
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o755))
	}
	// a guard against a hang, not a limit on time: a run takes about a second
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// rtc_hwloc_vmhole none: no daemon shares its topology in memory
	// (hwloc_shmem_topology_write crashes now and then, with a topology read
	// from a file)
	hostArgs := []string{"--hostfile", filepath.Join(dir, "hostfile")}
	env := append(os.Environ(), "HWLOC_XMLFILE="+filepath.Join(dir, "topology.xml"), "HWLOC_THISSYSTEM=1", "TMPDIR="+dir)
	if allocated {
		// the allocation Open MPI reads from Slurm's variables; the
		// daemons started as without Slurm (plm rsh)
		hostArgs = []string{"--mca", "plm", "rsh"}
		list, tasks := strings.Join(hosts, ","), fmt.Sprintf("%d(x%d)", slots, len(hosts))
		env = append(env, "SLURM_JOBID=1", "SLURM_JOB_ID=1", "SLURM_NODELIST="+list, "SLURM_JOB_NODELIST="+list,
			"SLURM_TASKS_PER_NODE="+tasks, "SLURM_JOB_CPUS_PER_NODE="+tasks)
	}
	args := append([]string{"--allow-run-as-root", "--display-map",
		"--mca", "plm_rsh_agent", filepath.Join(dir, "launch-here"), "--mca", "rtc_hwloc_vmhole", "none"}, hostArgs...)
	args = append(append(args, rankfileArgs(filepath.Join(dir, "rankfile"))...), "-np", strconv.Itoa(ranks), "true")
	cmd := exec.CommandContext(ctx, mpirun(), args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("mpirun: %v\n%s\n%s", err, stdout.String(), stderr.String())
	}
	places, err := parseOpenMPIMap(stdout.String())
	if err != nil {
		return nil, fmt.Errorf("mpirun's map: %v\n%s", err, stdout.String())
	}
	return places, nil
}

var (
	openMPINode = regexp.MustCompile(`^\s*Data for node: (\S+)\s`)
	openMPIRank = regexp.MustCompile(`Process rank: (\d+) Bound: (.*)$`)
)

// parseOpenMPIMap reads the map that mpirun --display-map prints: a
// "Data for node: NAME" line, then a "Process rank: R Bound: ..." line
// for each rank on it. Every daemon may print it again; the copies must
// agree.
func parseOpenMPIMap(out string) (map[int]openMPIPlace, error) {
	places := map[int]openMPIPlace{}
	node := ""
	for _, line := range strings.Split(out, "\n") {
		if m := openMPINode.FindStringSubmatch(line); m != nil {
			node = m[1]
			continue
		}
		m := openMPIRank.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rank, _ := strconv.Atoi(m[1])
		cores, err := boundCores(m[2])
		if node == "" || err != nil {
			return nil, fmt.Errorf("rank %d (node %q): %v", rank, node, err)
		}
		p := openMPIPlace{node, cores}
		if old, ok := places[rank]; ok && (old.node != p.node || !slices.Equal(old.cores, p.cores)) {
			return nil, fmt.Errorf("rank %d on %v and on %v", rank, old, p)
		}
		places[rank] = p
	}
	return places, nil
}

// boundCores reads the cores that a rank is bound to, as mpirun's map
// gives them: Open MPI 5's list of a package's cores ("package[1][core:5]",
// "package[0][core:0-1] package[1][core:4]", from PRRTE's
// prte_hwloc_base_cset2str; newer PRRTE writes "core:L5"), or Open MPI
// 4.1's picture of the node, after the text ("socket 1[core 5[hwt
// 0-1]]:"): a [...] per package, its cores apart by '/', a character per
// hardware thread, B where bound ("[../../../..][../BB/../..]" is core
// 5). The cores are numbered across the packages, as hwloc's logical
// indices; in the picture, a core partly bound is an error.
func boundCores(bound string) ([]int, error) {
	if strings.HasPrefix(bound, "package[") {
		return listedCores(bound)
	}
	i := strings.Index(bound, "]:[")
	if i < 0 {
		return nil, fmt.Errorf("no picture of the node in %q", bound)
	}
	var cores []int
	k := 0
	for _, pack := range strings.Split(strings.Trim(bound[i+2:], "[]"), "][") {
		for _, core := range strings.Split(pack, "/") {
			switch b := strings.Count(core, "B"); {
			case core == "" || b > 0 && b < len(core):
				return nil, fmt.Errorf("core %d is %q in %q", k, core, bound)
			case b > 0:
				cores = append(cores, k)
			}
			k++
		}
	}
	return cores, nil
}

// TestOpenMPIMapsReadInEitherVersionsWords: the cores a rank is bound to
// read the same from Open MPI 4.1's picture of its node and from Open MPI
// 5's lists, and a binding to hardware threads or a core partly bound is
// an error.
func TestOpenMPIMapsReadInEitherVersionsWords(t *testing.T) {
	for _, tt := range []struct {
		bound string
		want  []int // nil: an error
	}{
		{"socket 1[core 5[hwt 0-1]]:[../../../..][../BB/../..]", []int{5}},
		{"socket 0[core 0[hwt 0-1]], socket 0[core 1[hwt 0-1]]:[BB/BB/../..][../../../..]", []int{0, 1}},
		{"socket 0[core 0[hwt 0]]:[B./../../..][../../../..]", nil},
		{"package[1][core:5]", []int{5}},
		{"package[0][core:0-1]", []int{0, 1}},
		{"package[0][core:3] package[1][core:4]", []int{3, 4}},
		{"package[0][core:L0,2-3]", []int{0, 2, 3}},
		{"package[0][hwt:2]", nil},
		{"package[0][core:P1]", nil},
	} {
		got, err := boundCores(tt.bound)
		if (err == nil) != (tt.want != nil) || !slices.Equal(got, tt.want) {
			t.Errorf("%q: cores %v (%v), want %v", tt.bound, got, err, tt.want)
		}
	}
}

var openMPI5Package = regexp.MustCompile(`^package\[\d+\]\[core:L?([\d,-]+)\]$`)

// listedCores reads Open MPI 5's lists of the cores bound, package by
// package (boundCores); hardware threads (hwt:) or physical numbers
// (core:P) are an error.
func listedCores(bound string) ([]int, error) {
	var cores []int
	for _, pack := range strings.Fields(bound) {
		m := openMPI5Package.FindStringSubmatch(pack)
		if m == nil {
			return nil, fmt.Errorf("not a package's logical cores: %q in %q", pack, bound)
		}
		for _, r := range strings.Split(m[1], ",") {
			lo, hi, ok := strings.Cut(r, "-")
			if !ok {
				hi = lo
			}
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a > b {
				return nil, fmt.Errorf("cores %q in %q", r, bound)
			}
			for c := a; c <= b; c++ {
				cores = append(cores, c)
			}
		}
	}
	slices.Sort(cores)
	return cores, nil
}

// launcherNames are the host names and the placement that the tests of
// the launchers' own readings share: Cray's names of 8 nodes, hostlist
// names of 6, and 32 ranks shuffled over the last two of xe6-slice's 256
// nodes (a preset's own names).
func launcherNames(t *testing.T) (cray, nids export.Hostnames, lastTwo []int) {
	t.Helper()
	cray = export.Hostnames{"c0-0c0s0n0", "c0-0c0s0n1", "c0-0c0s1n0", "c0-0c0s1n1", "c0-0c0s2n0", "c0-0c0s2n1", "c0-0c0s3n0", "c0-0c0s3n1"}
	nids, err := export.ExpandHostnames([]string{"nid[001-006]"}, 6)
	must(t, err)
	lastTwo = shuffled(32, 32, 5)
	for i := range lastTwo {
		lastTwo[i] += 254 * 16
	}
	return cray, nids, lastTwo
}
