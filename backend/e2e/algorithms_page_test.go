//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
)

// TestNotesInTheBrowserAreWhole: the browser's client leaves out the
// algorithms' summaries and measured costs (its download budget), so the
// algorithms page and the explorer's notes, once the client runs them,
// read the notes from the server: every algorithm's section still says
// what it does and states its cost in CPU seconds, and the explorer's
// notes of a grid heuristic end with the sentence on hosts with cores.
func TestNotesInTheBrowserAreWhole(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/algorithms")
	waitJS(t, ctx, `document.querySelector('#root')?.dataset.ready === 'true' &&
		[...document.querySelectorAll('section.notes')].length > 20 &&
		[...document.querySelectorAll('section.notes')].every(s => s.textContent.includes('CPU-s') && s.querySelector('p')?.textContent.length > 80)`)
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A8x8&host=torus%3A8x8")
	waitJS(t, ctx, `(t => t.includes('index order') && t.includes('bricks of C objects'))(document.querySelector('#notes')?.textContent ?? '')`)
}

// TestDefinitionsReachableByKeyboard: every defined term of the explorer
// (a metric's name, a column head) takes the keyboard's focus, and
// focused shows its definition under it, as a tap does on a touch
// screen; the link-load figures and D_i are defined too.
func TestDefinitionsReachableByKeyboard(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube%3A4&host=torus%3A4x4")
	waitJS(t, ctx, `document.querySelector('#metrics tr[data-metric="max link load"] .term') !== null`)
	missing := eval[[]string](t, ctx, `['hop-bytes', 'max link load', 'D_i', 'routing'].filter(m => !document.querySelector('#metrics tr[data-metric="' + m + '"] th .term')?.title)`)
	if len(missing) > 0 {
		t.Errorf("metrics without a definition: %q", missing)
	}
	if n := eval[int](t, ctx, `[...document.querySelectorAll('.term')].filter(e => e.tabIndex !== 0).length`); n > 0 {
		t.Errorf("%d defined terms the keyboard cannot reach", n)
	}
	shown := eval[string](t, ctx, `(e => (e.focus(), getComputedStyle(e, '::after').content))(document.querySelector('#metrics tr[data-metric="max link load"] .term'))`)
	if !strings.Contains(shown, "link load: the bytes that cross one link") {
		t.Errorf("focused, max link load shows %q", shown)
	}
	screenshotViewport(t, ctx, "definition-focused")
}
