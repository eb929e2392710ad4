//go:build !(js && wasm)

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestSkipLinkMovesFocusPastTheNavigation: on every page the keyboard's
// first stop is a "Skip to content" link, shown when focused; Enter on it
// moves the focus to the page's main content and leaves the address (the
// permalink) as it was.
func TestSkipLinkMovesFocusPastTheNavigation(t *testing.T) {
	ctx := tab(t)
	for _, path := range []string{"/?algo=xor&guest=hypercube%3A4&host=ring%3A16", "/gantt", "/compare", "/my-jobs", "/algorithms"} {
		open(t, ctx, path)
		waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
		before := eval[string](t, ctx, `location.href`)
		eval[bool](t, ctx, `(document.activeElement.blur(), window.focus(), true)`)
		do(t, ctx, chromedp.KeyEvent(kb.Tab))
		first := eval[[]string](t, ctx, `(e => [e.className, e.textContent, String(e.getBoundingClientRect().top >= 0)])(document.activeElement)`)
		if first[0] != "skip" || first[1] != "Skip to content" || first[2] != "true" {
			t.Errorf("%s: the first Tab stop is %q; want the skip link, on screen", path, first)
			continue
		}
		if path == "/gantt" {
			screenshotViewport(t, ctx, "skip-link-focused")
		}
		do(t, ctx, chromedp.KeyEvent(kb.Enter))
		waitJS(t, ctx, `document.activeElement.id === 'content'`)
		if after := eval[string](t, ctx, `location.href`); after != before {
			t.Errorf("%s: the skip link changed the address to %s", path, after)
		}
	}
}
