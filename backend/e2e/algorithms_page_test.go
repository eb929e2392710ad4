//go:build !(js && wasm)

package e2e

import "testing"

// TestAlgorithmsPageShowsMeasuredCosts: the browser's client leaves out
// the algorithms' measured costs (its download budget), so the algorithms
// page, once the client runs it, reads its notes from the server: every
// algorithm's section still states its cost in CPU seconds.
func TestAlgorithmsPageShowsMeasuredCosts(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/algorithms")
	waitJS(t, ctx, `document.querySelector('#root')?.dataset.ready === 'true' &&
		[...document.querySelectorAll('section.notes')].length > 20 &&
		[...document.querySelectorAll('section.notes')].every(s => s.textContent.includes('CPU-s'))`)
}
