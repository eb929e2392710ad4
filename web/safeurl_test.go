//go:build !(js && wasm)

package web

import (
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// hostile are values that broke out of a pre-rendered attribute before
// safeURL (go-app writes `"` as `\"`), or would change on the way back.
var hostile = []string{
	`"><img src=x onerror=alert(1)>`,
	`\"><script>alert(1)</script>`,
	`x\" autofocus onfocus=alert(1) y=\"`,
	`"onmouseover="alert(1)`,
	`&quot;><img src=x onerror=alert(1)>`,
	"a\x00b\nc\u2028d",
	"trailing\\",
	"\xff\xfe",
}

// pageKeys lists the pages and the URL keys each reads.
var pageKeys = map[string][]string{
	"/":        {"guest", "host", "algo", "seed", "budget", "start", "ta", "tc", "step", "objective"},
	"/gantt":   {"guest", "host", "algo", "vs", "ta", "tc"},
	"/compare": {"guest", "host", "seed", "budget", "start"},
}

// elemAttrs parses a page and returns, per element, its tag and
// attribute names; it fails on a parse error.
func elemAttrs(t *testing.T, page string) (tags map[string]bool, attrs map[string]bool, values []string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	tags, attrs = map[string]bool{}, map[string]bool{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			tags[n.Data] = true
			for _, a := range n.Attr {
				attrs[n.Data+"@"+a.Key] = true
				values = append(values, a.Val)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return tags, attrs, values
}

func get(t *testing.T, target string) string {
	t.Helper()
	w := httptest.NewRecorder()
	AppHandler(AppOptions{Version: "t", NoServiceWorker: true}).ServeHTTP(w, httptest.NewRequest("GET", target, nil))
	if w.Code != 200 {
		t.Fatalf("GET %s: status %d", target, w.Code)
	}
	return w.Body.String()
}

// TestPrerenderEscapes puts hostile text in every key of every page, and
// in a job page's path, and checks that the pre-rendered HTML has no
// element or attribute the benign page lacks, and that no attribute value
// read back by an HTML parser holds a quote (it would have been cut).
func TestPrerenderEscapes(t *testing.T) {
	check := func(t *testing.T, benign, target string) {
		t.Helper()
		wantTags, wantAttrs, _ := elemAttrs(t, get(t, benign))
		tags, attrs, values := elemAttrs(t, get(t, target))
		for tag := range tags {
			if !wantTags[tag] {
				t.Errorf("GET %s: element <%s> injected", target, tag)
			}
		}
		for a := range attrs {
			// An invalid field gets class, aria-invalid and aria-describedby,
			// its message aria-live, and the parameters' details open when
			// one is given: the page's own markup, not the text's.
			if !wantAttrs[a] && !strings.HasSuffix(a, "@aria-invalid") && !strings.HasSuffix(a, "@class") &&
				!strings.HasSuffix(a, "@aria-describedby") && !strings.HasSuffix(a, "@aria-live") && a != "details@open" {
				t.Errorf("GET %s: attribute %s injected", target, a)
			}
		}
		for _, v := range values {
			if strings.ContainsAny(v, `"\`) {
				t.Errorf("GET %s: attribute value %q holds a quote or backslash", target, v)
			}
		}
	}
	for path, keys := range pageKeys {
		for _, key := range keys {
			for _, h := range hostile {
				q := url.Values{"guest": {"grid:9x8"}, "host": {"mesh:6x12"}, "algo": {"affn"}}
				if path == "/gantt" {
					q = url.Values{"guest": {"hypercube:3"}, "host": {"line:8"}, "algo": {"standard"}}
				}
				benign := path + "?" + q.Encode()
				q.Set(key, h)
				check(t, benign, path+"?"+q.Encode())
			}
		}
	}
	for _, h := range hostile {
		if !strings.Contains(h, "/") { // a second path segment is not a job page
			check(t, "/jobs/0123456789abcdef0123", "/jobs/"+url.PathEscape(h))
		}
	}
}

// TestSafeURL checks what the pre-render sees: safe text unchanged,
// unsafe runes replaced, the request otherwise intact.
func TestSafeURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/?guest=grid%3A9x8&host=mesh%3A6x12", "/?guest=grid%3A9x8&host=mesh%3A6x12"},
		{"/?host=%22%3E%3Cimg%3E", "/?host=%EF%BF%BD%3E%3Cimg%3E"},
		{"/?a%26b=c%5Cd", "/?a%EF%BF%BDb=c%EF%BF%BDd"},
		{"/jobs/%22x", "/jobs/%EF%BF%BDx"},
		{"/?x=%zz&y=1", "/?y=1"},
	} {
		u, _ := url.Parse(tc.in)
		got, changed := safeURL(u)
		if got.String() != tc.want || changed != (tc.in != tc.want) {
			t.Errorf("safeURL(%s) = %s, %v; want %s", tc.in, got, changed, tc.want)
		}
	}
}

// FuzzSafeURL: whatever the request URL, what the pre-render sees goes
// through go-app's attribute encoder (strconv.Quote) unchanged and reads
// back the same in HTML (no &).
func FuzzSafeURL(f *testing.F) {
	for _, s := range []string{"/?host=%22%3E%3Cimg%3E", "/jobs/%5C%22", "/?a%26b=c", "/?x=%zz&y=%ff", "/gantt?vs=\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := url.Parse(raw)
		if err != nil {
			return
		}
		got, _ := safeURL(u)
		q, err := url.ParseQuery(got.RawQuery)
		if err != nil {
			t.Fatalf("safeURL(%q) query %q does not parse: %v", raw, got.RawQuery, err)
		}
		texts := []string{got.Path}
		for k, vs := range q {
			texts = append(texts, k)
			texts = append(texts, vs...)
		}
		for _, s := range texts {
			if strconv.Quote(s) != `"`+s+`"` || strings.Contains(s, "&") {
				t.Fatalf("safeURL(%q) leaves %q", raw, s)
			}
		}
	})
}
