package store

// EventStore stores events (internal/event documents).
type EventStore interface{}
