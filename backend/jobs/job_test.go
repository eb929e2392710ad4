package jobs_test

import (
	"errors"
	"strings"
	"testing"

	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

func TestDecodeRequest(t *testing.T) {
	tests := []struct {
		name, body string
		field      string // "" with ok = true: valid
		ok         bool
		canonical  string // the instance's query when ok
	}{
		{name: "minimal", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor"}`, ok: true,
			canonical: "algo=xor&guest=hypercube%3A4&host=ring%3A16"},
		{name: "all fields normalised", body: `{"guest":" GRID:4x4 ","host":"mesh:4x4:wrap=11","algo":"pairs","seed":7,"budget":"1500ms","start":"affn","ta":1,"tc":0.5}`, ok: true,
			canonical: "algo=pairs&budget=1.5s&guest=grid%3A4x4&host=torus%3A4x4&seed=7&start=affn&ta=1&tc=0.5"},
		{name: "empty body", body: ``},
		{name: "not an object", body: `[1,2]`},
		{name: "malformed", body: `{"guest":`},
		{name: "trailing data", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor"} {}`},
		{name: "unknown field", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor","n":3}`, field: "n"},
		{name: "seed is a string", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor","seed":"7"}`, field: "seed"},
		{name: "negative seed", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor","seed":-1}`, field: "seed"},
		{name: "guest is a number", body: `{"guest":4,"host":"ring:16","algo":"xor"}`, field: "guest"},
		{name: "missing guest", body: `{"host":"ring:16","algo":"xor"}`, field: "guest"},
		{name: "bad host", body: `{"guest":"hypercube:4","host":"star:16","algo":"xor"}`, field: "host"},
		{name: "bad algo name", body: `{"guest":"hypercube:4","host":"ring:16","algo":"X Y"}`, field: "algo"},
		{name: "bad budget", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor","budget":"soon"}`, field: "budget"},
		{name: "negative ta", body: `{"guest":"hypercube:4","host":"ring:16","algo":"xor","ta":-1}`, field: "ta"},
		{name: "too large", body: `{"guest":"` + strings.Repeat("x", jobs.MaxRequestBytes) + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, in, err := jobs.DecodeRequest(strings.NewReader(tt.body))
			if tt.ok {
				if err != nil {
					t.Fatalf("error %v", err)
				}
				if got := in.Query().Encode(); got != tt.canonical {
					t.Fatalf("canonical %q, want %q", got, tt.canonical)
				}
				return
			}
			var fe *spec.FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T), want a *spec.FieldError", err, err)
			}
			if fe.Field != tt.field {
				t.Fatalf("field %q, want %q (error %v)", fe.Field, tt.field, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
		})
	}
}

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

// FuzzDecodeJobRequest: DecodeRequest never panics, every error names a
// field as a *spec.FieldError on one line, and an accepted request's
// canonical form decodes to the same instance (same job id).
func FuzzDecodeJobRequest(f *testing.F) {
	for _, s := range []string{
		`{"guest":"hypercube:4","host":"ring:16","algo":"xor"}`,
		`{"guest":"grid:256x256","host":"mesh:128x512","algo":"pairs","budget":"2s","seed":3,"start":"affn"}`,
		`{"guest":"grid:2x2:wrap","host":"torus:2x2","algo":"x","ta":1e9,"tc":0}`,
		`{"guest":1}`, `[]`, `{`, `{"a":1}`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, in, err := jobs.DecodeRequest(strings.NewReader(string(body)))
		if err != nil {
			var fe *spec.FieldError
			if !errors.As(err, &fe) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q (%T)", err, err)
			}
			return
		}
		back, err := jobs.RequestOf(in).Instance()
		if err != nil {
			t.Fatalf("canonical form of %+v does not parse: %v", req, err)
		}
		if jobs.ID(back) != jobs.ID(in) {
			t.Fatalf("canonical form of %+v changes the id", req)
		}
	})
}
