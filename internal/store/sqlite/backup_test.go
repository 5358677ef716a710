package sqlite

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
	err := s.Backup(ctx, path)
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
	if err := copyStore.read.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
	var rows, maxN int
	if err := copyStore.read.QueryRowContext(ctx, "SELECT count(*), coalesce(max(n), -1) FROM counter").Scan(&rows, &maxN); err != nil {
		t.Fatal(err)
	}
	// A consistent snapshot holds a gap-free prefix of the inserts.
	if rows != maxN+1 || rows < before {
		t.Fatalf("backup is not a consistent snapshot: %d rows, max n %d, %d written before it began", rows, maxN, before)
	}

	if err := s.Backup(ctx, path); err == nil {
		t.Fatalf("backup overwrote %s", path)
	}
}
