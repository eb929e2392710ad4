//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"topomap/algorithms/metric"
)

// TestUploadSuggestsMethod: a graph uploaded in the Explorer is mapped by
// the method suggested for it (PAIRS, at 24 vertices within the page's
// cap for a search), the page says why, and the metrics panel compares
// the result with rank order exactly as the server's answer for the same
// permalink does.
func TestUploadSuggestsMethod(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "mesh.graph", meshMETIS(), false)
	waitJS(t, ctx, `location.search.includes("guest=graph:") && new URLSearchParams(location.search).get("algo") === "pairs"`)
	why := eval[string](t, ctx, `document.querySelector('#suggestion')?.textContent ?? ""`)
	if !strings.HasPrefix(why, "Suggested: pairs starts from the best of rb, greedy, identity") || !strings.Contains(why, "24 vertices on 24 slots") {
		t.Errorf("suggestion %q, want pairs and why", why)
	}
	// The server's answer for the permalink: rank order is the best
	// placement of a 6x4 mesh on torus:6x4, 436 hop-bytes (20 x-edges of
	// 10 and 18 y-edges of 1, both ways, one hop each).
	want := serverBaseline(t, eval[string](t, ctx, `location.search`))
	if want != "0.0 % hop-bytes vs rank order (identity: 436)" {
		t.Errorf("the server's baseline %q", want)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#metrics tr[data-metric="baseline"] td')?.textContent.replaceAll("\u00a0", " ") === %q`, want))
	screenshot(t, ctx, "upload-suggestion")
}

// serverBaseline maps a permalink's instance with POST /api/v1/map and
// returns its baseline as the panel says it.
func serverBaseline(t *testing.T, search string) string {
	t.Helper()
	q, err := url.ParseQuery(strings.TrimPrefix(search, "?"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"guest": q.Get("guest"), "host": q.Get("host"), "algo": q.Get("algo")})
	resp, err := http.Post(baseURL+"/api/v1/map", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Baseline *metric.Baseline `json:"baseline"`
	}
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&r) != nil || r.Baseline == nil {
		t.Fatalf("POST /map %s: %d, baseline %v", body, resp.StatusCode, r.Baseline)
	}
	return r.Baseline.Text()
}
