//go:build !(js && wasm)

package web

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// go-app writes a page's og:url and og:image as "https://" + its Handler's
// Domain + the path: a deployment's public name, which the server is not
// told (it may sit behind any proxy). Left empty, they read
// "https:///explore" and "https://", addresses a link preview cannot
// follow; without them a preview uses the link it was given. So the
// server drops the two tags when they hold no host (unresolvedOG).
var unresolvedOG = regexp.MustCompile(`<meta (?:content="https://(?:/[^"]*)?" property="og:(?:url|image)"|property="og:(?:url|image)" content="https://(?:/[^"]*)?")>`)

// pageWriter holds back an HTML answer until finish, which writes it
// without its unresolved Open Graph tags, with its length set again, and
// with status 404 instead of 200 if notFound; other answers (go-app's
// scripts, the manifest, /web/ files) pass through.
type pageWriter struct {
	http.ResponseWriter
	notFound bool
	code     int
	page     *bytes.Buffer // nil: passing through
	started  bool
}

func (w *pageWriter) WriteHeader(code int) {
	if w.started {
		return
	}
	w.started = true
	if strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		w.code, w.page = code, new(bytes.Buffer)
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *pageWriter) Write(b []byte) (int, error) {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	if w.page != nil {
		return w.page.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// finish writes the page held back, if any.
func (w *pageWriter) finish() {
	if w.page == nil {
		return
	}
	body := unresolvedOG.ReplaceAll(w.page.Bytes(), nil)
	if w.notFound && w.code == http.StatusOK {
		w.code = http.StatusNotFound
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.ResponseWriter.WriteHeader(w.code)
	// an error here is a client gone: there is no one left to tell
	_, _ = w.ResponseWriter.Write(body)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *pageWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
