// Package clocktest gives tests a clock they move by hand, for code that takes its time from a
// func() time.Time.
package clocktest

import (
	"sync"
	"time"
)

// Clock tells the time it was set to until the test advances it; safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New is a clock that tells now.
func New(now time.Time) *Clock { return &Clock{now: now} }

// Now is the clock's time; pass c.Now where the code wants a func() time.Time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
