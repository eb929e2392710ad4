// Command wasm is the browser client: it registers the pages and hands
// control to go-app. Build with GOOS=js GOARCH=wasm (make wasm).
package main

import (
	"topomap/web"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	web.Routes()
	app.RunWhenOnBrowser()
}
