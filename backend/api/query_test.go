package api_test

import (
	"math"
	"reflect"
	"testing"

	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// TestRequestQueryEveryField: a request with every field set survives the
// trip request → query → instance → request, so that no field of the API
// is lost on its way to the one parser (spec.ParseQuery) and back
// (spec.Instance.Query): the key lists cannot drift apart.
func TestRequestQueryEveryField(t *testing.T) {
	r := api.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "pairs", Seed: 7, Budget: "1.5s",
		Moves: 1000, Start: "rowmajor", Ta: 0.5, Tc: 1e-7}
	v := reflect.ValueOf(r)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("field %s is not set in the test's request: set it, so that the round trip covers it", v.Type().Field(i).Name)
		}
	}
	in, err := r.Instance()
	if err != nil {
		t.Fatal(err)
	}
	if back := api.RequestOf(in); back != r {
		t.Errorf("round trip: got %+v, want %+v", back, r)
	}
	if got, want := r.Query().Encode(), in.Query().Encode(); got != want {
		t.Errorf("request query %s, instance query %s", got, want)
	}
	// A time that no JSON carries is refused by the parser, not a panic.
	if _, err := (api.Request{Guest: "hypercube:3", Host: "line:8", Algo: "byweight", Ta: math.NaN()}).Instance(); spec.FieldOf(err) != "ta" {
		t.Errorf("ta NaN: %v, want an error about ta", err)
	}
	// Zero optional fields are left out, as in permalinks.
	q := api.Request{Guest: "grid:2x2", Host: "mesh:2x2", Algo: "rowmajor"}.Query()
	if len(q) != 3 {
		t.Errorf("query of a request without options: %v, want guest, host and algo only", q)
	}
	if _, err := spec.ParseQuery(q); err != nil {
		t.Error(err)
	}
}
