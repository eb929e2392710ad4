package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"topomap/backend/jobs"
	"topomap/backend/server"
	"topomap/backend/store"
)

// testServer serves the API on a memory store, on 127.0.0.1.
func testServer(t *testing.T) string {
	t.Helper()
	progressOut = io.Discard
	r, err := jobs.New(store.NewMemory(), jobs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(server.Options{Jobs: r}))
	t.Cleanup(func() { ts.Close(); r.Close(context.Background()) })
	return ts.URL
}

func TestSubmit(t *testing.T) {
	url := testServer(t)
	instance := []string{"--server", url, "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor"}

	var progress strings.Builder
	progressOut = &progress
	out, err := runCLI(t, append([]string{"submit", "--format", "json"}, instance...)...)
	progressOut = io.Discard
	var j jobs.Job
	if err != nil || json.Unmarshal([]byte(out), &j) != nil || !jobs.ValidID(j.ID) || j.Request.Algo != "xor" {
		t.Fatalf("submit json: %v\n%s", err, out)
	}
	// submit names the job's page.
	if want := url + "/jobs/" + j.ID + "\n"; !strings.HasSuffix(progress.String(), want) {
		t.Errorf("submit said %q, want it to end with the job page %q", progress.String(), want)
	}
	out, err = runCLI(t, append([]string{"submit", "--wait", "--format", "text"}, instance...)...)
	if err != nil || !strings.HasPrefix(out, "hypercube:4 on ring:16 by xor") || !strings.Contains(out, "hops per byte") {
		t.Fatalf("submit --wait text: %v\n%s", err, out)
	}
	out, err = runCLI(t, append([]string{"submit", "--wait", "--format", "csv"}, instance...)...)
	if err != nil || !strings.HasPrefix(out, "vertex,node,x1,g1,g2,g3,g4\n") || strings.Count(out, "\n") != 17 {
		t.Fatalf("submit --wait csv: %v\n%s", err, out)
	}
	out, err = runCLI(t, "submit", "--format", "text", "--server", url, "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor")
	if err != nil || out != j.ID+" done\n" {
		t.Fatalf("submit text: %v %q", err, out)
	}
}

func TestSubmitErrors(t *testing.T) {
	url := testServer(t)
	tests := []struct {
		name string
		args []string
		says string
	}{
		{"bad format", []string{"--format", "pdf", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor"}, "unknown --format"},
		{"placement format without wait", []string{"--format", "csv", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor"}, "needs --wait"},
		{"missing algo", []string{"--guest", "hypercube:4", "--host", "ring:16"}, "missing --algo"},
		{"bad guest", []string{"--guest", "cube:4", "--host", "ring:16", "--algo", "xor"}, "unknown kind"},
		{"server refuses", []string{"--guest", "hypercube:4", "--host", "ring:8", "--algo", "xor"}, "the server answered 400: sizes differ"},
		{"no server", []string{"--server", "http://127.0.0.1:1", "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor"}, "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"submit", "--server", url}, tt.args...)
			_, err := runCLI(t, args...)
			if err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("error %v, want one saying %q", err, tt.says)
			}
		})
	}
}

// TestServe starts the real command on a free loopback port, checks that
// a second server cannot open the same data dir, and stops the first
// through its context, as SIGINT would.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, io.Discard) }()
	db := filepath.Join(dir, "topomap.db")
	for range 500 {
		if _, err := os.Stat(db); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_, err := runCLI(t, "serve", "--addr", "127.0.0.1:0", "--data", dir)
	if err == nil || !strings.Contains(err.Error(), "in use by another process") {
		t.Errorf("second serve on the same data dir: %v", err)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("serve: %v", err)
	}
	if _, err := runCLI(t, "serve", "--addr", "127.0.0.1:-1", "--data", dir); err == nil || !strings.Contains(err.Error(), "serve: listen") {
		t.Fatalf("bad address: %v", err)
	}
}

func TestServeBadEnvironment(t *testing.T) {
	for _, c := range []struct{ name, value, want string }{
		{"TOPOMAP_WORKERS", "two", `TOPOMAP_WORKERS="two": want an integer`},
		{"TOPOMAP_JOB_TIMEOUT", "5", `TOPOMAP_JOB_TIMEOUT="5": want a duration`},
		{"TOPOMAP_NO_SERVICE_WORKER", "yes", `TOPOMAP_NO_SERVICE_WORKER="yes": want true or false`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(c.name, c.value)
			_, err := runCLI(t, "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir())
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("serve with %s=%q: %v, want %q", c.name, c.value, err, c.want)
			}
		})
	}
}

// TestServeSwitchFromEnvironmentReadsAsItsFlag checks that a switch set in
// the environment means what its flag's value would: false and 0 leave it
// off, true and 1 turn it on.
func TestServeSwitchFromEnvironmentReadsAsItsFlag(t *testing.T) {
	for value, want := range map[string]bool{"false": false, "0": false, "true": true, "1": true} {
		t.Setenv("TOPOMAP_NO_SERVICE_WORKER", value)
		c, err := parseServeFlags(nil)
		if err != nil {
			t.Fatalf("TOPOMAP_NO_SERVICE_WORKER=%s: %v", value, err)
		}
		if c.noServiceWorker != want {
			t.Errorf("TOPOMAP_NO_SERVICE_WORKER=%s: --no-service-worker %v, want %v", value, c.noServiceWorker, want)
		}
	}
}

func TestDisplayURL(t *testing.T) {
	tests := []struct{ addr, want string }{
		{"127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"[::]:8080", "http://localhost:8080"},
		{"0.0.0.0:80", "http://localhost:80"},
		{"[::1]:9000", "http://[::1]:9000"},
	}
	for _, tt := range tests {
		addr, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := displayURL(addr); got != tt.want {
			t.Errorf("displayURL(%s) = %s, want %s", tt.addr, got, tt.want)
		}
	}
}

// TestSubmitRetriesBusy: a 503 with Retry-After is retried after that
// delay; the next answer wins.
func TestSubmitRetriesBusy(t *testing.T) {
	progressOut = io.Discard
	real := testServer(t)
	calls := 0
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls++; calls == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"error":"the job queue is full, try again later","field":""}`))
			return
		}
		proxy, _ := http.NewRequest(r.Method, real+r.URL.RequestURI(), r.Body)
		proxy.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(proxy)
		if err != nil {
			t.Error(err)
			return
		}
		defer resp.Body.Close()
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	}))
	defer ts.Close()
	out, err := runCLI(t, "submit", "--server", ts.URL, "--guest", "hypercube:4", "--host", "ring:16", "--algo", "xor")
	if err != nil || calls != 2 || !strings.HasSuffix(out, "\n") {
		t.Fatalf("submit: %q, %v after %d calls", out, err, calls)
	}
}

// lockedBuffer is a buffer that goroutines may write while a test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestClosingTheStoreWaitsForItsRetentionSweep opens and closes the
// embedded store's backend, retention on, as serve does when it cannot
// listen: the store must not close under the sweep that starts with it
// (which then logged "database not open" about one time in six).
func TestClosingTheStoreWaitsForItsRetentionSweep(t *testing.T) {
	var logs lockedBuffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	for i := range 20 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("topomap-%d.db", i))
		b, err := openBolt(context.Background(), path, jobs.Options{Workers: 1, Logger: log}, store.Retention{MaxAge: time.Hour}, log)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.jobs.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		b.close()
	}
	if out := logs.String(); strings.Contains(out, "retention") {
		t.Errorf("the sweep ran on a closed store:\n%s", out)
	}
}
