package web

import (
	"strings"
	"testing"
)

// The tooltip of a label lists the definitions of exactly the terms it
// names as words.
func TestGlossFindsTermsAsWords(t *testing.T) {
	for _, c := range []struct {
		label string
		terms []string
	}{
		{"Guest", []string{"guest"}},
		{"Host", []string{"host"}},
		{"hop-bytes", []string{"hop-bytes"}},
		{"hops per byte", []string{"hops per byte"}},
		{"max dilation", []string{"dilation"}},
		{"dilation lower bound", []string{"dilation", "bound"}},
		{"link load lower bound", []string{"link load", "bound"}},
		{"max link load", []string{"link load"}},
		{"Σ squared link loads", []string{"link load"}},
		{"links used", []string{"links used"}},
		{"routing", []string{"routing"}},
		{"volume by hops", []string{"volume by hops"}},
		{"D_i", []string{"D_i"}},
		{"D_a", []string{"D_a"}},
		{"ghost cells", nil},
		{"hosts", []string{"host"}},
		{"hostnames", nil},
		{"boundary", nil},
		{"time", nil},
	} {
		got := gloss(c.label)
		for _, g := range glossary {
			want := false
			for _, term := range c.terms {
				want = want || term == g.term
			}
			if has := strings.Contains(got, g.def); has != want {
				t.Errorf("gloss(%q) has the definition of %q: %v, want %v", c.label, g.term, has, want)
			}
		}
	}
}
