// Package e2e holds the browser tests of the web app: TestMain builds the
// wasm client into a temporary directory, serves it with the real server
// (backend/server with an in-memory job store and web.AppHandler), and the
// tests drive Debian's headless Chromium with chromedp. Screenshots are
// kept under artifacts/ (git-ignored). The tests are skipped with -short
// and when no Chromium is installed (make deps installs it).
package e2e
