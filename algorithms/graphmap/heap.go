package graphmap

// maxHeap is an indexed binary heap of items 0..n-1 by float64 key, the
// largest key first and, among equal keys, the lowest item: the order is
// total, so every run pops the same sequence.
type maxHeap struct {
	key  []float64 // by item
	pos  []int32   // by item: its place in heap, or -1
	heap []int32
}

func newMaxHeap(n int) *maxHeap {
	h := &maxHeap{key: make([]float64, n), pos: make([]int32, n), heap: make([]int32, 0, n)}
	for i := range h.pos {
		h.pos[i] = -1
	}
	return h
}

func (h *maxHeap) len() int { return len(h.heap) }

func (h *maxHeap) has(i int32) bool { return h.pos[i] >= 0 }

// above reports whether item a comes before item b.
func (h *maxHeap) above(a, b int32) bool {
	ka, kb := h.key[a], h.key[b]
	return ka > kb || ka == kb && a < b
}

// set inserts item i with key k, or moves it to key k.
func (h *maxHeap) set(i int32, k float64) {
	if p := h.pos[i]; p >= 0 {
		old := h.key[i]
		h.key[i] = k
		if k > old {
			h.up(int(p))
		} else {
			h.down(int(p))
		}
		return
	}
	h.key[i] = k
	h.pos[i] = int32(len(h.heap))
	h.heap = append(h.heap, i)
	h.up(len(h.heap) - 1)
}

// add puts item i, not in the heap, with key k at the end of the heap
// without ordering it: a run of adds must end with fix.
func (h *maxHeap) add(i int32, k float64) {
	h.key[i] = k
	h.pos[i] = int32(len(h.heap))
	h.heap = append(h.heap, i)
}

// fix orders the heap after adds. O(len).
func (h *maxHeap) fix() {
	for p := len(h.heap)/2 - 1; p >= 0; p-- {
		h.down(p)
	}
}

// top returns the first item; the heap must not be empty.
func (h *maxHeap) top() int32 { return h.heap[0] }

// pop removes and returns the first item; the heap must not be empty.
func (h *maxHeap) pop() int32 {
	i := h.heap[0]
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
	for _, i := range h.heap {
		h.pos[i] = -1
	}
	h.heap = h.heap[:0]
}

func (h *maxHeap) swap(a, b int) {
	h.heap[a], h.heap[b] = h.heap[b], h.heap[a]
	h.pos[h.heap[a]], h.pos[h.heap[b]] = int32(a), int32(b)
}

func (h *maxHeap) up(p int) {
	for p > 0 {
		q := (p - 1) / 2
		if !h.above(h.heap[p], h.heap[q]) {
			return
		}
		h.swap(p, q)
		p = q
	}
}

func (h *maxHeap) down(p int) {
	n := len(h.heap)
	for {
		c := 2*p + 1
		if c >= n {
			return
		}
		if c+1 < n && h.above(h.heap[c+1], h.heap[c]) {
			c++
		}
		if !h.above(h.heap[c], h.heap[p]) {
			return
		}
		h.swap(p, c)
		p = c
	}
}
