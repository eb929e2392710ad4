package jobs_test

import (
	"strings"
	"testing"

	"topomap/backend/jobs"
)

func TestID(t *testing.T) {
	a := instance(t, "GRID:4x4", "mesh:4x4", "affn")
	b := instance(t, "grid:4x4", "mesh:4x4:wrap=00", "affn")
	if jobs.ID(a) != jobs.ID(b) {
		t.Fatalf("equal instances, different ids %s %s", jobs.ID(a), jobs.ID(b))
	}
	b.Seed = 1
	if jobs.ID(a) == jobs.ID(b) {
		t.Fatal("different seeds, same id")
	}
	if id := jobs.ID(a); !jobs.ValidID(id) || len(id) != jobs.IDLen {
		t.Fatalf("id %q is not valid", id)
	}
	for _, bad := range []string{"", "abc", strings.Repeat("g", jobs.IDLen), strings.Repeat("A", jobs.IDLen), "../" + strings.Repeat("a", jobs.IDLen-3)} {
		if jobs.ValidID(bad) {
			t.Errorf("ValidID(%q) = true", bad)
		}
	}
}

func TestRequestOfRoundTrip(t *testing.T) {
	in := instance(t, "grid:8x8x4:wrap", "torus:16x16", "affn3d")
	in.Seed, in.Ta, in.Tc = 42, 1.5, 0.25
	back, err := jobs.RequestOf(in).Instance()
	if err != nil {
		t.Fatal(err)
	}
	if back.Query().Encode() != in.Query().Encode() {
		t.Fatalf("round trip %q, want %q", back.Query().Encode(), in.Query().Encode())
	}
}
