package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/config"
	"pelotao/internal/httpapi"
	"pelotao/internal/store/sqlite"
)

// listenServe serves the real site through newHTTPServer (the settings of `pelotao serve`) on a
// free local port.
func listenServe(t *testing.T) (*http.Server, string) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := httpapi.New(httpapi.Deps{Config: cfg, Store: st, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := newHTTPServer(srv, log)
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return hs, ln.Addr().String()
}

// Many connections that trickle their headers one byte at a time (slowloris) neither keep a
// normal client from being served nor stay open: ReadHeaderTimeout closes them.
func TestSlowClientsCannotPinTheServer(t *testing.T) {
	hs, addr := listenServe(t)
	const slow = 200

	type closed struct{ opened, at time.Time }
	results := make(chan closed, slow)
	stop := make(chan struct{})
	defer close(stop)
	for range slow {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		openedAt := time.Now()
		t.Cleanup(func() { conn.Close() })
		if _, err := io.WriteString(conn, "GET /api/events HTTP/1.1\r\nHost: x\r\nX-Lento: "); err != nil {
			t.Fatal(err)
		}
		go func() { // trickle: one more header byte every 200 ms, never the blank line
			tick := time.NewTicker(200 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					if _, err := conn.Write([]byte("a")); err != nil {
						return
					}
				}
			}
		}()
		go func() { // the server's side of the story: when does it hang up?
			_, _ = io.Copy(io.Discard, conn)
			results <- closed{opened: openedAt, at: time.Now()}
		}()
	}

	res, err := (&http.Client{Timeout: 30 * time.Second}).Get("http://" + addr + "/api/events")
	if err != nil {
		t.Fatalf("a normal client was not served beside %d slow ones: %v", slow, err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	served := time.Now()
	if res.StatusCode != 200 || !strings.Contains(string(body), `"events"`) {
		t.Fatalf("normal client: %d %s", res.StatusCode, body)
	}

	deadline := time.After(hs.ReadHeaderTimeout + 30*time.Second)
	for i := range slow {
		select {
		case c := <-results:
			if c.at.Before(served) {
				t.Fatalf("slow connection %d closed before the normal client was served", i)
			}
			// Half the timeout is enough to tell its closing from a refusal at once, with no bet
			// on a busy machine's exact timing.
			if open := c.at.Sub(c.opened); open < hs.ReadHeaderTimeout/2 {
				t.Fatalf("slow connection closed after %v, before ReadHeaderTimeout (%v)", open, hs.ReadHeaderTimeout)
			}
		case <-deadline:
			t.Fatalf("%d of %d slow connections still open long after ReadHeaderTimeout (%v)", slow-i, slow, hs.ReadHeaderTimeout)
		}
	}
}

// Headers beyond MaxHeaderBytes are refused with 431 before any handler runs.
func TestOversizedHeadersRefused(t *testing.T) {
	hs, addr := listenServe(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	huge := strings.Repeat("a", hs.MaxHeaderBytes+8<<10)
	go io.WriteString(conn, "GET /api/events HTTP/1.1\r\nHost: x\r\nX-Enorme: "+huge+"\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Fatalf("headers of %d bytes: %d, want 431", len(huge), res.StatusCode)
	}
}
