package solvetest

import (
	"context"
	"net/url"
	"testing"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// Map parses query, a permalink query such as
// "algo=xor&guest=hypercube:4&host=ring:16", with spec.ParseQuery and maps
// the instance with solve.Map; any error fails t at once.
func Map(t testing.TB, query string) *solve.Result {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	in, err := spec.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	r, err := solve.Map(context.Background(), in, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Pair parses a guest and a host spec string; an error fails t at once.
func Pair(t testing.TB, guest, host string) (spec.Guest, topology.Host) {
	t.Helper()
	g, err := spec.ParseGuest(guest)
	if err != nil {
		t.Fatal(err)
	}
	h, err := spec.ParseHost(host)
	if err != nil {
		t.Fatal(err)
	}
	return g, h
}
