package repocheck_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outsideDoc matches a citation of a document that is not in the
// repository: the design notes the project was specified in, by file name
// or by their folder. What such a note defines is restated in the package
// doc that implements it (or the README), and comments cite that.
var outsideDoc = regexp.MustCompile(`\b(MACHINES|ALGORITHMS|FORMATS|SCALE|STACK|STYLE)\.md\b|(\.\./)+shared/|\bshared/(spec|seeds)/`)

// issueName matches a test file, or a test function, named after an issue
// or a bug number instead of the behaviour it checks.
var (
	issueFile = regexp.MustCompile(`(?i)issue|(^|[^a-z])bug[-_]?\d`)
	issueFunc = regexp.MustCompile(`^func (Test|Benchmark|Fuzz|Example)\w*?(Issue|Bug)\d`)
)

// file is a tracked file: its path from the module root and its content.
type file struct {
	name string
	text []byte
}

// root is the module root, relative to this package's directory.
const root = "../.."

// trackedFiles returns the repository's tracked text files, relative to
// the module root, in git's order.
func trackedFiles(t *testing.T) []file {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout (git ls-files: %v)", err)
	}
	var files []file
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree, not yet committed
			}
			t.Fatal(err)
		}
		if bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 {
			continue
		}
		files = append(files, file{name, b})
	}
	if len(files) < 100 {
		t.Fatalf("only %d tracked text files: not the repository's root?", len(files))
	}
	return files
}

// TestCitesNoOutsideDocument: no tracked file cites a document users do
// not have; the definitions the code relies on live in the repository.
func TestCitesNoOutsideDocument(t *testing.T) {
	for _, f := range trackedFiles(t) {
		for i, line := range strings.Split(string(f.text), "\n") {
			if m := outsideDoc.FindString(line); m != "" {
				t.Errorf("%s:%d cites %q, which is not in the repository: restate the definition in the package doc (or the README) and cite that", f.name, i+1, m)
			}
		}
	}
}

// TestTestsNamedByBehaviour: test files and test functions are named by
// the behaviour they check, never by an issue or a bug number.
func TestTestsNamedByBehaviour(t *testing.T) {
	for _, f := range trackedFiles(t) {
		if !strings.HasSuffix(f.name, "_test.go") {
			continue
		}
		if issueFile.MatchString(filepath.Base(f.name)) {
			t.Errorf("%s: a test file named after an issue; name it by the behaviour it checks", f.name)
		}
		for i, line := range strings.Split(string(f.text), "\n") {
			if issueFunc.MatchString(line) {
				t.Errorf("%s:%d: %q is named after an issue; name it by the behaviour it checks", f.name, i+1, strings.TrimSuffix(line, " {"))
			}
		}
	}
}

// goTest matches a go test command line of the Makefile.
var goTest = regexp.MustCompile(`\bgo test\b`)

// TestMakefileBoundsEveryTestRun: every go test the Makefile runs names
// its -timeout (go test's default, 10 minutes, is what the browser tests
// alone took beside four busy processes, and a timeout then fails the
// whole run).
func TestMakefileBoundsEveryTestRun(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for i, line := range strings.Split(string(b), "\n") {
		if !goTest.MatchString(line) || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		runs++
		if !strings.Contains(line, "-timeout") {
			t.Errorf("Makefile:%d runs go test without -timeout: %s", i+1, strings.TrimSpace(line))
		}
	}
	if runs < 3 {
		t.Errorf("found %d go test runs in the Makefile, want the test, race, bench and fuzz runs", runs)
	}
}

// TestArchitectureNamesEveryPackage: the README's table of packages
// names every package of the module (its whole path, or a tail of it in
// a row that lists it beside its parent: `solvetest`, `internal/kinds`),
// so that a reader finds where each concept lives.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "\n| package | owns |\n")
	if !ok {
		t.Fatal("the README has no table of packages (| package | owns |)")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	packages := map[string]bool{}
	for _, f := range trackedFiles(t) {
		if strings.HasSuffix(f.name, ".go") && !strings.HasSuffix(f.name, "_test.go") {
			packages[filepath.Dir(f.name)] = true
		}
	}
	for dir := range packages {
		parts, named := strings.Split(dir, "/"), false
		for i := range parts {
			named = named || strings.Contains(table, "`"+strings.Join(parts[i:], "/")+"`")
		}
		if !named {
			t.Errorf("the README's table of packages does not name %s", dir)
		}
	}
}
