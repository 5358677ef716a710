package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// Order transactions are written in batches (group commit). When registration opens, hundreds
// of buyers order at once; each order's work is short, but every commit waits for the disk
// (synchronous=FULL), and the single writer would spend its time waiting for one commit after
// another. So order transactions that arrive while a batch is written wait for the next batch,
// which runs each of them in a savepoint of one transaction and commits once. Each one's work is
// kept or rolled back as if it had a transaction of its own, and its caller hears back only once
// the batch's commit is done: nobody is answered about a write that is not on disk.
//
// An event's capacity counts are counted once and then kept up to date by the orders the
// batches create (batchCounts), instead of every order counting the event's registrations
// again. They pass from one batch to the next while nothing else writes the database in
// between: no other write of this process's writer (Store.writes), no commit of another process
// (PRAGMA data_version).

// maxBatch bounds the transactions of one batch, so that the first of them is not kept waiting
// for the commit behind too many others.
const maxBatch = 64

// orderWrite is one order transaction waiting for its batch.
type orderWrite struct {
	ctx   context.Context
	fn    func(sale.OrderTx) error
	keeps bool // fn changes no capacity count, or tells the batch's counts what it took
	err   error
	done  chan struct{}
}

// orderBatches is the queue of order transactions, and whether a goroutine is writing them.
type orderBatches struct {
	mu      sync.Mutex
	queue   []*orderWrite
	writing bool

	// Only the goroutine writing uses these: the counts the last batch committed, the writer's
	// count of writes just after that commit, and the database's data_version then.
	kept        map[string]sale.KeptTaken
	written     uint64
	dataVersion int64
}

// inOrderTx runs fn as a transaction of its own would: it commits when fn returns nil, and
// nothing fn did remains otherwise.
func (s *Store) inOrderTx(ctx context.Context, fn func(sale.OrderTx) error) error {
	return s.writeOrder(ctx, fn, false)
}

// writeOrder queues fn for the next batch and waits until the batch is committed (or failed).
// keeps says fn leaves the events' capacity counts as they were, or tells them what it took
// (sale.TakenKeeper); any other transaction makes the batch count again.
func (s *Store) writeOrder(ctx context.Context, fn func(sale.OrderTx) error, keeps bool) error {
	w := &orderWrite{ctx: ctx, fn: fn, keeps: keeps, done: make(chan struct{})}
	b := &s.batches
	b.mu.Lock()
	b.queue = append(b.queue, w)
	start := !b.writing
	b.writing = true
	b.mu.Unlock()
	if start {
		go s.writeBatches()
	}
	<-w.done
	return w.err
}

// writeBatches writes batches until the queue is empty.
func (s *Store) writeBatches() {
	b := &s.batches
	for {
		b.mu.Lock()
		n := min(len(b.queue), maxBatch)
		if n == 0 {
			b.queue, b.writing = nil, false
			b.mu.Unlock()
			return
		}
		batch := b.queue[:n:n]
		b.queue = b.queue[n:]
		b.mu.Unlock()
		s.writeBatch(batch)
		for _, w := range batch {
			close(w.done)
		}
	}
}

// writeBatch runs each transaction of batch in a savepoint of one transaction, then commits.
// Its statements run to their end whatever their caller's context: SQLite rolls back the whole
// transaction when a write statement is interrupted, which would undo the others' work. A
// caller gone before its turn is skipped.
func (s *Store) writeBatch(batch []*orderWrite) {
	ctx := context.Background()
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		for _, w := range batch {
			w.err = err
		}
		return
	}
	defer tx.Rollback()
	b := &s.batches
	written := s.writes.Load()
	var dataVersion int64
	if err := tx.QueryRowContext(ctx, "PRAGMA data_version").Scan(&dataVersion); err != nil {
		for _, w := range batch {
			w.err = err
		}
		return
	}
	counts := &batchCounts{kept: map[string]sale.KeptTaken{}}
	if b.kept != nil && written == b.written && dataVersion == b.dataVersion {
		counts.kept = b.kept
	}
	otx := orderTx{tx: tx, stmts: map[string]*sql.Stmt{}, counts: counts}
	b.kept = nil
	for i, w := range batch {
		if w.err = w.ctx.Err(); w.err != nil {
			continue
		}
		var broken error
		w.err, broken = inSavepoint(ctx, otx, w)
		if broken != nil { // the transaction cannot go on: nothing of the batch is kept
			for _, other := range batch[:i+1] {
				if other.err == nil {
					other.err = broken
				}
			}
			for _, other := range batch[i+1:] {
				other.err = broken
			}
			return
		}
	}
	written = s.writes.Load()
	if err := tx.Commit(); err != nil {
		for _, w := range batch {
			if w.err == nil {
				w.err = err
			}
		}
		return
	}
	b.kept, b.written, b.dataVersion = counts.kept, written+1, dataVersion // the commit counts one write
}

// inSavepoint runs w in a savepoint of tx: released when w's function returns nil, rolled back
// to otherwise (err is then w's error). broken is a failure of the savepoint itself, after
// which tx must not commit. A panic in w's function is w's error, so that the writer goes on.
func inSavepoint(ctx context.Context, tx orderTx, w *orderWrite) (err, broken error) {
	if _, err := tx.Exec(ctx, "SAVEPOINT order_write"); err != nil {
		return err, err
	}
	counts := tx.counts
	counts.begin()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("sqlite: order transaction panicked: %v\n%s", p, debug.Stack())
		}
		if err == nil {
			if _, broken = tx.Exec(ctx, "RELEASE order_write"); broken == nil {
				counts.commit(w.keeps)
			}
			return
		}
		counts.rollback()
		_, rollback := tx.Exec(ctx, "ROLLBACK TO order_write")
		_, release := tx.Exec(ctx, "RELEASE order_write")
		broken = errors.Join(rollback, release)
	}()
	return w.fn(tx), nil
}

// batchCounts keeps the capacity counts of the events whose orders a batch creates. Counts
// counted afresh are kept at once: they are asked for before the transaction writes (see
// sale.TakenKeeper), so they are those its savepoint rolls back to. What a transaction took is
// kept once its savepoint is released, and only if it changed no count otherwise
// (orderWrite.keeps); any other transaction drops them all.
type batchCounts struct {
	kept    map[string]sale.KeptTaken // by event id
	pending map[string]sale.KeptTaken // what the running transaction took
}

func (c *batchCounts) begin() { c.pending = map[string]sale.KeptTaken{} }

func (c *batchCounts) commit(keeps bool) {
	if !keeps {
		clear(c.kept)
		return
	}
	for id, k := range c.pending {
		c.kept[id] = k
	}
}

func (c *batchCounts) rollback() { c.pending = nil }

// taken implements sale.TakenKeeper's Taken.
func (c *batchCounts) taken(ctx context.Context, tx orderTx, eventID string, now time.Time) (store.Taken, error) {
	k, ok := c.pending[eventID]
	if !ok {
		k, ok = c.kept[eventID]
	}
	if !ok || !k.HoldsAt(now) {
		var err error
		if k, err = sale.CountKept(ctx, tx, "sqlite: taken", eventID, now); err != nil {
			return store.Taken{}, err
		}
		delete(c.pending, eventID)
		c.kept[eventID] = k
	}
	return k.Taken.Clone(), nil
}

// took implements sale.TakenKeeper's Took.
func (c *batchCounts) took(eventID string, after store.Taken, heldUntil time.Time) {
	k, ok := c.pending[eventID]
	if !ok {
		k = c.kept[eventID]
	}
	c.pending[eventID] = k.After(after, heldUntil)
}
