package server

import (
	"fmt"
	"io"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
)

// MaxRequestBytes is the default bound of the body of a job or map
// request (Options.MaxBody, serve --body-limit).
const MaxRequestBytes = 64 << 10

// decodeRequest reads the JSON request object of r (at most limit bytes,
// the server's MaxBody, which the body limit also enforces) with
// spec.DecodeJSON, which also allows the keys in extra. Every error is a
// *spec.FieldError naming the field ("body" for the body as a whole,
// "" for a malformed one); one past limit is a 413. O(body size).
func decodeRequest(r io.Reader, limit int64, extra ...string) (spec.Request, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return spec.Request{}, &spec.FieldError{Err: fmt.Errorf("%w: reading the body: %w", spec.ErrInvalidRequest, err)}
	}
	if int64(len(body)) > limit {
		return spec.Request{}, &spec.FieldError{Field: "body", Err: fmt.Errorf("%w: a job or map request is at most %s", errBodyTooLarge, metric.Bytes(limit))}
	}
	return spec.DecodeJSON(body, extra...)
}

// decodeJob reads the body of POST /jobs into an instance.
func decodeJob(r io.Reader, limit int64) (spec.Instance, error) {
	req, err := decodeRequest(r, limit)
	if err != nil {
		return spec.Instance{}, err
	}
	return req.Instance()
}

// decodeMap reads the body of POST /map: an instance and the host names of
// the launcher files.
func decodeMap(r io.Reader, limit int64) (in spec.Instance, hostnames []string, err error) {
	req, err := decodeRequest(r, limit, "hostnames")
	if err == nil {
		err = req.DecodeExtra("hostnames", "an array of host names (strings)", &hostnames)
	}
	if err != nil {
		return in, nil, err
	}
	in, err = req.Instance()
	return in, hostnames, err
}
