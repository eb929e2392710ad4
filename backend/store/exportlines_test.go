package store_test

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/backend/store"
)

// TestExportGraphs: an export keeps the uploaded graphs, each as Matrix
// Market text that reads back to the same graph and id, so nothing a user
// uploaded is lost when a store is saved and rebuilt.
func TestExportGraphs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.GraphRecord{sampleGraph(t, 40), sampleGraph(t, 7)}
	want[0].Owner = "ip:192.0.2.1"
	for _, r := range want {
		if _, err := st.PutGraph(r, 0); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	var out strings.Builder
	n, problems, err := store.Export(path, &out)
	if err != nil || len(problems) > 0 || n != (store.Exported{Graphs: 2}) {
		t.Fatalf("export: %+v, %v, %v", n, problems, err)
	}
	found := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line store.ExportLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil || line.Graph == nil || line.Job != nil {
			t.Fatalf("line %s: %+v, %v", sc.Text(), line, err)
		}
		res, err := graphfile.Read(strings.NewReader(line.Graph.MatrixMarket), graphfile.Options{Format: "matrixmarket"})
		if err != nil {
			t.Fatal(err)
		}
		g := guest.Canonical(res.Graph)
		owner := map[string]string{want[0].Graph.ID: want[0].Owner}[g.ID]
		if g.ID != line.Graph.ID || line.Graph.Format != "csv" || len(line.Graph.Warnings) != 1 || line.Graph.Owner != owner {
			t.Errorf("graph %s read back as %s (%+v)", line.Graph.ID, g.ID, line.Graph)
		}
		for _, r := range want {
			if r.Graph.ID == g.ID && sameGraph(r.Graph, g) {
				found[g.ID] = true
			}
		}
	}
	if len(found) != len(want) {
		t.Errorf("exported %d of the %d graphs intact", len(found), len(want))
	}
}
