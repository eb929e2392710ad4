package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/export"
	"topomap/algorithms/metric"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// scorePath is the API path that scores a placement file.
const scorePath = "/api/v1/score"

// maxPlacementBytes caps a placement file (POST /score): a rankfile of a
// million ranks at 16 bytes a line fits.
const maxPlacementBytes = 16 << 20

// score: POST /score?guest=&host=[&placementFormat=][&hostnames=...]
// [&format=json|text] with a placement file as the body (text/plain,
// up to maxPlacementBytes; application/json for a JSON report): the
// placement read (export.ReadPlacement), scored as `topomap score`
// scores it, within the synchronous caps (MaxSyncNodes, SyncWorkers,
// SyncTimeout). O(body + arcs·c) per baseline.
func (s *Server) score(c echo.Context) error {
	format := c.QueryParam("format")
	if format == "" {
		format = "json"
	}
	if format != "json" && format != "text" {
		return &spec.FieldError{Field: "format", Err: fmt.Errorf("unknown format %s (want json or text)", quote(format))}
	}
	in, t, err := s.scoreTarget(c)
	if err != nil {
		return err
	}
	place, used, err := export.ReadPlacement(capBody(c.Request(), maxPlacementBytes), c.QueryParam("placementFormat"), t)
	var fe *spec.FieldError
	if errors.As(err, &fe) && fe.Field == "format" { // this route's format is the answer's
		return &spec.FieldError{Field: "placementFormat", Err: fe.Err}
	}
	if errors.Is(err, errBodyTooLarge) {
		return &spec.FieldError{Field: "placement", Err: fmt.Errorf("%w: a placement file is at most %s", err, metric.Bytes(maxPlacementBytes))}
	}
	if err != nil {
		return err
	}
	var res *solve.Result
	err = s.syncSlot(c.Request().Context(), s.sync, func(ctx context.Context) error {
		res, err = solve.Score(ctx, in, place, solve.ScoreNotes("an upload", used))
		return err
	})
	if err != nil {
		return err
	}
	return writeResult(c, res, format, false, export.Options{Hostnames: t.Hostnames})
}

// scoreTarget reads the instance (guest and host, within MaxSyncNodes) and
// the host names of POST /score from its query.
func (s *Server) scoreTarget(c echo.Context) (spec.Instance, export.Target, error) {
	q := c.QueryParams()
	in, err := spec.ParseFields(func(name string) string {
		switch name {
		case "guest", "host", "nodes", "ranksPerNode":
			return q.Get(name)
		case "algo":
			return solve.ScoreAlgo
		}
		return ""
	})
	if err != nil {
		return in, export.Target{}, err
	}
	if err := s.resolve(c.Request().Context(), &in); err != nil {
		return in, export.Target{}, err
	}
	noAlgo := func(spec.Instance) (solve.Algorithm, error) { return solve.Algorithm{}, nil }
	if err := s.checkSync(in, noAlgo); err != nil {
		return in, export.Target{}, err
	}
	h, alloc, err := solve.PlacementHost(in)
	if err != nil {
		return in, export.Target{}, err
	}
	nodes, _ := topology.NodesOf(h)
	names, err := export.ExpandHostnames(q["hostnames"], nodes.Size())
	return in, export.Target{Host: h, Ranks: in.Guest.Order(), Guest: in.Guest.String(), Hostnames: names, Named: in.Host.String(), Allocation: alloc}, err
}
