package web

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/api"
)

// Uploaded machines in the pages: the server reads a machine file (POST
// /api/v1/machines); a tree of switches or the listed nodes of a torus
// comes back as machine:ID, which the page rebuilds from its data (GET
// /api/v1/machines/{id}?format=json) and registers, so that machine:ID
// parses in the page as on the server; other files come back as the host
// spec they describe.

// machineFileTitles are the machine file formats the server reads
// (package machinefile's table, held to it by a test: the wasm carries no
// readers), as the upload's note names them.
var machineFileTitles = []string{"torus coordinates", "hwloc XML", "Slurm topology.conf", "Slurm topology.yaml", "Scotch target", "hwloc synthetic string"}

// machineUpload is the "Upload a machine" control.
type machineUpload struct {
	fileUpload
	topology string      // the topology of a topology.yaml to read, "" its default
	last     api.Machine // the machine uploaded last
}

// render draws the control; done receives each uploaded machine.
func (u *machineUpload) render(done func(app.Context, api.Machine)) app.UI {
	return u.fileUpload.render(uploadSpec{"machine", "Upload a machine",
		"or drop a file here: " + strings.Join(machineFileTitles, ", "), u.send, u.topologyInput},
		func(ctx app.Context) { done(ctx, u.last) })
}

// topologyInput names the topology of a topology.yaml that the upload
// reads (?topology=), as a partition's Topology=NAME in slurm.conf
// names the one its jobs get; empty, the file's default. A change
// uploads the file picked again.
func (u *machineUpload) topologyInput(resend func(app.Context)) app.UI {
	return app.Span().Body(
		app.Label().For("f-machine-topology").Text("topology"),
		app.Input().ID("f-machine-topology").Type("text").Size(10).Placeholder("default").Value(u.topology).
			Title("the topology of a Slurm topology.yaml to read, by name (a partition's Topology=NAME; NAME:RING or NAME:TORUS for one of several), or the ring of a topology.conf of rings; empty: the file's default").
			OnChange(func(ctx app.Context, e app.Event) {
				u.topology = strings.TrimSpace(ctx.JSSrc().Get("value").String())
				resend(ctx)
			}),
	)
}

// send uploads a machine file (the topology named, of a topology.yaml)
// and, for a stored machine, loads it.
func (u *machineUpload) send(_, text string) (string, []string, error) {
	var m api.Machine
	target := apiBase + "/machines"
	if u.topology != "" {
		target += "?" + url.Values{"topology": {u.topology}}.Encode()
	}
	err := apiDo("POST", target, rawUpload{"text/plain", text}, &m)
	if err == nil && m.ID != "" {
		err = getMachine(m.ID)
	}
	u.last = m
	info := fmt.Sprintf("%s, %s (%s)", m.Host, metric.Plural(m.Nodes, "node"), m.Format)
	if m.Switches > 0 {
		info = fmt.Sprintf("%s, %s, %s (%s)", m.Host, metric.Plural(m.Nodes, "node"), metric.Plural(m.Switches, "switch", "switches"), m.Format)
	}
	if m.Node != "" {
		info += "; the inside of one node: the host's nodes take it (HOST" + m.Node + ", with :dist=D1,… for a cost per level)"
	}
	return info + u.topologyRead(m), nil, err
}

// topologyRead says which topology of a file that lists several the
// upload read (the one named, else the file's default), of which; ""
// for a file of one machine.
func (u *machineUpload) topologyRead(m api.Machine) string {
	if m.Topology == "" {
		return ""
	}
	which := "topology " + m.Topology
	if u.topology == "" {
		which += ", the file's default,"
	}
	return "; " + which + " of " + strings.Join(m.Topologies, ", ")
}

// withInside returns the host the explorer maps onto after an upload of
// m: for an hwloc file (the inside of one node) the nodes of host, typed
// before, each with that inside (its cores 0 apart); else, or when host
// does not parse, m's host.
func withInside(host string, m api.Machine) string {
	h, err := spec.ParseHost(host)
	if m.Node == "" || err != nil {
		return m.Host
	}
	nodes, _ := topology.NodesOf(h)
	if _, err := spec.ParseHost(nodes.String() + m.Node); err != nil {
		return m.Host
	}
	return nodes.String() + m.Node
}

// getMachine fetches the machine of id and registers it. It
// blocks (run it in ctx.Async).
func getMachine(id string) error {
	var d api.MachineData
	if err := apiDo("GET", apiBase+"/machines/"+url.PathEscape(id)+"?format=json", nil, &d); err != nil {
		return err
	}
	if d.ID != id {
		return fmt.Errorf("the server answered machine %.40q for machine %s", d.ID, id)
	}
	t, err := topology.RebuildMachine(d)
	if err != nil {
		return err
	}
	topology.RegisterMachine(t)
	return nil
}

// pendingMachine returns the id of a machine:ID host that the page does
// not have yet, given the host field's text, or "".
func pendingMachine(host string) string {
	id, ok := topology.MachineIDOf(host)
	if _, err := topology.Parse(host); !ok || !errors.Is(err, topology.ErrUnknownMachine) {
		return ""
	}
	return id
}

// whenMachineLoaded fetches the machine of a machine:ID host that the
// page does not have (its field error says so), then calls reload, or
// puts the error under the host field. Nothing is fetched while
// pre-rendering on the server (which has its machines).
func whenMachineLoaded(ctx app.Context, host string, errs fieldErrors, reload func(app.Context)) {
	id := pendingMachine(host)
	if id == "" || app.IsServer {
		return
	}
	errs["host"] = errMachineLoading.Error()
	ctx.Async(func() {
		err := getMachine(id)
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				errs["host"] = err.Error()
				return
			}
			reload(ctx)
		})
	})
}

// errMachineLoading is the host's message while its machine is fetched.
var errMachineLoading = errors.New("loading the machine from the server…")
