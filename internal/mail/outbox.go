package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// Outbox writes each message as an .eml file in Dir and logs one line, instead of sending it:
// a developer opens the file (or a test reads the link) without any mail server.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger
}

// Send implements Mailer.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	now := time.Now()
	raw, err := render(o.From, m, now)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	var suffix [4]byte
	_, _ = rand.Read(suffix[:])
	name := filepath.Join(o.Dir, now.UTC().Format("20060102T150405.000000000Z")+"-"+hex.EncodeToString(suffix[:])+".eml")
	// Written under a temporary name and renamed, so a reader never sees half a message.
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, raw, 0o600); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("mail: outbox: %w", err)
	}
	log := o.Log
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, "mail written to outbox", "to", m.To, "subject", m.Subject, "file", name)
	return nil
}
