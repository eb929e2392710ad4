package api_test

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/spec"
	"topomap/backend/api"
)

// TestRequestCarriesEveryField: the JSON keys of Request are exactly the
// field table's names, and a request with every field set survives the
// trip request → instance → request, so that no field of the API is lost
// on its way to the one parser (spec.Fields) and back.
func TestRequestCarriesEveryField(t *testing.T) {
	r := api.Request{Guest: "grid:4x4", Host: "torus:4x4", Algo: "pairs", Seed: 7, Budget: "1.5s",
		Moves: 1000, Start: "rowmajor", Ta: 0.5, Tc: 1e-7, Objective: "congestion", Nodes: "0-7", RanksPerNode: 2}
	v := reflect.ValueOf(r)
	var keys []string
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("field %s is not set in the test's request: set it, so that the round trip covers it", v.Type().Field(i).Name)
		}
		key, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		keys = append(keys, key)
	}
	if !slices.Equal(keys, spec.FieldNames()) {
		t.Errorf("Request's keys %v, the field table's %v", keys, spec.FieldNames())
	}
	in, err := r.Instance()
	if err != nil {
		t.Fatal(err)
	}
	if back := api.RequestOf(in); back != r {
		t.Errorf("round trip: got %+v, want %+v", back, r)
	}
	// A time that no JSON carries is refused by the parser, not a panic.
	if _, err := (api.Request{Guest: "hypercube:3", Host: "line:8", Algo: "byweight", Ta: math.NaN()}).Instance(); spec.FieldOf(err) != "ta" {
		t.Errorf("ta NaN: %v, want an error about ta", err)
	}
	// Zero optional fields are left out, as in permalinks.
	in, err = api.Request{Guest: "grid:2x2", Host: "mesh:2x2", Algo: "rowmajor"}.Instance()
	if q := in.Query(); err != nil || len(q) != 3 {
		t.Errorf("instance of a request without options: %v, %v; want guest, host and algo only", q, err)
	}
}
