package graphmap

// maxHeap is an indexed binary heap of items 0..n-1 by float64 key, the
// largest key first and, among equal keys, the lowest item: the order is
// total, so every run pops the same sequence. The keys sit in the heap
// next to their items, so that sifting reads no other array (on a heap
// of a million items that halves the time of a move).
type maxHeap struct {
	pos  []int32 // by item: its place in heap, or -1
	heap []entry
}

type entry struct {
	key  float64
	item int32
}

// above reports whether entry a comes before entry b.
func (a entry) above(b entry) bool { return a.key > b.key || a.key == b.key && a.item < b.item }

func newMaxHeap(n int) *maxHeap {
	h := &maxHeap{pos: make([]int32, n), heap: make([]entry, 0, n)}
	for i := range h.pos {
		h.pos[i] = -1
	}
	return h
}

func (h *maxHeap) len() int { return len(h.heap) }

func (h *maxHeap) has(i int32) bool { return h.pos[i] >= 0 }

// key returns the key of item i, which is in the heap.
func (h *maxHeap) key(i int32) float64 { return h.heap[h.pos[i]].key }

// set inserts item i with key k, or moves it to key k.
func (h *maxHeap) set(i int32, k float64) {
	if p := h.pos[i]; p >= 0 {
		old := h.heap[p].key
		h.heap[p].key = k
		if k > old {
			h.up(int(p))
		} else {
			h.down(int(p))
		}
		return
	}
	h.add(i, k)
	h.up(len(h.heap) - 1)
}

// add puts item i, not in the heap, with key k at the end of the heap
// without ordering it: a run of adds must end with fix.
func (h *maxHeap) add(i int32, k float64) {
	h.pos[i] = int32(len(h.heap))
	h.heap = append(h.heap, entry{k, i})
}

// fix orders the heap after adds. O(len).
func (h *maxHeap) fix() {
	for p := len(h.heap)/2 - 1; p >= 0; p-- {
		h.down(p)
	}
}

// top returns the first item; the heap must not be empty.
func (h *maxHeap) top() int32 { return h.heap[0].item }

// pop removes and returns the first item; the heap must not be empty.
func (h *maxHeap) pop() int32 {
	i := h.heap[0].item
	h.remove(i)
	return i
}

// remove takes item i out of the heap, if it is in.
func (h *maxHeap) remove(i int32) {
	p := int(h.pos[i])
	if p < 0 {
		return
	}
	last := len(h.heap) - 1
	h.swap(p, last)
	h.heap = h.heap[:last]
	h.pos[i] = -1
	if p < last {
		h.down(p)
		h.up(p)
	}
}

// clear empties the heap. O(len).
func (h *maxHeap) clear() {
	for _, e := range h.heap {
		h.pos[e.item] = -1
	}
	h.heap = h.heap[:0]
}

func (h *maxHeap) swap(a, b int) {
	h.heap[a], h.heap[b] = h.heap[b], h.heap[a]
	h.pos[h.heap[a].item], h.pos[h.heap[b].item] = int32(a), int32(b)
}

// up moves the entry at p towards the root while it comes before its
// parent, shifting the parents down instead of swapping.
func (h *maxHeap) up(p int) {
	e := h.heap[p]
	for p > 0 {
		q := (p - 1) / 2
		if !e.above(h.heap[q]) {
			break
		}
		h.heap[p] = h.heap[q]
		h.pos[h.heap[p].item] = int32(p)
		p = q
	}
	h.heap[p] = e
	h.pos[e.item] = int32(p)
}

// down moves the entry at p towards the leaves while a child comes
// before it, shifting the children up instead of swapping.
func (h *maxHeap) down(p int) {
	n := len(h.heap)
	e := h.heap[p]
	for {
		c := 2*p + 1
		if c >= n {
			break
		}
		if c+1 < n && h.heap[c+1].above(h.heap[c]) {
			c++
		}
		if !h.heap[c].above(e) {
			break
		}
		h.heap[p] = h.heap[c]
		h.pos[h.heap[p].item] = int32(p)
		p = c
	}
	h.heap[p] = e
	h.pos[e.item] = int32(p)
}
