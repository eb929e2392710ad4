package server

import (
	"bytes"
	"container/list"
	"sync"
)

// renderCacheBytes bounds the drawings a server keeps (renderCache).
const renderCacheBytes = 64 << 20

// renderCache keeps the drawings of finished jobs, whose bytes never
// change, so that a shared link drawn again costs a lookup instead of
// loading the result and drawing it (up to 1.8 CPU-s for a 262,144-node
// graph job). A drawing's key names the job, when it finished and the
// query (renderJob); the least recently used drawings leave first once they add
// up to more than max bytes, and one above max/4 is not kept. Safe for
// concurrent use.
type renderCache struct {
	mu    sync.Mutex
	max   int
	size  int
	order *list.List // of *drawing, the most recently used first
	byKey map[string]*list.Element
}

// drawing is a rendering as it is sent: the SVG and its
// Content-Disposition.
type drawing struct {
	key, disposition string
	svg              []byte
}

func newRenderCache(max int) *renderCache {
	return &renderCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

// get returns the drawing kept under key, and whether there is one.
func (c *renderCache) get(key string) (drawing, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return drawing{}, false
	}
	c.order.MoveToFront(e)
	return *e.Value.(*drawing), true
}

// put keeps d, unless it is larger than a quarter of the cache, and lets
// the least recently used drawings go until the rest fits. A drawing is
// kept in an array of its size: one drawn into a bytes.Buffer may hold
// up to twice its bytes, which its length would not count.
func (c *renderCache) put(d drawing) {
	if 4*len(d.svg) > c.max {
		return
	}
	if cap(d.svg) > len(d.svg) {
		d.svg = bytes.Clone(d.svg)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[d.key]; ok {
		return
	}
	c.byKey[d.key] = c.order.PushFront(&d)
	c.size += len(d.svg)
	for c.size > c.max {
		old := c.order.Remove(c.order.Back()).(*drawing)
		delete(c.byKey, old.key)
		c.size -= len(old.svg)
	}
}
