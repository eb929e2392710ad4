//go:build !(js && wasm)

package e2e

// Browser tests of the state a page keeps in its URL: a permalink
// without algo, what is typed before the app runs, sliders and history,
// and copying the link over plain HTTP.

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// falseBool matches an HTML boolean attribute written as false.
var falseBool = regexp.MustCompile(`<[^>]*\s(checked|selected|disabled|hidden|open|readonly|required|multiple|autofocus)="false"[^>]*>`)

// TestPermalinkWithoutAlgo: a permalink without algo maps with the
// algorithm the list shows (the first applicable); the Gantt page without
// vs compares with the reference embedding.
func TestPermalinkWithoutAlgo(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 16`)
	g, _ := spec.ParseGuest("hypercube:4")
	h, _ := spec.ParseHost("ring:16")
	first := solve.Applicable(g, h)[0].Name
	if got := eval[string](t, ctx, `document.querySelector('#f-algo').value`); got != first {
		t.Errorf("algorithm shown %q, want %q", got, first)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#drawing svg title').textContent.includes(' by %s:')`, first))
	// Only the chosen option is selected, in the server's page too.
	page := get(t, "/?guest=hypercube%3A4&host=ring%3A16")
	algos := page[strings.Index(page, `id="f-algo"`):]
	algos = algos[:strings.Index(algos, "</select>")]
	if n := strings.Count(algos, " selected"); n != 1 {
		t.Errorf("the pre-rendered algorithm list has %d selected options, want 1", n)
	}
	// go-app writes false booleans as name="false", which HTML reads as
	// true: no page may carry one.
	for _, p := range []string{"/?guest=hypercube%3A4&host=ring%3A16", "/gantt", "/compare?guest=grid%3A9x8&host=mesh%3A6x12", "/my-jobs"} {
		if m := falseBool.FindString(get(t, p)); m != "" {
			t.Errorf("%s: pre-rendered page has a false boolean attribute: %s", p, m)
		}
	}

	open(t, ctx, "/gantt?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelectorAll('#gantt-summary tbody tr').length === 2`)
	if vs := eval[string](t, ctx, `document.querySelector('#f-vs').value`); vs != "standard" {
		t.Errorf("vs %q, want standard", vs)
	}
}

// TestPermalinkReadsAsTyped: permalinks keep the specs' : and , literal
// (only what a query cannot hold, such as =, stays escaped), in the page's
// links and in the server's page alike; an older, fully escaped permalink
// still opens, and pressing Enter in a field it filled adds no history
// entry for the same state written the new way.
func TestPermalinkReadsAsTyped(t *testing.T) {
	const readable = "/?algo=bricks&guest=grid:8x8x8&host=fattree:4,3:cores%3D8"
	ctx := tab(t)
	open(t, ctx, "/?algo=bricks&guest=grid%3A8x8x8&host=fattree%3A4%2C3%3Acores%3D8")
	waitJS(t, ctx, `document.querySelector('#drawing svg') !== null && document.querySelector('#permalink') !== null`)
	if href := eval[string](t, ctx, `document.querySelector('#permalink').getAttribute('href')`); href != readable {
		t.Errorf("permalink %q, want %q", href, readable)
	}
	if href := eval[string](t, ctx, `[...document.querySelectorAll('header nav a')].find(a => a.textContent === 'Compare').getAttribute('href')`); href != "/compare?guest=grid:8x8x8&host=fattree:4,3:cores%3D8" {
		t.Errorf("navigation keeps the instance as %q", href)
	}
	before := eval[int](t, ctx, `history.length`)
	setField(t, ctx, "#f-host", "fattree:4,3:cores=8", "input", "change")
	if after := eval[int](t, ctx, `history.length`); after != before {
		t.Errorf("Enter on the unchanged host grew the history from %d to %d entries", before, after)
	}
	if page := get(t, readable); !strings.Contains(page, `href="`+readable+`"`) {
		t.Errorf("the server's page of %s does not link to itself as it reads", readable)
	}
	open(t, ctx, readable)
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('grid:8x8x8 on fattree:4,3:cores=8 by bricks')`)
}

// TestTypedBeforeLoadKept types into the server's page while the wasm is
// held back: the typed host survives the app's start and is applied.
func TestTypedBeforeLoadKept(t *testing.T) {
	ctx := tab(t)
	gate := make(chan struct{})
	wasmGate.Store(&gate)
	released := false
	release := func() {
		if !released {
			released = true
			wasmGate.Store(nil)
			close(gate)
		}
	}
	defer release()
	do(t, ctx, chromedp.Navigate(baseURL+"/?algo=xor&guest=hypercube%3A4&host=ring%3A16"))
	waitJS(t, ctx, `document.querySelector('#app-wasm-loader') !== null && document.querySelector('#root[data-ready="false"]') !== null`)
	screenshot(t, ctx, "loading")
	do(t, ctx, chromedp.Click(chromedp.CSS("#f-host")))
	eval[bool](t, ctx, `(el => { el.select(); return true })(document.querySelector('#f-host'))`)
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#f-host"), "torus:4x4"+kb.Enter))
	release()
	waitJS(t, ctx, `document.querySelector('#root[data-ready="true"]') !== null`)
	waitJS(t, ctx, `document.querySelector('#f-host').value === 'torus:4x4'`)
	waitJS(t, ctx, `new URLSearchParams(location.search).get('host') === 'torus:4x4'`)
	waitJS(t, ctx, `document.querySelector('#drawing svg title')?.textContent.startsWith('hypercube:4 on torus:4x4')`)
}

// TestSliderKeysReplaceHistory: arrow keys on a slider replace the history
// entry instead of adding one per step.
func TestSliderKeysReplaceHistory(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=ring%3A16")
	waitJS(t, ctx, `document.querySelector('#f-step') !== null`)
	before := eval[int](t, ctx, `history.length`)
	eval[bool](t, ctx, `(el => { el.focus(); return true })(document.querySelector('#f-step'))`)
	for range 3 {
		do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	waitJS(t, ctx, `new URLSearchParams(location.search).get('step') === '3'`)
	if after := eval[int](t, ctx, `history.length`); after != before {
		t.Errorf("history grew from %d to %d entries", before, after)
	}
	open(t, ctx, "/gantt?algo=standard&guest=hypercube%3A3&host=line%3A8&ta=1&tc=1&vs=byweight")
	before = eval[int](t, ctx, `history.length`)
	eval[bool](t, ctx, `(el => { el.focus(); return true })(document.querySelector('#r-tc'))`)
	for range 3 {
		do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	waitJS(t, ctx, `new URLSearchParams(location.search).get('tc') !== '1'`)
	if after := eval[int](t, ctx, `history.length`); after != before {
		t.Errorf("Gantt: history grew from %d to %d entries", before, after)
	}
}

// insecure makes the page believe it runs over plain HTTP on a LAN
// address: no secure context, no clipboard API.
const insecure = `
Object.defineProperty(window, 'isSecureContext', {get: () => false});
Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});
`

// TestCopyLinkPlainHTTP: without a clipboard API, Copy link shows the
// link selected and says how to copy it.
func TestCopyLinkPlainHTTP(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: insecure}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "/?algo=xor&guest=hypercube%3A3&host=ring%3A8")
	click(t, ctx, "#copy-link")
	waitJS(t, ctx, `document.querySelector('#copy-text')?.value === location.href && document.activeElement?.id === 'copy-text'`)
	waitJS(t, ctx, `(el => el.selectionStart === 0 && el.selectionEnd === el.value.length)(document.querySelector('#copy-text'))`)
	if note := eval[string](t, ctx, `document.querySelector('#copy-note')?.textContent ?? ''`); note == "" {
		t.Error("no note says how to copy")
	}
	screenshot(t, ctx, "copy-plain-http")
}
