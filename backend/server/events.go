package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"topomap/backend/jobs"
)

// Event names of the job event stream: "job" for a queued or running
// state, "end" for the final state, after which the server closes the
// stream. Every event's data is the job as GET /jobs/{id} returns it.
const (
	EventJob = "job"
	EventEnd = "end"
)

// events: GET /jobs/:id/events streams the job's states as Server-Sent
// Events until its final state (sent at once for a finished job). A comment
// line every Heartbeat keeps proxies from closing an idle stream. The end
// event has id "end": a browser's EventSource reconnects after the server
// closes, sending Last-Event-ID, and the 204 it then gets for a finished
// job tells it to stop. At most MaxStreams are open at once.
func (s *Server) events(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		return errStreamsBusy
	}
	j, updates, unsubscribe, err := s.o.Jobs.Subscribe(id)
	if err != nil {
		return unknown("id", err)
	}
	defer unsubscribe()
	if j.Status.Final() && c.Request().Header.Get("Last-Event-ID") == EventEnd {
		return c.NoContent(http.StatusNoContent)
	}
	es := eventStream{w: c.Response(), updates: updates}
	es.start()
	if over, err := es.forward(j, true); over {
		return err
	}
	return es.follow(c.Request().Context(), s.o.Heartbeat, s.closing)
}

// errStreamsBusy: MaxStreams event streams are open. Not waited for: a
// stream lasts as long as its job.
var errStreamsBusy error = busy("too many job event streams open at once; poll GET /api/v1/jobs/{id} instead, or try again later")

// eventStream is the event stream of one job to one client: the response
// it writes and the subscription it forwards.
type eventStream struct {
	w       *echo.Response
	updates <-chan jobs.Job
}

// start sends the response's header: an event stream, neither cached nor
// buffered on its way.
func (es eventStream) start() {
	h := es.w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set(echo.HeaderCacheControl, "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	es.w.WriteHeader(http.StatusOK)
}

// forward sends one state (ok: the subscription is still open); the
// stream is over when the subscription has closed, a write failed or
// the state is final.
func (es eventStream) forward(j jobs.Job, ok bool) (over bool, err error) {
	if !ok {
		return true, nil
	}
	err = writeEvent(es.w, j)
	return err != nil || j.Status.Final(), err
}

// follow forwards the later states until the stream is over, with a
// keep-alive comment every heartbeat; it ends early when ctx ends, and
// soon after closing is closed.
func (es eventStream) follow(ctx context.Context, heartbeat time.Duration, closing <-chan struct{}) error {
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case j, ok := <-es.updates:
			if over, err := es.forward(j, ok); over {
				return err
			}
		case <-tick.C:
			if _, err := io.WriteString(es.w, ": keep-alive\n\n"); err != nil {
				return err
			}
			es.w.Flush()
		case <-ctx.Done():
			return nil
		case <-closing:
			// The runner has closed, so the final state is normally queued
			// already; send it rather than drop the stream without it.
			return es.drain()
		}
	}
}

// drain forwards the states already on their way, until the stream is
// over or for a second at most.
func (es eventStream) drain() error {
	late := time.After(time.Second)
	for {
		select {
		case j, ok := <-es.updates:
			if over, err := es.forward(j, ok); over {
				return err
			}
		case <-late:
			return nil
		}
	}
}

// writeEvent writes one event and flushes it.
func writeEvent(w *echo.Response, j jobs.Job) error {
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	head := "event: " + EventJob
	if j.Status.Final() {
		head = "id: " + EventEnd + "\nevent: " + EventEnd
	}
	if _, err := fmt.Fprintf(w, "%s\ndata: %s\n\n", head, data); err != nil {
		return err
	}
	w.Flush()
	return nil
}
