package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/store"
)

func TestBackupWhileWriting(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	if _, err := s.write.ExecContext(ctx, "CREATE TABLE counter (n INTEGER NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var written atomic.Int64
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := s.write.ExecContext(ctx, "INSERT INTO counter (n) VALUES (?)", i); err != nil {
				t.Error(err)
				return
			}
			written.Add(1)
		}
	}()
	for written.Load() < 50 { // the backup starts while writes are under way
		time.Sleep(time.Millisecond)
	}
	before := int(written.Load())

	path := filepath.Join(t.TempDir(), "copy.db")
	err := Backup(ctx, s.path, path)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}

	copyStore, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer copyStore.Close()
	var check string
	if err := copyStore.read.row(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
	var rows, maxN int
	if err := copyStore.read.row(ctx, "SELECT count(*), coalesce(max(n), -1) FROM counter").Scan(&rows, &maxN); err != nil {
		t.Fatal(err)
	}
	// A consistent snapshot holds a gap-free prefix of the inserts.
	if rows != maxN+1 || rows < before {
		t.Fatalf("backup is not a consistent snapshot: %d rows, max n %d, %d written before it began", rows, maxN, before)
	}

	if err := Backup(ctx, s.path, path); err == nil {
		t.Fatalf("backup overwrote %s", path)
	}
}

// With the server stopped the copy works the same; a path with no database is an error, not a
// copy of a new, empty one.
func TestBackupOfClosedDatabaseAndMissingOne(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(dir, "pelotao.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateUser(ctx, store.User{ID: "u1", Email: "a@example.com", DisplayName: "A", PasswordHash: "x", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	dest := filepath.Join(dir, "copy.db")
	if err := Backup(ctx, filepath.Join(dir, "pelotao.db"), dest); err != nil {
		t.Fatal(err)
	}
	c, err := Open(ctx, dest)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if u, err := c.UserByEmail(ctx, "a@example.com"); err != nil || u.ID != "u1" {
		t.Fatalf("copy lacks the user: %+v %v", u, err)
	}

	missing := filepath.Join(dir, "typo", "pelotao.db")
	if err := Backup(ctx, missing, filepath.Join(dir, "other.db")); err == nil {
		t.Fatal("backup of a missing database succeeded")
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("backup created %s: %v", missing, err)
	}
}
