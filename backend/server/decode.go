package server

import (
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/bom"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
)

// MaxRequestBytes is the default bound of the body of a job or map
// request (Options.MaxBody, serve --body-limit).
const MaxRequestBytes = 64 << 10

// decodeRequest reads the JSON request object of r (at most limit bytes,
// the server's MaxBody, which the body limit also enforces; a leading
// byte order mark skipped, as RFC 8259 allows and the file uploads do)
// with spec.DecodeJSON, which also allows the keys in extra. Every error
// is a *spec.FieldError naming the field: "body" for a body past limit (a
// 413), "" for one that is no JSON object. O(body size).
func decodeRequest(r io.Reader, limit int64, extra ...string) (spec.Request, error) {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return spec.Request{}, &spec.FieldError{Err: fmt.Errorf("%w: reading the body: %w", spec.ErrInvalidRequest, err)}
	}
	if int64(len(body)) > limit {
		return spec.Request{}, &spec.FieldError{Field: "body", Err: fmt.Errorf("%w: a job or map request is at most %s", errBodyTooLarge, metric.Bytes(limit))}
	}
	return spec.DecodeJSON(bom.Trim(body), extra...) // as files saved on Windows begin
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

// wellFormedQuery refuses a request whose query does not parse (a bad
// %-escape, a ';' separator) with a 400 naming the parameter: the parser
// drops such a pair silently, so that ?limit=%zz listed a default page and
// ?guest=%zz was "empty".
func wellFormedQuery(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		for _, pair := range strings.Split(c.Request().URL.RawQuery, "&") {
			if _, err := url.ParseQuery(pair); err != nil {
				key, _, _ := strings.Cut(pair, "=")
				if k, kerr := url.QueryUnescape(key); kerr == nil {
					key = k
				}
				return &spec.FieldError{Field: key, Err: fmt.Errorf("malformed query parameter %s: %w", quote(pair), err)}
			}
		}
		return next(c)
	}
}
