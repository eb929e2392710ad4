package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/topology"
	"topomap/backend/api"
	"topomap/backend/jobs"
)

// Client talks to a topomap server's API.
type Client struct {
	// Base is the server's URL, e.g. "http://127.0.0.1:8080".
	Base string
	// HTTP defaults to a client without an overall timeout (event streams
	// last as long as their job); bound calls with their context.
	HTTP *http.Client
	// Token is an API token, sent as Authorization: Bearer (servers
	// started with --auth-tokens want one to submit or cancel).
	Token string
	// StreamIdle ends an event stream that stays silent this long (the
	// server sends a keep-alive every Heartbeat); 0 means a minute.
	StreamIdle time.Duration
}

// APIError is a non-2xx answer of the API.
type APIError struct {
	Status int
	ErrorBody
	// RetryAfter is the server's Retry-After (0 if none).
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("the server answered %d: %s", e.Status, e.ErrorBody.Error)
	if e.Field != "" {
		s += " (field " + e.Field + ")"
	}
	return s
}

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return http.DefaultClient
}

// do sends a request and returns the response if its status is 2xx; for
// other statuses it returns an *APIError.
func (c *Client) do(ctx context.Context, method, path string, body any) (*http.Response, error) {
	var rd io.Reader
	contentType := "application/json"
	switch b := body.(type) {
	case nil:
	case rawBody:
		rd, contentType = bytes.NewReader(b.data), b.contentType
	default:
		j, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(c.Base, "/")+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := c.http().Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 == 2 {
		return resp, nil
	}
	defer resp.Body.Close()
	ae := &APIError{Status: resp.StatusCode}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if json.Unmarshal(b, &ae.ErrorBody) != nil || ae.ErrorBody.Error == "" {
		ae.ErrorBody.Error = strings.TrimSpace(string(b))
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		ae.RetryAfter = time.Duration(s) * time.Second
	}
	return nil, ae
}

func (c *Client) job(ctx context.Context, method, path string, body any) (jobs.Job, error) {
	var j jobs.Job
	err := c.answer(ctx, method, path, body, &j, "job")
	return j, err
}

// answer sends a request and decodes its JSON answer, what, into out.
func (c *Client) answer(ctx context.Context, method, path string, body, out any, what string) error {
	resp, err := c.do(ctx, method, path, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("decoding the server's %s: %w", what, err)
	}
	return nil
}

// rawBody is a request body sent as it is (an uploaded file).
type rawBody struct {
	contentType string
	data        []byte
}

// UploadGraph stores g on the server (POST /api/v1/graphs, as a Matrix
// Market file, which holds any graph) and returns the server's answer:
// its id is g's (guest.Canonical), so graph:ID names it in requests.
func (c *Client) UploadGraph(ctx context.Context, g *guest.Graph) (api.Graph, error) {
	var out api.Graph
	f, _ := graphfile.Lookup(defaultGraphFormat)
	var buf bytes.Buffer
	if err := f.Write(&buf, g); err != nil {
		return out, err
	}
	err := c.answer(ctx, http.MethodPost, graphsPath+"?format="+f.Name, rawBody{f.MediaType, buf.Bytes()}, &out, "answer")
	return out, err
}

// UploadMachine stores a machine read from a file on the server (POST
// /api/v1/machines, as its machine file: a topology.conf, a coordinates
// file) and returns the server's answer: its id is t's, so machine:ID
// names it in requests.
func (c *Client) UploadMachine(ctx context.Context, t topology.Machine) (api.Machine, error) {
	var out api.Machine
	var buf bytes.Buffer
	if _, err := machinefile.WriteMachine(&buf, t); err != nil {
		return out, err
	}
	err := c.answer(ctx, http.MethodPost, machinesPath, rawBody{"text/plain", buf.Bytes()}, &out, "answer")
	if err == nil && out.ID != t.ID() {
		err = fmt.Errorf("the server stored machine %.40q for machine %s", out.ID, t.ID())
	}
	return out, err
}

// Submit posts a job request and returns the job (new, or the existing
// job of an identical request).
func (c *Client) Submit(ctx context.Context, r jobs.Request) (jobs.Job, error) {
	return c.job(ctx, http.MethodPost, "/api/v1/jobs", r)
}

// List returns a page of the server's jobs, newest first (GET
// /api/v1/jobs; a zero Limit takes the server's default).
func (c *Client) List(ctx context.Context, q jobs.ListQuery) (jobs.JobList, error) {
	v := url.Values{}
	if q.Status != "" {
		v.Set("status", string(q.Status))
	}
	if q.After != "" {
		v.Set("after", q.After)
	}
	if q.Limit != 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	var list jobs.JobList
	err := c.answer(ctx, http.MethodGet, "/api/v1/jobs?"+v.Encode(), nil, &list, "list of jobs")
	return list, err
}

// Job returns the job's current state.
func (c *Client) Job(ctx context.Context, id string) (jobs.Job, error) {
	return c.job(ctx, http.MethodGet, jobPath(url.PathEscape(id)), nil)
}

// Cancel cancels a queued or running job, given the CancelToken of the
// Submit that started it.
func (c *Client) Cancel(ctx context.Context, id, token string) (jobs.Job, error) {
	return c.job(ctx, http.MethodDelete, jobPath(url.PathEscape(id))+"?token="+url.QueryEscape(token), nil)
}

// Placement writes the job's placement in the given export format to w,
// with the given host names (POST /jobs/{id}/placement, sent as a names
// file, which holds a million names where JSON holds thousands) or,
// without any, the default ones (GET). A name may be a hostlist
// expression.
func (c *Client) Placement(ctx context.Context, id, format string, w io.Writer, hostnames ...string) error {
	method, body := http.MethodGet, any(nil)
	if len(hostnames) > 0 {
		method, body = http.MethodPost, rawBody{"text/plain; charset=utf-8", []byte(strings.Join(hostnames, "\n") + "\n")}
	}
	resp, err := c.do(ctx, method, jobPath(url.PathEscape(id))+"/placement?format="+url.QueryEscape(format), body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// Follow reads the job's event stream, calling each (if not nil) for every
// state, and returns the final state. If the stream ends early (the server
// went away) it returns the last state seen and an error.
func (c *Client) Follow(ctx context.Context, id string, each func(jobs.Job)) (jobs.Job, error) {
	var last jobs.Job
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	resp, err := c.do(ctx, http.MethodGet, jobPath(url.PathEscape(id))+"/events", nil)
	if err != nil {
		return last, err
	}
	defer resp.Body.Close()
	idle := c.StreamIdle
	if idle <= 0 {
		idle = time.Minute
	}
	// A server that hangs keeps the connection open and sends nothing:
	// every read re-arms the watchdog, which ends the stream.
	watchdog := time.AfterFunc(idle, func() { cancel(errStreamIdle) })
	defer watchdog.Stop()
	resp.Body = readHook{resp.Body, func() { watchdog.Reset(idle) }}
	end := false
	err = ReadEvents(resp.Body, func(name string, data []byte) error {
		var j jobs.Job
		if err := json.Unmarshal(data, &j); err != nil {
			return fmt.Errorf("decoding the server's event: %w", err)
		}
		last = j
		if each != nil {
			each(j)
		}
		if name == EventEnd {
			end = true
			return errStop
		}
		return nil
	})
	switch {
	case errors.Is(err, errStop):
		return last, nil
	case errors.Is(context.Cause(ctx), errStreamIdle):
		return last, fmt.Errorf("%w (%v)", errStreamIdle, idle)
	case err != nil:
		return last, err
	case !end:
		return last, errors.New("the event stream ended before the job finished")
	}
	return last, nil
}

var errStop = errors.New("stop")

// errStreamIdle ends an event stream on which the server went silent.
var errStreamIdle = errors.New("the event stream went silent")

// readHook calls after on every read of a body.
type readHook struct {
	io.ReadCloser
	after func()
}

func (h readHook) Read(p []byte) (int, error) {
	n, err := h.ReadCloser.Read(p)
	h.after()
	return n, err
}

// maxEventBytes bounds one event line.
const maxEventBytes = 1 << 20

// ErrEvents is wrapped by every error of reading an event stream itself
// (not of the callback), so that callers tell them apart with errors.Is.
var ErrEvents = errors.New("reading the job's events")

// scanSSELines splits a stream into lines ended by CRLF, LF or a bare CR,
// the three line ends of the SSE format (bufio.ScanLines knows only the
// first two, so "event:\r0" read as one field named "event" with a CR in
// its value).
func scanSSELines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	for i, c := range data {
		switch {
		case c == '\n':
			return i + 1, data[:i], nil
		case c != '\r':
		case i+1 < len(data):
			if data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		case atEOF:
			return i + 1, data[:i], nil
		default:
			return 0, nil, nil // a CR last: wait for the next byte (LF or not)
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// ReadEvents parses a Server-Sent Events stream (the subset the server
// writes: "event:" and "data:" fields, ":" comments, events ended by a
// blank line; lines end with CRLF, LF or CR) and calls fn for each event
// until the stream ends or fn returns an error, which it returns. Lines
// over 1 MiB are an error.
func ReadEvents(r io.Reader, fn func(name string, data []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxEventBytes)
	sc.Split(scanSSELines)
	name, data, has := "", []byte(nil), false
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if has {
				if name == "" {
					name = "message" // the SSE default
				}
				if err := fn(name, data); err != nil {
					return err
				}
			}
			name, data, has = "", nil, false
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			name = value
		case "data":
			if has {
				data = append(data, '\n')
			}
			data = append(data, value...)
			has = true
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrEvents, err)
	}
	return nil
}
