package server

import (
	"context"
	"errors"
	"fmt"
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
// (machinefile.Read: the format from the content). A tree of switches (a
// topology.conf) is stored as the graphs are, under its content hash,
// within the client's quota, and named machine:ID from then on; a file
// that describes a host spec (a Scotch target, an hwloc node) is
// answered with that spec and not stored. 201 with an api.Machine.
func (s *Server) uploadMachine(c echo.Context) error {
	if s.o.Graphs == nil {
		return errNoGraphs
	}
	var out api.Machine
	err := s.uploadSlot(c, func(ctx context.Context) error {
		h, format, err := machinefile.Read(&capped{c.Request().Body, min(s.o.MaxGraphBytes, machinefile.MaxBytes)})
		if errors.Is(err, errBodyTooLarge) {
			return &graphfile.Error{Err: graphfile.ErrTooLarge, Msg: "machine file larger than this server's cap of " + metric.Bytes(min(s.o.MaxGraphBytes, machinefile.MaxBytes))}
		}
		if err != nil {
			return err
		}
		out = machineInfo(h, format)
		t, ok := h.(*topology.SwitchTree)
		if !ok {
			return nil
		}
		rec, err := jobs.MachineRecord(t, jobs.GraphRecord{Format: format, Created: time.Now().UTC(), Owner: s.uploader(c.Request())})
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

// machineInfo is the API's view of a machine read from a file.
func machineInfo(h topology.Host, format string) api.Machine {
	nodes, _ := topology.SplitCores(h)
	m := api.Machine{Host: h.String(), Nodes: nodes.Size(), Slots: h.Size(), Format: format}
	if t, ok := h.(*topology.SwitchTree); ok {
		m.ID, m.Switches = t.ID(), t.Switches()
	}
	return m
}

// machine: GET /machines/:id returns an uploaded tree of switches as a
// Slurm topology.conf (which uploads again to the same id), or with
// format=json as api.MachineData (what the pages rebuild it from), and
// names it machine:ID in this server from then on.
func (s *Server) machine(c echo.Context) error {
	if s.o.Graphs == nil {
		return errNoGraphs
	}
	id := strings.ToLower(c.Param("id"))
	if !guest.ValidID(id) {
		return &spec.FieldError{Field: "id", Err: fmt.Errorf("malformed machine id: want %d hex digits", topology.MachineIDLen)}
	}
	t, err := jobs.StoredMachine(s.o.Graphs, id)
	if err != nil {
		return err
	}
	topology.RegisterMachine(t)
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "public, max-age=86400")
	if c.QueryParam("format") == "json" {
		return c.JSON(http.StatusOK, machineData(t))
	}
	var b strings.Builder
	if err := machinefile.WriteSlurm(&b, t); err != nil {
		return err
	}
	h.Set(echo.HeaderContentDisposition, `inline; filename="topology-`+id+`.conf"`)
	return c.Blob(http.StatusOK, echo.MIMETextPlainCharsetUTF8, []byte(b.String()))
}

// registerStoredMachines names the machines of the store machine:ID in
// this process, when the store lists them.
func registerStoredMachines(g jobs.GraphService) error {
	lister, ok := g.(interface {
		Machines() ([]*topology.SwitchTree, error)
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

// machineData is the pages' view of a tree of switches.
func machineData(t *topology.SwitchTree) api.MachineData {
	n, v := t.Size(), t.Size()+t.Switches()
	d := api.MachineData{ID: t.ID(), Nodes: n, Names: make([]string, v), Parents: make([]int, v)}
	for u := range v {
		d.Parents[u] = t.Parent(u)
		if u < n {
			d.Names[u] = t.NodeName(u)
		} else {
			d.Names[u] = t.SwitchName(u - n)
		}
	}
	return d
}
