package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/export"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
)

// errJobHostnames refuses host names in a job request: they are no part
// of the instance (identical instances are one job), so a job takes them
// when its placement is fetched.
var errJobHostnames = &spec.FieldError{Field: "hostnames", Err: errors.New(
	"a job takes host names when its placement is fetched: POST /api/v1/jobs/{id}/placement?format=rankfile with {\"hostnames\": [...]}")}

// namedPlacement: POST /jobs/:id/placement?format= with {"hostnames":
// [...]}: the placement, as GET answers it, with those host names.
func (s *Server) namedPlacement(c echo.Context) error {
	id, err := jobID(c)
	if err != nil {
		return err
	}
	format, err := placementFormat(c)
	if err != nil {
		return err
	}
	var body struct {
		Hostnames []string `json:"hostnames"`
	}
	raw, err := io.ReadAll(io.LimitReader(c.Request().Body, jobs.MaxRequestBytes+1))
	if err != nil || len(raw) > jobs.MaxRequestBytes {
		return &spec.FieldError{Field: "hostnames", Err: errors.New("body unreadable or larger than 64 KiB")}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || body.Hostnames == nil {
		return &spec.FieldError{Field: "hostnames", Err: errors.New(`want {"hostnames": ["name", ...]}: one name per host node, in node-index order`)}
	}
	res, err := s.o.Jobs.Result(id)
	if err != nil {
		return err
	}
	return writeResult(c, res, format, true, export.Options{Hostnames: body.Hostnames})
}
