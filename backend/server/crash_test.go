package server_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/backend/jobs"
	"topomap/backend/server"
)

// buildBinary builds the topomap command into a temp dir.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "topomap")
	cmd := exec.Command("go", "build", "-o", bin, "./backend/cmd/topomap")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var servingURL = regexp.MustCompile(`msg="topomap serving" url=(http://127\.0\.0\.1:\d+)`)

// serveProcess is a running `topomap serve`.
type serveProcess struct {
	cmd    *exec.Cmd
	client *server.Client
	exited chan struct{} // closed when the process has exited
	err    error         // its exit status, once exited is closed
}

// startServe runs `topomap serve` on a free loopback port with data dir
// dir and waits until it listens.
func startServe(t *testing.T, bin, dir string) *serveProcess {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", dir, "--workers", "2")
	cmd.Env = append(os.Environ(), "TOPOMAP_ADDR=", "TOPOMAP_DATA=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serveProcess{cmd: cmd, exited: make(chan struct{})}
	urls := make(chan string, 1)
	var log bytes.Buffer
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		io.Copy(io.Discard, stderr)
		p.err = cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			cmd.Process.Kill()
			<-p.exited
		}
	})
	select {
	case u := <-urls:
		p.client = &server.Client{Base: u}
	case <-p.exited:
		t.Fatalf("serve exited before listening: %v\n%s", p.err, log.String())
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-p.exited
		t.Fatalf("serve did not listen within 30 s\n%s", log.String())
	}
	return p
}

// TestCrashRecovery: SIGKILL the server while one job runs and after
// another finished; after a restart the finished result is intact (same
// metrics, byte-identical placement) and the running job is interrupted;
// resubmitting it runs it again. Then a SIGTERM shuts down gracefully,
// recording the rerun as interrupted.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary: skipped with -short")
	}
	if _, ok := solve.Lookup("pairs"); !ok {
		t.Skip("pairs is not registered yet: no long-running algorithm to interrupt")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	p := startServe(t, bin, dir)
	c := p.client
	quick := jobs.Request{Guest: "hypercube:12", Host: "torus:64x64", Algo: "xor"}
	// 1M objects: PAIRS computes its starts and converges in seconds, so
	// the kill below lands while it runs.
	long := jobs.Request{Guest: "grid:1024x1024", Host: "mesh:512x2048", Algo: "pairs", Budget: "4m", Seed: 7}

	j, err := c.Submit(ctx, quick)
	if err != nil {
		t.Fatal(err)
	}
	done, err := c.Follow(ctx, j.ID, nil)
	if err != nil || done.Status != jobs.Done {
		t.Fatalf("quick job %+v, %v", done, err)
	}
	var before bytes.Buffer
	if err := c.Placement(ctx, done.ID, "csv", &before); err != nil {
		t.Fatal(err)
	}
	running, err := c.Submit(ctx, long)
	if err != nil {
		t.Fatal(err)
	}
	// Kill as soon as the event stream says it runs.
	fctx, stop := context.WithCancel(ctx)
	c.Follow(fctx, running.ID, func(s jobs.Job) {
		if s.Status == jobs.Running {
			stop()
		}
	})
	stop()
	if s, _ := c.Job(ctx, running.ID); s.Status != jobs.Running {
		t.Fatalf("long job is %s before the kill, want running", s.Status)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.exited

	p = startServe(t, bin, dir)
	c = p.client
	after, err := c.Job(ctx, done.ID)
	if err != nil || after.Status != jobs.Done || after.Metrics == nil || after.Metrics.HopBytes != done.Metrics.HopBytes {
		t.Fatalf("finished job after the crash: %+v, %v", after, err)
	}
	var again bytes.Buffer
	if err := c.Placement(ctx, done.ID, "csv", &again); err != nil || !bytes.Equal(before.Bytes(), again.Bytes()) {
		t.Fatalf("placement after the crash differs (%d vs %d bytes), %v", again.Len(), before.Len(), err)
	}
	lost, err := c.Job(ctx, running.ID)
	if err != nil || lost.Status != jobs.Interrupted || lost.Error == "" {
		t.Fatalf("running job after the crash: %+v, %v", lost, err)
	}
	t.Logf("after SIGKILL and restart: %s done (hop-bytes %g, %d placement bytes intact), %s %s (%q)",
		after.ID, after.Metrics.HopBytes, again.Len(), lost.ID, lost.Status, lost.Error)

	// Resubmitting the interrupted job runs it again.
	rerun, err := c.Submit(ctx, long)
	if err != nil || rerun.ID != running.ID || rerun.Status.Final() {
		t.Fatalf("resubmit: %+v, %v", rerun, err)
	}
	// A graceful stop records it as interrupted and exits cleanly.
	fctx, stop = context.WithCancel(ctx)
	c.Follow(fctx, rerun.ID, func(s jobs.Job) {
		if s.Status == jobs.Running {
			stop()
		}
	})
	stop()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-p.exited
	if p.err != nil {
		t.Fatalf("serve after SIGTERM: %v", p.err)
	}
	p = startServe(t, bin, dir)
	if s, err := p.client.Job(ctx, rerun.ID); err != nil || s.Status != jobs.Interrupted {
		t.Fatalf("after a graceful stop: %+v, %v", s, err)
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.exited
}
