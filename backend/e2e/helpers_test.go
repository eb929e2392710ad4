//go:build !(js && wasm)

package e2e

// Helpers of the browser tests: form fields, downloads, jobs and pages
// fetched as the server sends them.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"topomap/backend/api"
)

// setField sets an input's value and fires the events a user's edit fires.
func setField(t *testing.T, ctx context.Context, sel, value string, events ...string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(el => { el.value = %q; for (const e of %q.split(" ")) el.dispatchEvent(new Event(e, {bubbles: true})); return true; })(document.querySelector(%q))`,
		value, strings.Join(events, " "), sel))
}

// allowDownloads saves downloads of the tab's browser into a fresh
// directory and returns it.
func allowDownloads(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// waitFile waits for a downloaded file and returns its content.
func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	for range 200 {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("no file %s", filepath.Base(path))
	return nil
}

// submitJob posts a job through the API and waits until it is done. The
// wait's limit, 5 minutes, is a guard against a hang, not a deadline: a
// job of a 1.5 s budget took over 10 s beside the race tests of other
// packages on two cores.
func submitJob(t *testing.T, req api.Request) api.Job {
	t.Helper()
	b, _ := json.Marshal(req)
	resp, err := http.Post(baseURL+"/api/v1/jobs", "application/json", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	var j api.Job
	err = json.NewDecoder(resp.Body).Decode(&j)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for range 6000 {
		if j.Status.Final() {
			return j
		}
		time.Sleep(50 * time.Millisecond)
		r, err := http.Get(baseURL + "/api/v1/jobs/" + j.ID)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(r.Body).Decode(&j)
		r.Body.Close()
	}
	t.Fatalf("job %s did not finish: %+v", j.ID, j)
	return j
}

// get returns the body of a page as the server sends it.
func get(t *testing.T, path string) string {
	t.Helper()
	resp, err := http.Get(baseURL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
