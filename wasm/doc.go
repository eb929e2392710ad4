// Command wasm is the browser client: it registers the pages and hands
// control to go-app. Build with GOOS=js GOARCH=wasm (make wasm).
package main
