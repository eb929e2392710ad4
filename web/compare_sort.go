package web

import (
	"sort"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/metric"
)

// compareOrder is how the comparison table is sorted: by the column of
// key ("" keeps the order the algorithms ran in), descending when desc.
type compareOrder struct {
	key  string
	desc bool
}

// The keys of the columns that are not figures of metric.Ranking.
const (
	sortAlgo       = "algo"
	sortBaseline   = "baseline"
	sortTime       = "time"
	sortConfidence = "confidence"
)

// toggled returns the order after a click on the column of key: that
// column ascending, or the other way if it was already sorted by it.
func (o compareOrder) toggled(key string) compareOrder {
	if o.key == key {
		return compareOrder{key, !o.desc}
	}
	return compareOrder{key: key}
}

// ariaSort is the column's aria-sort value under o, and the mark its
// head shows.
func (o compareOrder) ariaSort(key string) (value, mark string) {
	switch {
	case o.key != key:
		return "none", ""
	case o.desc:
		return "descending", " ▼"
	}
	return "ascending", " ▲"
}

// sorted returns the rows in order o, stably; rows without the column's
// figure (refused, not run, no messages) stay last either way.
func (o compareOrder) sorted(rows []compareRow) []compareRow {
	if o.key == "" {
		return rows
	}
	out := append([]compareRow(nil), rows...)
	// sort.SliceStable, not slices.SortStableFunc: a generic sort's
	// instantiation adds kilobytes to the browser client, and this one
	// is in it already
	sort.SliceStable(out, func(i, j int) bool {
		a, b := sortKeyOf(o.key, out[i]), sortKeyOf(o.key, out[j])
		if a.ok != b.ok {
			return a.ok
		}
		if o.desc {
			a, b = b, a
		}
		return a.num < b.num || (a.num == b.num && a.text < b.text)
	})
	return out
}

// sortKey is a row's value in one column: a number or a text, or none.
type sortKey struct {
	num  float64
	text string
	ok   bool
}

// sortKeyOf returns row r's value in the column of key.
func sortKeyOf(key string, r compareRow) sortKey {
	switch key {
	case sortAlgo:
		return sortKey{text: r.Algo.Name, ok: true}
	case sortConfidence:
		return sortKey{text: r.Algo.Notes.Confidence, ok: true}
	}
	if r.Err != "" {
		return sortKey{}
	}
	switch key {
	case sortTime:
		return sortKey{num: r.Seconds, ok: true}
	case sortBaseline:
		if r.Baseline == nil || r.Baseline.Change == nil {
			return sortKey{}
		}
		return sortKey{num: *r.Baseline.Change, ok: true}
	}
	f := metric.FieldOf(key)
	if _, ok := f.Value(r.Metrics); !ok || f.Sort == nil {
		return sortKey{}
	}
	return sortKey{num: f.Sort(r.Metrics), ok: true}
}

// sortHeader is a column head that sorts the table by key when clicked.
func sortHeader(o compareOrder, key string, label app.UI, onSort func(string) app.EventHandler) app.UI {
	value, mark := o.ariaSort(key)
	return app.Th().Aria("sort", value).Body(
		app.Button().Class("sort").DataSet("sort", key).Title("sort by this column").OnClick(onSort(key)).Body(label, app.Text(mark)))
}
