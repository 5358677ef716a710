// Package sqlite implements the store on an embedded SQLite database (modernc.org/sqlite, no cgo).
//
// Writes go through a pool of exactly one connection, so writers queue in Go instead of failing
// with SQLITE_BUSY; reads use a separate pool that WAL lets run beside the writer.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"

	moderncsqlite "modernc.org/sqlite" // also registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"pelotao/internal/sale"
	"pelotao/internal/store"
	"pelotao/internal/store/accounts"
	"pelotao/internal/store/checkin"
	"pelotao/internal/store/participants"
	"pelotao/internal/store/readmodel"
	"pelotao/internal/team"
)

// Store is the SQLite implementation of store.Store.
type Store struct {
	read    *reads
	write   *sql.DB
	checks  *checkpointer // the WAL copied into the database: see checkpoint.go
	path    string
	rosters readmodel.Rosters // the participants of the events listed lately
	batches orderBatches      // order transactions waiting for the writer: see order_batch.go

	orderLists readmodel.OrderLists           // the orders of the events listed lately
	orderRevs  *fresh[store.OrderRev]         // where an event's orders stand
	buyers     *fresh[map[string]store.Buyer] // the buyers of a page of orders

	writes        atomic.Uint64 // the writer's commits: see fresh.go
	accountWrites atomic.Uint64 // those of them that wrote users or sessions
	sessions      *fresh[store.SessionAnswer]
	roles         *fresh[team.Role]
	revs          *fresh[int64] // an event's participants' rev

	sale.OrderReader  // reads orders with orderQuery
	store.PanelReader // reads the organizer panel with orderQuery

	accounts.AccountStore         // over db: see tx.go
	checkin.CheckinStore          // over db
	participants.ParticipantStore // over db
	sale.Groups                   // the events' groups, written under each event's order lock
}

// Open opens (creating if needed) the database at path, with its folder, and applies migrations.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty database path")
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("sqlite: creating %s: %w", dir, err)
		}
	}
	dsn := dsn(path)
	// The writer's page cache holds a large import's pages (30,000 participants and their
	// history) until commit, instead of spilling them to the WAL and reading them back. Its
	// temporary files are kept in memory: a batch of orders runs each in a savepoint
	// (order_batch.go), and SQLite copies every page an order changes into the savepoint's
	// journal first, which past 64 KB became a file written a page per system call. It never
	// checkpoints: checkpoint.go does, in the background.
	writer, err := moderncsqlite.NewConnector(dsn + "&_txlock=immediate&_pragma=cache_size(-32000)&_pragma=temp_store(MEMORY)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, err
	}
	s := &Store{path: path}
	write := sql.OpenDB(writeCounter{writer, &s.writes, &s.accountWrites})
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)

	read, err := sql.Open("sqlite", dsn+"&mode=ro")
	if err != nil {
		write.Close()
		return nil, err
	}
	s.read, s.write = newReads(read, max(4, runtime.NumCPU()*2)), write
	s.OrderReader = sale.OrderReader{Query: s.orderQuery, Name: "sqlite"}
	s.PanelReader = store.PanelReader{Query: s.orderQuery, Name: "sqlite"}
	s.AccountStore, s.CheckinStore, s.ParticipantStore = accounts.AccountStore{DB: db{s}}, checkin.CheckinStore{DB: db{s}},
		participants.ParticipantStore{DB: db{s}}
	s.Groups = sale.Groups{Query: s.orderQuery, Name: "sqlite", InEventTx: func(ctx context.Context, _ string, fn func(store.GroupTx) error) error {
		return s.inOrderTx(ctx, func(tx sale.OrderTx) error { return fn(tx) }) // the one writer takes every event's turn
	}}
	s.sessions, s.roles, s.revs = newFresh[store.SessionAnswer](&s.accountWrites), newFresh[team.Role](&s.writes), newFresh[int64](&s.writes)
	s.orderRevs, s.buyers = newFresh[store.OrderRev](&s.writes), newFresh[map[string]store.Buyer](&s.writes)
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.read.open(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("sqlite: opening the read connections: %w", err)
	}
	if s.checks, err = startCheckpoints(dsn, &s.writes); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// dsn names the database at path with the settings every connection needs.
func dsn(path string) string {
	// busy_timeout comes first so that every later pragma already waits instead of failing.
	// synchronous=FULL: an acknowledged write (an event, a session) must survive a power cut;
	// the cost is one extra fsync per commit, which the single writer absorbs easily.
	pragmas := []string{"busy_timeout(10000)", "journal_mode(WAL)", "foreign_keys(ON)", "synchronous(FULL)"}
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	return "file:" + path + "?" + q.Encode()
}

// PathFromURL turns "sqlite:data/pelotao.db" (or "sqlite://data/pelotao.db") into a file path.
func PathFromURL(raw string) string {
	p := strings.TrimPrefix(raw, "sqlite:")
	return strings.TrimPrefix(p, "//")
}

// Ping reports whether the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.read.row(ctx, "SELECT 1").Scan(&one)
}

// Close stops the checkpoints and closes both pools.
func (s *Store) Close() error {
	var checks error
	if s.checks != nil {
		checks = s.checks.close()
	}
	return errors.Join(checks, s.read.close(), s.write.Close())
}

// isUniqueViolation reports SQLite's error for a duplicate key.
func isUniqueViolation(err error) bool {
	var e *moderncsqlite.Error
	return errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE
}

// affectedOne is the answer of a write that must change a row: ErrNotFound when it changed none.
func affectedOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return store.ErrNotFound
	}
	return nil
}
