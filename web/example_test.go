//go:build !(js && wasm)

package web_test

import (
	"fmt"
	"net/http/httptest"

	"topomap/web"
)

// AppHandler serves the pages, pre-rendered; the server mounts it as its
// catch-all route.
func ExampleAppHandler() {
	h := web.AppHandler(web.AppOptions{Version: "example", NoServiceWorker: true})
	for _, path := range []string{"/?algo=xor&guest=hypercube%3A4&host=ring%3A16", "/gantt", "/nowhere"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		fmt.Println(path, w.Code)
	}
	// Output:
	// /?algo=xor&guest=hypercube%3A4&host=ring%3A16 200
	// /gantt 200
	// /nowhere 404
}
