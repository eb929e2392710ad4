// Package pgtest starts a throwaway Postgres cluster for tests: initdb
// (no fsync) in a temporary directory, the server on a free port of the
// loopback address started with pg_ctl -w, as the postgres user when the
// tests run as root (Postgres refuses to run as root). One cluster serves
// a test binary: Main starts nothing but always stops what Database
// started (also when a test panics), and a watchdog stops it too if the
// test binary dies without stopping it (a timeout, kill -9). Without
// Postgres's programs the tests that need it skip, or fail when
// TOPOMAP_REQUIRE_TOOLS=1.
package pgtest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// Cluster is a running throwaway cluster.
type Cluster struct {
	bin, dir, owner string
	Port            int
	watchdog        *exec.Cmd
}

// ErrNoPostgres says Postgres's programs are not installed.
var ErrNoPostgres = errors.New("pgtest: no initdb (install Debian's postgresql package: make deps)")

// bin returns the directory of the newest installed Postgres's programs.
func bin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { return version(a) - version(b) })
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i], nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if p, err = filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(p), nil
		}
	}
	return "", ErrNoPostgres
}

// version is the major version in a path /usr/lib/postgresql/N/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Start makes and starts a cluster with a database "topomap".
func Start() (c *Cluster, err error) {
	b, err := bin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "topomap-pg-")
	if err != nil {
		return nil, err
	}
	c = &Cluster{bin: b, dir: dir}
	defer func() {
		if err != nil {
			c.Stop()
		}
	}()
	if os.Geteuid() == 0 {
		c.owner = "postgres"
		if err := chown(dir, c.owner); err != nil {
			return nil, err
		}
	}
	if c.Port, err = freePort(); err != nil {
		return nil, err
	}
	if err := c.run("initdb", "-D", c.data(), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"); err != nil {
		return nil, err
	}
	if err := c.StartServer(); err != nil {
		return nil, err
	}
	c.watch()
	return c, c.run("createdb", "-h", "127.0.0.1", "-p", strconv.Itoa(c.Port), "-U", "postgres", "topomap")
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// URL is the URL of a database of the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.Port, db)
}

// StartServer starts the server (again) and waits until it accepts
// connections.
func (c *Cluster) StartServer() error {
	return c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-w", "-t", "60", "-o",
		fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", c.Port, c.dir),
		"start")
}

// StopServer stops the server (fast: open sessions are ended), keeping
// its data for StartServer.
func (c *Cluster) StopServer() error {
	return c.run("pg_ctl", "-D", c.data(), "-m", "fast", "-w", "stop")
}

// Stop stops the server, if it runs, and removes the cluster's files.
func (c *Cluster) Stop() error {
	var err error
	if _, serr := os.Stat(filepath.Join(c.data(), "postmaster.pid")); serr == nil {
		err = c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
	}
	if c.watchdog != nil {
		c.watchdog.Process.Kill()
		c.watchdog.Wait()
	}
	return errors.Join(err, os.RemoveAll(c.dir))
}

// watch starts a watchdog that stops the server once this process is
// gone, however it ended; Stop ends the watchdog first.
func (c *Cluster) watch() {
	stop := c.command("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
	script := fmt.Sprintf("while kill -0 %d 2>/dev/null; do sleep 1; done; %s; rm -rf %s", os.Getpid(), shellJoin(stop.Args), c.dir)
	w := exec.Command("sh", "-c", script)
	// A group of its own: a signal to the test's process group (a
	// timeout, ^C) must not stop the watchdog with the test.
	w.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if w.Start() == nil {
		c.watchdog = w
	}
}

func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// command is a Postgres program, run as the cluster's owner.
func (c *Cluster) command(prog string, args ...string) *exec.Cmd {
	path := filepath.Join(c.bin, prog)
	if c.owner != "" {
		return exec.Command("runuser", append([]string{"-u", c.owner, "--", path}, args...)...)
	}
	return exec.Command(path, args...)
}

func (c *Cluster) run(prog string, args ...string) error {
	cmd := c.command(prog, args...)
	cmd.Dir = c.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pgtest: %s: %v\n%s", prog, err, out)
	}
	return nil
}

func chown(dir, name string) error {
	u, err := user.Lookup(name)
	if err != nil {
		return fmt.Errorf("pgtest: the %s user: %w", name, err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	return os.Chown(dir, uid, gid)
}

// freePort returns a port of 127.0.0.1 nobody listens on now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// shared is the test binary's cluster.
var shared struct {
	sync.Mutex
	c   *Cluster
	err error
	n   int // databases made
}

// Shared returns the test binary's cluster, starting it on first use:
// skips the test without Postgres's programs, unless
// TOPOMAP_REQUIRE_TOOLS=1, which fails it.
func Shared(t testing.TB) *Cluster {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if shared.c == nil && shared.err == nil {
		shared.c, shared.err = Start()
	}
	switch {
	case errors.Is(shared.err, ErrNoPostgres) && os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "":
		t.Skip("skipping: Postgres is not installed (make deps installs Debian's postgresql)")
	case shared.err != nil:
		t.Fatal(shared.err)
	}
	return shared.c
}

// Database returns the URL of a new, empty database of the shared
// cluster, dropped when the test ends.
func Database(t testing.TB) string {
	t.Helper()
	c := Shared(t)
	shared.Lock()
	shared.n++
	name := fmt.Sprintf("t%d", shared.n)
	shared.Unlock()
	if err := c.run("createdb", "-h", "127.0.0.1", "-p", strconv.Itoa(c.Port), "-U", "postgres", name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.run("dropdb", "-h", "127.0.0.1", "-p", strconv.Itoa(c.Port), "-U", "postgres", "--force", "--if-exists", name)
	})
	return c.URL(name)
}

// Own starts a cluster for one test (which may stop and start its
// server), stopped when the test ends; it skips or fails as Shared does.
func Own(t testing.TB) *Cluster {
	t.Helper()
	c, err := Start()
	switch {
	case errors.Is(err, ErrNoPostgres) && os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "":
		t.Skip("skipping: Postgres is not installed (make deps installs Debian's postgresql)")
	case err != nil:
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Stop() })
	return c
}

// Main runs a test binary's tests (call it from TestMain) and stops the
// shared cluster after them, also when a test panics.
func Main(m *testing.M) {
	code := 1
	defer func() {
		stopShared()
		os.Exit(code)
	}()
	code = m.Run()
}

func stopShared() {
	shared.Lock()
	defer shared.Unlock()
	if shared.c != nil {
		shared.c.Stop()
		shared.c = nil
	}
}
