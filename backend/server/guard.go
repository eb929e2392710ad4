package server

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/spec"
)

// The errors of the request guards (classify gives their statuses).
var (
	errCrossSite = errors.New("cross-site request refused: the API takes jobs from this origin's pages and from non-browser clients only")
	errAuth      = errors.New("this server wants an API token: Authorization: Bearer TOKEN")
	errEncoded   = errors.New("compressed bodies are not read")
	errMediaType = errors.New("want Content-Type")
	errBadToken  = errors.New("the API token sent is not accepted by this server: send one of its tokens (Authorization: Bearer TOKEN)")
)

// crossSite refuses, with errCrossSite on the header that told, a request
// a browser sent from a page of another origin: Sec-Fetch-Site says so,
// or, from a browser without it, Origin names another host. Non-browser
// clients send neither.
func crossSite(r *http.Request) error {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return nil
	case "":
	default: // cross-site, same-site (a sibling subdomain)
		return &spec.FieldError{Field: "Sec-Fetch-Site", Err: errCrossSite}
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return nil
	}
	if u, err := url.Parse(o); err != nil || !strings.EqualFold(u.Host, r.Host) {
		return &spec.FieldError{Field: "Origin", Err: errCrossSite}
	}
	return nil
}

// guardWrites protects the routes that change state (submit, map, cancel):
// no cross-site browser requests, a JSON body for POST (a form or a
// text/plain POST from another page is refused before it is read), and,
// if the server has API tokens, one of them.
func (s *Server) guardWrites(next echo.HandlerFunc) echo.HandlerFunc {
	return s.guard(next, echo.MIMEApplicationJSON)
}

// guardUploads is guardWrites for a raw upload (a graph file): any
// Content-Type, the other guards alike.
func (s *Server) guardUploads(next echo.HandlerFunc) echo.HandlerFunc { return s.guard(next) }

// guardText is guardWrites for a body of host names or a placement
// file: JSON or a file (text/plain).
func (s *Server) guardText(next echo.HandlerFunc) echo.HandlerFunc {
	return s.guard(next, echo.MIMEApplicationJSON, echo.MIMETextPlain)
}

// guard is guardWrites, wanting a POST body of one of the media types if
// any are given.
func (s *Server) guard(next echo.HandlerFunc, types ...string) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if err := crossSite(r); err != nil {
			return err
		}
		if len(types) > 0 && r.Method == http.MethodPost && !slices.Contains(types, mediaType(r)) {
			return &spec.FieldError{Field: echo.HeaderContentType, Err: fmt.Errorf("%w: %s", errMediaType, strings.Join(types, " or "))}
		}
		if ce := r.Header.Get(echo.HeaderContentEncoding); ce != "" && !strings.EqualFold(ce, "identity") {
			return &spec.FieldError{Field: echo.HeaderContentEncoding, Err: fmt.Errorf("%w: the body is sent with Content-Encoding %s; send it uncompressed", errEncoded, quote(ce))}
		}
		if err := s.wantToken(c); err != nil {
			return err
		}
		return next(c)
	}
}

// guardCompute guards a read route whose requests may compute: those that
// computes reports (solving an instance on the fly, a dense matrix of an
// uploaded graph: seconds of CPU, where reading a finished result costs
// its size) want one of the server's API tokens, if it has any, and are
// refused from another site's pages (an image tag elsewhere would spend
// this server's CPU for each of its visitors). Reads of finished results
// stay open, so their links can be shared.
func (s *Server) guardCompute(computes func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if computes(c) {
				if err := crossSite(c.Request()); err != nil {
					return err
				}
				if err := s.wantToken(c); err != nil {
					return err
				}
			}
			return next(c)
		}
	}
}

// guardToken guards a read route that wants one of the server's API
// tokens, if it has any, for every request: the list of jobs, which names
// every user's instances where a job's link names one.
func (s *Server) guardToken(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if err := s.wantToken(c); err != nil {
			return err
		}
		return next(c)
	}
}

// wantToken returns, with the WWW-Authenticate challenge, errAuth if the
// server has API tokens and the request carries no bearer token, and
// errBadToken if it carries one that is none of them (RFC 6750's
// invalid_token; nothing is said of the server's tokens), each on the
// field Authorization.
func (s *Server) wantToken(c echo.Context) error {
	if len(s.o.Tokens) == 0 {
		return nil
	}
	tok, sent := bearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
	if sent && s.validToken(tok) {
		return nil
	}
	if !sent {
		c.Response().Header().Set("WWW-Authenticate", `Bearer realm="topomap"`)
		return &spec.FieldError{Field: echo.HeaderAuthorization, Err: errAuth}
	}
	c.Response().Header().Set("WWW-Authenticate", `Bearer realm="topomap", error="invalid_token"`)
	return &spec.FieldError{Field: echo.HeaderAuthorization, Err: errBadToken}
}

// bearerToken returns the token of an Authorization header of the Bearer
// scheme, whose name is case-insensitive (RFC 7235 section 2.1: "bearer
// TOKEN" is "Bearer TOKEN"); sent is false for a missing header, another
// scheme or an empty token.
func bearerToken(h string) (tok string, sent bool) {
	scheme, rest, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	tok = strings.TrimLeft(rest, " ")
	return tok, tok != ""
}

// mediaType returns r's Content-Type without its parameters ("" if it is
// missing or malformed).
func mediaType(r *http.Request) string {
	mt, _, err := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
	if err != nil {
		return ""
	}
	return mt
}

// validToken reports whether tok, a bearer token (bearerToken), is one of
// the server's tokens (compared in constant time).
func (s *Server) validToken(tok string) bool {
	if tok == "" {
		return false
	}
	found := 0
	for _, t := range s.o.Tokens {
		found |= subtle.ConstantTimeCompare([]byte(tok), []byte(t))
	}
	return found == 1
}

// ReadTokens parses an API token file: one token per line; blank lines
// and lines starting with # are skipped. An empty list is an error (it
// would leave the server open while the operator believes it closed).
func ReadTokens(text string) ([]string, error) {
	var toks []string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(line) < 16 || strings.ContainsAny(line, " \t") {
			return nil, errors.New("an API token is at least 16 characters, without spaces")
		}
		toks = append(toks, line)
	}
	if len(toks) == 0 {
		return nil, errors.New("no API token in the file")
	}
	return toks, nil
}

// bodyDeadline gives a request with a body BodyTimeout to send it: past
// it, reads fail with os.ErrDeadlineExceeded, which classify answers 408.
func (s *Server) bodyDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Body != nil && r.Body != http.NoBody {
			// Not every ResponseWriter has a connection (httptest's
			// recorder): then there is nothing to bound. The server lifts
			// the deadline for the next request on the connection.
			_ = http.NewResponseController(c.Response().Writer).SetReadDeadline(time.Now().Add(s.o.BodyTimeout))
		}
		return next(c)
	}
}
