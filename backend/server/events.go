package server

import (
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
// job tells it to stop.
func (s *Server) events(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	j, updates, unsubscribe, err := s.o.Jobs.Subscribe(id)
	if err != nil {
		return err
	}
	defer unsubscribe()
	if j.Status.Final() && c.Request().Header.Get("Last-Event-ID") == EventEnd {
		return c.NoContent(http.StatusNoContent)
	}
	w := c.Response()
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set(echo.HeaderCacheControl, "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	// forward sends one state (ok: the subscription is still open); the
	// stream is over when the subscription has closed, a write failed or
	// the state is final.
	forward := func(j jobs.Job, ok bool) (over bool, err error) {
		if !ok {
			return true, nil
		}
		err = writeEvent(w, j)
		return err != nil || j.Status.Final(), err
	}
	if over, err := forward(j, true); over {
		return err
	}
	tick := time.NewTicker(s.o.Heartbeat)
	defer tick.Stop()
	ctx := c.Request().Context()
	for {
		select {
		case j, ok := <-updates:
			if over, err := forward(j, ok); over {
				return err
			}
		case <-tick.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return err
			}
			w.Flush()
		case <-ctx.Done():
			return nil
		case <-s.closing:
			// The runner has closed, so the final state is normally queued
			// already; send it rather than drop the stream without it.
			late := time.After(time.Second)
			for {
				select {
				case j, ok := <-updates:
					if over, err := forward(j, ok); over {
						return err
					}
				case <-late:
					return nil
				}
			}
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
