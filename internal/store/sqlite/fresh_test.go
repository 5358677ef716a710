package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/store"
)

// TestFreshAnswersUntilTheNextWrite changes the database behind the store's back (as another
// process would) and checks that the kept session serves until this store's writer commits a
// write to the accounts' tables, by each way it writes: a statement alone, a transaction, an
// UPDATE … RETURNING; and that a write to another table keeps it.
func TestFreshAnswersUntilTheNextWrite(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := s.CreateUser(ctx, store.User{ID: "u1", Email: "ana@example.com", DisplayName: "Ana", PasswordHash: "x", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", dsn(s.path))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	writes := map[string]func() error{
		"a statement": func() error {
			_, err := s.write.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = 'nobody'")
			return err
		},
		"a transaction": func() error {
			tx, err := s.write.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			defer tx.Rollback()
			if _, err := tx.ExecContext(ctx, "DELETE FROM login_failures WHERE email = 'nobody'"); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "UPDATE users SET display_name = display_name WHERE id = 'nobody'"); err != nil {
				return err
			}
			return tx.Commit()
		},
		"an UPDATE … RETURNING": func() error {
			var id string
			return s.write.QueryRowContext(ctx, "UPDATE users SET display_name = display_name WHERE id = 'u1' RETURNING id").Scan(&id)
		},
	}
	for name, write := range writes {
		t.Run(name, func(t *testing.T) {
			hash := []byte("token of " + name)
			if err := s.CreateSession(ctx, store.Session{TokenHash: hash, UserID: "u1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, hash, now); err != nil {
				t.Fatalf("the new session: %v", err)
			}
			if _, err := other.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hash); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, hash, now); err != nil {
				t.Fatalf("with no write of its own, the store should answer the kept session: %v", err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, hash, now.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a kept session past its expiry: err = %v, want ErrNotFound", err)
			}
			if _, err := s.write.ExecContext(ctx, "DELETE FROM login_failures WHERE email = 'nobody'"); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, hash, now); err != nil {
				t.Fatalf("a write to another table should keep the session: %v", err)
			}
			if err := write(); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.SessionByTokenHash(ctx, hash, now); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("after %s the store should read again: err = %v, want ErrNotFound", name, err)
			}
		})
	}

	t.Run("a read while a transaction runs", func(t *testing.T) {
		hash := []byte("token ended in a transaction")
		if err := s.CreateSession(ctx, store.Session{TokenHash: hash, UserID: "u1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		tx, err := s.write.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hash); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionByTokenHash(ctx, hash, now); err != nil {
			t.Fatalf("before the commit the session is still there: %v", err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionByTokenHash(ctx, hash, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("what was read before the commit was served after it: err = %v, want ErrNotFound", err)
		}
	})

	t.Run("another process's write, after freshFor", func(t *testing.T) {
		hash := []byte("token read again after freshFor")
		if err := s.CreateSession(ctx, store.Session{TokenHash: hash, UserID: "u1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionByTokenHash(ctx, hash, now); err != nil {
			t.Fatal(err)
		}
		if _, err := other.ExecContext(ctx, "DELETE FROM sessions WHERE token_hash = ?", hash); err != nil {
			t.Fatal(err)
		}
		time.Sleep(freshFor + 100*time.Millisecond)
		if _, _, err := s.SessionByTokenHash(ctx, hash, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("err = %v, want ErrNotFound", err)
		}
	})
}

// TestFreshReadsAKeyOnce has callers find a key outdated together: one read runs and the others
// get its answer; the kept answer serves while a read runs when only time outdated it; a write
// counted while a read runs makes the next caller read for itself.
func TestFreshReadsAKeyOnce(t *testing.T) {
	var writes atomic.Uint64
	f := newFresh[int](&writes)
	var reads atomic.Int32
	release := make(chan struct{})
	slow := func() (int, error) {
		n := reads.Add(1)
		<-release
		return int(n), nil
	}
	got := make(chan int)
	for range 20 {
		go func() {
			v, err := f.get("k", slow)
			if err != nil {
				t.Error(err)
			}
			got <- v
		}()
	}
	for reads.Load() == 0 {
		runtime.Gosched()
	}
	close(release)
	for range 20 {
		if v := <-got; v != 1 {
			t.Errorf("a caller got the answer of read %d, want the one read", v)
		}
	}
	if n := reads.Load(); n != 1 {
		t.Fatalf("%d reads for 20 callers at once, want 1", n)
	}

	f.mu.Lock()
	a := f.kept["k"]
	a.at = a.at.Add(-freshFor) // only time outdated it
	f.kept["k"] = a
	f.mu.Unlock()
	release = make(chan struct{})
	go func() { v, _ := f.get("k", slow); got <- v }()
	for reads.Load() == 1 {
		runtime.Gosched()
	}
	if v, err := f.get("k", func() (int, error) { t.Error("read again while the refresh runs"); return 0, nil }); err != nil || v != 1 {
		t.Errorf("while the refresh runs: %d %v, want the kept 1", v, err)
	}
	writes.Add(1) // this process wrote while the refresh reads: its answer may miss the write
	if v, err := f.get("k", func() (int, error) { return 99, nil }); err != nil || v != 99 {
		t.Errorf("after a write: %d %v, want a read of its own", v, err)
	}
	close(release)
	if v := <-got; v != 2 {
		t.Errorf("the refresh answered %d", v)
	}
	if v, _ := f.get("k", slow); v != 99 {
		t.Errorf("kept after both reads: %d, want the one read after the write", v)
	}
}

// A read that panics frees its key: the callers waiting for it read for themselves, and the next
// caller is not kept waiting for a read that will never end.
func TestFreshReadPanicking(t *testing.T) {
	var writes atomic.Uint64
	f := newFresh[int](&writes)
	started, release := make(chan struct{}), make(chan struct{})
	panicked := make(chan any)
	go func() {
		defer func() { panicked <- recover() }()
		_, _ = f.get("k", func() (int, error) {
			close(started)
			<-release
			panic("a read's bug")
		})
	}()
	<-started
	waiter := make(chan int)
	go func() {
		v, err := f.get("k", func() (int, error) { return 7, nil })
		if err != nil {
			t.Error(err)
		}
		waiter <- v
	}()
	for {
		f.mu.Lock()
		waiting := f.reading["k"] != nil
		f.mu.Unlock()
		if waiting {
			break
		}
		runtime.Gosched()
	}
	close(release)
	if p := <-panicked; p != "a read's bug" {
		t.Fatalf("the panic was %v, want it passed on", p)
	}
	if v := <-waiter; v != 7 {
		t.Errorf("the caller waiting for the read that panicked got %d, want its own read's 7", v)
	}
	f.mu.Lock()
	left := len(f.reading)
	f.mu.Unlock()
	if left != 0 {
		t.Errorf("%d keys still marked as being read", left)
	}
	// Whether the waiter kept its answer (it asked after the panic) or not (it waited for it), the
	// next caller is answered at once.
	if v, err := f.get("k", func() (int, error) { return 8, nil }); err != nil || (v != 7 && v != 8) {
		t.Errorf("next caller: %d %v", v, err)
	}
}
