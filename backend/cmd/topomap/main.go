package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"unicode/utf8"
)

// command is one subcommand; each lives in its own file and registers
// itself in init.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout io.Writer) error
}

var commands = map[string]command{}

// stderr receives usage and help text; tests replace it.
var stderr io.Writer = os.Stderr

// stdin is what store import reads; tests replace it.
var stdin io.Reader = os.Stdin

// errUsage marks an error already explained by the flag package.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if errors.Is(err, errHelp) {
		return
	}
	if err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "topomap:", oneLine(err))
		}
		os.Exit(2)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" && len(args) == 1 {
		usage(stderr)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	switch args[0] {
	case "help": // help COMMAND is COMMAND -h
		if len(args) > 2 {
			return fmt.Errorf("help takes one command, not %q (run topomap help)", strings.Join(args[1:], " "))
		}
		if _, ok := commands[args[1]]; !ok {
			return fmt.Errorf("no help on %q: no such command (run topomap help for the list)", args[1])
		}
		args = []string{args[1], "-h"}
	case "-version", "--version":
		args = []string{"version"}
	}
	c, ok := commands[args[0]]
	if !ok {
		return fmt.Errorf("unknown command %q (run topomap help)", args[0])
	}
	return c.run(ctx, args[1:], stdout)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: topomap COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		lines := wrapLines(commands[n].summary, helpWidth-12)
		fmt.Fprintf(w, "  %-9s %s\n", n, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "%12s%s\n", "", l)
		}
	}
	fmt.Fprintln(w, "\nrun topomap help COMMAND (or topomap COMMAND -h) for its flags")
}

// oneLine keeps error messages to one line, as the CLI contract requires.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}

// newFlags returns a flag set that reports errors through the caller, as
// one line, and prints its defaults only for -h.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("topomap "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// errHelp ends a command after -h printed its flags.
var errHelp = errors.New("help")

// parseFlags parses args and rejects stray positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "usage of %s:\n", fs.Name())
			printFlags(stderr, fs)
			return errHelp
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// helpWidth is the width, in columns, that help text is wrapped to.
const helpWidth = 80

// printFlags writes fs's flags as the flag package does, each flag's
// help wrapped to helpWidth under its name.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		text, ok := strings.CutPrefix(line, "    \t")
		if !ok {
			io.WriteString(w, line)
			continue
		}
		for _, l := range wrapLines(text, helpWidth-8) {
			fmt.Fprintf(w, "%8s%s\n", "", l)
		}
	}
}

// wrapLines breaks text at spaces into lines of at most width columns (a
// word longer than a line stays whole).
func wrapLines(text string, width int) []string {
	var lines []string
	var cur strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		l := utf8.RuneCountInString(word)
		if n > 0 && n+1+l > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(word)
		n += l
	}
	return append(lines, cur.String())
}
