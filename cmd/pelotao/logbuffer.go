package main

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// logBuffer gathers the server's log lines and writes them out together: when its buffer is full,
// every `every`, and on Close. Under load the access log writes a line per request, and one
// write(2) per line, made under the log's lock, cost more than answering /healthz did; a crash
// can lose at most the last `every` of lines (a panic in a handler is recovered and logged at
// Error, which logHandler writes out at once).
type logBuffer struct {
	mu   sync.Mutex
	w    *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

func newLogBuffer(out io.Writer, every time.Duration) *logBuffer {
	b := &logBuffer{w: bufio.NewWriterSize(out, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				_ = b.Flush()
			case <-b.stop:
				return
			}
		}
	}()
	return b
}

// Write keeps p (one log line: slog's handlers write each record whole) for the next flush.
func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

func (b *logBuffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Flush()
}

// Close stops the timer and writes out what is left.
func (b *logBuffer) Close() error {
	close(b.stop)
	<-b.done
	return b.Flush()
}

// logHandler is a slog.Handler over a logBuffer that writes a record at Warn or above out at once,
// so that an operator sees an error as it happens, not on the next flush.
type logHandler struct {
	slog.Handler
	buf *logBuffer
}

func newLogHandler(buf *logBuffer) logHandler {
	return logHandler{Handler: slog.NewTextHandler(buf, nil), buf: buf}
}

func (h logHandler) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		if ferr := h.buf.Flush(); err == nil {
			err = ferr
		}
	}
	return err
}

func (h logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return logHandler{Handler: h.Handler.WithAttrs(attrs), buf: h.buf}
}

func (h logHandler) WithGroup(name string) slog.Handler {
	return logHandler{Handler: h.Handler.WithGroup(name), buf: h.buf}
}
