package readmodel

import "sync"

// lately keeps a value per event (a roster, an order list), forgetting the values used least
// lately when they hold too many things in all.
type lately[V interface{ Len() int }] struct {
	mu    sync.Mutex
	m     map[string]*keptValue[V]
	clock uint64
}

type keptValue[V any] struct {
	v    V
	used uint64
}

// get returns eventID's value and whether there is one.
func (c *lately[V]) get(eventID string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := c.m[eventID]
	if k == nil {
		var none V
		return none, false
	}
	c.clock++
	k.used = c.clock
	return k.v, true
}

func (c *lately[V]) drop(eventID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, eventID)
}

// keep stores v, forgetting the values used least lately while all of them hold more than max
// things (v itself stays whatever its size).
func (c *lately[V]) keep(eventID string, v V, max int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*keptValue[V]{}
	}
	c.clock++
	c.m[eventID] = &keptValue[V]{v: v, used: c.clock}
	held := 0
	for _, k := range c.m {
		held += k.v.Len()
	}
	for held > max && len(c.m) > 1 {
		oldest := ""
		for id, k := range c.m {
			if id != eventID && (oldest == "" || k.used < c.m[oldest].used) {
				oldest = id
			}
		}
		held -= c.m[oldest].v.Len()
		delete(c.m, oldest)
	}
}
