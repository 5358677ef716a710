// Package mailtest gives tests a mailer that keeps what it is asked to send.
package mailtest

import (
	"context"
	"sync"

	"pelotao/internal/mail"
)

// Recorder is a mail.Mailer that sends nothing and remembers every message, safe for concurrent use.
type Recorder struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (r *Recorder) Send(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = append(r.sent, m)
	return nil
}

// Messages returns a copy of the messages sent so far, oldest first.
func (r *Recorder) Messages() []mail.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]mail.Message(nil), r.sent...)
}
