//go:build !(js && wasm)

package e2e

import "testing"

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
