package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"net/url"
	"time"
)

// SMTP sends through a mail server. smtp://user:pass@host:587 requires STARTTLS (the password
// never crosses the network in clear); smtps://…:465 speaks TLS from the first byte.
type SMTP struct {
	URL  *url.URL
	From string
	// TLS, when set, is used for the connection (tests trust their own certificate with it).
	TLS *tls.Config
}

const smtpTimeout = 30 * time.Second

// Send implements Mailer.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	raw, err := render(s.From, m, time.Now())
	if err != nil {
		return err
	}
	from, err := addressOf(s.From)
	if err != nil {
		return err
	}
	to, err := addressOf(m.To)
	if err != nil {
		return err
	}
	if err := s.send(ctx, from, to, raw); err != nil {
		return fmt.Errorf("mail: smtp %s: %w", s.URL.Host, err)
	}
	return nil
}

func (s *SMTP) send(ctx context.Context, from, to string, raw []byte) error {
	host := s.URL.Hostname()
	port := s.URL.Port()
	if port == "" {
		port = map[string]string{"smtp": "587", "smtps": "465"}[s.URL.Scheme]
	}
	tlsConfig := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if s.TLS != nil {
		tlsConfig = s.TLS.Clone()
		if tlsConfig.ServerName == "" {
			tlsConfig.ServerName = host
		}
	}

	ctx, cancel := context.WithTimeout(ctx, smtpTimeout)
	defer cancel()
	dialer := &net.Dialer{}
	conn, err := dialer.DialContext(ctx, "tcp", net.JoinHostPort(host, port))
	if err != nil {
		return err
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	if s.URL.Scheme == "smtps" {
		conn = tls.Client(conn, tlsConfig)
	}
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if s.URL.Scheme == "smtp" {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("the server does not offer STARTTLS")
		}
		if err := c.StartTLS(tlsConfig); err != nil {
			return err
		}
	}
	if user := s.URL.User; user != nil {
		password, _ := user.Password()
		if err := c.Auth(smtp.PlainAuth("", user.Username(), password, host)); err != nil {
			return err
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
