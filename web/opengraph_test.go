package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestPagesCarryNoOpenGraphAddressWithoutAHost: go-app writes og:url and
// og:image as "https://" and the path, with no host, since the server is
// not told its public name; the pages leave those two tags out, keep the
// others (og:title, the description), and say their new length, while
// other answers pass as they are.
func TestPagesCarryNoOpenGraphAddressWithoutAHost(t *testing.T) {
	srv := httptest.NewServer(AppHandler(AppOptions{Version: "og", NoServiceWorker: true}))
	defer srv.Close()
	for _, path := range []string{"/", "/compare", "/algorithms", "/nowhere", "/jobs/x?guest=%22%3E"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		if strings.Contains(page, `og:url`) || strings.Contains(page, `og:image`) || strings.Contains(page, `"https://`) {
			t.Errorf("%s: an Open Graph address without a host is left in the page", path)
		}
		if !strings.Contains(page, `property="og:title"`) || !strings.Contains(page, `name="description"`) {
			t.Errorf("%s: the page lost its title or description tags", path)
		}
		if n, err := strconv.Atoi(res.Header.Get("Content-Length")); err != nil || n != len(b) {
			t.Errorf("%s: Content-Length %q, the page has %d bytes", path, res.Header.Get("Content-Length"), len(b))
		}
	}
	res, err := http.Get(srv.URL + "/app.js")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Errorf("/app.js: status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// TestUnresolvedOpenGraphTagsAreTheOnesWithoutAHost: the pattern takes
// go-app's tags in either attribute order when they hold no host, and
// leaves a tag that has one.
func TestUnresolvedOpenGraphTagsAreTheOnesWithoutAHost(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		drop bool
	}{
		{`<meta content="https://" property="og:image">`, true},
		{`<meta property="og:image" content="https://">`, true},
		{`<meta property="og:url" content="https:///jobs/abc">`, true},
		{`<meta content="https:///" property="og:url">`, true},
		{`<meta property="og:url" content="https://topomap.example.org/jobs/abc">`, false},
		{`<meta property="og:title" content="https://">`, false},
	} {
		if got := unresolvedOG.MatchString(tc.tag); got != tc.drop {
			t.Errorf("%s: dropped %v, want %v", tc.tag, got, tc.drop)
		}
	}
}
