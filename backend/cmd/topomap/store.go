package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"

	"topomap/algorithms/metric"
	"topomap/backend/pgstore"
	"topomap/backend/store"
)

func init() {
	commands["store"] = command{"check, export, import or compact the job store (check|export|import|compact --data DIR)", runStore}
}

// errStoreProblems: check found problems (they are printed).
var errStoreProblems = errors.New("the store has problems")

const storeUsage = `usage: topomap store check|export|import|compact
                     [--data DIR | --database-url URL]

  check    reads the store without changing it and lists what is wrong
           (a non-zero exit status if anything is)
  export   writes every readable job with its placement, and every
           uploaded graph and machine, to standard output as the export
           stream (JSON lines, each with its CRC-32C; see README)
  import   reads an export stream from standard input into the store;
           jobs, graphs and machines it already holds are left as they
           are, so importing twice adds nothing; the first bad line is
           named and ends the import
  compact  rewrites the readable jobs, graphs and machines into a fresh
           file, without free pages or damaged records (the old file is
           kept as topomap.db.bak); the server must be stopped`

func runStore(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, storeUsage)
		if len(args) == 0 {
			return errUsage
		}
		return errHelp
	}
	sub := args[0]
	fs := newFlags("store " + sub)
	var env envDefaults
	data := fs.String("data", env.string("TOPOMAP_DATA", "data"), "data `directory` of the job store (env TOPOMAP_DATA)")
	dbURL := fs.String("database-url", env.string("TOPOMAP_DATABASE_URL", ""), "`URL` of the database store shared by several servers, in place of --data (env TOPOMAP_DATABASE_URL)")
	if err := parseFlags(fs, args[1:]); err != nil {
		return err
	}
	path := filepath.Join(*data, "topomap.db")
	at := storeAt{path: path, url: *dbURL}
	switch sub {
	case "check":
		return storeCheck(ctx, at, stdout)
	case "export":
		return storeExport(ctx, at, stdout)
	case "import":
		return storeImport(ctx, at, stdin, stdout)
	case "compact":
		if at.url != "" {
			return errors.New("store compact rewrites a bbolt file (--data); a database compacts itself")
		}
		r, err := store.Compact(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "compacted %s: kept %s jobs (%s results), dropped %s unreadable records; the old file is %s.bak\n",
			path, metric.Thousands(r.Jobs), metric.Thousands(r.Results), metric.Thousands(len(r.Problems)), path)
		return nil
	}
	return fmt.Errorf("unknown store command %q (want check, export, import or compact)", sub)
}

// openDatabase opens the store of a --database-url as an archive, and
// returns its close: the Postgres database several servers share (its
// schema migrated, as a server's start does). Nil: a build without a
// database store.
var openDatabase = func(ctx context.Context, url string) (store.Archive, func() error, error) {
	db, err := pgstore.Open(ctx, url)
	if err != nil {
		return nil, nil, err
	}
	return db, func() error { db.Close(); return nil }, nil
}

// storeAt is where the store commands find the store: a database's URL,
// else the bbolt file's path.
type storeAt struct{ path, url string }

// String names the store in messages (a URL without its password).
func (a storeAt) String() string {
	if a.url == "" {
		return a.path
	}
	if u, err := url.Parse(a.url); err == nil {
		return u.Redacted()
	}
	return "the database"
}

// openDB opens the database store, if a URL is given.
func (a storeAt) openDB(ctx context.Context) (store.Archive, func() error, error) {
	if openDatabase == nil {
		return nil, nil, errors.New("--database-url: this topomap was built without a database store")
	}
	return openDatabase(ctx, a.url)
}

// openSource opens the store that check and export read, without
// changing it: a store.Source, whichever store keeps the jobs.
func (a storeAt) openSource(ctx context.Context) (store.Source, func() error, error) {
	if a.url != "" {
		return a.openDB(ctx)
	}
	st, err := store.OpenReadOnly(a.path)
	if err != nil {
		return nil, nil, err
	}
	return st, st.Close, nil
}

// openSink opens the store that import writes into (a bbolt file is held
// by one process at a time: the server must be stopped).
func (a storeAt) openSink(ctx context.Context) (store.Sink, func() error, error) {
	if a.url != "" {
		return a.openDB(ctx)
	}
	st, err := store.Open(a.path)
	if err != nil {
		return nil, nil, err
	}
	return st, st.Close, nil
}

// storeCheck prints what store.CheckSource finds.
func storeCheck(ctx context.Context, at storeAt, stdout io.Writer) error {
	src, closeSrc, err := at.openSource(ctx)
	if err != nil {
		return err
	}
	defer closeSrc()
	r, err := store.CheckSource(ctx, src)
	if err != nil {
		return err
	}
	if r.Path == "" { // a store that is no Inspector
		r.Path = at.String()
	}
	printReport(stdout, r)
	if !r.OK() {
		return errStoreProblems
	}
	return nil
}

// storeExport writes the export stream of the store to stdout.
func storeExport(ctx context.Context, at storeAt, stdout io.Writer) error {
	src, closeSrc, err := at.openSource(ctx)
	if err != nil {
		return err
	}
	defer closeSrc()
	n, problems, err := store.Export(ctx, src, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "exported %s from %s\n", counted(n), at)
	for _, p := range problems {
		fmt.Fprintln(stderr, "skipped:", p)
	}
	return nil
}

// storeImport reads an export stream from in into the store.
func storeImport(ctx context.Context, at storeAt, in io.Reader, stdout io.Writer) error {
	dst, closeDst, err := at.openSink(ctx)
	if err != nil {
		return err
	}
	got, err := store.Import(ctx, in, dst)
	if cerr := closeDst(); err == nil {
		err = cerr
	}
	fmt.Fprintf(stdout, "imported into %s: %s added, %s already there\n", at, counted(got.Added), counted(got.Present))
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return nil
}

// counted names the jobs, graphs and machines of a stream.
func counted(n store.Exported) string {
	return fmt.Sprintf("%s, %s and %s", metric.Plural(n.Jobs, "job"), metric.Plural(n.Graphs, "graph"), metric.Plural(n.Machines, "machine"))
}

// printReport prints a store check.
func printReport(w io.Writer, r store.Report) {
	fmt.Fprintf(w, "%s: %s, %s, %s, %s and %s\n", r.Path, metric.Plural(int(r.Bytes), "byte"), metric.Plural(r.Jobs, "job"),
		metric.Plural(r.Results, "result"), metric.Plural(r.Graphs, "graph"), metric.Plural(r.Machines, "machine"))
	for _, d := range r.Damage {
		fmt.Fprintln(w, "damaged:", d)
	}
	for _, p := range r.Problems {
		fmt.Fprintln(w, "unreadable:", p)
	}
	switch {
	case len(r.Damage) > 0:
		fmt.Fprintln(w, "the server refuses this file: export what is readable (topomap store export), then compact it (topomap store compact)")
	case len(r.Problems) > 0:
		fmt.Fprintln(w, "the server skips the unreadable records; topomap store compact removes them")
	default:
		fmt.Fprintln(w, "ok")
	}
}
