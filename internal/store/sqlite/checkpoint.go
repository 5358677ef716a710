package sqlite

import (
	"context"
	"database/sql"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// The writer never checkpoints (wal_autocheckpoint(0) in its DSN). SQLite's automatic checkpoint
// runs inside the commit that takes the WAL past 1,000 pages: at a registration opening, every
// few batches of orders one commit copied the WAL into the database and waited for its fsync,
// 50–330 ms instead of 2–15, while every order queued behind it (docs/budgets.md,
// "Registration"). A connection of its own checkpoints instead, PASSIVE — it never waits for the
// writer or a reader, and they never wait for it — once every checkpointEvery when something was
// committed since the last one.
const checkpointEvery = time.Second

// checkpointer copies the WAL into the database in the background.
type checkpointer struct {
	db      *sql.DB
	writes  *atomic.Uint64 // the writer's commits
	stop    chan struct{}
	stopped chan struct{}
	closing sync.Once
	frames  atomic.Int64 // WAL frames the last checkpoint found copied in the database
}

// startCheckpoints opens the checkpointer's connection to the database at dsn and starts it.
func startCheckpoints(dsn string, writes *atomic.Uint64) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	c := &checkpointer{db: db, writes: writes, stop: make(chan struct{}), stopped: make(chan struct{})}
	go c.run()
	return c, nil
}

func (c *checkpointer) run() {
	defer close(c.stopped)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	var done uint64
	for {
		select {
		case <-c.stop:
			return
		case <-tick.C:
		}
		if w := c.writes.Load(); w != done {
			if err := c.checkpoint(); err != nil {
				slog.Warn("sqlite: checkpoint", "err", err)
				continue
			}
			done = w
		}
	}
}

// checkpoint copies what it can of the WAL into the database (PASSIVE).
func (c *checkpointer) checkpoint() error {
	var busy, log, copied int64
	if err := c.db.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &log, &copied); err != nil {
		return err
	}
	c.frames.Store(copied)
	return nil
}

// close stops the checkpointer (again: nothing); SQLite checkpoints once more when the last
// connection closes.
func (c *checkpointer) close() error {
	c.closing.Do(func() { close(c.stop) })
	<-c.stopped
	return c.db.Close()
}
