package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A signed-in request reads the same few rows on every call: its session, its role in the event,
// the event's participants' rev. Those reads cost a busy organizer page half of its time, and
// their answers change only when something is written. This process writes through one
// connection, so it knows when that happens: every commit of the writer counts one more write
// (writeCounter), and a kept answer (fresh) serves while no write has been counted since it was
// read. The sessions are kept by the writes to the accounts' tables alone (accountWrites), so
// that a registration opening's orders do not make every buyer's session be read again. Another
// process writing the same file (a command run beside the server) is seen within freshFor.

// freshFor bounds how long a kept answer serves even with no write counted here.
const freshFor = time.Second

// freshMax bounds how many answers one fresh keeps; it forgets them all when full.
const freshMax = 10_000

// fresh keeps answers by key until the writer's next commit or freshFor, whichever comes first.
// Errors (a session not found) are never kept: every miss asks the database again.
//
// One read of a key runs at a time (reading): fifty clients finding their answer outdated at
// once would otherwise read the same row fifty times, each waiting for a connection behind the
// others. While it runs, the others are answered the kept answer when only freshFor ended it
// (no write was counted since: another process's write is seen a read later), or wait for the
// read when the count says this process wrote since.
type fresh[V any] struct {
	writes  *atomic.Uint64 // the writer's commits so far
	mu      sync.RWMutex
	kept    map[string]freshAnswer[V]
	reading map[string]*freshRead[V] // the read of a key under way
}

type freshAnswer[V any] struct {
	v      V
	writes uint64 // the count when the answer was read
	at     time.Time
}

// freshRead is a read under way; its answer is set before done is closed.
type freshRead[V any] struct {
	writes uint64 // the count when the read began
	done   chan struct{}
	v      V
	err    error
}

func newFresh[V any](writes *atomic.Uint64) *fresh[V] {
	return &fresh[V]{writes: writes, kept: make(map[string]freshAnswer[V]), reading: make(map[string]*freshRead[V])}
}

// get answers key from what is kept, or from read (keeping its answer).
//
// The count is taken before read: a write that commits while read runs makes the answer
// outdated at once, whether read saw the write or not. So a read under way answers another
// caller only when no write was counted since it began.
func (f *fresh[V]) get(key string, read func() (V, error)) (V, error) {
	writes, now := f.writes.Load(), time.Now()
	f.mu.RLock()
	a, ok := f.kept[key]
	f.mu.RUnlock()
	if ok && a.writes == writes && now.Sub(a.at) < freshFor {
		return a.v, nil
	}
	f.mu.Lock()
	// A read may have ended, and kept its answer, since the look above.
	if a, ok = f.kept[key]; ok && a.writes == writes && now.Sub(a.at) < freshFor {
		f.mu.Unlock()
		return a.v, nil
	}
	if r := f.reading[key]; r != nil && r.writes == writes {
		f.mu.Unlock()
		if ok && a.writes == writes { // outdated by freshFor alone: the next caller has the new one
			return a.v, nil
		}
		<-r.done
		if r.err == nil {
			return r.v, nil
		}
		return read() // the reader's failure may be its own (its request gone): ask for ours
	}
	r := &freshRead[V]{writes: writes, done: make(chan struct{}), err: errReadPanicked}
	f.reading[key] = r
	f.mu.Unlock()
	// Deferred, so that a read that panics (its request recovered by the server) still frees
	// the key and wakes the callers waiting for it, who then read for themselves.
	defer func() {
		f.mu.Lock()
		if f.reading[key] == r {
			delete(f.reading, key)
		}
		if r.err == nil {
			if len(f.kept) >= freshMax {
				clear(f.kept)
			}
			if k, ok := f.kept[key]; !ok || k.writes <= writes {
				f.kept[key] = freshAnswer[V]{v: r.v, writes: writes, at: now}
			}
		}
		f.mu.Unlock()
		close(r.done)
	}()
	r.v, r.err = read()
	return r.v, r.err
}

var errReadPanicked = errors.New("sqlite: the shared read panicked")

// writeCounter opens the writer's connections so that each of them counts a write once a
// statement run outside a transaction has finished, and once a transaction has committed:
// after that, a read sees the write, so what was kept before it is no longer served. A write
// whose SQL names the accounts' tables (users, sessions) counts in accountWrites too: the kept
// sessions read only those, and need not be read again after every order written.
type writeCounter struct {
	driver.Connector
	writes, accountWrites *atomic.Uint64
}

// modernc.org/sqlite's connections and statements have these methods.
type (
	driverConn interface {
		driver.Conn
		driver.ConnBeginTx
		driver.ConnPrepareContext
		driver.ExecerContext
		driver.QueryerContext
		driver.Pinger
		driver.SessionResetter
		driver.Validator
	}
	driverStmt interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}
)

// namesAccounts reports whether query may change what a kept session was read from. It errs on
// the side of yes: a read of users through the writer counts too, which only reads again.
func namesAccounts(query string) bool {
	q := strings.ToLower(query)
	return strings.Contains(q, "users") || strings.Contains(q, "sessions")
}

func (w writeCounter) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := w.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &countedConn{driverConn: c.(driverConn), writeCounter: w}, nil
}

// countedConn is used by one goroutine at a time (database/sql's rule), so its fields need no lock.
type countedConn struct {
	driverConn
	writeCounter
	accountsTouched bool // a statement of the open transaction named the accounts' tables
}

// wrote counts a statement's write; accounts: it named the accounts' tables. Inside a
// transaction that write is counted again at the commit, when others can first see it.
func (c *countedConn) wrote(accounts bool) {
	c.writes.Add(1)
	if accounts {
		c.accountWrites.Add(1)
		c.accountsTouched = true
	}
}

func (c *countedConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.driverConn.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	c.accountsTouched = false
	return countedTx{tx, c}, nil
}

func (c *countedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	defer c.wrote(namesAccounts(query))
	return c.driverConn.ExecContext(ctx, query, args)
}

func (c *countedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := c.driverConn.QueryContext(ctx, query, args)
	return countRows(c, namesAccounts(query), rows, err)
}

func (c *countedConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	st, err := c.driverConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return countedStmt{st.(driverStmt), c, namesAccounts(query)}, nil
}

type countedTx struct {
	driver.Tx
	conn *countedConn
}

func (t countedTx) Commit() error {
	defer func() {
		t.conn.wrote(t.conn.accountsTouched)
		t.conn.accountsTouched = false
	}()
	return t.Tx.Commit()
}

type countedStmt struct {
	driverStmt
	conn     *countedConn
	accounts bool // its SQL names the accounts' tables
}

func (s countedStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	defer s.conn.wrote(s.accounts)
	return s.driverStmt.ExecContext(ctx, args)
}

func (s countedStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := s.driverStmt.QueryContext(ctx, args)
	return countRows(s.conn, s.accounts, rows, err)
}

// countRows counts a query's write when its rows close (an UPDATE … RETURNING outside a
// transaction commits then), or at once when it failed.
func countRows(c *countedConn, accounts bool, rows driver.Rows, err error) (driver.Rows, error) {
	if err != nil {
		c.wrote(accounts)
		return nil, err
	}
	return countedRows{rows, c, accounts}, nil
}

type countedRows struct {
	driver.Rows
	conn     *countedConn
	accounts bool
}

func (r countedRows) Close() error {
	defer r.conn.wrote(r.accounts)
	return r.Rows.Close()
}
