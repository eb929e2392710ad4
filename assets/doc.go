// Package assets owns the static files of the web app (stylesheet, icons,
// topomap.js, the small script that keeps what is typed before the wasm
// runs and zooms, pans and places tooltips without a round trip through
// Go, and the app.wasm that `make wasm` builds into static/), embedded into the
// server binary so that the app works offline and from any directory.
// Setting $TOPOMAP_ASSETS_DIR overlays a directory on the embedded files
// (a file there wins): development and the browser tests serve a freshly
// built app.wasm that way without rebuilding the server.
package assets
