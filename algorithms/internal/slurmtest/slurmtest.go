// Package slurmtest runs a throwaway Slurm cluster on this machine, for the
// tests that check topomap's files against Slurm itself (Debian's
// slurmctld and slurmd, Slurm 22.05 on Debian 12): a slurmctld and, when
// jobs are to run, one slurmd per node (slurmd -N NAME), all on
// 127.0.0.1 at free ports, with auth/none, in a temporary directory, and
// stopped when the test ends. The daemons run as root, so a test run by
// another user skips.
package slurmtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Config is a cluster's shape.
type Config struct {
	Nodes []string // node names, each a NodeName line
	CPUs  int      // each node's (slurmd takes them as configured)
	// Topology is topology.conf's text (TopologyPlugin=topology/tree);
	// "" for none.
	Topology string
	// Jobs starts a slurmd per node, so that jobs run; without, the
	// controller alone answers (scontrol show topology).
	Jobs bool
}

// Cluster is a running cluster.
type Cluster struct {
	dir, conf string
}

// patience is how long the daemons may take to answer: a readiness
// wait on other processes, not a measure of our code's cost.
const patience = 2 * time.Minute

// Start starts the cluster of cfg, or skips tb (fails it under
// TOPOMAP_REQUIRE_TOOLS=1) when Slurm's daemons are not installed.
func Start(tb testing.TB, cfg Config) *Cluster {
	tb.Helper()
	if os.Geteuid() != 0 {
		tb.Skip("Slurm's daemons run as root here; this test is not root")
	}
	need(tb, "slurmctld", "slurmd", "srun", "sinfo", "scontrol")
	c := &Cluster{dir: tb.TempDir()}
	c.conf = filepath.Join(c.dir, "slurm.conf")
	write(tb, c.conf, c.slurmConf(tb, cfg))
	if cfg.Topology != "" {
		write(tb, filepath.Join(c.dir, "topology.conf"), cfg.Topology)
	}
	c.daemon(tb, "slurmctld", "-D", "-i", "-f", c.conf)
	if cfg.Jobs {
		for _, n := range cfg.Nodes {
			if err := os.MkdirAll(filepath.Join(c.dir, "spool", n), 0o755); err != nil {
				tb.Fatal(err)
			}
			c.daemon(tb, "slurmd", "-D", "-N", n, "-f", c.conf)
		}
	}
	c.await(tb, cfg)
	return c
}

// Command is a Slurm command on the cluster.
func (c *Cluster) Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(path(name), args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+c.conf)
	return cmd
}

// Output runs a Slurm command on the cluster and returns its standard
// output, failing tb (with the controller's log) if it fails.
func (c *Cluster) Output(tb testing.TB, name string, args ...string) string {
	tb.Helper()
	cmd := c.Command(name, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%s %s: %v\n%s\nslurmctld's log:\n%s", name, strings.Join(args, " "), err, stderr.String(), c.log("slurmctld.log"))
	}
	return string(out)
}

// slurmConf is the cluster's slurm.conf.
func (c *Cluster) slurmConf(tb testing.TB, cfg Config) string {
	var b strings.Builder
	ports := freePorts(tb, 1+len(cfg.Nodes))
	for _, d := range []string{"state", "spool"} {
		if err := os.MkdirAll(filepath.Join(c.dir, d), 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	fmt.Fprintf(&b, `ClusterName=topomaptest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=%d
AuthType=auth/none
CredType=cred/none
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
StateSaveLocation=%[2]s/state
SlurmdSpoolDir=%[2]s/spool/%%n
SlurmctldPidFile=%[2]s/slurmctld.pid
SlurmdPidFile=%[2]s/slurmd-%%n.pid
SlurmctldLogFile=%[2]s/slurmctld.log
SlurmdLogFile=%[2]s/slurmd-%%n.log
`, ports[0], c.dir)
	if cfg.Topology != "" {
		b.WriteString("TopologyPlugin=topology/tree\n")
	}
	for i, n := range cfg.Nodes {
		fmt.Fprintf(&b, "NodeName=%s NodeHostname=localhost NodeAddr=127.0.0.1 Port=%d CPUs=%d State=UNKNOWN\n", n, ports[1+i], cfg.CPUs)
	}
	fmt.Fprintf(&b, "PartitionName=all Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n")
	return b.String()
}

// daemon starts a daemon in the foreground and stops it when tb ends.
func (c *Cluster) daemon(tb testing.TB, name string, args ...string) {
	tb.Helper()
	cmd := c.Command(name, args...)
	if err := cmd.Start(); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	tb.Cleanup(func() { stop(cmd) })
}

// stop asks a daemon to end (SIGTERM: slurmd ends its steps, slurmctld
// its script daemon), and kills it if it has not within patience.
func stop(cmd *exec.Cmd) {
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(done)
	}()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(patience):
		_ = cmd.Process.Kill()
		<-done
	}
}

// await waits until the controller answers and, with jobs, every node is
// idle.
func (c *Cluster) await(tb testing.TB, cfg Config) {
	tb.Helper()
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if c.Command("scontrol", "ping").Run() != nil {
			continue
		}
		if !cfg.Jobs {
			return
		}
		out, err := c.Command("sinfo", "-h", "-N", "-o", "%T").Output()
		if err == nil && strings.Count(string(out), "idle\n") == len(cfg.Nodes) {
			return
		}
	}
	tb.Fatalf("the Slurm cluster was not up within %v; slurmctld's log:\n%s", patience, c.log("slurmctld.log"))
}

// Logs returns the end of every daemon's log, for a test's failure.
func (c *Cluster) Logs() string {
	names, _ := filepath.Glob(filepath.Join(c.dir, "*.log"))
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "== %s\n%s\n", filepath.Base(n), c.log(filepath.Base(n)))
	}
	return b.String()
}

// log returns the end of one of the daemons' logs.
func (c *Cluster) log(name string) string {
	b, _ := os.ReadFile(filepath.Join(c.dir, name))
	return string(b[max(0, len(b)-4000):])
}

// freePorts returns k TCP ports that were free a moment ago, all
// different: each is held until all are found.
func freePorts(tb testing.TB, k int) []int {
	ports := make([]int, k)
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			tb.Fatal(err)
		}
		defer l.Close()
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	return ports
}

func write(tb testing.TB, path, text string) {
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// need skips tb, or fails it under TOPOMAP_REQUIRE_TOOLS=1, for the first
// of the commands not on PATH.
func need(tb testing.TB, tools ...string) {
	tb.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(path(tool)); err == nil {
			continue
		}
		const how = "`make deps` installs slurmctld and slurmd"
		if os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "1" {
			tb.Fatalf("%s is missing (%s) and TOPOMAP_REQUIRE_TOOLS=1", tool, how)
		}
		tb.Skipf("%s is missing (%s; TOPOMAP_REQUIRE_TOOLS=1 makes this a failure)", tool, how)
	}
}

// path is the command name, or Debian's /usr/sbin/name for a daemon not
// on PATH (a PATH without the sbin directories).
func path(name string) string {
	if _, err := exec.LookPath(name); err != nil {
		if st, err := os.Stat("/usr/sbin/" + name); err == nil && st.Mode()&0o111 != 0 {
			return "/usr/sbin/" + name
		}
	}
	return name
}
