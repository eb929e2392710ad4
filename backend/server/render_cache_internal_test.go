package server

import (
	"strings"
	"testing"
)

// TestRenderCacheKeepsTheRecentlyUsed: past its bytes the cache lets the
// least recently used drawing go, and keeps none above a quarter of them.
func TestRenderCacheKeepsTheRecentlyUsed(t *testing.T) {
	c := newRenderCache(100)
	svg := func(n int) []byte { return []byte(strings.Repeat("x", n)) }
	c.put(drawing{key: "a", svg: svg(25)})
	c.put(drawing{key: "b", svg: svg(25)})
	c.put(drawing{key: "c", svg: svg(25)})
	c.get("a") // b is now the least recently used
	c.put(drawing{key: "d", svg: svg(25)})
	c.put(drawing{key: "e", svg: svg(25)})
	c.put(drawing{key: "big", svg: svg(26)})
	for key, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true, "e": true, "big": false} {
		if _, ok := c.get(key); ok != want {
			t.Errorf("drawing %s kept: %v, want %v", key, ok, want)
		}
	}
	if c.size > c.max {
		t.Errorf("%d bytes kept, more than %d", c.size, c.max)
	}
}

// TestRenderCacheHoldsNoMoreThanItsBytes: the drawings kept never hold
// more memory than the cache's bytes, though a drawing comes in an array
// larger than itself (a bytes.Buffer's is up to twice its bytes).
func TestRenderCacheHoldsNoMoreThanItsBytes(t *testing.T) {
	c := newRenderCache(100)
	for _, key := range []string{"a", "b", "c", "d"} {
		c.put(drawing{key: key, svg: make([]byte, 24, 72)})
	}
	held := 0
	for e := c.order.Front(); e != nil; e = e.Next() {
		held += cap(e.Value.(*drawing).svg)
	}
	if held > c.max || c.size > c.max {
		t.Errorf("the drawings kept hold %d bytes, counted as %d; want at most %d", held, c.size, c.max)
	}
}
