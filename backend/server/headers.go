package server

import "github.com/labstack/echo/v4"

// contentSecurityPolicy lets the app run and nothing else: scripts only
// from this origin (go-app's pages have no inline script; the wasm needs
// 'wasm-unsafe-eval' to compile), inline styles for the SVG drawings'
// <style> sheets, no plugins, no <base>, no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the defence-in-depth headers on every response,
// errors included: the CSP, no MIME sniffing (an SVG or a placement is
// never read as HTML), no framing (X-Frame-Options for browsers without
// frame-ancestors) and no referrer sent off the origin.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		return next(c)
	}
}
