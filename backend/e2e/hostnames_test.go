//go:build !(js && wasm)

package e2e

import (
	"path/filepath"
	"testing"
)

// TestExplorerHostnames: host names typed in the explorer name the nodes
// of the downloaded rankfile; a list that does not fit the host says so
// and downloads nothing.
func TestExplorerHostnames(t *testing.T) {
	ctx := tab(t)
	dir := allowDownloads(t, ctx)
	open(t, ctx, "/?guest=grid%3A2x2&host=mesh%3A2x1%3Acores%3D2&algo=rowmajor")
	waitJS(t, ctx, `document.querySelector('#f-hostnames') !== null`)
	setField(t, ctx, "#f-hostnames", "alpha", "change")
	waitJS(t, ctx, `document.querySelector('#err-hostnames')?.textContent.includes('1 host names for 2 nodes') === true`)
	setField(t, ctx, "#f-hostnames", "# rack 7\nalpha\nbeta\n", "change")
	waitJS(t, ctx, `document.querySelector('#err-hostnames') === null`)
	click(t, ctx, "#dl-rankfile")
	got := waitFile(t, filepath.Join(dir, "grid-2x2_mesh-2x1-cores-2_rowmajor.rankfile"))
	if want := "rank 0=alpha slot=0\nrank 1=alpha slot=1\nrank 2=beta slot=0\nrank 3=beta slot=1\n"; string(got) != want {
		t.Errorf("rankfile %q, want %q", got, want)
	}
}
