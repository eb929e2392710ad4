package hostlist_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"topomap/algorithms/hostlist"
)

// TestExpandAgreesWithScontrol has Slurm's own `scontrol show hostnames`
// expand each expression of a table and of FuzzExpand's seed corpus:
// Expand must give the same names in the same order, or refuse what it
// refuses. Suffixes after a group are compared only where scontrol reads
// them (Slurm 23.02 on; 22.05 refuses them). Expand is stricter on
// purpose where scontrol reads a malformed expression somehow (strictly,
// below): an empty name ("a,,b" is a, b to it), a range without its end
// ("n[1-]" is n1), a lone bracket ("n1-3]" is itself, "n[1-3" is "n]").
// scontrol reads a minimal slurm.conf (a cluster name and a controller,
// never contacted) written for the test, so no Slurm need run.
func TestExpandAgreesWithScontrol(t *testing.T) {
	scontrol := newScontrol(t)
	exprs := []string{
		"n1", "a,b,c", " a , b ", "n1,n1", "c712f6n02",
		"n[1-3]", "n[7]", "n[0-0]", "n[3,1,2]", "n[1-3,2]",
		"nid[00001-00004,00007],login[1-2]", "n[08-11]", "n[8-011]",
		"n[001-3]", "n[1-02]", "n[099-101]", "n[1,01,001]",
		"n[999999999999999998-999999999999999999]", "[1-2]",
		"r[1-2]n[01-03]", "a[1-2][3-4]", "a[1-2]b[3-4]c[5-6]", "a[1-2,5]b[3-4]c[5-6]d[7-8]",
		"n[3-1]", "n[]", "n[1-2-3]", "n[-1]", "n[a-b]", "n[0-99999]",
	}
	for _, s := range expandSeeds {
		exprs = append(exprs, s.expr)
	}
	exprs = append(exprs, strictly...)
	if scontrol.reads("n[1-2]x") {
		exprs = append(exprs, "a[1-2]b", "n[01-02]-ib", "[1-2]x", "x[1-2]y,z", "rack[1-2]-node[01-02].example.org")
	} else {
		t.Log("this scontrol reads no suffix after a group (Slurm before 23.02): none is compared")
	}
	for _, expr := range exprs {
		want, werr := scontrol.hostnames(expr)
		got, err := hostlist.Expand(expr, 1<<16)
		switch {
		case slices.Contains(strictly, expr) && (err == nil || werr != nil):
			t.Errorf("%q: Expand %q, %v; scontrol %q, %v; want Expand alone to refuse it", expr, got, err, want, werr)
		case !slices.Contains(strictly, expr) && ((err != nil) != (werr != nil) || !slices.Equal(got, want)):
			t.Errorf("%q: Expand %q, %v; scontrol show hostnames %q, %v", expr, got, err, want, werr)
		}
	}
}

// strictly are the expressions that Expand refuses and scontrol reads
// (TestExpandAgreesWithScontrol).
var strictly = []string{"a,,b", "a,", "n[1-]", "n1-3]", "n[1-3"}

// scontrol runs `scontrol show hostnames` on a minimal slurm.conf.
type scontrol struct {
	t    *testing.T
	conf string
}

// newScontrol skips the test, or fails it under TOPOMAP_REQUIRE_TOOLS=1
// (make test), if there is no scontrol on PATH.
func newScontrol(t *testing.T) scontrol {
	t.Helper()
	if _, err := exec.LookPath("scontrol"); err != nil {
		if os.Getenv("TOPOMAP_REQUIRE_TOOLS") == "1" {
			t.Fatal("scontrol is missing (`make deps` installs slurm-client) and TOPOMAP_REQUIRE_TOOLS=1")
		}
		t.Skip("scontrol is missing (`make deps` installs slurm-client; TOPOMAP_REQUIRE_TOOLS=1 makes this a failure)")
	}
	conf := filepath.Join(t.TempDir(), "slurm.conf")
	if err := os.WriteFile(conf, []byte("ClusterName=topomap\nSlurmctldHost=localhost\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return scontrol{t, conf}
}

// hostnames returns the names scontrol expands expr to, or an error
// with what it printed: it refuses an expression by printing "Invalid
// hostlist" and no name, yet exits with 0.
func (s scontrol) hostnames(expr string) ([]string, error) {
	// a guard against a hang, not a limit on time
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "scontrol", "show", "hostnames", expr)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+s.conf)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		s.t.Fatalf("scontrol show hostnames %q: %v", expr, err)
	}
	names := strings.Fields(stdout.String())
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("scontrol refuses it (%v): %s", err, strings.TrimSpace(stderr.String()))
	}
	return names, nil
}

// reads reports whether scontrol expands expr.
func (s scontrol) reads(expr string) bool {
	_, err := s.hostnames(expr)
	return err == nil
}
