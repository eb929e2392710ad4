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
// focused shows its definition in a box under it, within the window (one
// at the right edge ran off it, and a table on a phone clipped it); a
// tap on a term in a label shows its definition and does not tick the
// label's checkbox (it changed the drawing); the link-load figures and
// D_i are defined too. Each is of role term, so a tab stop says what it is.
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
	if n := eval[int](t, ctx, `[...document.querySelectorAll('.term')].filter(e => e.getAttribute('role') !== 'term').length`); n > 0 {
		t.Errorf("%d defined terms a screen reader is not told are terms (role)", n)
	}
	for _, term := range []string{`#metrics tr[data-metric="max link load"] .term`, `#metrics tr[data-metric="baseline"] .term`} {
		shown := eval[[]float64](t, ctx, `(e => { e.focus(); const b = document.querySelector('#term-tip'), r = b.getBoundingClientRect();
			return [b.hidden ? 0 : 1, b.textContent === e.title ? 1 : 0, r.left, r.right, innerWidth]; })(document.querySelector('`+term+`'))`)
		if shown[0] != 1 || shown[1] != 1 || shown[2] < 0 || shown[3] > shown[4] {
			t.Errorf("focused %s: box shown %v, its text the definition %v, from %.0f to %.0f px of %.0f", term, shown[0], shown[1], shown[2], shown[3], shown[4])
		}
	}
	screenshotViewport(t, ctx, "definition-focused")
	eval[bool](t, ctx, `([...document.querySelectorAll('label .term')].find(e => e.textContent.includes('hide dilation-1')).click(), true)`)
	if got := eval[string](t, ctx, `location.search + (document.querySelector('#term-tip').hidden ? ' hidden' : ' shown')`); strings.Contains(got, "minhops") || !strings.HasSuffix(got, " shown") {
		t.Errorf("a tap on a label's term: %s; want its definition shown and the page unchanged", got)
	}
}
