package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/bom"
	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// errJobHostnames refuses host names in a job request: they are no part
// of the instance (identical instances are one job), so a job takes them
// when its placement is fetched.
var errJobHostnames = &spec.FieldError{Field: "hostnames", Err: errors.New(
	"a job takes host names when its placement is fetched: POST /api/v1/jobs/{id}/placement?format=rankfile with {\"hostnames\": [...]} or a names file (text/plain)")}

// namedPlacementPath is the route of a placement with host names.
const namedPlacementPath = "/jobs/:id/placement"

// maxHostnamesBytes caps a names file (POST /jobs/:id/placement as
// text/plain): a million names of up to 15 characters; hostlist
// expressions name more in less.
const maxHostnamesBytes = 16 << 20

// namedPlacement: POST /jobs/:id/placement?format= with host names: the
// placement, as GET answers it, with those names.
func (s *Server) namedPlacement(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	format, err := placementFormat(c)
	if err != nil {
		return err
	}
	res, err := s.o.Jobs.Result(id)
	if err != nil {
		return unknown("id", err)
	}
	nodes, _ := topology.NodesOf(res.Mapping.Host)
	names, err := s.hostnamesBody(c.Request(), nodes.Size())
	if err != nil {
		return err
	}
	return writeResult(c, res, format, true, export.Options{Hostnames: names, RunTime: true})
}

// hostnamesBody reads the host names of a host of that many nodes from
// r's body: a names file (text/plain, read by export.ParseHostnames, up to
// maxHostnamesBytes) or {"hostnames": [...]} (JSON, up to MaxBody, its
// one key spelled exactly, as spec.DecodeObject reads it), each
// line or entry a name or a hostlist expression, in node-index order.
func (s *Server) hostnamesBody(r *http.Request, nodes int) (export.Hostnames, error) {
	if mediaType(r) == echo.MIMETextPlain {
		names, err := export.ParseHostnames(capBody(r, maxHostnamesBytes), nodes)
		if errors.Is(err, errBodyTooLarge) {
			return nil, &spec.FieldError{Field: "hostnames", Err: fmt.Errorf("%w: a names file is at most %s; name runs of hosts with hostlist expressions (nid[000001-100000])", err, metric.Bytes(maxHostnamesBytes))}
		}
		return names, err
	}
	body, err := io.ReadAll(capBody(r, s.o.MaxBody))
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, err // a 408
	case errors.Is(err, errBodyTooLarge):
		return nil, &spec.FieldError{Field: "hostnames", Err: fmt.Errorf("%w: JSON host names are at most %s; send a names file (Content-Type: text/plain, up to %s) or hostlist expressions", err, metric.Bytes(s.o.MaxBody), metric.Bytes(maxHostnamesBytes))}
	case err != nil:
		return nil, err
	}
	// As strict as the body of /jobs and /map: the key exactly, once.
	m, err := spec.DecodeObject(bom.Trim(body), "hostnames")
	var names []string
	if err == nil && (json.Unmarshal(m["hostnames"], &names) != nil || names == nil) {
		err = errors.New("no array of names")
	}
	if err != nil {
		return nil, &spec.FieldError{Field: "hostnames", Err: fmt.Errorf(`%s: want {"hostnames": ["name", ...]}: one name or hostlist expression per entry, in node-index order`, oneLine(err))}
	}
	return export.ExpandHostnames(names, nodes)
}
