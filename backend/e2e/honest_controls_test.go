//go:build !(js && wasm)

package e2e

// Browser tests of controls that say what holds: no message about an
// algorithm nobody typed, no job offered that the server refuses, no old
// drawing passed off as the current one, no file picker naming a file
// that is not the one uploaded.

import (
	"strings"
	"testing"
)

// TestNoAlgorithmSaysWhy: a permalink without algo says what is wrong
// with its guest or host, or why no algorithm maps them (their sizes),
// never `algorithm ""`, which nobody typed.
func TestNoAlgorithmSaysWhy(t *testing.T) {
	ctx := tab(t)
	for _, c := range []struct{ query, want string }{
		{"guest=hypercube%3A30&host=ring%3A16", "dimension 30"},
		{"guest=grid%3A64x64&host=ring%3A16", "4,096 vertices"},
	} {
		open(t, ctx, "/?"+c.query)
		waitJS(t, ctx, `document.querySelector('.msg') !== null`)
		msgs := eval[string](t, ctx, `[...document.querySelectorAll('.msg')].map(m => m.textContent).join(" / ")`)
		if strings.Contains(msgs, `algorithm ""`) || !strings.Contains(msgs, c.want) {
			t.Errorf("%s: messages %q: want %q and no `algorithm \"\"`", c.query, msgs, c.want)
		}
	}
	screenshots(t, ctx, "no-algorithm")
}

// TestServerJobOfferedOnlyUnderItsCap: an instance above the server's
// cap (1,048,576 nodes by default), 16,777,216 vertices, is not offered as
// a server job; one under it is.
func TestServerJobOfferedOnlyUnderItsCap(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=rowmajor&guest=grid%3A4096x4096&host=mesh%3A4096x4096")
	waitJS(t, ctx, `document.querySelector('#too-big') !== null && document.querySelector('#over-cap, #submit-job') !== null`)
	if n := count(t, ctx, "#submit-job"); n != 0 {
		t.Errorf("a server job is offered for 16,777,216 nodes, above the server's cap: %s",
			eval[string](t, ctx, `document.querySelector('#too-big').textContent`))
	}
	if got := eval[string](t, ctx, `document.querySelector('#over-cap')?.textContent ?? ""`); !strings.Contains(got, "1,048,576") {
		t.Errorf("over-cap note %q: want the server's cap", got)
	}
	screenshots(t, ctx, "over-cap")
	open(t, ctx, "/?algo=xor&guest=hypercube%3A18&host=ring%3A262144")
	waitJS(t, ctx, `document.querySelector('#too-big #submit-job') !== null`)
}

// TestExplorerResultStaysStaleUntilMapped: while a field does not parse,
// the drawing and metrics of the previous instance are marked as such, and
// they stay marked once the field is fixed to another instance not mapped
// yet; the field's return to the instance shown clears the mark, and so
// does mapping the new one.
func TestExplorerResultStaysStaleUntilMapped(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?algo=xor&guest=hypercube:4&host=ring:16")
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .n').length === 16`)
	setField(t, ctx, "#f-host", "torus:4xq", "input", "change")
	waitJS(t, ctx, `document.querySelector('#err-host') !== null`)
	if !eval[bool](t, ctx, `!document.querySelector('#drawing svg') || (document.querySelector('.result.stale #drawing svg') !== null && document.querySelector('#stale') !== null)`) {
		t.Error("the drawing of ring:16 stays unmarked while the host field says torus:4xq")
	}
	screenshots(t, ctx, "stale")
	setField(t, ctx, "#f-host", "torus:4x4", "input") // fixed, not yet mapped
	waitJS(t, ctx, `document.querySelector('#err-host') === null`)
	if !eval[bool](t, ctx, `document.querySelector('.result.stale #drawing svg') !== null && (document.querySelector('#stale')?.textContent ?? '').includes('ring:16')`) {
		t.Error("the drawing of ring:16 is unmarked while the host field says torus:4x4, not mapped yet")
	}
	screenshots(t, ctx, "stale-fixed")
	setField(t, ctx, "#f-host", "ring:16", "input")
	waitJS(t, ctx, `document.querySelector('#err-host') === null && document.querySelector('.result.stale') === null && document.querySelector('#stale') === null`)
	setField(t, ctx, "#f-host", "torus:4x4", "input", "change")
	waitJS(t, ctx, `new URLSearchParams(location.search).get('host') === 'torus:4x4' && document.querySelector('#drawing svg .n') !== null && document.querySelector('.result.stale, #stale') === null`)
}

// TestFilePickerNamesDroppedFile: after a file is dropped, the picker does
// not name the file chosen before.
func TestFilePickerNamesDroppedFile(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/")
	offerFile(t, ctx, "first.csv", ringCSV(8), false)
	waitJS(t, ctx, `(document.querySelector('#graph-info')?.textContent ?? "").startsWith("first.csv")`)
	offerFile(t, ctx, "second.csv", ringCSV(12), true)
	waitJS(t, ctx, `(document.querySelector('#graph-info')?.textContent ?? "").startsWith("second.csv")`)
	if got := eval[string](t, ctx, `document.querySelector('#f-graph').files[0]?.name ?? ""`); got != "second.csv" && got != "" {
		t.Errorf("the picker names %q after second.csv was dropped", got)
	}
}
