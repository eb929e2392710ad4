//go:build !(js && wasm)

package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// go-app v10 pre-renders an attribute as name=strconv.Quote(value): a `"`
// in the value becomes `\"`, which HTML does not read as an escape, so the
// value ends there and the rest of it is markup (`"><img onerror=...>`).
// A `&` is not escaped either, so "&lt;" reads back as "<". The only user
// text a pre-render sees is the request URL (pages read their state from
// it, and go-app itself writes the path into og:url), so every page
// request passes through safePages, which hands go-app a URL whose
// decoded path, keys and values go through Quote unchanged. The browser
// then renders the real URL through the DOM, which needs no escaping.

// unsafeRune replaces what cannot reach a pre-rendered attribute as is.
const unsafeRune = '\uFFFD'

// attrSafe reports whether go-app writes r into an attribute verbatim and
// HTML reads it back the same: printable, not a quote, backslash or &.
func attrSafe(r rune) bool {
	return r != '"' && r != '\\' && r != '&' && r != utf8.RuneError && strconv.IsPrint(r)
}

// attrClean returns s with every rune that is not attrSafe replaced by
// U+FFFD (invalid UTF-8 included).
func attrClean(s string) string {
	clean := true
	for _, r := range s {
		clean = clean && attrSafe(r)
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if attrSafe(r) {
			return r
		}
		return unsafeRune
	}, s)
}

// safeURL returns u with its path, query keys and values cleaned by
// attrClean, and whether anything changed.
func safeURL(u *url.URL) (*url.URL, bool) {
	path := attrClean(u.Path)
	q := url.Values{}
	changed := path != u.Path
	parsed, err := url.ParseQuery(u.RawQuery)
	changed = changed || err != nil // a malformed query is re-encoded from what parsed
	for k, vs := range parsed {
		ck := attrClean(k)
		changed = changed || ck != k
		for _, v := range vs {
			cv := attrClean(v)
			changed = changed || cv != v
			q[ck] = append(q[ck], cv)
		}
	}
	if !changed {
		return u, false
	}
	c := *u
	c.Path, c.RawPath, c.RawQuery, c.Fragment, c.RawFragment = path, "", queryString(q), "", ""
	return &c, true
}

// safePages serves h with request URLs made safe for go-app's pre-render
// (safeURL). It is the one place every pre-rendered page goes through.
type safePages struct{ h http.Handler }

func (s safePages) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if u, changed := safeURL(r.URL); changed {
		r = r.Clone(r.Context())
		r.URL = u
		r.RequestURI = u.RequestURI()
	}
	s.h.ServeHTTP(w, r)
}
