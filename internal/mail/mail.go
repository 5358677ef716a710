// Package mail sends Pelotão's e-mails: through an SMTP server when PELOTAO_SMTP_URL is set,
// otherwise into an outbox folder of .eml files (development, tests, demos).
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	htmltemplate "html/template"
	"io"
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

// Message is one e-mail with a plain-text and an HTML body, images the HTML shows by their
// ContentID (an image linked from the web is blocked by most mail clients), and attachments.
type Message struct {
	To          string
	Subject     string
	Text        string
	HTML        string
	Inline      []File
	Attachments []File
}

// File is an image or attachment of a message. ContentID names an inline image: the HTML shows it
// as <img src="cid:{ContentID}">.
type File struct {
	Name        string
	ContentType string
	ContentID   string
	Data        []byte
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
// the text part first so that clients that cannot show HTML show the text; inside
// multipart/related with the inline images, inside multipart/mixed with the attachments.
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

	body := &multipartBody{}
	for _, part := range []struct{ contentType, content string }{
		{"text/plain; charset=utf-8", m.Text},
		{"text/html; charset=utf-8", m.HTML},
	} {
		body.add(textproto.MIMEHeader{"Content-Type": {part.contentType}, "Content-Transfer-Encoding": {"quoted-printable"}},
			quotedPrintable(part.content))
	}
	contentType, content, err := body.close("alternative")
	for _, level := range []struct {
		subtype, disposition string
		files                []File
	}{{"related", "inline", m.Inline}, {"mixed", "attachment", m.Attachments}} {
		if err != nil || len(level.files) == 0 {
			continue
		}
		outer := &multipartBody{}
		outer.add(textproto.MIMEHeader{"Content-Type": {contentType}}, content)
		for _, f := range level.files {
			outer.add(fileHeader(f, level.disposition), base64Lines(f.Data))
		}
		contentType, content, err = outer.close(level.subtype)
	}
	if err != nil {
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
	header("Content-Type", contentType)
	out.WriteString("\r\n")
	out.Write(content)
	return out.Bytes(), nil
}

// multipartBody gathers the parts of one multipart level.
type multipartBody struct {
	buf bytes.Buffer
	w   *multipart.Writer
	err error
}

func (b *multipartBody) add(h textproto.MIMEHeader, content []byte) {
	if b.w == nil {
		b.w = multipart.NewWriter(&b.buf)
	}
	if b.err != nil {
		return
	}
	var w io.Writer
	if w, b.err = b.w.CreatePart(h); b.err == nil {
		_, b.err = w.Write(content)
	}
}

// close ends the level and returns its Content-Type header value and its body.
func (b *multipartBody) close(subtype string) (string, []byte, error) {
	if b.err != nil {
		return "", nil, b.err
	}
	if err := b.w.Close(); err != nil {
		return "", nil, err
	}
	return "multipart/" + subtype + `; boundary="` + b.w.Boundary() + `"`, b.buf.Bytes(), nil
}

func quotedPrintable(s string) []byte {
	var b bytes.Buffer
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write([]byte(s)) // writes to a bytes.Buffer do not fail
	_ = qp.Close()
	return b.Bytes()
}

// base64Lines is data in base64 lines of 76 characters, as RFC 2045 requires.
func base64Lines(data []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(data)
	var b bytes.Buffer
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc)
	return b.Bytes()
}

func fileHeader(f File, disposition string) textproto.MIMEHeader {
	params := map[string]string{"name": f.Name}
	// Text this package is handed is UTF-8 (as Go strings are); a part that does not say so is read as
	// US-ASCII, and a calendar's "Praça" comes out garbled in some mail programs.
	if strings.HasPrefix(f.ContentType, "text/") {
		params["charset"] = "utf-8"
	}
	h := textproto.MIMEHeader{
		"Content-Type":              {mime.FormatMediaType(f.ContentType, params)},
		"Content-Transfer-Encoding": {"base64"},
		"Content-Disposition":       {mime.FormatMediaType(disposition, map[string]string{"filename": f.Name})},
	}
	if f.ContentID != "" {
		h.Set("Content-ID", "<"+f.ContentID+">")
	}
	return h
}

// addressOf returns the bare address of "Name <addr>" (for the SMTP envelope).
func addressOf(s string) (string, error) {
	a, err := mail.ParseAddress(s)
	if err != nil {
		return "", err
	}
	return a.Address, nil
}
