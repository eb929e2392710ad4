package server

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/jobs"
)

// ErrorBody is the JSON body of every error response.
type ErrorBody struct {
	Error string `json:"error"`
	// Field names the request field at fault ("" if none).
	Field string `json:"field"`
}

// errSyncBusy: no synchronous slot freed within SyncTimeout.
var errSyncBusy = errors.New("too many synchronous requests, try again later or submit a job")

// busy is the refusal of a request that found no free slot of its kind
// (uploads, reads) in time. It is answered as errSyncBusy is: 503 with
// Retry-After.
type busy string

func (b busy) Error() string      { return string(b) }
func (busy) Is(target error) bool { return target == errSyncBusy }

// errSyncTimeout: a synchronous request ran out of time.
var errSyncTimeout = errors.New("the request exceeded the synchronous time limit; submit it as a job (POST /api/v1/jobs)")

// statusClientClosed is the status of a request whose client left before
// its answer (nginx's 499): for the access log, as nobody receives it.
const statusClientClosed = 499

// classify maps an error to its status, body and Retry-After seconds (0 =
// none). This is the one place where errors become statuses, but for
// echo's own HTTPErrors (a wrong method, its body limit), whose status
// echo chose.
func (s *Server) classify(err error) (int, ErrorBody, int) {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		switch he.Code {
		case http.StatusRequestEntityTooLarge:
			return he.Code, ErrorBody{Error: "request body larger than " + metric.Bytes(s.o.MaxBody) + " (many host names go to POST /api/v1/jobs/{id}/placement as a names file, text/plain)", Field: "body"}, 0
		case http.StatusMethodNotAllowed:
			return he.Code, ErrorBody{Error: "method not allowed on this path"}, 0
		}
		msg := fmt.Sprint(he.Message)
		if he.Code >= 500 {
			msg = http.StatusText(he.Code)
		}
		return he.Code, ErrorBody{Error: lowerFirst(msg)}, 0
	}
	body := ErrorBody{Error: oneLine(err), Field: spec.FieldOf(err)}
	var fe *spec.FieldError
	var ge *graphfile.Error
	if errors.As(err, &ge) && body.Field == "" {
		// a graph file read from the body; one written (GET
		// /graphs/{id}?format=) names the field that chose its format
		body.Field = "body"
	}
	switch {
	case errors.Is(err, context.Canceled): // the client left: nobody reads it, nothing to log
		return statusClientClosed, ErrorBody{Error: "the client closed the request"}, 0
	case errors.As(err, &ge) && errors.Is(err, graphfile.ErrTooLarge):
		return http.StatusRequestEntityTooLarge, body, 0
	case errors.As(err, &ge):
		return http.StatusBadRequest, body, 0
	case errors.Is(err, errEncoded), errors.Is(err, errMediaType):
		return http.StatusUnsupportedMediaType, body, 0
	case errors.Is(err, errCrossSite):
		return http.StatusForbidden, body, 0
	case errors.Is(err, errAuth), errors.Is(err, errBadToken):
		return http.StatusUnauthorized, body, 0
	case errors.Is(err, errNoRoute):
		return http.StatusNotFound, body, 0
	case errors.Is(err, errNoGraphs):
		return http.StatusNotImplemented, body, 0
	case errors.Is(err, errBodyTooLarge):
		return http.StatusRequestEntityTooLarge, body, 0
	case errors.Is(err, os.ErrDeadlineExceeded):
		return http.StatusRequestTimeout, ErrorBody{Error: fmt.Sprintf("the request body did not arrive within %v", s.o.BodyTimeout)}, 0
	case errors.Is(err, jobs.ErrNotFound):
		return http.StatusNotFound, body, 0
	case errors.Is(err, jobs.ErrForbidden):
		return http.StatusForbidden, body, 0
	case errors.Is(err, jobs.ErrConflict):
		return http.StatusConflict, body, 0
	case errors.Is(err, jobs.ErrBusy):
		return http.StatusServiceUnavailable, body, 5
	case errors.Is(err, jobs.ErrClosed):
		return http.StatusServiceUnavailable, body, 10
	case errors.Is(err, jobs.ErrUnavailable):
		return http.StatusServiceUnavailable, body, 5
	case errors.Is(err, errSyncBusy):
		return http.StatusServiceUnavailable, body, 1
	case errors.Is(err, errSyncTimeout): // not at once: it may well run out again
		return http.StatusServiceUnavailable, body, int(math.Ceil(s.o.SyncTimeout.Seconds()))
	case errors.Is(err, topology.ErrUnknownMachine): // as an unknown graph
		body.Error += ": upload its file first (POST /api/v1/machines), or give the id an upload answered"
		return http.StatusNotFound, body, 0
	case errors.As(err, &fe), errors.Is(err, spec.ErrInvalidRequest):
		return http.StatusBadRequest, body, 0
	}
	return http.StatusInternalServerError, ErrorBody{Error: "internal error"}, 0
}

// handleError is the echo HTTPErrorHandler.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		if !errors.Is(err, context.Canceled) {
			s.o.Logger.Warn("server: error after the response started", "path", c.Request().URL.Path, "err", err)
		}
		return
	}
	code, body, retry := s.classify(err)
	if code >= 500 && code != http.StatusServiceUnavailable && code != http.StatusNotImplemented {
		s.o.Logger.Error("server: internal error", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	}
	h := c.Response().Header()
	for _, k := range representationHeaders {
		h.Del(k)
	}
	if retry > 0 {
		h.Set("Retry-After", strconv.Itoa(retry))
	}
	if err = c.JSON(code, body); err != nil {
		s.o.Logger.Warn("server: writing an error response", "err", err)
	}
}

// representationHeaders describe the file a handler meant to send, which
// it may have set before it failed: an error sent with them would be
// cached as that file (a graph's "public, max-age=86400") or revalidated
// by its ETag into a 304.
var representationHeaders = []string{"ETag", echo.HeaderCacheControl, echo.HeaderContentDisposition}

// oneLine keeps an error message on one line.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// lowerFirst lower-cases echo's capitalised status messages.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
