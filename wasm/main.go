package main

import (
	"topomap/web"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	web.Routes()
	app.RunWhenOnBrowser()
}
