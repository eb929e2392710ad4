package main

import (
	"errors"
	"runtime/debug"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHelpCommandPrintsThatCommandsFlags: topomap help COMMAND prints
// what topomap COMMAND -h prints; help alone lists the commands, and help
// of no command says so.
func TestHelpCommandPrintsThatCommandsFlags(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		same    []string // the command line whose help it prints
		want    string
		wantErr string
	}{
		{args: []string{"help", "map"}, same: []string{"map", "-h"}, want: "usage of topomap map:"},
		{args: []string{"help", "schedule"}, same: []string{"schedule", "--help"}, want: "-ta T_a"},
		{args: []string{"help", "store"}, same: []string{"store", "-h"}, want: "usage: topomap store"},
		{args: []string{"help", "version"}, same: []string{"version", "-h"}, want: "usage of topomap version:"},
		{args: []string{"help"}, want: "  version   print which build this is"},
		{args: []string{"help", "nosuch"}, wantErr: `no help on "nosuch": no such command (run topomap help for the list)`},
		{args: []string{"help", "map", "store"}, wantErr: `help takes one command, not "map store"`},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, help, err := runArgs(t, tt.args...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if out != "" || !strings.Contains(help, tt.want) {
				t.Errorf("stdout %q, help (%v) without %q:\n%s", out, err, tt.want, help)
			}
			if tt.same == nil {
				return
			}
			if !errors.Is(err, errHelp) {
				t.Errorf("%v, want errHelp as %s gives", err, strings.Join(tt.same, " "))
			}
			if _, want, _ := runArgs(t, tt.same...); help != want {
				t.Errorf("help differs from %s:\n%s\nwant\n%s", strings.Join(tt.same, " "), help, want)
			}
		})
	}
}

// TestHelpFitsEightyColumns: every command's help, and the list of
// commands, wraps its text to 80 columns (the flags' help was one line
// each, of up to 1,201 columns for --budget), keeping every word.
func TestHelpFitsEightyColumns(t *testing.T) {
	_, list, _ := runArgs(t, "help")
	texts := map[string]string{"help": list}
	for name := range commands {
		_, texts[name], _ = runArgs(t, name, "-h")
	}
	for name, text := range texts {
		for _, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("%s: a line of %d columns: %q", name, n, line)
			}
		}
	}
	if want := words(commands["score"].summary); !strings.Contains(words(list), want) {
		t.Errorf("the list of commands lost words of score's summary %q:\n%s", want, list)
	}
}

// words is s with its runs of white space made one space, as text reads
// however it is wrapped.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestVersionSaysWhichBuild: the version is the module's release version
// and the VCS revision (modified or not) from the build information, the
// revision the Makefile stamps when the build recorded none, else devel.
func TestVersionSaysWhichBuild(t *testing.T) {
	const rev = "a257cc98b8eb86de2020ccf48156b3c32b030313"
	build := func(v string, settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "topomap", Version: v}}
		for i := 0; i+1 < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	for _, tt := range []struct {
		name    string
		info    *debug.BuildInfo
		stamped string
		want    string
	}{
		{"no build information", nil, "dev", "devel"},
		{"go run", build("(devel)"), "dev", "devel"},
		{"revision", build("(devel)", "vcs.revision", rev, "vcs.modified", "false"), "dev", "revision " + rev},
		{"modified", build("(devel)", "vcs.revision", rev, "vcs.modified", "true"), "dev", "revision " + rev + " (modified)"},
		{"pseudo-version of the revision", build("v0.0.0-20261205025208-a257cc98b8eb+dirty", "vcs.revision", rev, "vcs.modified", "true"), "dev", "revision " + rev + " (modified)"},
		{"release", build("v1.2.3", "vcs.revision", rev, "vcs.modified", "false"), "dev", "v1.2.3, revision " + rev},
		{"release without VCS", build("v1.2.3"), "dev", "v1.2.3"},
		{"stamped by the Makefile", build("(devel)"), "a257cc9", "revision a257cc9"},
		{"recorded revision first", build("(devel)", "vcs.revision", rev), "a257cc9", "revision " + rev},
		{"nothing stamped", build("(devel)"), "", "devel"},
	} {
		if got := version(tt.info, tt.stamped); got != tt.want {
			t.Errorf("%s: version = %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, _, err := runArgs(t, args...)
		if err != nil || !strings.HasPrefix(out, "topomap ") || strings.Count(out, "\n") != 1 {
			t.Errorf("%s: %q, %v, want one line topomap VERSION", args[0], out, err)
		}
	}
	if _, _, err := runArgs(t, "version", "extra"); err == nil {
		t.Error("version extra: no error")
	}
}

// TestNodesHelpNamesHostnamesWhereTheyNameNodes: the help of --nodes
// offers the names of --hostnames only on the commands whose --hostnames
// name the allocation's nodes (map, score), not on those without the flag
// (compare, schedule) nor on submit, whose names go to the launcher files
// only (a job's nodes are the machine's own).
func TestNodesHelpNamesHostnamesWhereTheyNameNodes(t *testing.T) {
	for cmd, want := range map[string]bool{"map": true, "score": true, "compare": false, "schedule": false, "submit": false} {
		_, help, _ := runArgs(t, cmd, "-h")
		at := strings.Index(help, "\n  -nodes ")
		if at < 0 {
			t.Fatalf("%s -h lists no --nodes:\n%s", cmd, help)
		}
		usage, _, _ := strings.Cut(help[at+1:], "\n  -")
		if got := strings.Contains(usage, "--hostnames"); got != want {
			t.Errorf("%s: --nodes' help names --hostnames: %v, want %v:\n%s", cmd, got, want, usage)
		}
	}
}
