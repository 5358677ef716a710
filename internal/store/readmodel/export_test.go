package readmodel

import "time"

// SetClock sets the time the results cache reads, for the external tests (results_test.go, on
// a real database).
func (c *Results) SetClock(now func() time.Time) { c.clock = now }
