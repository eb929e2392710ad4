//go:build !(js && wasm)

package web

import (
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"topomap/assets"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// AppOptions configure AppHandler.
type AppOptions struct {
	// Version names the deploy (go-app's cache and ETag key); "" means the
	// package's Version, set at link time.
	Version string
	// NoServiceWorker installs a service worker that caches nothing, so a
	// new build shows on the next reload (tests, development).
	NoServiceWorker bool
	// ComputeInBrowser pre-renders the pages without mapping: they come
	// with their forms, and the visitor's browser maps (the wasm) as it
	// does for an instance too large for the pre-render. A server with API
	// tokens sets it: a page load carries no token, so it must not run
	// mappings on the server. Like go-app's routes, it holds for the whole
	// process: the last AppHandler sets it.
	ComputeInBrowser bool
	// JobExists tells whether the server knows a job: the page of one it
	// does not know (or a malformed id) is sent with status 404, the page
	// still saying why. Nil: every job page is a 200.
	JobExists func(id string) bool
}

// noopWorker has no fetch handler, so nothing is intercepted, and does not
// claim clients (claiming made go-app report a spurious update on the first
// visit; see the package doc, Platform notes).
const noopWorker = `// topomap: service worker disabled
self.addEventListener("install", () => self.skipWaiting());
`

// offlineWorker replaces go-app's default worker, which answers a page
// from its cache only for the exact URL "/", so a permalink reloaded
// offline failed. It precaches the same files (go-app fills in Version
// and ResourcesToCache), sends page loads to the network first and, when
// offline, answers them with the cached "/": every page is drawn by the
// same wasm from its URL. Other same-origin GETs are cache-first; the API
// is never cached but for the algorithms' notes (GET /api/v1/algorithms,
// which the client reads for what it leaves out: readNotes), network
// first with a copy kept, so that notes read once show offline too. Each
// deploy (Version) gets its own cache; a new one replaces the old at once
// (skipWaiting), and go-app then offers a reload.
const offlineWorker = `// topomap service worker {{.Version}}
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};
const notesPath = "NOTES_PATH";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(cacheName)
    .then((cache) => cache.addAll(resourcesToCache))
    .then(() => self.skipWaiting()));
});

// No clients.claim(): claiming sets the first page's controller before the
// worker reports "activated", which go-app's app.js takes for an update.
// Pages opened later go through the worker anyway.
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k)))));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method === "GET" && url.origin === self.location.origin && url.pathname === notesPath) {
    // The algorithms' notes: the server's when it answers (a copy kept),
    // else the copy, so that notes read once show offline too.
    event.respondWith(fetch(req).then((res) => {
      if (res.ok) {
        const copy = res.clone();
        caches.open(cacheName).then((c) => c.put(notesPath, copy));
      }
      return res;
    }).catch(() => caches.match(notesPath).then((hit) => hit || Response.error())));
    return;
  }
  if (req.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) {
    return;
  }
  if (req.mode === "navigate") {
    event.respondWith(fetch(req).catch(() => caches.match("/", {ignoreSearch: true})
      .then((shell) => shell || Response.error())));
    return;
  }
  event.respondWith(caches.match(req).then((hit) => hit || fetch(req)));
});
`

// rawLengthHeader carries the uncompressed wasm size, which go-app's loader
// needs for its percentage when the body is gzip-encoded.
const rawLengthHeader = "X-Raw-Content-Length"

// AppHandler serves the app: the pages (pre-rendered on the server from the
// same components the browser runs), go-app's /app.js, /wasm_exec.js,
// /app-worker.js and manifest, and /web/* from assets.FS(), with app.wasm
// sent precompressed when app.wasm.gz exists (directories are not listed).
// User text in the URL reaches the pre-render only through safeURL. The
// server mounts it as its catch-all route.
func AppHandler(o AppOptions) http.Handler {
	Routes()
	browserComputes.Store(o.ComputeInBrowser)
	v := o.Version
	if v == "" {
		v = Version
	}
	const icon = "/web/icon.svg"
	h := &app.Handler{
		Name:        "topomap",
		ShortName:   "topomap",
		Title:       "topomap: topology-aware mapping",
		Description: "Map parallel programs (d-cubes, grids, your own communication graphs) onto machines (tori, fat trees, dragonflies, Slurm and hwloc files) and compare the mappings.",
		Icon:        app.Icon{Default: icon, Large: icon, SVG: icon, Maskable: icon},
		Styles:      []string{"/web/app.css"},
		// Plumbing that runs before the wasm (keeping what is typed while it
		// loads) and on every pointer move (zoom, pan, tooltips).
		Scripts:   []string{"/web/topomap.js"},
		Version:   v,
		Resources: newStaticResolver(assets.FS()),
		// The loader shows a percentage only if it knows the raw size.
		WasmContentLengthHeader: rawLengthHeader,
		LoadingLabel:            "loading topomap {progress}% · you can type already, your input is kept",
		ThemeColor:              "#1d3557",
		BackgroundColor:         "#ffffff",
	}
	h.ServiceWorkerTemplate = strings.Replace(offlineWorker, "NOTES_PATH", apiBase+"/algorithms", 1)
	if o.NoServiceWorker {
		h.ServiceWorkerTemplate = noopWorker
	}
	return pageStatus{safePages{h}, o.JobExists}
}

// pageStatus sends the not-found page (go-app renders it for any path no
// other route takes), and the page of a job the server does not know,
// with status 404 instead of 200; and every page without the Open Graph
// tags that go-app leaves unresolved (pageWriter).
type pageStatus struct {
	next      http.Handler
	jobExists func(id string) bool
}

func (p pageStatus) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	pw := &pageWriter{ResponseWriter: w, notFound: !Routed(r.URL.Path) || p.unknownJob(r.URL.Path)}
	p.next.ServeHTTP(pw, r)
	pw.finish()
}

// unknownJob tells whether path is the page of a job the server does not
// know.
func (p pageStatus) unknownJob(path string) bool {
	return p.jobExists != nil && jobPath.MatchString(path) && !p.jobExists(strings.TrimPrefix(path, "/jobs/"))
}

// staticResolver serves go-app's /web/... URLs from an fs.FS rooted at
// assets/static. app.LocalDir cannot be used: it resolves the wasm URL to a
// file path and, from the repo root, serves our sources (see the package
// doc, Platform notes).
type staticResolver struct {
	fsys  fs.FS
	files http.Handler
}

func newStaticResolver(fsys fs.FS) staticResolver {
	return staticResolver{fsys: fsys, files: http.StripPrefix("/web", http.FileServer(http.FS(fsys)))}
}

// Resolve keeps /web/... URLs as they are, so app.js fetches /web/app.wasm.
func (staticResolver) Resolve(location string) string {
	if location == "" {
		return "/"
	}
	return location
}

func (s staticResolver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/web/")
	if name == "app.wasm" {
		s.serveWasm(w, r)
		return
	}
	// http.FileServer would list a directory's files; only files are served.
	if st, err := fs.Stat(s.fsys, name); err != nil || st.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
		http.NotFound(w, r)
		return
	}
	s.files.ServeHTTP(w, r)
}

// serveWasm sends app.wasm.gz as gzip-encoded application/wasm when the
// client accepts gzip, with the raw size in rawLengthHeader (ServeContent
// drops Content-Length under Content-Encoding, and the loader would show
// NaN%); otherwise the raw file.
func (s staticResolver) serveWasm(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Vary", "Accept-Encoding")
	raw, rawErr := fs.Stat(s.fsys, "app.wasm")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		if f, err := s.fsys.Open("app.wasm.gz"); err == nil {
			defer f.Close()
			if st, err := f.Stat(); err == nil {
				if rs, ok := f.(io.ReadSeeker); ok {
					w.Header().Set("Content-Encoding", "gzip")
					if rawErr == nil {
						w.Header().Set(rawLengthHeader, strconv.FormatInt(raw.Size(), 10))
					}
					http.ServeContent(w, r, "app.wasm", st.ModTime(), rs)
					return
				}
			}
		}
	}
	f, err := s.fsys.Open("app.wasm")
	if err != nil {
		http.Error(w, "app.wasm is not built (run make wasm)", http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	rs, ok := f.(io.ReadSeeker)
	if err != nil || !ok {
		http.Error(w, "app.wasm is not readable", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "app.wasm", st.ModTime(), rs)
}
