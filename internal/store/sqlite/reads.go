package sqlite

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
)

// reads is the pool of read connections, handed out in the order they were asked for.
//
// database/sql gives a connection that comes back to a random one of the goroutines waiting
// for it. When a registration opens, two hundred requests each read three or four times through
// a handful of connections: the unlucky ones lose the draw again and again, and the slowest
// order took three times the median. So every read first takes a turn here (a buffered
// channel: Go queues the goroutines blocked on it in order), one turn per connection, and
// gives it back when its rows are closed; database/sql then always has a connection free.
type reads struct {
	db       *sql.DB
	turns    chan struct{}
	hot      sync.Map     // query → *sql.Stmt: see hotStmt
	hotCount atomic.Int64 // the statements in hot
}

func newReads(db *sql.DB, conns int) *reads {
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	return &reads{db: db, turns: make(chan struct{}, conns)}
}

// open opens every connection of the pool and has each read the schema, before the store serves
// anyone: the first requests after a start (an opening of registrations, say) would otherwise
// each open one, and wait for the others to.
func (r *reads) open(ctx context.Context) error {
	conns := make([]*sql.Conn, 0, cap(r.turns))
	defer func() {
		for _, c := range conns {
			c.Close() // back to the pool, idle
		}
	}()
	for range cap(r.turns) {
		c, err := r.db.Conn(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, c)
		var n int
		if err := c.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&n); err != nil {
			return err
		}
	}
	return nil
}

// turn waits until one of the connections is free for the caller, after those who asked first.
func (r *reads) turn(ctx context.Context) error {
	select {
	case r.turns <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (r *reads) done() { <-r.turns }

// rows runs a query that lists rows; their Close gives the turn back.
func (r *reads) rows(ctx context.Context, query string, args ...any) (*readRows, error) {
	return r.query(ctx, false, query, args)
}

// hotRows is rows with query prepared once per connection (hotStmt).
func (r *reads) hotRows(ctx context.Context, query string, args ...any) (*readRows, error) {
	return r.query(ctx, true, query, args)
}

func (r *reads) query(ctx context.Context, hot bool, query string, args []any) (*readRows, error) {
	if err := r.turn(ctx); err != nil {
		return nil, err
	}
	var st *sql.Stmt
	if hot {
		st = r.hotStmt(ctx, query)
	}
	var rows *sql.Rows
	var err error
	if st != nil {
		rows, err = st.QueryContext(ctx, args...)
	} else {
		rows, err = r.db.QueryContext(ctx, query, args...)
	}
	if err != nil {
		r.done()
		return nil, err
	}
	return &readRows{Rows: rows, r: r}, nil
}

// row runs a query for one row; its Scan gives the turn back, and must be called.
func (r *reads) row(ctx context.Context, query string, args ...any) readRow {
	if err := r.turn(ctx); err != nil {
		return readRow{err: err}
	}
	return readRow{row: r.db.QueryRowContext(ctx, query, args...), r: r}
}

// hotRow is row for the queries that requests run on every call (their session, their role in
// the event, the participants' rev, the event itself), prepared once per connection: parsing
// them each time took a tenth of such a request.
func (r *reads) hotRow(ctx context.Context, query string, args ...any) readRow {
	if err := r.turn(ctx); err != nil {
		return readRow{err: err}
	}
	if st := r.hotStmt(ctx, query); st != nil {
		return readRow{row: st.QueryRowContext(ctx, args...), r: r}
	}
	return readRow{row: r.db.QueryRowContext(ctx, query, args...), r: r}
}

// hotMax bounds the statements hot keeps: past it (queries built with lists of ids of every
// length), a query is parsed each time it runs.
const hotMax = 256

// hotStmt is query prepared on the pool, kept for its next runs; nil when it cannot be (the
// query itself then reports its error) or hot is full. The caller holds a turn.
func (r *reads) hotStmt(ctx context.Context, query string) *sql.Stmt {
	if st, ok := r.hot.Load(query); ok {
		return st.(*sql.Stmt)
	}
	if r.hotCount.Load() >= hotMax {
		return nil
	}
	st, err := r.db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	if kept, loaded := r.hot.LoadOrStore(query, st); loaded {
		st.Close()
		return kept.(*sql.Stmt)
	}
	r.hotCount.Add(1)
	return st
}

func (r *reads) close() error {
	r.hot.Range(func(_, st any) bool {
		st.(*sql.Stmt).Close()
		return true
	})
	return r.db.Close()
}

// readRows are a query's rows holding a turn until closed.
type readRows struct {
	*sql.Rows
	r      *reads
	closed bool
}

func (rows *readRows) Close() error {
	err := rows.Rows.Close()
	if !rows.closed {
		rows.closed = true
		rows.r.done()
	}
	return err
}

// readRow is a query's one row holding a turn until scanned.
type readRow struct {
	row *sql.Row
	r   *reads
	err error
}

func (row readRow) Scan(dest ...any) error {
	if row.err != nil {
		return row.err
	}
	defer row.r.done()
	return row.row.Scan(dest...)
}
