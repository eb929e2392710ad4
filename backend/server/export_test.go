package server

import (
	"io"
	"strings"

	"topomap/algorithms/spec"
)

// Routes lists the API's routes as "METHOD path", catch-alls excluded (for
// the OpenAPI test).
func (s *Server) Routes() []string {
	var out []string
	for _, r := range s.e.Routes() {
		if (strings.HasPrefix(r.Path, "/api/v1/") || r.Path == "/metrics") && !strings.HasSuffix(r.Path, "*") {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	return out
}

// OpenAPI returns the OpenAPI document the server serves.
func OpenAPI() []byte { return openAPI }

// DecodeJob and DecodeMap are the decoders of the bodies of POST /jobs and
// POST /map, at the default body limit (for their tests).
func DecodeJob(r io.Reader) (spec.Instance, error) { return decodeJob(r, MaxRequestBytes) }

func DecodeMap(r io.Reader) (spec.Instance, []string, error) { return decodeMap(r, MaxRequestBytes) }
