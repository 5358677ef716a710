package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/store"
	"pelotao/internal/store/sqlite"
)

// `pelotao backup` copies the database while `pelotao serve` has it open and another process
// keeps writing to it; the copy is whole and holds a gap-free prefix of the writes.
func TestBackupWhileServerRunsAndWritesGoOn(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "pelotao.db")
	p := start(t, dir)

	writer, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	var written atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			id := fmt.Sprintf("w%07d", i)
			if err := writer.CreateUser(context.Background(), store.User{ID: id, Email: id + "@example.com",
				DisplayName: id, PasswordHash: "x", CreatedAt: time.Now()}); err != nil {
				t.Error(err)
				return
			}
			written.Add(1)
		}
	}()
	for written.Load() < 50 {
		time.Sleep(5 * time.Millisecond)
	}
	before := written.Load()

	copyPath := filepath.Join(dir, "copia", "pelotao-copy.db")
	if err := os.Mkdir(filepath.Dir(copyPath), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, "backup", copyPath)
	cmd.Env = append(os.Environ(), "PELOTAO_DATABASE_URL=sqlite:"+db)
	out, err := cmd.CombinedOutput()
	close(stop)
	wg.Wait()
	if err != nil || !strings.Contains(string(out), "backup written to "+copyPath) {
		t.Fatalf("pelotao backup: %v\n%s", err, out)
	}
	if res, err := http.Get(p.base + "/healthz"); err != nil || res.StatusCode != 200 {
		t.Fatalf("server after the backup: %v %v", res, err)
	}

	c, err := sql.Open("sqlite", "file:"+copyPath+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var check string
	if err := c.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check of the copy = %q, %v", check, err)
	}
	var rows int64
	var last string
	if err := c.QueryRow("SELECT count(*), max(id) FROM users WHERE id LIKE 'w%'").Scan(&rows, &last); err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(last, "w"), 10, 64)
	if err != nil || rows != n+1 || rows < before {
		t.Fatalf("copy holds %d writes up to %q; %d were done before the backup started", rows, last, before)
	}
	t.Logf("copy holds %d of %d writes", rows, written.Load())

	again := exec.Command(binary, "backup", copyPath)
	again.Env = cmd.Env
	if out, err := again.CombinedOutput(); err == nil || !strings.Contains(string(out), "already exists") {
		t.Fatalf("a second backup to the same path: %v\n%s", err, out)
	}
}
