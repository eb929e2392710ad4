package spec_test

import (
	"testing"

	"topomap/algorithms/spec"
)

// TestDecodeObjectTakesItsKeysExactly: DecodeObject takes its keys as
// DecodeJSON takes a request's, spelled exactly and once, and refuses
// what encoding/json lets through (another case, a key twice, trailing
// data), each error naming the key at fault.
func TestDecodeObjectTakesItsKeysExactly(t *testing.T) {
	m, err := spec.DecodeObject([]byte(`{"hostnames":["a","b"]}`), "hostnames")
	if err != nil || string(m["hostnames"]) != `["a","b"]` {
		t.Fatalf("%q, %v", m, err)
	}
	for body, field := range map[string]string{
		`{"HOSTNAMES":["a"]}`:                  "HOSTNAMES",
		`{"hostnames":["a"],"hostnames":[]}`:   "hostnames",
		`{"hostnames":["a"]} {}`:               "",
		`{"hostnames":["a"],"guest":"ring:4"}`: "guest",
		`["a"]`:                                "",
		`null`:                                 "",
		`{"hostnames":`:                        "",
	} {
		_, err := spec.DecodeObject([]byte(body), "hostnames")
		if spec.FieldOf(err) != field || err == nil {
			t.Errorf("%s: %v, want an error on %q", body, err, field)
		}
	}
}
