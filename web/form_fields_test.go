//go:build !(js && wasm)

package web

import (
	"net/url"
	"testing"

	"topomap/algorithms/spec"
)

// TestFormHoldsEveryField: the form holds the text of every field of the
// request table (spec.Fields), reads it from a query and gives each
// optional one the table's parser: a field added to the table without
// its place in form.text fails here, not silently on the pages.
func TestFormHoldsEveryField(t *testing.T) {
	var f form
	for _, fld := range spec.Fields {
		if f.text(fld.Name) == nil {
			t.Errorf("form holds no text of field %s", fld.Name)
		}
	}
	q, err := url.ParseQuery("guest=grid:2x2&host=ring:4&algo=pairs&seed=7&budget=2s&moves=10&start=rb&ta=1&tc=2&objective=congestion&nodes=0-3&ranksPerNode=1")
	if err != nil {
		t.Fatal(err)
	}
	f = formFromQuery(q)
	var in spec.Instance
	errs := fieldErrors{}
	f.parseOptional(&in, errs)
	for _, fld := range spec.Fields {
		if got := *f.text(fld.Name); got != q.Get(fld.Name) {
			t.Errorf("field %s reads %q from the query, want %q", fld.Name, got, q.Get(fld.Name))
		}
		if !fld.Required && fld.Format(in) == "" {
			t.Errorf("optional field %s not parsed into the instance (errors %v)", fld.Name, errs)
		}
	}
	f.Seed, f.Budget = "-1", "soon"
	in, errs = spec.Instance{}, fieldErrors{}
	f.parseOptional(&in, errs)
	if errs["seed"] == "" || errs["budget"] == "" || len(errs) != 2 || in.Seed != 0 || in.Budget != 0 {
		t.Errorf("bad seed and budget: errors %v, instance seed %d budget %v", errs, in.Seed, in.Budget)
	}
}
