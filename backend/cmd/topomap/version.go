package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"topomap/web"
)

func init() {
	commands["version"] = command{"print which build this is: its module version and VCS revision, or devel", runVersion}
}

func runVersion(_ context.Context, args []string, stdout io.Writer) error {
	if err := parseFlags(newFlags("version"), args); err != nil {
		return err
	}
	info, _ := debug.ReadBuildInfo()
	_, err := fmt.Fprintln(stdout, "topomap", version(info, web.Version))
	return err
}

// version says which build this is, from its build information and the
// revision the Makefile links into web.Version (stamped, any value but
// the default "dev"): the main module's version when it is a release
// (go install topomap@v1.2.3), then the VCS revision it was built from,
// with "(modified)" when the work tree had changes ("v1.2.3, revision
// 0123abc… (modified)"); the stamped revision when the build recorded
// none (-buildvcs=false); "devel" when nothing says more (go run, a
// plain go build outside a repository).
func version(info *debug.BuildInfo, stamped string) string {
	var v, rev, modified string
	if info != nil {
		v = info.Main.Version
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	if rev == "" && stamped != "" && stamped != "dev" {
		rev = stamped
	}
	// "(devel)" says nothing, and a pseudo-version built from the
	// revision (v0.0.0-20260101000000-0123456789ab+dirty) only repeats it.
	if v == "(devel)" || rev != "" && strings.Contains(v, rev[:min(12, len(rev))]) {
		v = ""
	}
	var parts []string
	if v != "" {
		parts = append(parts, v)
	}
	if rev != "" {
		if modified == "true" {
			rev += " (modified)"
		}
		parts = append(parts, "revision "+rev)
	}
	if len(parts) == 0 {
		return "devel"
	}
	return strings.Join(parts, ", ")
}
