//go:build !(js && wasm)

package e2e

import (
	"strings"
	"testing"
)

// sixteenNodes is a topology.conf in the manner of the Slurm
// documentation's examples: n00..n07 under s0, n08..n15 under s1, both
// under top.
const sixteenNodes = "# two leaf switches under a top switch\nSwitchName=s0 Nodes=n[00-07]\nSwitchName=s1 Nodes=n[08-15]\nSwitchName=top Switches=s[0-1]\n"

// TestUploadMachineFile: a topology.conf chosen in "Upload a machine" is
// stored on the server and becomes the host, machine:ID: the page maps
// the guest onto it by the algorithm chosen (rb applies there: it was
// replaced by the first that applies), draws its tree of 3 switches, and shows the
// server's hops per byte for the same permalink; the permalink works in
// a fresh tab, which fetches the machine and names it in its title; a
// malformed file is an error
// naming its line.
func TestUploadMachineFile(t *testing.T) {
	ctx := tab(t, "status of 400") // the malformed file's refusal, as it should
	open(t, ctx, "/?guest=hypercube:4&host=ring:16&algo=rb")
	offerMachine(t, ctx, "topology.conf", sixteenNodes)
	waitJS(t, ctx, `location.search.includes("host=machine:")`)
	if algo := eval[string](t, ctx, `new URLSearchParams(location.search).get("algo")`); algo != "rb" {
		t.Errorf("algo %q after the upload, want the chosen rb", algo)
	}
	host := eval[string](t, ctx, `new URLSearchParams(location.search).get("host")`)
	if info := eval[string](t, ctx, `document.querySelector('#machine-info').textContent`); !strings.Contains(info, host) || !strings.Contains(info, "16 nodes, 3 switches (slurm)") {
		t.Errorf("upload note %q for host %s", info, host)
	}
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .switch').length === 3`)
	search := eval[string](t, ctx, `location.search`)
	want := serverHopsPerByte(t, search)
	waitHopsPerByte(t, ctx, want)
	screenshot(t, ctx, "machine-upload")

	fresh := tab(t)
	open(t, fresh, "/"+search)
	waitJS(t, fresh, `document.querySelectorAll('#drawing svg .switch').length === 3`)
	waitHopsPerByte(t, fresh, want)
	// its title names the instance, as other permalinks' do (it said
	// "Explorer" once the machine was read)
	waitJS(t, fresh, `document.title.startsWith("hypercube:4 on `+host+` by rb")`)

	offerMachine(t, ctx, "bad.conf", "SwitchName=s0 Nodes=a1\nSwitchName=s1 Switches=s0,s9\n")
	waitJS(t, ctx, `/^bad\.conf: .*line 2.*"s9"/.test(document.querySelector('#machine-error')?.textContent ?? "")`)
}

// blocksAndFabric is a topology.yaml of two topologies: by default 4
// nodes in two blocks, and a tree of 3 switches over 6 nodes.
const blocksAndFabric = `- topology: blocks
  cluster_default: true
  block:
    block_sizes: [2]
    blocks:
      - {block: b1, nodes: "n[1-2]"}
      - {block: b2, nodes: "n[3-4]"}
- topology: fabric
  tree:
    switches:
      - {switch: leaf0, nodes: "c[0-2]"}
      - {switch: leaf1, nodes: "c[3-5]"}
      - {switch: spine, children: "leaf[0-1]"}
`

// TestUploadMachineReadsTheTopologyNamed: a topology.yaml uploaded reads
// its default, and the note says so, of which (here 4 nodes in blocks);
// a name typed in the "topology" box afterwards reads the file again as
// that topology, without picking it again (here a tree of 3 switches
// over 6 nodes), which the page maps onto and draws.
func TestUploadMachineReadsTheTopologyNamed(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?guest=hypercube:2&host=ring:4&algo=rb")
	offerMachine(t, ctx, "topology.yaml", blocksAndFabric)
	waitJS(t, ctx, `(document.querySelector('#machine-info')?.textContent ?? "").includes("4 nodes, 3 switches (slurm-yaml); topology blocks, the file's default, of blocks, fabric")`)
	// A name typed afterwards reads the file picked again.
	eval[bool](t, ctx, `(i => { i.value = "fabric"; i.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-machine-topology'))`)
	waitJS(t, ctx, `(document.querySelector('#machine-info')?.textContent ?? "").includes("6 nodes, 3 switches (slurm-yaml); topology fabric of blocks, fabric")`)
	info := eval[string](t, ctx, `document.querySelector('#machine-info').textContent`)
	if host := eval[string](t, ctx, `new URLSearchParams(location.search).get("host")`); !strings.Contains(info, host) {
		t.Errorf("host %s, want the fabric's of the note %q", host, info)
	}
	waitJS(t, ctx, `document.querySelectorAll('#drawing svg .switch').length === 3 && document.querySelectorAll('#drawing svg circle').length >= 6`)
	screenshot(t, ctx, "machine-upload-topology")
}

// TestUploadChoiceChangedWhileUploadingIsSent: a topology typed while the
// upload of the file is still under way (its answer held back until the
// name is typed) is not lost: once that upload ends, the file is read
// again as the topology typed.
func TestUploadChoiceChangedWhileUploadingIsSent(t *testing.T) {
	ctx := tab(t)
	open(t, ctx, "/?guest=hypercube:2&host=ring:4&algo=rb")
	eval[bool](t, ctx, `(() => {
		const real = window.fetch;
		let held = false;
		window.fetch = (...args) => {
			const p = real(...args);
			if (held || !String(args[0]).includes("/api/v1/machines")) return p;
			held = true;
			return p.then(r => new Promise(ok => { window.releaseUpload = () => ok(r); }));
		};
		return true;
	})()`)
	offerMachine(t, ctx, "topology.yaml", blocksAndFabric)
	waitJS(t, ctx, `document.querySelector('#machine-busy') !== null && typeof window.releaseUpload === "function"`)
	eval[bool](t, ctx, `(i => { i.value = "fabric"; i.dispatchEvent(new Event('change', {bubbles: true})); return true })(document.querySelector('#f-machine-topology'))`)
	eval[bool](t, ctx, `(window.releaseUpload(), true)`)
	waitJS(t, ctx, `(document.querySelector('#machine-info')?.textContent ?? "").includes("topology fabric of blocks, fabric")`)
}
