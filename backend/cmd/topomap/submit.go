package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"time"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
	"topomap/backend/server"
)

func init() {
	commands["submit"] = command{"submit a job to a running server (topomap serve) and optionally wait for its result", runSubmit}
}

// progressOut receives submit's progress lines (tests silence it).
var progressOut io.Writer = os.Stderr

// submitRetries bounds how often submit retries a 503 (full queue).
const submitRetries = 5

// runSubmit is the submit command: it sends an instance to a running
// server as a job and prints the job, or with --wait follows it and
// prints its placement.
func runSubmit(ctx context.Context, args []string, stdout io.Writer) error {
	c, err := parseSubmitFlags(args)
	if err != nil {
		return err
	}
	in, err := c.instance(ctx)
	if err != nil {
		return err
	}
	names, err := c.hostNames(in.Host)
	if err != nil {
		return err
	}
	if c.timeout <= 0 {
		return fmt.Errorf("--timeout %v: want a positive duration", c.timeout)
	}
	client := c.client()
	j, err := submitInstance(ctx, client, in, c.timeout)
	if err != nil {
		return unreachable(err, c.server, c.timeout)
	}
	// The job's page, where a person follows it (and finds it again).
	fmt.Fprintf(progressOut, "job %s %s: %s/jobs/%s\n", j.ID, j.Status, strings.TrimSuffix(c.server, "/"), j.ID)
	if !c.wait {
		return printJob(stdout, j, c.format)
	}
	j, err = follow(ctx, client, j, c.timeout)
	if err != nil {
		return unreachable(err, c.server, c.timeout)
	}
	if j.Status != jobs.Done {
		return stopped(ctx, client, j, c.format, stdout, names)
	}
	return client.Placement(ctx, j.ID, c.format, stdout, names...)
}

// stopped says why job j ended short of done; one that kept the best
// placement its search had found (partial: cancelled, interrupted, or
// stopped at the time limit) has it written first, as --wait promises a placement.
func stopped(ctx context.Context, client *server.Client, j jobs.Job, format string, stdout io.Writer, names []string) error {
	err := fmt.Errorf("job %s %s: %s", j.ID, j.Status, j.Error)
	if !j.Partial {
		return err
	}
	if perr := client.Placement(ctx, j.ID, format, stdout, names...); perr != nil {
		return errors.Join(err, perr)
	}
	return fmt.Errorf("%w; that partial placement is written", err)
}

// submitConfig is what submit's flags ask for.
type submitConfig struct {
	instanceFlags                    // the instance's fields: --guest, --host, --algo, ...
	server, format, token, hostnames string
	wait                             bool
	timeout                          time.Duration
}

// parseSubmitFlags parses submit's flags and checks --format, which only
// --wait may give a placement format.
func parseSubmitFlags(args []string) (submitConfig, error) {
	fs := newFlags("submit")
	var c submitConfig
	c.register(fs, nil)
	fs.StringVar(&c.server, "server", new(envDefaults).string("TOPOMAP_SERVER", "http://127.0.0.1:8080"), "server `URL` (env TOPOMAP_SERVER)")
	fs.BoolVar(&c.wait, "wait", false, "follow the job's progress (on stderr) and print its result (a partial one too, before failing)")
	fs.StringVar(&c.format, "format", "text", "output `format`: json or text (with --wait any placement format: "+strings.Join(export.Names(), ", ")+")")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "give up when the server does not answer for this long (a `duration` such as 30s; also while waiting)")
	fs.StringVar(&c.token, "token", os.Getenv("TOPOMAP_TOKEN"), "API `token` for a server started with --auth-tokens (env TOPOMAP_TOKEN)")
	fs.StringVar(&c.hostnames, "hostnames", "", "with --wait: `file` of host names for the launcher files, one per host node in node-index order, a name or a Slurm hostlist expression (nid[001-016]) a line (default: the machine's own names, as a preset's nid#####, else node<index>)")
	if err := parseFlags(fs, args); err != nil {
		return submitConfig{}, err
	}
	if _, err := export.Lookup(c.format); err != nil {
		return submitConfig{}, fmt.Errorf("unknown --format %q (want %s)", c.format, strings.Join(export.Names(), ", "))
	}
	if !c.wait && c.format != "json" && c.format != "text" {
		// without --wait, submit prints the job (as JSON or a line of text)
		return submitConfig{}, fmt.Errorf("--format %s needs --wait (it is a placement format)", c.format)
	}
	return c, nil
}

// hostNames reads the --hostnames file for the nodes of host, if given;
// it names the hosts of a placement file, so it needs --wait.
func (c submitConfig) hostNames(host topology.Host) ([]string, error) {
	if c.hostnames == "" {
		return nil, nil
	}
	if !c.wait {
		return nil, errors.New("--hostnames needs --wait (they name the hosts of a placement file)")
	}
	return readHostnames(c.hostnames, host)
}

// client returns a client of the server at --server that gives up when
// the server does not answer for --timeout.
func (c submitConfig) client() *server.Client {
	return &server.Client{Base: c.server, Token: c.token, StreamIdle: c.timeout, HTTP: &http.Client{
		// No overall timeout (an event stream lasts as long as its job);
		// a server that accepts and never answers is caught here.
		Transport: &http.Transport{Proxy: http.ProxyFromEnvironment, ResponseHeaderTimeout: c.timeout,
			DialContext: (&net.Dialer{Timeout: c.timeout}).DialContext, TLSHandshakeTimeout: c.timeout},
	}}
}

// submitInstance uploads what the server cannot read itself, then submits
// the instance as a job, all within timeout.
func submitInstance(ctx context.Context, c *server.Client, in spec.Instance, timeout time.Duration) (jobs.Job, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := uploadInputs(ctx, c, in); err != nil {
		return jobs.Job{}, err
	}
	return submitRetrying(ctx, c, jobs.RequestOf(in))
}

// uploadInputs uploads the instance's inputs read from files: its guest
// graph and its host machine.
func uploadInputs(ctx context.Context, c *server.Client, in spec.Instance) error {
	if g := in.Guest.Graph; g != nil {
		// --guest file:PATH: the server reads no path; it gets the graph.
		up, err := c.UploadGraph(ctx, g)
		if err != nil {
			return err
		}
		fmt.Fprintf(progressOut, "graph %s uploaded: %s, %s\n", up.ID, metric.Plural(up.Vertices, "vertex", "vertices"), metric.Plural(up.Arcs, "arc"))
	}
	if t, ok := in.Host.(topology.Machine); ok {
		// --host file:PATH of a topology.conf or coordinates: the server gets the machine.
		up, err := c.UploadMachine(ctx, t)
		if err != nil {
			return err
		}
		fmt.Fprintf(progressOut, "machine %s uploaded: %s, %s\n", up.ID, metric.Plural(up.Nodes, "node"), metric.Plural(up.Switches, "switch", "switches"))
	}
	return nil
}

// submitRetrying submits, waiting out 503 answers (Retry-After) a few times.
func submitRetrying(ctx context.Context, c *server.Client, r jobs.Request) (jobs.Job, error) {
	for try := 0; ; try++ {
		j, err := c.Submit(ctx, r)
		var ae *server.APIError
		if !errors.As(err, &ae) || ae.RetryAfter == 0 || try == submitRetries {
			return j, err
		}
		fmt.Fprintf(progressOut, "server busy (%s); retrying in %v\n", ae.ErrorBody.Error, ae.RetryAfter)
		select {
		case <-time.After(ae.RetryAfter):
		case <-ctx.Done():
			return j, ctx.Err()
		}
	}
}

// unreachable rewords the errors of a server that is gone or silent.
func unreachable(err error, url string, timeout time.Duration) error {
	var ae *server.APIError
	switch {
	case errors.As(err, &ae), errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, errGone):
		return fmt.Errorf("the server at %s did not answer for %v; is it running? (%v)", url, timeout, err)
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, syscall.ECONNREFUSED) {
		return fmt.Errorf("the server at %s is not reachable: %v", url, err)
	}
	return err
}

// errGone: polling found no server for the whole timeout.
var errGone = errors.New("no answer while waiting for the job")

// follow follows the job's events, printing progress to stderr; if the
// stream breaks it polls until the job ends, and gives up when the server
// has not answered for timeout.
func follow(ctx context.Context, c *server.Client, j jobs.Job, timeout time.Duration) (jobs.Job, error) {
	show := func(j jobs.Job) { fmt.Fprint(progressOut, progressLine(j)) }
	last, err := c.Follow(ctx, j.ID, show)
	fmt.Fprintln(progressOut)
	answered := time.Now()
	for err != nil || !last.Status.Final() {
		if err != nil && time.Since(answered) > timeout {
			return last, fmt.Errorf("%w: %v", errGone, err)
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return last, ctx.Err()
		}
		pctx, cancel := context.WithTimeout(ctx, timeout)
		var now jobs.Job
		now, err = c.Job(pctx, j.ID)
		cancel()
		var ae *server.APIError
		if errors.As(err, &ae) && ae.Status < 500 {
			return last, err
		}
		if err == nil {
			last, answered = now, time.Now()
			show(last)
		}
	}
	return last, nil
}

// progressLine is the line that shows a job's progress in place: the
// moves and hops per byte of a search, the start a search is computing
// before it, or only the share done and the time of a mapper that counts
// no moves (rb, greedy).
func progressLine(j jobs.Job) string {
	p := j.Progress
	search := ""
	switch {
	case p.Evaluated > 0 || p.HopsPerByte > 0:
		search = fmt.Sprintf("  %s evaluated  hops/byte %s%s", metric.Count(int(p.Evaluated)), metric.Fixed4(p.HopsPerByte), solve.LevelText(p.Level))
	case p.Start != "":
		search = "  " + solve.StartText(p.Start, p.StartDone)
	}
	return fmt.Sprintf("\r%-9s %5.1f%%%s  %ss ", j.Status, 100*p.Fraction, search, metric.Fixed(p.Elapsed, 1))
}

// printJob prints a job without waiting: its JSON or a line of text.
func printJob(w io.Writer, j jobs.Job, format string) error {
	if format == "json" {
		return writeJSON(w, j)
	}
	_, err := fmt.Fprintf(w, "%s %s\n", j.ID, j.Status)
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
