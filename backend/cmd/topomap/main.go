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
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
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
			fs.SetOutput(stderr)
			fmt.Fprintf(stderr, "usage of %s:\n", fs.Name())
			fs.PrintDefaults()
			return errHelp
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return nil
}
