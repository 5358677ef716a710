package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is the process's stderr in these tests: written by the flusher, read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestLogBufferWritesWarningsAtOnceAndTheRestByClose(t *testing.T) {
	var out lockedBuffer
	buf := newLogBuffer(&out, time.Hour) // the timer never fires here
	log := slog.New(newLogHandler(buf)).With("component", "teste")

	log.Info("request", "path", "/healthz")
	if got := out.String(); got != "" {
		t.Fatalf("an Info line was written before any flush: %q", got)
	}
	log.Warn("disco quase cheio")
	got := out.String()
	if !strings.Contains(got, "msg=request component=teste path=/healthz") || !strings.Contains(got, `level=WARN msg="disco quase cheio" component=teste`) {
		t.Fatalf("a Warn record must write out itself and the lines before it, in order; got:\n%s", got)
	}
	if strings.Index(got, "msg=request") > strings.Index(got, "level=WARN") {
		t.Fatalf("lines out of order:\n%s", got)
	}
	log.Info("stopped")
	if err := buf.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "msg=stopped component=teste") {
		t.Fatalf("Close did not write the last line:\n%s", out.String())
	}
}

func TestLogBufferWritesOnItsTimer(t *testing.T) {
	var out lockedBuffer
	buf := newLogBuffer(&out, 10*time.Millisecond)
	defer buf.Close()
	slog.New(newLogHandler(buf)).Info("listening", "addr", "127.0.0.1:8080")
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "msg=listening") {
		if time.Now().After(deadline) {
			t.Fatal("an Info line was not written out by the timer")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Lines logged from many goroutines at once come out whole, each once, however the buffer
// fills and flushes between them.
func TestLogBufferKeepsConcurrentLinesWhole(t *testing.T) {
	var out lockedBuffer
	buf := newLogBuffer(&out, time.Millisecond)
	log := slog.New(newLogHandler(buf))
	const writers, lines = 8, 2000
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range lines {
				log.Info("request", "id", fmt.Sprintf("%d-%d", w, i), "path", strings.Repeat("x", 100))
			}
		})
	}
	wg.Wait()
	if err := buf.Close(); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if !strings.HasPrefix(line, "time=") || !strings.HasSuffix(line, strings.Repeat("x", 100)) {
			t.Fatalf("a line was cut or mixed with another: %q", line)
		}
		id := line[strings.Index(line, "id=")+3 : strings.Index(line, " path=")]
		if seen[id] {
			t.Fatalf("line %s written twice", id)
		}
		seen[id] = true
	}
	if len(seen) != writers*lines {
		t.Fatalf("%d lines written, want %d", len(seen), writers*lines)
	}
}
