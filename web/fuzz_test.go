//go:build !(js && wasm)

package web

import (
	"net/url"
	"testing"
)

// FuzzPermalink feeds arbitrary queries to the pages' form: it must never
// panic, and a valid state's permalink must load back to the same state.
func FuzzPermalink(f *testing.F) {
	for _, s := range []string{
		"algo=xor&guest=hypercube%3A4&host=ring%3A16",
		"algo=affn&guest=grid%3A9x8&host=mesh%3A6x12&step=3",
		"algo=pairs&budget=1s&guest=grid%3A32x32&host=mesh%3A64x16&seed=7&start=rowmajor",
		"guest=hypercube:3&host=line:8&algo=standard&vs=byweight&ta=2&tc=0.5",
		"guest=grid:4x4:wrap&host=torus:4x4&algo=rowmajor",
		"host=mesh:8x4:wrap=10&guest=grid:8x4&algo=affn",
		"guest=&host=&algo=",
		"guest=hypercube:99&host=ring:-1&algo=X&step=-4",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if len(raw) > 512 {
			t.Skip()
		}
		q, err := url.ParseQuery(raw)
		if err != nil {
			t.Skip()
		}
		in, errs := formFromQuery(q).check()
		_ = atoiOr(q.Get("step"), 0)
		if len(errs) > 0 {
			return
		}
		link := pageURL("/", in, nil)
		u, err := url.Parse(link)
		if err != nil {
			t.Fatalf("permalink %q does not parse: %v", link, err)
		}
		again, errs := formFromQuery(u.Query()).check()
		if len(errs) > 0 {
			t.Fatalf("permalink %q of a valid state is invalid: %v", link, errs)
		}
		if pageURL("/", again, nil) != link {
			t.Fatalf("permalink %q loads back as %q", link, pageURL("/", again, nil))
		}
	})
}
