// Package order sorts index slices by a caller's order through sort.Sort,
// not slices.SortFunc: every generic instantiation of slices' sorts adds
// some 15 KB to the browser client (WebAssembly), and sort.Sort's one
// non-generic copy is there already. less must be a strict total order
// (break ties by index), so that the result does not depend on the
// sorting algorithm: the same input gives the same bytes everywhere.
package order

import "sort"

// Int32s sorts s so that less(s[i], s[j]) or s[i] == s[j] for i < j.
// O(n log n) calls of less.
func Int32s(s []int32, less func(a, b int32) bool) {
	sort.Sort(int32s{s, less})
}

type int32s struct {
	s    []int32
	less func(a, b int32) bool
}

func (x int32s) Len() int           { return len(x.s) }
func (x int32s) Less(i, j int) bool { return x.less(x.s[i], x.s[j]) }
func (x int32s) Swap(i, j int)      { x.s[i], x.s[j] = x.s[j], x.s[i] }

// Ascending sorts s in increasing order.
func Ascending(s []int32) {
	Int32s(s, func(a, b int32) bool { return a < b })
}
