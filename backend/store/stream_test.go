package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/store"
)

// exportOf returns the export stream of src.
func exportOf(t testing.TB, src store.Source) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, problems, err := store.Export(context.Background(), src, &b); err != nil || len(problems) > 0 {
		t.Fatalf("export: %v %v", problems, err)
	}
	return b.Bytes()
}

// placements returns the placement bytes of every job of src.
func placements(t *testing.T, src store.Source) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	if _, err := src.EachJob(context.Background(), func(j jobs.Job, place []byte) error {
		m[j.ID] = bytes.Clone(place)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return m
}

// checked is a store's check without where it is and its size, which
// differ between two files holding the same records.
func checked(t *testing.T, src store.Source) store.Report {
	t.Helper()
	r, err := store.CheckSource(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	r.Path, r.Bytes = "", 0
	return r
}

// TestExportImportKeepsEveryRecord: a bbolt store (25 jobs, 21 with
// placements, one of 2^20 vertices, three graphs) exported and imported
// into a fresh bbolt store and into a memory store checks the same, has
// byte-identical placements and exports the same bytes; importing again
// adds nothing.
func TestExportImportKeepsEveryRecord(t *testing.T) {
	ctx := context.Background()
	pathA := filepath.Join(t.TempDir(), "topomap.db")
	writeSample(t, pathA)
	a, err := store.Open(pathA)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	big := make([]int, 1<<20)
	for v := range big {
		big[v] = (v * 40503) % (1 << 20)
	}
	if err := a.Finish(jobs.Job{ID: strings.Repeat("b", jobs.IDLen), Status: jobs.Done, Created: time.Date(2026, 12, 3, 1, 0, 0, 0, time.UTC)}, big); err != nil {
		t.Fatal(err)
	}
	stream := exportOf(t, a)
	want := checked(t, a)
	if want.Jobs != 25 || want.Results != 21 || want.Graphs != 3 {
		t.Fatalf("the sample store: %+v", want)
	}
	b, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for name, dst := range map[string]store.Archive{"bbolt": b, "memory": store.NewMemory()} {
		got, err := store.Import(ctx, bytes.NewReader(stream), dst)
		if all := (store.Exported{Jobs: 25, Graphs: 3}); err != nil || got != (store.Imported{Added: all}) {
			t.Fatalf("%s: import: %+v, %v", name, got, err)
		}
		if r := checked(t, dst); fmt.Sprint(r) != fmt.Sprint(want) {
			t.Errorf("%s: check %+v, want %+v", name, r, want)
		}
		pa, pb := placements(t, a), placements(t, dst)
		for id, p := range pa {
			if !bytes.Equal(p, pb[id]) {
				t.Errorf("%s: job %s: placement of %d bytes, want the %d exported", name, id, len(pb[id]), len(p))
			}
		}
		if again := exportOf(t, dst); !bytes.Equal(again, stream) {
			t.Errorf("%s: its export differs from the one imported (%d bytes, want %d)", name, len(again), len(stream))
		}
		got, err = store.Import(ctx, bytes.NewReader(stream), dst)
		if all := (store.Exported{Jobs: 25, Graphs: 3}); err != nil || got != (store.Imported{Present: all}) {
			t.Errorf("%s: importing again: %+v, %v; want nothing added", name, got, err)
		}
	}
}

// TestImportInterruptsLiveJobs: a job exported while queued or running is
// imported interrupted, saying so: no server of the new store runs it.
func TestImportInterruptsLiveJobs(t *testing.T) {
	src := store.NewMemory()
	at := time.Date(2026, 12, 3, 2, 0, 0, 0, time.UTC)
	src.Put(jobs.Job{ID: strings.Repeat("1", jobs.IDLen), Status: jobs.Queued, Created: at})
	src.Put(jobs.Job{ID: strings.Repeat("2", jobs.IDLen), Status: jobs.Running, Created: at, Started: at.Add(time.Second)})
	dst := store.NewMemory()
	if _, err := store.Import(context.Background(), bytes.NewReader(exportOf(t, src)), dst); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, was string
		at      time.Time
	}{{strings.Repeat("1", jobs.IDLen), "queued", at}, {strings.Repeat("2", jobs.IDLen), "running", at.Add(time.Second)}} {
		j, err := dst.Get(c.id)
		if err != nil || j.Status != jobs.Interrupted || !strings.Contains(j.Error, c.was) || !j.Finished.Equal(c.at) {
			t.Errorf("job %s: %+v, %v; want interrupted, saying it was %s, at %v", c.id, j, err, c.was, c.at)
		}
	}
}

// withCRC returns line with its checksum computed again (a hand oracle
// of the stream's rule: CRC-32C of the bytes before `,"crc":"`).
func withCRC(line string) string {
	body, _, ok := strings.Cut(line, `,"crc":"`)
	if !ok {
		body = strings.TrimSuffix(line, "}")
	}
	return fmt.Sprintf(`%s,"crc":"%08x"}`, body, crc32.Checksum([]byte(body), crc32.MakeTable(crc32.Castagnoli)))
}

// smallStream is the export of a done job, a failed one and a graph.
func smallStream(t *testing.T) []string {
	src := store.NewMemory()
	at := time.Date(2026, 12, 3, 3, 0, 0, 0, time.UTC)
	src.Finish(jobs.Job{ID: strings.Repeat("a", jobs.IDLen), Status: jobs.Done, Created: at}, []int{3, 1, 2, 0})
	src.Put(jobs.Job{ID: strings.Repeat("c", jobs.IDLen), Status: jobs.Failed, Error: "boom", Created: at})
	src.PutGraph(sampleGraph(t, 5), 0)
	lines := strings.Split(strings.TrimSuffix(string(exportOf(t, src)), "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	return lines
}

// TestImportRefusesABadLineNamingIt: a changed byte, a cut or a line that
// does not belong is refused with its line number and what is wrong.
func TestImportRefusesABadLineNamingIt(t *testing.T) {
	lines := smallStream(t)
	edit := func(at int, f func(string) string) string {
		c := append([]string(nil), lines...)
		c[at-1] = f(c[at-1])
		return strings.Join(c, "\n") + "\n"
	}
	replace := func(old, new string) func(string) string {
		return func(l string) string {
			if !strings.Contains(l, old) {
				t.Fatalf("%q not in %s", old, l)
			}
			return withCRC(strings.Replace(l, old, new, 1))
		}
	}
	whole := strings.Join(lines, "\n") + "\n"
	cases := []struct {
		name, stream string
		line         int
		says         string
	}{
		{"a flipped digit", edit(2, func(l string) string { return strings.Replace(l, `"fraction":0`, `"fraction":1`, 1) }), 2, "checksum"},
		{"a bad checksum digit", edit(3, func(l string) string { return l[:len(l)-3] + "x\"}" }), 3, "checksum"},
		{"no checksum", edit(4, func(l string) string { return l[:strings.Index(l, `,"crc"`)] + "}" }), 4, "crc"},
		{"cut after a line", strings.Join(lines[:3], "\n") + "\n", 4, "cut short"},
		{"cut within a line", whole[:len(whole)-10], 5, "cut short"},
		{"empty", "", 1, "empty"},
		{"no header", strings.Join(lines[1:], "\n") + "\n", 1, "header"},
		{"a newer version", edit(1, replace(`"version":2`, `"version":3`)), 1, "version 3"},
		{"an unknown key", edit(2, replace(`"placement"`, `"extra":1,"placement"`)), 2, "unknown field"},
		{"a placement outside a job", edit(4, replace(`"graph"`, `"placement":"AAAA","graph"`)), 4, "exactly one"},
		{"two kinds in a line", edit(3, replace(`"job"`, `"end":{"jobs":0,"graphs":0},"job"`)), 3, "exactly one"},
		{"a done job without its placement", edit(2, replace(`,"placement":"AwAAAAEAAAACAAAAAAAAAA=="`, ``)), 2, "done without a placement"},
		{"a placement of 3 bytes", edit(2, replace(`"AwAAAAEAAAACAAAAAAAAAA=="`, `"AwAA"`)), 2, "not a multiple of 4"},
		{"a bad job id", edit(3, replace(`"id":"cccc`, `"id":"CCCC`)), 3, "job id"},
		{"an unknown status", edit(3, replace(`"status":"failed"`, `"status":"lost"`)), 3, "status"},
		{"a graph that is another", edit(4, replace(`1 3 0.5`, `1 3 0.25`)), 4, "its Matrix Market text is graph"},
		{"a graph that does not read", edit(4, replace(`"matrixMarket":"`, `"matrixMarket":"%comment\n`)), 4, "expected the banner"},
		{"wrong counts", edit(5, replace(`"jobs":2`, `"jobs":3`)), 5, "counts 3 jobs"},
		{"data after the end", whole + lines[1] + "\n", 5, "after the closing line"},
		{"a second header", strings.Join(append(lines[:1], lines...), "\n") + "\n", 2, "second header"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := store.Import(context.Background(), strings.NewReader(c.stream), store.NewMemory())
			var le *store.LineError
			if !errors.As(err, &le) || le.Line != c.line || !strings.Contains(err.Error(), c.says) || !strings.HasPrefix(err.Error(), fmt.Sprintf("line %d: ", c.line)) {
				t.Errorf("got %v, want an error about line %d saying %q", err, c.line, c.says)
			}
		})
	}
}

// FuzzImport: no input makes Import panic; an error names a line; a
// stream it accepts exports to a stream that imports to the same export.
// Each input is imported as it is and with every line's checksum set
// right, so that the fuzzer reaches the decoding behind the checksums.
func FuzzImport(f *testing.F) {
	src := store.NewMemory()
	src.Finish(jobs.Job{ID: strings.Repeat("a", jobs.IDLen), Status: jobs.Done}, []int{1, 0})
	src.Put(jobs.Job{ID: strings.Repeat("d", jobs.IDLen), Status: jobs.Running})
	src.PutGraph(sampleGraph(f, 4), 0)
	f.Add(exportOf(f, src))
	f.Add([]byte(withCRC(`{"format":"topomap-store","version":2}`) + "\n" + withCRC(`{"end":{"jobs":0,"graphs":0}}`) + "\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		importRoundTrip(t, b)
		lines := strings.Split(string(b), "\n")
		for i, l := range lines[:len(lines)-1] {
			lines[i] = withCRC(l)
		}
		importRoundTrip(t, []byte(strings.Join(lines, "\n")))
	})
}

// importRoundTrip imports b; if that fails, the error names a line of b;
// if not, the export of what it imported imports to the same export.
func importRoundTrip(t *testing.T, b []byte) {
	dst := store.NewMemory()
	_, err := store.Import(context.Background(), bytes.NewReader(b), dst)
	var le *store.LineError
	if err != nil {
		if !errors.As(err, &le) || le.Line < 1 || le.Line > bytes.Count(b, []byte("\n"))+1 {
			t.Fatalf("an error without its line: %v", err)
		}
		return
	}
	once := exportOf(t, dst)
	again := store.NewMemory()
	if _, err := store.Import(context.Background(), bytes.NewReader(once), again); err != nil {
		t.Fatalf("its own export does not import: %v", err)
	}
	if twice := exportOf(t, again); !bytes.Equal(once, twice) {
		t.Fatalf("export, import, export: %q then %q", once, twice)
	}
}
