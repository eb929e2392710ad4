//go:build !(js && wasm)

package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/metric"
	"topomap/algorithms/solve/solvetest"
	"topomap/algorithms/spec"
)

// TestTablesReadFields: the metrics panel (the explorer's and
// the job page's) and the compare table show the rows and columns of
// metric.Fields at their level, each figure formatted by the field (its
// units joined by no-break spaces, see unbroken), a
// missing one as "— (why)".
func TestTablesReadFields(t *testing.T) {
	r := solvetest.Map(t, "guest=grid:9x8&host=mesh:6x12&algo=affn")
	html := app.HTMLString(metricsPanel(r.Metrics, "time", "1 ms"))
	for _, row := range r.Metrics.Rows(metric.Detail) {
		if !strings.Contains(html, `data-metric="`+row.Label+`"`) || !strings.Contains(html, "<td>"+unbroken(shown(row.Value, row.OK))+"</td>") {
			t.Errorf("row %s = %q missing in %s", row.Label, row.Value, html)
		}
	}
	if n, want := strings.Count(html, "data-metric="), len(r.Metrics.Rows(metric.Detail))+1; n != want {
		t.Errorf("%d rows, want %d", n, want)
	}
	in, err := spec.ParseQuery(r.Instance.Query())
	if err != nil {
		t.Fatal(err)
	}
	html = app.HTMLString(compareTable(in, []compareRow{{Algo: r.Algorithm, Metrics: r.Metrics}}))
	for _, f := range metric.FieldsOf(metric.Ranking) {
		v, _ := f.Value(r.Metrics)
		// the head's text, in the th or in its glossary span
		if !strings.Contains(html, ">"+f.Label+"</") || !strings.Contains(html, ">"+unbroken(v)+"</td>") {
			t.Errorf("compare table lacks column %s (%s): %s", f.Label, v, html)
		}
	}
	if !strings.Contains(html, `class="hpb"`) {
		t.Error("compare table: the hops per byte cell lost its class")
	}
	var none metric.Metrics // a result stored before link loads
	if html := app.HTMLString(metricsPanel(none)); !strings.Contains(html, "— (not computed)") {
		t.Errorf("figures not computed shown as %s", html)
	}
}
