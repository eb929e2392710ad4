// Package assets owns the static files of the web app (stylesheet, icons,
// and the app.wasm that `make wasm` builds into static/), embedded into the
// server binary so that the app works offline and from any directory.
package assets
