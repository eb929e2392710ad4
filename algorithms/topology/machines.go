package topology

import (
	"errors"
	"fmt"
	"strings"
	"sync"
)

// machinePrefix starts the spec string of a machine read from a file.
const machinePrefix = "machine:"

// MaxMachines bounds the machines Parse knows at once; registering one
// more forgets the one registered first (a server registers its stored
// machines again when they are uploaded or it starts).
const MaxMachines = 1024

// ErrUnknownMachine is wrapped by Parse's error for "machine:ID" when no
// machine of that id was registered in this process.
var ErrUnknownMachine = errors.New("no machine of that id here: upload its file (POST /api/v1/machines) or give the file on the command line (--host file:PATH)")

// machines holds the registered machines by id. Ids are content hashes,
// so one id is one machine in every process: the registry is a cache of
// what this process read or fetched, shared by all its callers.
var machines = struct {
	sync.RWMutex
	byID  map[string]*SwitchTree
	order []string
}{byID: map[string]*SwitchTree{}}

// RegisterMachine makes "machine:ID" name t in Parse, until MaxMachines
// later registrations.
func RegisterMachine(t *SwitchTree) {
	machines.Lock()
	defer machines.Unlock()
	if _, ok := machines.byID[t.id]; ok {
		return
	}
	if len(machines.order) == MaxMachines {
		delete(machines.byID, machines.order[0])
		machines.order = machines.order[1:]
	}
	machines.byID[t.id] = t
	machines.order = append(machines.order, t.id)
}

// lookupMachine returns the machine of a "machine:ID" spec string; ok is
// false for another string.
func lookupMachine(s string) (h Host, ok bool, err error) {
	id, ok := cutPrefixFold(strings.TrimSpace(s), machinePrefix)
	if !ok {
		return nil, false, nil
	}
	machines.RLock()
	t, found := machines.byID[strings.ToLower(id)]
	machines.RUnlock()
	if !found {
		return nil, true, fmt.Errorf("machine:%.40s: %w", id, ErrUnknownMachine)
	}
	return t, true, nil
}
