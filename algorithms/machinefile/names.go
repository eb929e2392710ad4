package machinefile

import "topomap/algorithms/hostlist"

// checkNodeNames checks a machine's node names, in node-index order, by
// the rule of the names that launcher files carry (hostlist.CheckNames,
// that of --hostnames): it returns nil, or that check's error and the
// index of the first name it refuses, so that a reader can name its line.
// The readers refuse a name given twice first, with its lines. O(names).
func checkNodeNames(names []string) (int, error) {
	err := hostlist.CheckNames(names, len(names))
	if err == nil {
		return 0, nil
	}
	for i, n := range names {
		if hostlist.CheckNames([]string{n}, 1) != nil {
			return i, err
		}
	}
	return 0, err
}
