package machinefile_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
	"topomap/algorithms/topology/topotest"
)

func readFile(t *testing.T, path string) (topology.Host, string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, format, err := machinefile.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return h, format
}

// TestSlurmThreeSwitchesOracle: s0 holds dev0..dev2, s1 dev3..dev5, s2
// both switches. By hand: two nodes of one leaf switch are 2 wires apart
// (node, switch, node), nodes of different leaves 4 (up to s2 and down);
// the route dev1 → dev4 is dev1→s0, s0→s2, s2→s1, s1→dev4.
func TestSlurmThreeSwitchesOracle(t *testing.T) {
	h, format := readFile(t, "testdata/three-switches.conf")
	if format != "slurm" || h.Size() != 6 {
		t.Fatalf("read as %s with %d nodes, want slurm with 6", format, h.Size())
	}
	names := []string{"dev0", "dev1", "dev2", "dev3", "dev4", "dev5"}
	for i, want := range names {
		if got := h.(topology.Named).NodeName(i); got != want {
			t.Errorf("node %d is %q, want %q", i, got, want)
		}
	}
	for _, tt := range []struct{ a, b, hops int }{{0, 0, 0}, {0, 1, 2}, {1, 2, 2}, {2, 3, 4}, {0, 5, 4}, {4, 3, 2}} {
		if got := h.Hops(tt.a, tt.b); got != tt.hops {
			t.Errorf("Hops(dev%d, dev%d) = %d, want %d", tt.a, tt.b, got, tt.hops)
		}
	}
	r, ok := topology.RouterOf(h)
	if !ok || r.Routing() != topology.TreePath {
		t.Fatal("a switch tree routes along the tree path")
	}
	var got []string
	for _, e := range r.Route(1, 4, nil) {
		tail, head, _ := r.Link(e)
		got = append(got, topology.VertexName(h, tail)+"→"+topology.VertexName(h, head))
	}
	want := []string{"dev1→s0", "s0→s2", "s2→s1", "s1→dev4"} // the file's node names
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("route dev1 → dev4 = %v, want %v", got, want)
	}
	if r.Links() != 2*(6+2) {
		t.Errorf("%d directed links, want 16 (8 wires both ways)", r.Links())
	}
	topotest.Test(t, h)
}

// checkFileError wants err to be a *graphfile.Error of that line whose
// message contains want.
func checkFileError(t *testing.T, err error, line int, want string) {
	t.Helper()
	var fe *graphfile.Error
	if !errors.As(err, &fe) || fe.Line != line || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one of line %d containing %q", err, line, want)
	}
}

// TestSlurmWriteRoundTrip: written back and read again, a switch tree is
// the same machine (same id, names and distances).
func TestSlurmWriteRoundTrip(t *testing.T) {
	h, _ := readFile(t, "testdata/three-switches.conf")
	var buf bytes.Buffer
	if err := machinefile.WriteSlurm(&buf, h.(*topology.SwitchTree)); err != nil {
		t.Fatal(err)
	}
	want := "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"
	if buf.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", buf.String(), want)
	}
	back, _, err := machinefile.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != h.String() || !strings.HasPrefix(h.String(), "machine:") {
		t.Errorf("read back as %s, want %s", back, h)
	}
}

// TestSlurmWritesLargeSwitchesReadably: a switch of 262,144 nodes (the
// cap) is written as one range, not a 2.4 MB line the reader refuses,
// and reads back as the same machine.
func TestSlurmWritesLargeSwitchesReadably(t *testing.T) {
	h, _, err := machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=nid[0-262143]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := machinefile.WriteSlurm(&buf, h.(*topology.SwitchTree)); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "SwitchName=s0 Nodes=nid[0-262143]\n" {
		t.Errorf("written %.80q", got)
	}
	back, _, err := machinefile.Read(&buf)
	if err != nil || back.String() != h.String() {
		t.Errorf("read back as %v (%v), want %s", back, err, h)
	}
}

// TestSlurmErrors: every refusal names its line and the problem.
func TestSlurmErrors(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"two parents", "SwitchName=a Nodes=n1\nSwitchName=b Nodes=n2\nSwitchName=c Switches=a,b\nSwitchName=d Switches=a", 4, `switch "a" is under switch "c" (line 3) and switch "d"`},
		{"node under two switches", "SwitchName=a Nodes=n[1-2]\nSwitchName=b Nodes=n2\nSwitchName=c Switches=a,b", 2, `node "n2" is under switch "a" (line 1) and switch "b"`},
		{"unknown switch", "SwitchName=a Nodes=n1\n\nSwitchName=top Switches=a,x", 3, `names switch "x", which no line declares`},
		{"cycle", "SwitchName=a Switches=b Nodes=n1\nSwitchName=b Switches=a", 1, "a cycle"},
		{"two tops", "SwitchName=a Nodes=n1\nSwitchName=b Nodes=n2", 2, "both at the top"},
		{"empty switch", "SwitchName=a Nodes=n1\nSwitchName=b LinkSpeed=10", 2, "nothing under it"},
		{"no name", "SwitchName=a Nodes=n1\nNodes=n2", 2, "no SwitchName="},
		{"bad field", "SwitchName=a Nodes", 1, `"Nodes": want KEY=VALUE`},
		{"bad hostlist", "SwitchName=a Nodes=n[1-", 1, "Nodes=:"},
		{"declared twice", "SwitchName=a Nodes=n1\nSwitchName=a Nodes=n2", 2, "declared again (first on line 1)"},
		{"self", "SwitchName=a Nodes=n1 Switches=a", 1, "under itself"},
		{"a switch named twice", "SwitchName=a Nodes=n1\nSwitchName=top Switches=a,a", 2, `switch "top" names switch "a" twice`},
		{"twice on a line", "SwitchName=a Nodes=n1,n1", 1, "named twice"},
		{"a node name a launcher reads as an option", "SwitchName=sw Nodes=n1,-x,n2,n3", 1, `name 2: "-x" starts with '-', which a launcher would read as an option`},
		{"a node name not in ASCII", "SwitchName=a Nodes=a1\nSwitchName=b Nodes=nœud[1-2]\nSwitchName=top Switches=a,b", 2, `name 2: "nœud1" has 'œ'`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := machinefile.Read(strings.NewReader(tt.text))
			checkFileError(t, err, tt.line, tt.want)
		})
	}
}

// switchChain is a topology.conf of a chain of k switches, s0 over the
// nodes and each under the next; with cycle, s0 is also over the last.
func switchChain(k, nodes int, cycle bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "SwitchName=s0 Nodes=n[0-%d]", nodes-1)
	if cycle {
		fmt.Fprintf(&b, " Switches=s%d", k-1)
	}
	for i := 1; i < k; i++ {
		fmt.Fprintf(&b, "\nSwitchName=s%d Switches=s%d", i, i-1)
	}
	return b.String()
}

// TestSlurmDeepSwitchChain: a chain of 100,000 switches over 100,000
// nodes (3 MB) is read in work proportional to its size, not to the
// square of its depth (the cycle check walked to the top from every
// switch, the regular-tree check from every node: two 100,000² walks,
// minutes); the chain's nodes are 2 apart, and a cycle at its end is
// still found, at the line of its first switch.
func TestSlurmDeepSwitchChain(t *testing.T) {
	const k = 100_000
	h, _, err := machinefile.Read(strings.NewReader(switchChain(k, k, false)))
	if err != nil || h.Size() != k || h.Hops(0, k-1) != 2 {
		t.Fatalf("read %v (%v), want %d nodes 2 apart", h, err, k)
	}
	_, _, err = machinefile.Read(strings.NewReader(switchChain(k, 2, true)))
	checkFileError(t, err, 1, `switch "s0" is above itself`)
}

// TestSlurmNamesCappedOverTheFile: the names of Switches= (and of
// Nodes=) are at most 262,144 over the whole file, as a tree holds: 400
// lines that each name a range of 262,144 switches (15 kB) are refused
// at the second, not expanded into 4 GB of names.
func TestSlurmNamesCappedOverTheFile(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "SwitchName=a%d Switches=s[0-262143]\n", i)
	}
	_, _, err := machinefile.Read(strings.NewReader(b.String()))
	checkFileError(t, err, 2, `Switches="s[0-262143]": more than 262,144 names of Switches= in all, the cap`)
	_, _, err = machinefile.Read(strings.NewReader("SwitchName=a Nodes=n[1-200000]\nSwitchName=b Nodes=m[1-70000]\n"))
	checkFileError(t, err, 2, `Nodes="m[1-70000]": more than 262,144 names of Nodes= in all, the cap`)
}

// TestSlurmContinuedLinesBounded: a line continued over 200,000 lines of
// other keys (800 kB) is read in work proportional to it (joining them by
// concatenation took a minute), as the line alone; one continued past
// MaxLine bytes is refused at its first line.
func TestSlurmContinuedLinesBounded(t *testing.T) {
	alone, _, err := machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=n0\n"))
	if err != nil {
		t.Fatal(err)
	}
	continued := func(k int) string {
		return "# keys on many lines\nSwitchName=s0 Nodes=n0 \\\n" + strings.Repeat("a=b \\\n", k) + "c=d\n"
	}
	h, _, err := machinefile.Read(strings.NewReader(continued(200_000)))
	if err != nil || h.String() != alone.String() {
		t.Errorf("read as %v (%v), want %s", h, err, alone)
	}
	_, _, err = machinefile.Read(strings.NewReader(continued(270_000)))
	checkFileError(t, err, 2, "a line continued past 1,048,576 bytes")
}

// TestSlurmParserSyntax: what Slurm's own parser (parse_config.c) reads
// in a topology.conf is read as the plain lines: a line continued by a
// trailing backslash, blanks around '=', a value in double quotes
// (holding blanks), keys in any case; an error in a continued line names
// its first line.
func TestSlurmParserSyntax(t *testing.T) {
	plain, _, err := machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=n[0-3]\nSwitchName=s1 Nodes=n[4-7]\nSwitchName=top Switches=s[0-1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"SwitchName=s0 \\\n  Nodes=n[0-3]\nSwitchName=s1 Nodes=n[4-7] \\\n LinkSpeed=100\nSwitchName=top \\\n\\\nSwitches=s[0-1]\n",
		"SwitchName = s0 Nodes= n[0-3]\nswitchname=s1 NODES =n[4-7]\nSwitchName=top Switches=\"s0, s1\"  # quoted\n",
	} {
		h, format, err := machinefile.Read(strings.NewReader(text))
		if err != nil || format != "slurm" || h.String() != plain.String() {
			t.Errorf("%q read as %v, %s (%v), want %s", text, h, format, err, plain)
		}
	}
	_, _, err = machinefile.Read(strings.NewReader("SwitchName=s0 Nodes=n[0-3]\nSwitchName=top \\\nSwitches=s0 \\\n Nodes\n"))
	checkFileError(t, err, 2, `"Nodes": want KEY=VALUE`)
}

// TestSlurmReadsEscapesAsSlurm: as Slurm's parser (parse_config.c), a
// '#' after an odd number of backslashes is of the text, not a comment;
// each backslash is dropped and the character after it kept; a continued
// line joins the next where its backslash stood, with no blank added (a
// hostlist may go on on the next line). Such names write back escaped and
// read back as the same machine.
func TestSlurmReadsEscapesAsSlurm(t *testing.T) {
	const leaves = "SwitchName=s0 Nodes=n[0-3]\nSwitchName=s1 Nodes=n[4-7]\n"
	for _, tt := range []struct {
		name, top, want string // top: the third line; want: the top switch's name
	}{
		{"an escaped hash", `SwitchName=top\#1 Switches=s[0-1]`, "top#1"},
		{"an escaped hash in quotes", `SwitchName="top \#1" Switches=s[0-1] # a comment`, "top #1"},
		{"an escaped backslash", `SwitchName=t\\op Switches=s[0-1] # a comment \`, `t\op`},
		{"an escaped letter", `SwitchName=t\op Switches=s[0-1]`, "top"},
		{"a hostlist continued", "SwitchName=top Switches=s0,\\\ns1", "top"},
		{"a name continued", "SwitchName=to\\\np Switches=s[0-1]", "top"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h, _, err := machinefile.Read(strings.NewReader(leaves + tt.top + "\n"))
			if err != nil {
				t.Fatal(err)
			}
			tree := h.(*topology.SwitchTree)
			if got := tree.SwitchName(2); got != tt.want {
				t.Errorf("the top switch is %q, want %q", got, tt.want)
			}
			var buf bytes.Buffer
			if err := machinefile.WriteSlurm(&buf, tree); err != nil {
				t.Fatal(err)
			}
			if back, _, err := machinefile.Read(&buf); err != nil || back.String() != h.String() {
				t.Errorf("written as %q, read back as %v (%v)", buf.String(), back, err)
			}
		})
	}
	// Two backslashes escape each other: the '#' starts a comment.
	_, _, err := machinefile.Read(strings.NewReader(leaves + `SwitchName=top\\#1 Switches=s[0-1]`))
	checkFileError(t, err, 3, `switch "top\\" has nothing under it`)
}
