package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/machinefile"
	"topomap/backend/api"
	"topomap/backend/server"
	"topomap/backend/store"
)

// threeSwitchesConf is a topology.conf in the manner of the Slurm
// documentation's example: dev0..dev2 under s0, dev3..dev5 under s1, both
// under s2.
const threeSwitchesConf = "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"

// TestMachineUpload: a topology.conf uploads to machine:ID (stored, 201
// with its counts and Location), which /map then maps onto along the tree
// path, and GET /machines/ID gives back as a topology.conf; a Scotch
// target answers its host spec, unstored; a malformed file is a 400
// naming the line; a graph's URL does not serve a machine.
func TestMachineUpload(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	rec := f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf)
	m := decode[api.Machine](t, rec)
	if rec.Code != http.StatusCreated || m.ID == "" || m.Host != "machine:"+m.ID || m.Nodes != 6 || m.Switches != 3 || m.Format != "slurm" ||
		rec.Header().Get("Location") != "/api/v1/machines/"+m.ID {
		t.Fatalf("upload: %d %+v %s", rec.Code, m, rec.Body)
	}
	rec = f.do(t, "POST", "/api/v1/map", `{"guest":"grid:3x2","host":"`+m.Host+`","algo":"pairs","seed":1}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"routing":"tree path"`) {
		t.Errorf("map onto %s: %d %.300s", m.Host, rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/machines/"+m.ID, "")
	want := "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"
	if rec.Code != http.StatusOK || rec.Body.String() != want {
		t.Errorf("GET the machine: %d %q", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/machines/"+m.ID+"?format=json", "")
	d := decode[api.MachineData](t, rec)
	if rec.Code != http.StatusOK || d.ID != m.ID || d.Nodes != 6 || len(d.Names) != 9 || d.Names[4] != "dev4" || d.Parents[4] != 7 || d.Parents[8] != -1 {
		t.Errorf("GET the machine as JSON: %d %+v", rec.Code, d)
	}
	if rec = f.do(t, "GET", "/api/v1/graphs/"+m.ID, ""); rec.Code != http.StatusNotFound {
		t.Errorf("GET /graphs/ of a machine: %d, want 404", rec.Code)
	}
	rec = f.upload(t, "/api/v1/machines", "text/plain", "tleaf 2 4 9 4 1\n")
	if m := decode[api.Machine](t, rec); rec.Code != http.StatusCreated || m.ID != "" || m.Host != "tree:4x4:dist=1,10" || m.Slots != 16 {
		t.Errorf("a Scotch target: %d %+v", rec.Code, m)
	}
	rec = f.upload(t, "/api/v1/machines", "text/plain", "SwitchName=s0 Nodes=a1\nSwitchName=s1 Switches=s0,s9\n")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "line 2") || !strings.Contains(rec.Body.String(), `s9`) {
		t.Errorf("a malformed file: %d %s", rec.Code, rec.Body)
	}
	rec = f.do(t, "POST", "/api/v1/map", `{"guest":"grid:3x2","host":"machine:0123456789abcdef0123456789abcdef","algo":"pairs"}`)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `"field":"host"`) || !strings.Contains(rec.Body.String(), "upload its file") {
		t.Errorf("an unknown machine: %d %s", rec.Code, rec.Body)
	}
}

// TestMachineDownloadRefusesAnUnknownFormat: GET /machines/ID answers its
// file without a format and its JSON with format=json; any other format is
// a 400 naming format, as a graph's download does, not the file as if
// none had been asked for.
func TestMachineDownloadRefusesAnUnknownFormat(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	m := decode[api.Machine](t, f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf))
	for _, format := range []string{"tgt", "bogus", "JSON"} {
		rec := f.do(t, "GET", "/api/v1/machines/"+m.ID+"?format="+format, "")
		if e := decode[server.ErrorBody](t, rec); rec.Code != http.StatusBadRequest || e.Field != "format" || !strings.Contains(e.Error, format) {
			t.Errorf("format=%s: %d %+v, want a 400 naming format", format, rec.Code, e)
		}
	}
}

// TestMachineUploadCaps: a machine file counts against the client's
// quota of stored records as graphs do, and a body above the cap is a
// 413 naming it; nothing is stored then.
func TestMachineUploadCaps(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{GraphQuota: 600})
	if rec := f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf); rec.Code != http.StatusCreated {
		t.Fatalf("first upload: %d %s", rec.Code, rec.Body)
	}
	bigger := "SwitchName=t0 Nodes=node[000-099]\nSwitchName=t1 Switches=t0\n"
	if rec := f.upload(t, "/api/v1/machines", "text/plain", bigger); rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "quota") {
		t.Errorf("over the quota: %d %s", rec.Code, rec.Body)
	}
	f = graphFixture(t, store.NewMemory(), server.Options{MaxGraphBytes: 40})
	if rec := f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf); rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "cap of 40 B") {
		t.Errorf("over the body cap: %d %s", rec.Code, rec.Body)
	}
}

// fourNodesCoords lists 4 nodes of a 4x4x2 torus that does not wrap on
// z, as an xtprocadmin listing gives an allocation.
const fourNodesCoords = "# torus 4x4x2 wrap=1,1,0\nnid00001 0 0 0\nnid00002 1 0 0\nnid00007 3 2 1\nnid00004 0 1 0\n"

// TestCoordsFileIsAMachine: a torus coordinates file uploads to
// machine:ID (stored, with its 4 nodes and no switches), which /map maps
// onto with the torus's hops (grid:2x2 in rank order: 1 + 3 + 4 + 2 hops
// per direction, 20 hop-bytes by hand) and routes (link loads), the rankfile naming the listed nodes in
// the file's order; GET gives the file back and its JSON the torus and
// places (by hand: (3,2,1) is node 3 + 4·2 + 16·1 = 27), and the store's
// export holds it as a coords line that imports as the same machine.
func TestCoordsFileIsAMachine(t *testing.T) {
	st := store.NewMemory()
	f := graphFixture(t, st, server.Options{})
	rec := f.upload(t, "/api/v1/machines", "text/plain", fourNodesCoords)
	m := decode[api.Machine](t, rec)
	if rec.Code != http.StatusCreated || m.ID == "" || m.Host != "machine:"+m.ID || m.Nodes != 4 || m.Switches != 0 || m.Format != "coords" {
		t.Fatalf("upload: %d %+v %s", rec.Code, m, rec.Body)
	}
	rec = f.do(t, "POST", "/api/v1/map", `{"guest":"grid:2x2","host":"`+m.Host+`","algo":"rowmajor"}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"hopBytes":20,`) || !strings.Contains(rec.Body.String(), `"maxLinkLoad"`) {
		t.Errorf("map onto %s: %d %.300s", m.Host, rec.Code, rec.Body)
	}
	rec = f.do(t, "POST", "/api/v1/map?format=rankfile", `{"guest":"grid:2x2","host":"`+m.Host+`","algo":"rowmajor"}`)
	want := "rank 0=nid00001 slot=0\nrank 1=nid00002 slot=0\nrank 2=nid00007 slot=0\nrank 3=nid00004 slot=0\n"
	if rec.Code != http.StatusOK || rec.Body.String() != want {
		t.Errorf("rankfile: %d %q, want %q", rec.Code, rec.Body, want)
	}
	if rec = f.do(t, "GET", "/api/v1/machines/"+m.ID, ""); rec.Code != http.StatusOK || rec.Body.String() != fourNodesCoords {
		t.Errorf("GET the machine: %d %q", rec.Code, rec.Body)
	}
	rec = f.do(t, "GET", "/api/v1/machines/"+m.ID+"?format=json", "")
	d := decode[api.MachineData](t, rec)
	if rec.Code != http.StatusOK || d.ID != m.ID || d.Nodes != 4 || d.Torus != "mesh:4x4x2:wrap=110" || fmt.Sprint(d.Places) != "[0 1 27 4]" || d.Names[2] != "nid00007" {
		t.Errorf("GET the machine as JSON: %d %+v", rec.Code, d)
	}
	var export bytes.Buffer
	if _, problems, err := store.Export(context.Background(), st, &export); err != nil || len(problems) > 0 {
		t.Fatalf("export: %v %v", problems, err)
	}
	line, _ := json.Marshal(fourNodesCoords)
	if !strings.Contains(export.String(), `"coords":`+string(line)) || strings.Contains(export.String(), "topologyConf") {
		t.Errorf("export without the coords line:\n%s", export.String())
	}
	back := store.NewMemory()
	if _, err := store.Import(context.Background(), &export, back); err != nil {
		t.Fatal(err)
	}
	if r, err := back.Graph(m.ID); err != nil || r.Torus != d.Torus || fmt.Sprint(r.Places) != "[0 1 27 4]" {
		t.Errorf("imported: %+v (%v)", r, err)
	}
}

// TestHwlocUploadAnswersTheNode: an hwloc synthetic string uploads to
// the host of one such node and the suffix that gives a machine's nodes
// its inside (levels innermost first: 8 cores per NUMA node, 2 NUMA
// nodes per package, 2 packages), which /map then takes on a fat tree
// with costs per level; a topology.conf has no node string.
func TestHwlocUploadAnswersTheNode(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{})
	rec := f.upload(t, "/api/v1/machines", "text/plain", "pack:2 numa:2 l3:1 core:8 pu:2\n")
	m := decode[api.Machine](t, rec)
	if rec.Code != http.StatusCreated || m.Node != ":node=8x2x2" || m.Slots != 32 || m.ID != "" {
		t.Fatalf("upload: %d %+v", rec.Code, m)
	}
	host := "fattree:2,2" + m.Node + ":dist=1,2,3"
	rec = f.do(t, "POST", "/api/v1/map", `{"guest":"grid:16x8","host":"`+host+`","algo":"rowmajor"}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"host":"`+host+`"`) {
		t.Errorf("map onto %s: %d %.300s", host, rec.Code, rec.Body)
	}
	if m := decode[api.Machine](t, f.upload(t, "/api/v1/machines", "text/plain", threeSwitchesConf)); m.Node != "" {
		t.Errorf("a topology.conf answers node %q", m.Node)
	}
}

// treeAndBlocksYAML is a topology.yaml of two topologies: the default, a
// tree (threeSwitchesConf), and blocks b1 and b2 in an aggregate.
const treeAndBlocksYAML = `- topology: topo1
  cluster_default: true
  tree:
    switches:
      - {switch: s0, nodes: "dev[0-2]"}
      - {switch: s1, nodes: "dev[3-5]"}
      - {switch: s2, children: "s[0-1]"}
- topology: topo2
  block:
    block_sizes: [2, 4]
    blocks:
      - {block: b1, nodes: "n[1-2]"}
      - {block: b2, nodes: "n[3-4]"}
`

// TestMachineUploadReadsTheTopologyNamed: POST /machines?topology=NAME
// of a topology.yaml stores the topology of that name, not the file's
// default: the machine:ID of its topology.conf, which GET gives back as
// the topology.conf of its tree after the server restarts on its bbolt
// file, and which the store's export holds and imports as that machine. An unknown name is a 400 listing the file's topologies, a name
// on a topology.conf a 400 saying it describes one machine.
func TestMachineUploadReadsTheTopologyNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "topomap.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := graphFixture(t, st, server.Options{}).upload(t, "/api/v1/machines?topology=topo2", "text/plain", treeAndBlocksYAML)
	m := decode[api.Machine](t, rec)
	want, _, err := machinefile.Read(strings.NewReader("BlockName=b1 Nodes=n[1-2]\nBlockName=b2 Nodes=n[3-4]\nBlockSizes=2,4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusCreated || m.Host != want.String() || m.Nodes != 4 || m.Format != "slurm-yaml" {
		t.Fatalf("upload: %d %+v %s, want host %s", rec.Code, m, rec.Body, want)
	}
	if m.Topology != "topo2" || !slices.Equal(m.Topologies, []string{"topo1", "topo2"}) {
		t.Errorf("the upload says it read topology %q of %q, want topo2 of topo1, topo2", m.Topology, m.Topologies)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if st, err = store.Open(path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := graphFixture(t, st, server.Options{})
	rec = f.do(t, "GET", "/api/v1/machines/"+m.ID, "")
	conf := "SwitchName=b1 Nodes=n[1-2]\nSwitchName=b2 Nodes=n[3-4]\nSwitchName=b1..b2(4) Switches=b[1-2]\n"
	if rec.Code != http.StatusOK || rec.Body.String() != conf {
		t.Errorf("GET the machine after a restart: %d %q, want %q", rec.Code, rec.Body, conf)
	}
	var export bytes.Buffer
	if _, problems, err := store.Export(context.Background(), st, &export); err != nil || len(problems) > 0 {
		t.Fatalf("export: %v %v", problems, err)
	}
	back := store.NewMemory()
	if _, err := store.Import(context.Background(), &export, back); err != nil {
		t.Fatal(err)
	}
	if r, err := back.Graph(m.ID); err != nil || r.Format != "slurm-yaml" {
		t.Errorf("exported and imported: %+v (%v)", r, err)
	}
	for _, tt := range []struct{ query, body, want string }{
		{"?topology=topo9", treeAndBlocksYAML, `no topology \"topo9\": this file has topo1 (tree, line 1, the default) and topo2 (block, line 8)`},
		{"?topology=topo1", threeSwitchesConf, `this Slurm topology.conf of switches describes one machine`},
	} {
		if rec := f.upload(t, "/api/v1/machines"+tt.query, "text/plain", tt.body); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("POST /machines%s: %d %s, want 400 saying %s", tt.query, rec.Code, rec.Body, tt.want)
		}
	}
}

// TestMachineUploadSaysWhichTopologyItRead: the answer to an upload of a
// topology.yaml names the topology read, the file's default when none is
// named, and lists the file's; a file of one machine has neither.
func TestMachineUploadSaysWhichTopologyItRead(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "topomap.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f := graphFixture(t, st, server.Options{})
	for _, tt := range []struct {
		name, body, named, topology string
		topologies                  []string
	}{
		{"a topology.yaml, none named", treeAndBlocksYAML, "", "topo1", []string{"topo1", "topo2"}},
		{"a topology.conf", threeSwitchesConf, "", "", nil},
		{"a topology.conf of rings, one named", "RingName=r0 Nodes=n[1-4]\nRingName=r1 Nodes=m[1-6]\n", "r1", "r1", []string{"r0", "r1"}},
		{"a torus of a torus3d topology, named", "- topology: pods\n  torus3d:\n    toruses:\n      - {name: a, dims: {x: 2, y: 2, z: 2}, nodes: \"a[1-8]\"}\n      - {name: b, dims: {x: 2, y: 2, z: 1}, nodes: \"b[1-4]\"}\n",
			"pods:b", "pods:b", []string{"pods"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := decode[api.Machine](t, f.upload(t, "/api/v1/machines?topology="+url.QueryEscape(tt.named), "text/plain", tt.body))
			if m.Topology != tt.topology || !slices.Equal(m.Topologies, tt.topologies) {
				t.Errorf("read topology %q of %q, want %q of %q", m.Topology, m.Topologies, tt.topology, tt.topologies)
			}
		})
	}
}
