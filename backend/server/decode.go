package server

import (
	"fmt"
	"io"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
)

// MaxRequestBytes bounds the body of a job or map request; decodeRequest
// reads no further.
const MaxRequestBytes = 64 << 10

// decodeRequest reads the JSON request object of r (at most
// MaxRequestBytes) with spec.DecodeJSON, which also allows the keys in
// extra. Every error is a *spec.FieldError naming the field ("" for the
// body as a whole). O(body size).
func decodeRequest(r io.Reader, extra ...string) (spec.Request, error) {
	body, err := io.ReadAll(io.LimitReader(r, MaxRequestBytes+1))
	if err != nil {
		return spec.Request{}, &spec.FieldError{Err: fmt.Errorf("%w: reading the body: %w", spec.ErrInvalidRequest, err)}
	}
	if len(body) > MaxRequestBytes {
		return spec.Request{}, &spec.FieldError{Err: fmt.Errorf("%w: body larger than %s", spec.ErrInvalidRequest, metric.Bytes(MaxRequestBytes))}
	}
	return spec.DecodeJSON(body, extra...)
}

// decodeJob reads the body of POST /jobs into an instance.
func decodeJob(r io.Reader) (spec.Instance, error) {
	req, err := decodeRequest(r)
	if err != nil {
		return spec.Instance{}, err
	}
	return req.Instance()
}

// decodeMap reads the body of POST /map: an instance and the host names of
// the launcher files.
func decodeMap(r io.Reader) (in spec.Instance, hostnames []string, err error) {
	req, err := decodeRequest(r, "hostnames")
	if err == nil {
		err = req.DecodeExtra("hostnames", "an array of host names (strings)", &hostnames)
	}
	if err != nil {
		return in, nil, err
	}
	in, err = req.Instance()
	return in, hostnames, err
}
