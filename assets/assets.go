package assets

import (
	"embed"
	"errors"
	"io/fs"
	"os"
)

//go:embed static
var embedded embed.FS

// DirEnv names an environment variable that, when set to a directory,
// overlays that directory on the embedded files: a file present there wins.
// Development and the browser tests use it to serve a freshly built
// app.wasm without rebuilding the server binary.
const DirEnv = "TOPOMAP_ASSETS_DIR"

// FS returns the static files, rooted at static/ (so "app.wasm", "app.css"),
// overlaid by the directory named in $TOPOMAP_ASSETS_DIR if it is set.
func FS() fs.FS {
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		panic("assets: " + err.Error()) // static/ is embedded at build time
	}
	if dir := os.Getenv(DirEnv); dir != "" {
		return overlay{os.DirFS(dir), sub}
	}
	return sub
}

// overlay opens a name in top first and falls back to base.
type overlay struct{ top, base fs.FS }

func (o overlay) Open(name string) (fs.File, error) {
	f, err := o.top.Open(name)
	if err == nil {
		return f, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return o.base.Open(name)
}
