// Package mail sends Pelotão's e-mails: through an SMTP server when PELOTAO_SMTP_URL is set,
// otherwise into an outbox folder of .eml files (development, tests, demos).
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	htmltemplate "html/template"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	texttemplate "text/template"
	"time"

	"pelotao/internal/config"
)

// Message is one e-mail with a plain-text and an HTML body.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// compose is a message whose text and HTML bodies are the two templates run with data.
func compose(to, subject string, text *texttemplate.Template, html *htmltemplate.Template, data any) (Message, error) {
	var t, h strings.Builder
	if err := text.Execute(&t, data); err != nil {
		return Message{}, err
	}
	if err := html.Execute(&h, data); err != nil {
		return Message{}, err
	}
	return Message{To: to, Subject: subject, Text: t.String(), HTML: h.String()}, nil
}

// New returns the mailer the configuration asks for.
func New(cfg config.Config, log *slog.Logger) Mailer {
	if cfg.SMTPURL != nil {
		return &SMTP{URL: cfg.SMTPURL, From: cfg.MailFrom}
	}
	return &Outbox{Dir: cfg.Outbox, From: cfg.MailFrom, Log: log}
}

// render turns m into an RFC 5322 message: UTF-8, quoted-printable, multipart/alternative with
// the text part first so that clients that cannot show HTML show the text.
func render(from string, m Message, now time.Time) ([]byte, error) {
	fromAddr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail: sender %q: %w", from, err)
	}
	toAddr, err := mail.ParseAddress(m.To)
	if err != nil {
		return nil, fmt.Errorf("mail: recipient %q: %w", m.To, err)
	}
	var id [12]byte
	_, _ = rand.Read(id[:])
	domain := fromAddr.Address[strings.LastIndexByte(fromAddr.Address, '@')+1:]

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, part := range []struct{ contentType, content string }{
		{"text/plain; charset=utf-8", m.Text},
		{"text/html; charset=utf-8", m.HTML},
	} {
		w, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.contentType},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(part.content)); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}

	var out bytes.Buffer
	header := func(k, v string) { fmt.Fprintf(&out, "%s: %s\r\n", k, v) }
	header("From", fromAddr.String())
	header("To", toAddr.String())
	header("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	header("Date", now.Format(time.RFC1123Z))
	header("Message-ID", "<"+hex.EncodeToString(id[:])+"@"+domain+">")
	header("MIME-Version", "1.0")
	header("Content-Type", `multipart/alternative; boundary="`+mw.Boundary()+`"`)
	out.WriteString("\r\n")
	out.Write(body.Bytes())
	return out.Bytes(), nil
}

// addressOf returns the bare address of "Name <addr>" (for the SMTP envelope).
func addressOf(s string) (string, error) {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return "", err
	}
	return a.Address, nil
}
