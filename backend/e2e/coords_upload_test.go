//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
)

// fourListedNodes is a torus coordinates file, as xtprocadmin lists the
// nodes of an allocation: 4 nodes of a 4x4x2 torus that does not wrap on
// z.
const fourListedNodes = "# torus 4x4x2 wrap=1,1,0\nnid00001 0 0 0\nnid00002 1 0 0\nnid00007 3 2 1\nnid00004 0 1 0\n"

// TestUploadCoordsFile: a coordinates file chosen in "Upload a machine"
// becomes the host, machine:ID, of its 4 listed nodes: the page draws
// them on the torus, shows the server's hops per byte for the same
// permalink, and the permalink in a fresh tab fetches the machine and
// shows the same.
func TestUploadCoordsFile(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?guest=grid:2x2&host=ring:16&algo=rowmajor")
	offerMachine(t, ctx, "coords.txt", fourListedNodes)
	waitJS(t, ctx, `location.search.includes("host=machine:")`)
	host := eval[string](t, ctx, `new URLSearchParams(location.search).get("host")`)
	if info := eval[string](t, ctx, `document.querySelector('#machine-info').textContent`); !strings.Contains(info, host) || !strings.Contains(info, "4 nodes (coords)") {
		t.Errorf("upload note %q for host %s", info, host)
	}
	const drawn = `document.querySelectorAll('#drawing svg .n').length === 4 && (document.querySelector('#drawing svg')?.textContent ?? "").includes("4 listed nodes")`
	waitJS(t, ctx, drawn)
	search := eval[string](t, ctx, `location.search`)
	want := serverHopsPerByte(t, search)
	if want != "2.5000" { // grid:2x2 in rank order: 1 + 3 + 4 + 2 hops over 4 messages each way
		t.Errorf("the server's hops per byte %s, want 2.5000", want)
	}
	waitHopsPerByte(t, ctx, want)
	screenshot(t, ctx, "coords-upload")

	fresh := tab(t)
	open(t, fresh, "/"+search)
	waitJS(t, fresh, drawn)
	waitHopsPerByte(t, fresh, want)
}
