package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// suggest: GET /suggest?guest=&host= names the method that maps the
// guest (graph:ID for an uploaded graph) onto the host best within the
// browser's cost caps, and why (solve.Suggest).
func (s *Server) suggest(c echo.Context) error {
	q := c.QueryParams()
	in, err := spec.ParseFields(func(name string) string {
		switch name {
		case "guest", "host":
			return q.Get(name)
		case "algo":
			return "pairs" // the parser wants one; Suggest chooses
		}
		return ""
	})
	if err != nil {
		return err
	}
	if err := s.resolve(c.Request().Context(), &in); err != nil {
		return err
	}
	sg, err := solve.Suggest(in.Guest, in.Host)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sg)
}
