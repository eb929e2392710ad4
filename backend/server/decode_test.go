package server_test

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/server"
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
		// a JSON file saved on Windows: "malformed JSON at byte 1" before
		{name: "byte order mark", body: "\ufeff" + `{"guest":"hypercube:4","host":"ring:16","algo":"xor"}`, ok: true,
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
		{name: "too large", body: `{"guest":"` + strings.Repeat("x", server.MaxRequestBytes) + `"}`, field: "body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := server.DecodeJob(strings.NewReader(tt.body))
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

// TestDecodingKeepsItsAnswers: the bodies of testdata/decode_answers.json
// (valid ones, and every kind of bad one) get, from POST /jobs' and POST
// /map's decoders, the instance, host names, error and field that the
// decoder of before the field table gave them, recorded there (but for a
// key given twice, which that decoder read as its last value and which is
// refused since, and for a body over the limit, a 413 on body since).
func TestDecodingKeepsItsAnswers(t *testing.T) {
	b, err := os.ReadFile("testdata/decode_answers.json")
	if err != nil {
		t.Fatal(err)
	}
	var answers []struct {
		Body, Path, Field, Error, Query string
		Hostnames                       []string
	}
	if err := json.Unmarshal(b, &answers); err != nil {
		t.Fatal(err)
	}
	for _, a := range answers {
		var in spec.Instance
		var names []string
		if a.Path == "jobs" {
			in, err = server.DecodeJob(strings.NewReader(a.Body))
		} else {
			in, names, err = server.DecodeMap(strings.NewReader(a.Body))
		}
		var gotErr, query string
		if err != nil {
			gotErr, names = err.Error(), nil
		} else {
			query = in.Query().Encode()
		}
		if gotErr != a.Error || spec.FieldOf(err) != a.Field || query != a.Query || !slices.Equal(names, a.Hostnames) {
			t.Errorf("POST /%s %.80q:\n got %q (field %q), %q, %q\nwant %q (field %q), %q, %q",
				a.Path, a.Body, gotErr, spec.FieldOf(err), query, names, a.Error, a.Field, a.Query, a.Hostnames)
		}
	}
}

// FuzzDecodeJobRequest: decoding never panics, every error names a field
// as a *spec.FieldError on one line, and an accepted request's canonical
// form decodes to the same instance (same job id).
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
		in, err := server.DecodeJob(strings.NewReader(string(body)))
		if err != nil {
			var fe *spec.FieldError
			if !errors.As(err, &fe) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q (%T)", err, err)
			}
			return
		}
		back, err := jobs.RequestOf(in).Instance()
		if err != nil {
			t.Fatalf("canonical form of %q does not parse: %v", body, err)
		}
		if jobs.ID(back) != jobs.ID(in) {
			t.Fatalf("canonical form of %q changes the id", body)
		}
	})
}

func BenchmarkDecodeRequest(b *testing.B) {
	body := `{"guest":"grid:256x256","host":"mesh:128x512","algo":"pairs","budget":"2s","seed":1,"start":"affn"}`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := server.DecodeJob(strings.NewReader(body)); err != nil {
			b.Fatal(err)
		}
	}
}
