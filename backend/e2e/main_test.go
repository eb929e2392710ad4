//go:build !(js && wasm)

package e2e

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"topomap/assets"
	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
	"topomap/web"
)

// The shared fixture: one server and one browser for the package.
var (
	baseURL    string
	browserCtx context.Context
	skipReason string
	wasmRaw    int64
	wasmGzip   int64
)

// chromiumPath is Debian's chromium (installed by make deps).
const chromiumPath = "/usr/bin/chromium"

// requireBrowserEnv, when set, turns a missing chromium into a failure.
const requireBrowserEnv = "TOPOMAP_REQUIRE_BROWSER"

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse()
	if testing.Short() {
		skipReason = "browser tests skipped with -short"
		return m.Run()
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		// make test installs chromium and sets requireBrowserEnv, so that a
		// failed install cannot pass as skipped browser tests.
		if os.Getenv(requireBrowserEnv) != "" {
			fmt.Fprintf(os.Stderr, "e2e: no chromium at %s and %s is set (run make deps)\n", chromiumPath, requireBrowserEnv)
			return 1
		}
		skipReason = "no chromium at " + chromiumPath + " (run make deps)"
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "topomap-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	if err := buildWasm(filepath.Join(dir, "static")); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	// The handler serves the fresh wasm through the assets overlay.
	os.Setenv(assets.DirEnv, filepath.Join(dir, "static"))

	st := store.NewMemory() // jobs and uploaded graphs (graph_upload_test.go)
	runner, err := jobs.New(st, jobs.Options{Workers: 1, Logger: slog.New(slog.DiscardHandler), Graphs: st.Resolve})
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	// MaxRenderNodes: TestServerJob draws a 131,072-node job, and
	// TestJobTooLargeToDraw needs a job just above the cap. SyncTimeout:
	// the suite judges answers, not their latency; under -race on a
	// loaded 2-core machine a 16-vertex POST /map waited out the default
	// 10 s for a slot (503).
	srv := server.New(server.Options{Jobs: runner, App: web.AppHandler(web.AppOptions{Version: "e2e", NoServiceWorker: true}),
		Logger: slog.New(slog.DiscardHandler), MaxRenderNodes: 1 << 17, Graphs: st, SyncTimeout: patience})
	ts := httptest.NewServer(gated(srv))
	defer ts.Close()
	defer runner.Close(context.Background())
	baseURL = ts.URL

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")), // fresh profile: no service worker or cache carry-over
		chromedp.WindowSize(1280, 1000),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer acancel()
	bctx, bcancel := chromedp.NewContext(actx)
	defer bcancel()
	if err := chromedp.Do(bctx); err != nil { // start the browser with no timeout
		fmt.Fprintln(os.Stderr, "e2e: starting chromium:", err)
		return 1
	}
	browserCtx = bctx
	return m.Run()
}

// buildWasm builds the client into dir with make wasm (the shipped build:
// its flags and gzip level), so the tests never run a stale app.wasm.
func buildWasm(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := filepath.Join(dir, "app.wasm")
	cmd := exec.Command("make", "-s", "wasm", "WASM="+out, "VERSION=e2e")
	cmd.Dir = "../.."
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the wasm (make wasm): %v\n%s", err, b)
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	gst, err := os.Stat(out + ".gz")
	if err != nil {
		return err
	}
	wasmRaw, wasmGzip = st.Size(), gst.Size()
	return nil
}

// tab opens a new tab for one test and closes it at the end. A console
// error or an uncaught exception fails the test: every asset is local, so
// a clean run logs none, but for the messages containing one of allowed
// (a request the test expects the server to refuse).
func tab(t *testing.T, allowed ...string) context.Context {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	msgs := chromedp.Console(ctx)
	var mu sync.Mutex
	var logged []string
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == "error" {
				mu.Lock()
				logged = append(logged, m.String())
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		mu.Lock()
		defer mu.Unlock()
		for _, l := range logged {
			if !slices.ContainsFunc(allowed, func(a string) bool { return strings.Contains(l, a) }) {
				t.Errorf("console: %s", l)
			}
		}
	})
	return ctx
}

// patience bounds one wait for the browser (a step, a script, a poll, a
// screenshot). A wait ends as soon as its condition holds, so only a
// failing test waits this long; it is generous because Chromium compiling
// the wasm beside four busy processes on two cores takes many seconds.
const patience = 2 * time.Minute

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	if err := chromedp.Do(tctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	v, err := chromedp.Run(tctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// click clicks the element that selector finds, in the page's own
// JavaScript: unlike chromedp.Click, it does not wait for the element to
// be visible or still, nor scroll to it (buttons under a moving progress
// bar, say).
func click(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(b => { b.click(); return true })(document.querySelector(%q))`, selector))
}

// waitJS polls a JavaScript condition until it is true. A poll cut short
// by a navigation (a reload the page started) is polled again.
func waitJS(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, patience)
	defer cancel()
	for range 3 {
		_, err := chromedp.Run(tctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(patience)))
		if err == nil {
			return
		}
		if msg := err.Error(); !strings.Contains(msg, "navigated") && !strings.Contains(msg, "Cannot find context") {
			t.Fatalf("waiting for %s: %v", js, err)
		}
	}
	t.Fatalf("waiting for %s: the page kept navigating", js)
}

// open loads a page and waits until the wasm runs it (data-ready is set in
// OnMount; the server's pre-render has the same markup without it).
func open(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	do(t, ctx, chromedp.Navigate(baseURL+path))
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
}

// screenshot saves a PNG of the page under artifacts/.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	saveArtifact(t, name, capture(t, ctx, chromedp.FullScreenshot(100) /* 100 = PNG */))
}

// screenshotViewport saves what the window shows (the first screen, not
// the whole page) under artifacts/: cheap where the whole page is a
// drawing of tens of thousands of nodes.
func screenshotViewport(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	saveArtifact(t, name, capture(t, ctx, chromedp.CaptureScreenshot()))
}

// captureTries bounds how often capture asks again. Chromium's
// Page.captureScreenshot now and then never answers under heavy load
// (seen once in CI beside the race tests: a page of 64 objects, every
// wait before it done in seconds, then nothing for two minutes). Asking
// again gives it another chance.
const captureTries = 3

// capture takes a screenshot, asking again when Chromium does not answer
// within patience; the picture is an artifact for people, so a stall is
// logged, and only captureTries stalls in a row fail the test.
func capture(t *testing.T, ctx context.Context, shot chromedp.Action[[]byte]) []byte {
	t.Helper()
	var err error
	for try := 1; try <= captureTries; try++ {
		tctx, cancel := context.WithTimeout(ctx, patience)
		var png []byte
		png, err = chromedp.Run(tctx, shot)
		cancel()
		if err == nil {
			return png
		}
		if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
			break
		}
		t.Logf("screenshot, try %d of %d: %v", try, captureTries, err)
	}
	t.Fatal(err)
	return nil
}

// saveArtifact writes a PNG under artifacts/.
func saveArtifact(t *testing.T, name string, png []byte) {
	t.Helper()
	if err := os.MkdirAll("artifacts", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("artifacts", name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// wasmGate, when set, holds every request for the wasm until it is closed:
// a test can then use the server's pre-rendered page before the app runs.
var wasmGate atomic.Pointer[chan struct{}]

func gated(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g := wasmGate.Load(); g != nil && strings.HasSuffix(r.URL.Path, ".wasm") {
			<-*g
		}
		next.ServeHTTP(w, r)
	})
}
