package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"pelotao/internal/event/eventtest"
)

// signedInClient signs a new organizer up on p and returns a client carrying the session. It
// opens a connection per request: a POST is not retried on a kept-alive connection the server
// closes while idle, which would look like a request cut off.
func signedInClient(t *testing.T, p *process, email string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := c.Post(p.base+"/api/auth/signup", "application/json",
		strings.NewReader(`{"email":"`+email+`","password":"largada-as-seis","displayName":"Organizadora"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("signup: %d", res.StatusCode)
	}
	return c
}

// createEvent posts an event and returns its id when the server acknowledged it with 201 and
// a complete body, else "" and the status it answered (0 when it did not answer in full).
func createEvent(c *http.Client, base, titulo string) (string, int) {
	res, err := c.Post(base+"/api/events", "application/json", strings.NewReader(eventtest.JSON(titulo, "2031-06-01")))
	if err != nil {
		return "", 0
	}
	defer res.Body.Close()
	var created struct{ ID string }
	if err := json.NewDecoder(res.Body).Decode(&created); err != nil {
		return "", 0
	}
	if res.StatusCode != http.StatusCreated {
		return "", res.StatusCode
	}
	return created.ID, res.StatusCode
}

// acknowledgedEventsExist checks that every acknowledged event can be read from p.
func acknowledgedEventsExist(t *testing.T, p *process, ids []string) {
	t.Helper()
	missing := 0
	for _, id := range ids {
		res, err := http.Get(p.base + "/api/events/" + id)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			missing++
			t.Errorf("acknowledged event %s: %d after restart", id, res.StatusCode)
		}
	}
	t.Logf("%d acknowledged events, %d missing after restart", len(ids), missing)
}

// integrityCheck opens the database file directly, as an operator would, and runs SQLite's own
// consistency check.
func integrityCheck(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var result string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&result); err != nil {
		t.Fatalf("the database does not open after the crash: %v", err)
	}
	if result != "ok" {
		t.Fatalf("PRAGMA integrity_check: %s", result)
	}
}

// A SIGKILL in the middle of a stream of event creations loses nothing that was acknowledged:
// after a restart the database opens, passes integrity_check and holds every 201'd event.
func TestCrashLosesNoAcknowledgedEvent(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir)
	const writers = 8

	var mu sync.Mutex
	var acked []string
	var attempts atomic.Int64
	var wg sync.WaitGroup
	for w := range writers {
		c := signedInClient(t, p, fmt.Sprintf("org%d@exemplo.com.br", w))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				attempts.Add(1)
				id, status := createEvent(c, p.base, fmt.Sprintf("Corrida %d-%d", w, i))
				if status != 0 && status != http.StatusCreated {
					t.Errorf("creation answered %d", status)
					return
				}
				select {
				case <-p.exited():
					if id != "" { // answered before the kill landed
						mu.Lock()
						acked = append(acked, id)
						mu.Unlock()
					}
					return
				default:
				}
				if id != "" {
					mu.Lock()
					acked = append(acked, id)
					mu.Unlock()
				}
			}
		}()
	}
	for attempts.Load() < 150 && !t.Failed() {
		time.Sleep(10 * time.Millisecond)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.wait()
	wg.Wait()
	t.Logf("killed with %d creations attempted, %d acknowledged", attempts.Load(), len(acked))

	integrityCheck(t, filepath.Join(dir, "pelotao.db"))
	acknowledgedEventsExist(t, start(t, dir), acked)
}
