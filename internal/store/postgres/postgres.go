// Package postgres implements the store on PostgreSQL (pgx v5), for running several pelotao
// instances on one database. It passes the same storetest conformance suite as SQLite.
//
// Everything an instance needs to answer any request is in the database — sessions, login
// throttling, reset tokens, uploaded files, plan interests — so a load balancer may send each
// request to any instance.
//
// Start-up: Open retries for a few seconds while the database is unreachable (it may be starting
// beside the app), then stops with an error naming the host. It then applies the embedded
// migrations (migrations/*.sql) under a session advisory lock, so instances starting at once take
// turns: the first applies them, the others find nothing left to do. `pelotao migrate` runs only
// this step.
//
// Accent-insensitive search uses a normalised column, not the unaccent extension: each event row
// has a search column written by Go (event.SearchText: lower case, accents removed), and a query
// matches when that column contains every folded word of the query (event.SearchTerms). Why:
//   - SQLite has no unaccent, so one Go function gives both databases the same matches, and the
//     conformance suite checks them alike;
//   - unaccent is an extension someone must be allowed to create in each database (managed
//     PostgreSQL services differ), and its function is STABLE, not IMMUTABLE, so it cannot be
//     used in an index or generated column without a wrapper;
//   - the folding is done once per write instead of once per row per search.
//
// The cost: a change to event.SearchText needs a migration that rewrites the column.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"pelotao/internal/sale"
	"pelotao/internal/store"
	"pelotao/internal/store/accounts"
	"pelotao/internal/store/checkin"
	"pelotao/internal/store/participants"
	"pelotao/internal/store/readmodel"
	"pelotao/internal/team"
)

// Store is the PostgreSQL implementation of store.Store.
type Store struct {
	pool    *pgxpool.Pool
	rosters readmodel.Rosters // the participants of the events listed lately

	orderLists readmodel.OrderLists // the orders of the events listed lately

	// The rows every request of the orders list reads, each read shared by the requests asking
	// together (joined.go).
	sessions  joined[store.SessionAnswer]
	roles     joined[team.Role]
	orderRevs joined[store.OrderRev]
	buyers    joined[map[string]store.Buyer]

	sale.OrderReader  // reads orders with orderQuery
	store.PanelReader // reads the organizer panel with orderQuery

	accounts.AccountStore         // over db: see tx.go
	checkin.CheckinStore          // over db
	participants.ParticipantStore // over db
	sale.Groups                   // the events' groups, written under each event's order lock
}

// Open connects to the database at url, retrying for up to `wait` while it is unreachable
// (a database that starts beside the app), and applies the migrations.
func Open(ctx context.Context, url string, wait time.Duration) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: PELOTAO_DATABASE_URL: %w", err)
	}
	return OpenConfig(ctx, cfg, wait)
}

// OpenConfig is Open for a parsed configuration (tests use it to pin a schema).
func OpenConfig(ctx context.Context, cfg *pgxpool.Config, wait time.Duration) (*Store, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	deadline := time.Now().Add(wait)
	for {
		pingCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = pool.Ping(pingCtx)
		cancel()
		if err == nil {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			pool.Close()
			return nil, fmt.Errorf("postgres: database unreachable at %s:%d after %s (check PELOTAO_DATABASE_URL): %w",
				cfg.ConnConfig.Host, cfg.ConnConfig.Port, wait, err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	s := &Store{pool: pool}
	s.OrderReader = sale.OrderReader{Query: s.orderQuery, Name: "postgres"}
	s.PanelReader = store.PanelReader{Query: s.orderQuery, Name: "postgres"}
	s.AccountStore, s.CheckinStore, s.ParticipantStore = accounts.AccountStore{DB: db{s}}, checkin.CheckinStore{DB: db{s}},
		participants.ParticipantStore{DB: db{s}}
	s.Groups = sale.Groups{Query: s.orderQuery, Name: "postgres", InEventTx: func(ctx context.Context, eventID string, fn func(store.GroupTx) error) error {
		return s.inOrderTx(ctx, []string{eventLock(eventID)}, func(tx sale.OrderTx) error { return fn(tx) })
	}}
	if err := s.Migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.pool.Ping(ctx) }

// Close waits for connections in use to be released, then closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// isUniqueViolation reports PostgreSQL's SQLSTATE for a duplicate key.
func isUniqueViolation(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == "23505"
}

// query runs a read query for the readers in package store.
func (s *Store) query(ctx context.Context, query string, args ...any) (store.Rows, error) {
	return s.pool.Query(ctx, query, args...)
}

// affectedOne is the answer of a write that must change a row: ErrNotFound when it changed none.
func affectedOne(tag pgconn.CommandTag, err error) error {
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}
