//go:build !(js && wasm)

package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestScoreDownloadedRankfile: the rankfile the explorer downloads for a
// mapping, uploaded again through "Upload a placement", is drawn with
// exactly the metrics of the mapping it came from (the server reads the
// file, the page scores it), and the launchers' defaults beside them; POST /api/v1/score of the same file gives
// exactly POST /api/v1/map's metrics.
func TestScoreDownloadedRankfile(t *testing.T) {
	ctx := tab(t, "status of 400") // the server refuses the file for another host, as it should
	dir := allowDownloads(t, ctx)
	q := url.Values{"guest": {"grid:8x8"}, "host": {"torus:4x4:cores=4"}, "algo": {"rb"}}
	open(t, ctx, "/?"+q.Encode())
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length > 0 && !!document.querySelector('#metrics tr[data-metric="hops per byte"]')`)
	const rows = `[...document.querySelectorAll('#metrics tr[data-metric]')].filter(r => r.dataset.metric !== 'time').map(r => r.dataset.metric + ': ' + r.querySelector('td').textContent).join('\n')`
	mapped := eval[string](t, ctx, rows)
	click(t, ctx, "#dl-rankfile")
	file := string(waitFile(t, filepath.Join(dir, "grid-8x8_torus-4x4-cores-4_rb.rankfile")))

	js := `(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([%q], "mine.rankfile"));
		const i = document.querySelector('#f-placement');
		i.files = dt.files;
		i.dispatchEvent(new Event('change', {bubbles: true}));
		return true;
	})()`
	eval[bool](t, ctx, fmt.Sprintf(js, file))
	waitJS(t, ctx, `document.querySelector('#placement-info')?.textContent.includes('read as rankfile, 64 ranks placed') === true && !!document.querySelector('#baselines')`)
	if scored := eval[string](t, ctx, rows); scored != mapped {
		t.Errorf("the uploaded placement's metrics\n%s\nwant the mapping's\n%s", scored, mapped)
	}
	if b := eval[string](t, ctx, `[...document.querySelectorAll('#baselines tbody tr')].map(r => r.cells[0].textContent).join(',')`); b != "identity,cyclic" {
		t.Errorf("baselines %q, want identity,cyclic (block is rank order on a full machine)", b)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#drawing svg .n').length`); n == 0 {
		t.Error("the uploaded placement is not drawn")
	}
	if title := eval[string](t, ctx, `document.querySelector('#metrics')?.closest('.panel')?.textContent ?? ''`); !strings.Contains(title, "Placement read as rankfile") {
		t.Errorf("the notes do not name the placement: %.200q", title)
	}
	// its notes give no empty term, no "Applies to →", and no link to an
	// Algorithms section it has none of
	if bad := eval[string](t, ctx, `[...document.querySelectorAll('#notes dd')].filter(d => !d.textContent.trim() || d.textContent.trim() === '→').map(d => d.previousElementSibling.textContent).join(',') + (document.querySelector('#notes-docs') ? ' docs link' : '')`); bad != "" {
		t.Errorf("the placement's notes show empty or dead entries: %s", bad)
	}
	if info := eval[string](t, ctx, `document.querySelector('#placement-info').textContent`); !strings.Contains(info, "in place of rb's mapping") {
		t.Errorf("placement info %q does not say the algorithm above is not what is drawn", info)
	}
	// On a phone the control and the baselines fit the width.
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `['#placement-upload', '#baselines'].every(s => document.querySelector(s).getBoundingClientRect().right <= 390)`)
	screenshots(t, ctx, "score-placement")

	// The API: the same file scores with /map's metrics, exactly.
	if got, want := apiMetrics(t, "/api/v1/score?"+url.Values{"guest": q["guest"], "host": q["host"]}.Encode(), "text/plain", file),
		apiMetrics(t, "/api/v1/map", "application/json", `{"guest":"grid:8x8","host":"torus:4x4:cores=4","algo":"rb"}`); got != want {
		t.Errorf("POST /score metrics\n%s\nwant POST /map's\n%s", got, want)
	}

	// A file for another host names the line at fault.
	eval[bool](t, ctx, fmt.Sprintf(js, "rank 0=node99 slot=0\n"))
	waitJS(t, ctx, `document.querySelector('#placement-error')?.textContent.includes('line 1: unknown host name "node99"') === true`)
}

// apiMetrics posts body to path and returns the answer's metrics as JSON.
func apiMetrics(t *testing.T, path, contentType, body string) string {
	t.Helper()
	resp, err := http.Post(baseURL+path, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var r struct{ Metrics json.RawMessage }
	if resp.StatusCode != 200 || json.Unmarshal(b, &r) != nil {
		t.Fatalf("POST %s: %d %s", path, resp.StatusCode, b)
	}
	return string(r.Metrics)
}
