package topology

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// machinePrefix starts the spec string of a machine read from a file.
const machinePrefix = "machine:"

// MaxMachines bounds the machines Parse knows at once, and MaxMachineNodes
// their nodes (some 50 bytes each: 200 MB; 1,024 machines of 262,144 nodes,
// a topology.conf of three lines each, took 13 GB); registering one more
// forgets the ones registered first (a server registers its stored
// machines again when it starts, and each again when it is uploaded or a
// request names it: fetched from the store).
const (
	MaxMachines     = 1024
	MaxMachineNodes = 1 << 22
)

// ErrUnknownMachine is wrapped by Parse's error for "machine:ID" when no
// machine of that id was registered in this process. Each program says
// how its users get one (an upload, a file on the command line).
var ErrUnknownMachine = errors.New("no machine of that id here")

// Machine is a host read from a file, named "machine:ID" by the content
// hash of its description (MachineIDLen hex digits): a tree of switches
// (SwitchTree) or the listed nodes of a torus (Listed); its nodes have
// the names the file gave them.
type Machine interface {
	Named
	// ID returns the content hash of the machine's description.
	ID() string
	// Data returns the machine as data, which RebuildMachine rebuilds.
	Data() MachineData
}

// machines holds the registered machines by id. Ids are content hashes,
// so one id is one machine in every process: the registry is a cache of
// what this process read or fetched, shared by all its callers.
var machines = struct {
	sync.RWMutex
	byID  map[string]Machine
	order []string
	nodes int // of the machines in byID
}{byID: map[string]Machine{}}

// RegisterMachine makes "machine:ID" name t in Parse, until later
// registrations take it beyond MaxMachines or MaxMachineNodes.
func RegisterMachine(t Machine) {
	machines.Lock()
	defer machines.Unlock()
	id := t.ID()
	if _, ok := machines.byID[id]; ok {
		return
	}
	for len(machines.order) > 0 && (len(machines.order) == MaxMachines || machines.nodes+t.Size() > MaxMachineNodes) {
		first := machines.order[0]
		machines.nodes -= machines.byID[first].Size()
		delete(machines.byID, first)
		machines.order = machines.order[1:]
	}
	machines.byID[id] = t
	machines.order = append(machines.order, id)
	machines.nodes += t.Size()
}

// machineSource, if set, fetches a machine this process has not
// registered (SetMachineSource).
var machineSource struct {
	sync.RWMutex
	fetch func(id string) (Machine, error)
}

// SetMachineSource makes Parse fetch a "machine:ID" it does not know from
// fetch (a server's store, which other processes may have written) and
// register it. fetch is called with well-formed ids only and returns
// nil, nil if it has no machine of that id; Parse's error wraps its
// error (a store that cannot be reached) as well as ErrUnknownMachine.
// Nil: no fetching.
func SetMachineSource(fetch func(id string) (Machine, error)) {
	machineSource.Lock()
	defer machineSource.Unlock()
	machineSource.fetch = fetch
}

// MachineIDOf returns the id of a "machine:ID" host spec (lower case,
// without the options after it, such as :cores=C), and whether s is one.
func MachineIDOf(s string) (id string, ok bool) {
	rest, ok := cutPrefixFold(strings.TrimSpace(s), machinePrefix)
	if !ok {
		return "", false
	}
	id, _, _ = strings.Cut(rest, ":")
	return strings.ToLower(id), true
}

// lookupMachine returns the machine of a "machine:ID" spec string, from
// the registry or else from the machine source; ok is false for another
// string.
func lookupMachine(s string) (h Host, ok bool, err error) {
	id, ok := cutPrefixFold(strings.TrimSpace(s), machinePrefix)
	if !ok {
		return nil, false, nil
	}
	id = strings.ToLower(id)
	machines.RLock()
	t, found := machines.byID[id]
	machines.RUnlock()
	if found {
		return t, true, nil
	}
	if t, err = fetchMachine(id); err != nil {
		return nil, true, fmt.Errorf("%w (looking it up: %w)", ErrUnknownMachine, err)
	}
	if t == nil {
		return nil, true, ErrUnknownMachine
	}
	RegisterMachine(t)
	return t, true, nil
}

// fetchMachine asks the machine source for a well-formed id: nil without
// a source or a machine; the source's error if it failed.
func fetchMachine(id string) (Machine, error) {
	machineSource.RLock()
	fetch := machineSource.fetch
	machineSource.RUnlock()
	if _, err := hex.DecodeString(id); fetch == nil || err != nil || len(id) != MachineIDLen {
		return nil, nil
	}
	t, err := fetch(id)
	switch {
	case err != nil:
		return nil, err
	case t == nil || t.ID() != id:
		return nil, nil
	}
	return t, nil
}
