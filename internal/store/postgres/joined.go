package postgres

import (
	"errors"
	"sync"
)

var errReadPanicked = errors.New("postgres: the shared read panicked")

// joined shares the reads of one key among the requests that ask for it together. Every
// signed-in request reads its session and its role, and the orders list the event's order rev:
// fifty clients at once would each wait for a pooled connection to read the same row. A
// request may take the answer of a read that began after it asked (that read sees every write
// committed before, whichever server made it, as a read of its own would), never of one that
// was already running: so while a read of the key runs, the requests that ask wait together
// for the next one, which the first of them makes once the running one ends.
type joined[V any] struct {
	mu   sync.Mutex
	keys map[string]*joinedKey[V]
}

// joinedKey is a key with a read running, and the read the requests asking since wait for.
type joinedKey[V any] struct {
	next *joinedRead[V]
}

// joinedRead is a read waited for; start is closed when it may begin, done when v and err are
// its answer.
type joinedRead[V any] struct {
	start, done chan struct{}
	asked       int // the requests it answers
	v           V
	err         error
}

// get answers key by read, or by the next read of key when one is running.
func (j *joined[V]) get(key string, read func() (V, error)) (V, error) {
	j.mu.Lock()
	if j.keys == nil {
		j.keys = map[string]*joinedKey[V]{}
	}
	k := j.keys[key]
	if k == nil { // no read running: this one runs now
		j.keys[key] = &joinedKey[V]{}
		j.mu.Unlock()
		defer j.ended(key)
		return read()
	}
	r, first := k.next, k.next == nil
	if first {
		r = &joinedRead[V]{start: make(chan struct{}), done: make(chan struct{})}
		k.next = r
	}
	r.asked++
	j.mu.Unlock()
	if first {
		<-r.start
		defer j.ended(key)
		defer close(r.done)
		r.err = errReadPanicked // until read returns
		r.v, r.err = read()
		return r.v, r.err
	}
	<-r.done
	if r.err != nil { // the failure may be the first request's own (gone before its answer)
		return read()
	}
	return r.v, nil
}

// ended starts the next read of key, if a request waits for one.
func (j *joined[V]) ended(key string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	k := j.keys[key]
	if k.next == nil {
		delete(j.keys, key)
		return
	}
	close(k.next.start)
	k.next = nil
}
