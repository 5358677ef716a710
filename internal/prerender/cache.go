package prerender

import (
	"container/list"
	"sync"
)

// cacheBytes bounds the markup kept: a few hundred pages.
const cacheBytes = 8 << 20

// cache keeps the most recently used markup by the hash of its inputs, up to a number of bytes.
// The inputs are the whole page data, so an edited event or another user is another key: nothing
// needs invalidating, and old entries age out.
type cache struct {
	mu    sync.Mutex
	limit int
	size  int
	order *list.List // front = most recent; values are *entry
	index map[[32]byte]*list.Element
}

type entry struct {
	key    [32]byte
	markup string
}

func newCache(limit int) *cache {
	return &cache{limit: limit, order: list.New(), index: map[[32]byte]*list.Element{}}
}

func (c *cache) get(key [32]byte) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.index[key]
	if !ok {
		return "", false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry).markup, true
}

func (c *cache) put(key [32]byte, markup string) {
	if len(markup) > c.limit {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.index[key]; ok {
		return
	}
	c.index[key] = c.order.PushFront(&entry{key, markup})
	c.size += len(markup)
	for c.size > c.limit {
		oldest := c.order.Back()
		e := oldest.Value.(*entry)
		c.order.Remove(oldest)
		delete(c.index, e.key)
		c.size -= len(e.markup)
	}
}
