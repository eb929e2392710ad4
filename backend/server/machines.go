package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/metric"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
	"topomap/backend/api"
	"topomap/backend/jobs"
)

// machinesPath is the API path of uploaded machines.
const machinesPath = "/api/v1/machines"

// uploadMachine: POST /machines reads a machine file from the raw body
// (machinefile.ReadWith: the format from the content; the query's
// topology names the topology of a topology.yaml to read, the file's
// default without it). A machine (a tree of
// switches from a topology.conf, the listed nodes of a torus from a
// coordinates file) is stored as the graphs are, under its content hash,
// within the client's quota, and named machine:ID from then on; a file
// that describes a host spec (a Scotch target, an hwloc node) is
// answered with that spec and not stored; an hwloc node with the suffix
// that gives a machine's nodes its inside too. 201 with an api.Machine.
func (s *Server) uploadMachine(c echo.Context) error {
	if s.o.Graphs == nil {
		return errNoGraphs
	}
	var out api.Machine
	err := s.uploadSlot(c, func(ctx context.Context) error {
		text, err := io.ReadAll(capBody(c.Request(), min(s.o.MaxGraphBytes, machinefile.MaxBytes)))
		var h topology.Host
		var src machinefile.Source
		if err == nil {
			h, src, err = machinefile.ReadWith(bytes.NewReader(text), machinefile.Options{Topology: c.QueryParam("topology")})
		}
		if errors.Is(err, errBodyTooLarge) {
			return &graphfile.Error{Err: graphfile.ErrTooLarge, Msg: "machine file larger than this server's cap of " + metric.Bytes(min(s.o.MaxGraphBytes, machinefile.MaxBytes))}
		}
		if err != nil {
			return err
		}
		out = machineInfo(h, src)
		if out.Node, err = nodeOf(text, src.Format); err != nil {
			return err
		}
		t, ok := h.(topology.Machine)
		if !ok {
			return nil
		}
		rec, err := jobs.MachineRecord(t, jobs.GraphRecord{Format: src.Format, Created: time.Now().UTC(), Owner: s.uploader(c.Request())})
		if err == nil {
			_, err = s.o.Graphs.PutGraph(rec, s.o.GraphQuota)
		}
		if err != nil {
			return quotaErr(err)
		}
		topology.RegisterMachine(t)
		return nil
	})
	if err != nil {
		return err
	}
	if out.ID != "" {
		c.Response().Header().Set(echo.HeaderLocation, machinesPath+"/"+out.ID)
	}
	return c.JSON(http.StatusCreated, out)
}

// nodeOf returns the host spec suffix that gives a machine's nodes the
// inside an hwloc file describes, "" for other formats.
func nodeOf(text []byte, format string) (string, error) {
	if !strings.HasPrefix(format, "hwloc") {
		return "", nil
	}
	n, err := machinefile.ReadNode(text)
	if err != nil {
		return "", err
	}
	return n.Suffix(nil)
}

// machineInfo is the API's view of a machine read from a file.
func machineInfo(h topology.Host, src machinefile.Source) api.Machine {
	nodes, _ := topology.NodesOf(h)
	m := api.Machine{Host: h.String(), Nodes: nodes.Size(), Slots: h.Size(), Format: src.Format,
		Topology: src.Topology, Topologies: src.Topologies}
	if t, ok := h.(topology.Machine); ok {
		m.ID = t.ID()
	}
	if t, ok := h.(topology.Rooted); ok {
		m.Switches = t.Switches()
	}
	return m
}

// machine: GET /machines/:id returns an uploaded machine as its machine
// file (a tree of switches as a Slurm topology.conf, listed nodes of a
// torus as a coordinates file; either uploads again to the same id), or
// with format=json as api.MachineData (what the pages rebuild it from),
// and names it machine:ID in this server from then on.
func (s *Server) machine(c echo.Context) error {
	if s.o.Graphs == nil {
		return errNoGraphs
	}
	id := strings.ToLower(c.Param("id"))
	if !guest.ValidID(id) {
		return &spec.FieldError{Field: "id", Err: fmt.Errorf("malformed machine id: want %d hex digits", topology.MachineIDLen)}
	}
	asJSON := c.QueryParam("format") == "json"
	if f := c.QueryParam("format"); f != "" && !asJSON {
		return &spec.FieldError{Field: "format", Err: fmt.Errorf("machine format %s: want json, or no format for the machine's own file", quote(f))}
	}
	t, err := jobs.StoredMachine(s.o.Graphs, id)
	if err != nil {
		return unknown("id", err)
	}
	topology.RegisterMachine(t)
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "public, max-age=86400")
	if fresh, err := withETag(c, `"`+id+"-"+c.QueryParam("format")+`"`); fresh || err != nil {
		return err // a machine never changes under its id, as a graph
	}
	if asJSON {
		return c.JSON(http.StatusOK, t.Data())
	}
	var b strings.Builder
	format, err := machinefile.WriteMachine(&b, t)
	if err != nil {
		return err
	}
	h.Set(echo.HeaderContentDisposition, `inline; filename="`+machinefile.FileName(format, id)+`"`)
	return c.Blob(http.StatusOK, echo.MIMETextPlainCharsetUTF8, []byte(b.String()))
}

// registerStoredMachines names the machines of the store machine:ID in
// this process, when the store lists them.
func registerStoredMachines(g jobs.GraphService) error {
	lister, ok := g.(interface {
		Machines() ([]topology.Machine, error)
	})
	if !ok {
		return nil
	}
	ms, err := lister.Machines()
	for _, t := range ms {
		topology.RegisterMachine(t)
	}
	return err
}
