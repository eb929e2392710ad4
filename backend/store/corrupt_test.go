package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// corruptEnv names the store a child process of TestCorruptStore opens.
const corruptEnv = "TOPOMAP_CORRUPT_STORE"

// sampleJobs is the content of the store the corruptions start from: done
// jobs with placements of a few pages each, and failed ones.
func sampleJobs() []jobs.Job {
	var js []jobs.Job
	at := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	for i := range 24 {
		j := jobs.Job{ID: fmt.Sprintf("%020x", i+1), Status: jobs.Done, Created: at,
			Request: jobs.Request{Guest: "grid:64x64", Host: "mesh:64x64", Algo: "affn"}}
		if i%5 == 4 {
			j.Status, j.Error = jobs.Failed, "boom"
		}
		js = append(js, j)
	}
	return js
}

func samplePlacement(i int) []int {
	p := make([]int, 4096)
	for v := range p {
		p[v] = (v*7 + i) % 4096
	}
	return p
}

// writeSample creates the sample store at path.
func writeSample(t *testing.T, path string) {
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, j := range sampleJobs() {
		if j.Status == jobs.Done {
			err = st.Finish(j, samplePlacement(i))
		} else {
			err = st.Put(j)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range sampleGraphs(t) {
		if _, err := st.PutGraph(g, 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
}

// sampleGraphs are the uploaded graphs of the sample store: records of a
// few pages each, so that corruptions hit them too.
func sampleGraphs(t testing.TB) []store.GraphRecord {
	return []store.GraphRecord{sampleGraph(t, 500), sampleGraph(t, 2000), sampleGraph(t, 3000)}
}

// TestCorruptChild is the child of TestCorruptStore: it opens the store
// named by corruptEnv as the server does, reads every sample job, writes
// one and marks stale ones interrupted, and prints what happened. A crash
// or a panic is what the parent looks for.
func TestCorruptChild(t *testing.T) {
	path := os.Getenv(corruptEnv)
	if path == "" {
		t.Skip("child of TestCorruptStore")
	}
	// The repair tools read any file without crashing.
	r, err := store.Check(path)
	fmt.Printf("CHECKED %d jobs, %d damage, %d problems, %v\n", r.Jobs, len(r.Damage), len(r.Problems), err)
	var n store.Exported
	src, err := store.OpenReadOnly(path)
	if err == nil {
		n, _, err = store.Export(context.Background(), src, io.Discard)
		src.Close()
	}
	fmt.Printf("EXPORTED %d jobs %d graphs, %v\n", n.Jobs, n.Graphs, err)
	st, err := store.Open(path)
	if err != nil {
		fmt.Printf("REFUSED %v\n", err)
		return
	}
	defer st.Close()
	for _, p := range st.Problems() {
		fmt.Printf("PROBLEM %s\n", p)
	}
	for i, want := range sampleJobs() {
		j, err := st.Get(want.ID)
		switch {
		case err != nil:
			fmt.Printf("GETERR %s %v\n", want.ID, err)
		case j.Status != want.Status || j.Request != want.Request:
			fmt.Printf("WRONG %s %+v\n", want.ID, j)
		case j.Status == jobs.Done:
			p, err := st.Placement(want.ID)
			if err != nil {
				fmt.Printf("PLACEERR %s %v\n", want.ID, err)
			} else if fmt.Sprint(p) != fmt.Sprint(samplePlacement(i)) {
				fmt.Printf("WRONGPLACE %s\n", want.ID)
			}
		}
	}
	for _, want := range sampleGraphs(t) {
		g, err := st.Graph(want.Graph.ID)
		switch {
		case err != nil:
			fmt.Printf("GRAPHERR %s %v\n", want.Graph.ID, err)
		case !sameGraph(g.Graph, want.Graph):
			fmt.Printf("WRONGGRAPH %s\n", want.Graph.ID)
		}
	}
	if err := st.Put(jobs.Job{ID: strings.Repeat("f", jobs.IDLen), Status: jobs.Queued}); err != nil {
		fmt.Printf("PUTERR %v\n", err)
	}
	if _, err := st.Interrupt("stopped", time.Now()); err != nil {
		fmt.Printf("INTERRUPTERR %v\n", err)
	}
	fmt.Println("OPENED")
}

// corruption changes a copy of the sample store.
type corruption struct {
	name string
	do   func(b []byte) []byte
}

func truncateAt(frac float64, delta int) func([]byte) []byte {
	return func(b []byte) []byte { return b[:max(0, min(len(b), int(float64(len(b))*frac)+delta))] }
}

func flipAt(off int, frac float64) func([]byte) []byte {
	return func(b []byte) []byte {
		i := off + int(float64(len(b))*frac)
		b[i] ^= 0x10
		return b
	}
}

func corruptions() []corruption {
	cs := []corruption{{"intact", func(b []byte) []byte { return b }}, {"zero length", truncateAt(0, 0)}}
	for _, tr := range []struct {
		frac  float64
		delta int
	}{{0, 100}, {0, 4096}, {0, 8192}, {0, 16384}, {0.25, 0}, {0.5, 0}, {0.5, 1234}, {0.75, 0}, {1, -4096}, {1, -1}} {
		cs = append(cs, corruption{fmt.Sprintf("truncated to %g·size%+d", tr.frac, tr.delta), truncateAt(tr.frac, tr.delta)})
	}
	// Bit flips: both meta pages (magic, page size, root, freelist, high
	// water mark, checksum), the first pages, and pages across the file.
	for _, off := range []int{16, 24, 32, 48, 56, 64, 4096 + 32, 4096 + 56, 8192, 8192 + 20, 12288 + 16, 16384 + 40} {
		cs = append(cs, corruption{fmt.Sprintf("bit flip at byte %d", off), flipAt(off, 0)})
	}
	for _, frac := range []float64{0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99} {
		for _, off := range []int{0, 16, 100} {
			cs = append(cs, corruption{fmt.Sprintf("bit flip at %g·size+%d", frac, off), flipAt(off, frac)})
		}
	}
	return cs
}

// TestCorruptStore truncates and flips bits of a store at many offsets and
// opens each copy in a child process as the server does. Before, some
// copies crashed the process (SIGSEGV, panics at start-up or on the first
// write) and a zero-length file became an empty store; now each copy is
// refused with a message that says how to get out, or opens with every
// job it cannot read reported, never lost silently.
func TestCorruptStore(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("runs a child process per corruption (and checks no concurrency)")
	}
	dir := t.TempDir()
	orig := filepath.Join(dir, "orig.db")
	writeSample(t, orig)
	clean, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range corruptions() {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "topomap.db")
			if err := os.WriteFile(path, c.do(bytes.Clone(clean)), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestCorruptChild$", "-test.v")
			cmd.Env = append(os.Environ(), corruptEnv+"="+path)
			out, err := cmd.CombinedOutput()
			s := string(out)
			if err != nil || strings.Contains(s, "panic") || strings.Contains(s, "fatal error") {
				t.Fatalf("child failed: %v\n%s", err, s)
			}
			verdict(t, c.name, grep(s))
		})
	}
}

// verdict checks a child's report: refused with the way out, or opened
// with every job read back intact or reported and answered as corrupt, in
// words for a user (a damaged page, not Go's runtime error; "corrupt
// data" said once).
func verdict(t *testing.T, name, report string) {
	t.Logf("%s", report)
	lines := strings.Split(report, "\n")
	for _, l := range lines { // said to a user: no Go runtime text, no stutter
		if strings.Contains(l, "runtime error") || strings.Count(l, "corrupt data") > 1 {
			t.Errorf("a message a user cannot act on: %s", l)
		}
	}
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "EXPORTED") {
		t.Fatalf("the child did not check and export")
	}
	report = strings.Join(lines[2:], "\n")
	lines = lines[2:]
	switch {
	case strings.HasPrefix(report, "REFUSED"):
		if !strings.Contains(report, "topomap store check") || !strings.Contains(report, "corrupt") {
			t.Errorf("refused without the way out: %s", report)
		}
		if name == "intact" {
			t.Errorf("an intact store was refused")
		}
		return
	case lines[len(lines)-1] != "OPENED":
		t.Fatalf("the child stopped early")
	}
	problems := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "PROBLEM") {
			problems += l + "\n"
		}
	}
	if name == "intact" && problems != "" {
		t.Errorf("problems in an intact store: %s", problems)
	}
	for _, l := range lines {
		f := strings.Fields(l)
		switch f[0] {
		case "WRONG", "WRONGPLACE", "WRONGGRAPH":
			t.Errorf("silently wrong data: %s", l)
		case "GETERR", "PLACEERR", "GRAPHERR":
			if !strings.Contains(l, "corrupt") || !strings.Contains(problems, f[1]) {
				t.Errorf("a job lost without a report: %s", l)
			}
		case "PUTERR", "INTERRUPTERR":
			t.Errorf("the opened store fails: %s", l)
		}
	}
}

func grep(s string) string {
	var keep []string
	for l := range strings.Lines(s) {
		for _, p := range []string{"CHECKED", "EXPORTED", "REFUSED", "PROBLEM", "GETERR", "WRONG", "PLACEERR", "GRAPHERR", "PUTERR", "INTERRUPTERR", "OPENED"} {
			if strings.HasPrefix(l, p) {
				keep = append(keep, strings.TrimSpace(l))
			}
		}
	}
	return strings.Join(keep, "\n")
}

// TestBadRecords: one bad job record or a junk key stopped the server
// from starting. Now Open reports them, a read of the bad record is
// ErrCorrupt (a 500), and everything else is served and written.
func TestBadRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	writeSample(t, path)
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	bad := sampleJobs()[1].ID
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("jobs"))
		if err := b.Put([]byte("junk"), []byte("{}")); err != nil {
			return err
		}
		return b.Put([]byte(bad), []byte(`{"id":`))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if p := strings.Join(st.Problems(), "\n"); !strings.Contains(p, `junk key "junk"`) || !strings.Contains(p, bad) {
		t.Errorf("problems %q", p)
	}
	if _, err := st.Get(bad); !errors.Is(err, jobs.ErrCorrupt) {
		t.Errorf("Get of the bad record: %v", err)
	}
	r, err := jobs.New(st, jobs.Options{}) // marks stale jobs interrupted
	if err != nil {
		t.Fatalf("the runner does not start: %v", err)
	}
	r.Close(context.Background())
	if j, err := st.Get(sampleJobs()[0].ID); err != nil || j.Status != jobs.Done {
		t.Errorf("a good job: %+v, %v", j, err)
	}
}
