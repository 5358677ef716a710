package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log/slog"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

const testLink = "https://pelotao.example/redefinir-senha?token=abc_DEF-123"

// received is what the in-test SMTP server got.
type received struct {
	mu       sync.Mutex
	user     string
	password string
	from     string
	to       []string
	data     []byte
	tls      bool
}

type backend struct{ got *received }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	_, isTLS := c.TLSConnectionState()
	b.got.mu.Lock()
	b.got.tls = isTLS
	b.got.mu.Unlock()
	return &session{got: b.got, conn: c}, nil
}

type session struct {
	got  *received
	conn *smtp.Conn
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		s.got.mu.Lock()
		defer s.got.mu.Unlock()
		_, isTLS := s.conn.TLSConnectionState()
		s.got.user, s.got.password, s.got.tls = user, password, isTLS
		if user != "pelotao" || password != "s3gredo" {
			return errors.New("bad credentials")
		}
		return nil
	}), nil
}
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.got.mu.Lock()
	defer s.got.mu.Unlock()
	s.got.from = from
	return nil
}
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.got.mu.Lock()
	defer s.got.mu.Unlock()
	s.got.to = append(s.got.to, to)
	return nil
}
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	s.got.mu.Lock()
	defer s.got.mu.Unlock()
	s.got.data = b
	return err
}
func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "mail.test"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

// startServer runs a real SMTP server on a random port. implicitTLS makes it an smtps server;
// withTLS=false makes a server that offers no STARTTLS.
func startServer(t *testing.T, withTLS, implicitTLS bool) (*received, string, *x509.CertPool) {
	t.Helper()
	got := &received{}
	srv := smtp.NewServer(backend{got})
	srv.Domain = "mail.test"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	cert, pool := selfSigned(t)
	if withTLS {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	}
	var ln net.Listener
	var err error
	if implicitTLS {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return got, ln.Addr().String(), pool
}

func resetMessage(t *testing.T) Message {
	t.Helper()
	m, err := PasswordReset("Maria José <maria@example.com>", "Maria José", testLink)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkResetMessage parses raw and checks the headers and both parts.
func checkResetMessage(t *testing.T, raw []byte) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a valid message: %v\n%s", err, raw)
	}
	dec := new(mime.WordDecoder)
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	if subject != PasswordResetSubject {
		t.Errorf("Subject %q", subject)
	}
	if from, err := msg.Header.AddressList("From"); err != nil || from[0].Address != "nao-responda@pelotao.example" || from[0].Name != "Pelotão" {
		t.Errorf("From %v %v", from, err)
	}
	if to, err := msg.Header.AddressList("To"); err != nil || to[0].Address != "maria@example.com" {
		t.Errorf("To %v %v", to, err)
	}
	for _, h := range []string{"Date", "Message-ID"} {
		if msg.Header.Get(h) == "" {
			t.Errorf("no %s header", h)
		}
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/alternative" {
		t.Fatalf("Content-Type %q %v", msg.Header.Get("Content-Type"), err)
	}
	parts := map[string]string{}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart() // decodes quoted-printable
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		parts[ct] = string(b)
	}
	text, html := parts["text/plain"], parts["text/html"]
	if !strings.Contains(text, "Olá, Maria José!") || !strings.Contains(text, testLink) || !strings.Contains(text, "1 hora") {
		t.Errorf("text part:\n%s", text)
	}
	if !strings.Contains(html, `<a href="`+strings.ReplaceAll(testLink, "&", "&amp;")+`">Redefinir minha senha</a>`) || !strings.Contains(html, `lang="pt-BR"`) {
		t.Errorf("html part:\n%s", html)
	}
}

func TestSMTPWithSTARTTLS(t *testing.T) {
	got, addr, pool := startServer(t, true, false)
	u, _ := url.Parse("smtp://pelotao:s3gredo@" + addr)
	s := &SMTP{URL: u, From: "Pelotão <nao-responda@pelotao.example>", TLS: &tls.Config{RootCAs: pool}}
	if err := s.Send(context.Background(), resetMessage(t)); err != nil {
		t.Fatal(err)
	}
	got.mu.Lock()
	defer got.mu.Unlock()
	if !got.tls || got.user != "pelotao" || got.password != "s3gredo" {
		t.Errorf("auth: tls=%v user=%q password=%q", got.tls, got.user, got.password)
	}
	if got.from != "nao-responda@pelotao.example" || len(got.to) != 1 || got.to[0] != "maria@example.com" {
		t.Errorf("envelope: from %q to %v", got.from, got.to)
	}
	checkResetMessage(t, got.data)
}

func TestSMTPS(t *testing.T) {
	got, addr, pool := startServer(t, true, true)
	u, _ := url.Parse("smtps://pelotao:s3gredo@" + addr)
	s := &SMTP{URL: u, From: "Pelotão <nao-responda@pelotao.example>", TLS: &tls.Config{RootCAs: pool}}
	if err := s.Send(context.Background(), resetMessage(t)); err != nil {
		t.Fatal(err)
	}
	got.mu.Lock()
	defer got.mu.Unlock()
	if !got.tls || got.user != "pelotao" {
		t.Errorf("tls=%v user=%q", got.tls, got.user)
	}
	checkResetMessage(t, got.data)
}

// Without STARTTLS the password would cross the network in clear: the sender refuses.
func TestSMTPRefusesServerWithoutSTARTTLS(t *testing.T) {
	got, addr, _ := startServer(t, false, false)
	u, _ := url.Parse("smtp://pelotao:s3gredo@" + addr)
	s := &SMTP{URL: u, From: "Pelotão <nao-responda@pelotao.example>"}
	err := s.Send(context.Background(), resetMessage(t))
	if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("want a STARTTLS error, got %v", err)
	}
	got.mu.Lock()
	defer got.mu.Unlock()
	if got.password != "" || got.data != nil {
		t.Fatal("credentials or message sent without TLS")
	}
}

func TestSMTPRejectedCredentials(t *testing.T) {
	_, addr, pool := startServer(t, true, false)
	u, _ := url.Parse("smtp://pelotao:errada@" + addr)
	s := &SMTP{URL: u, From: "Pelotão <nao-responda@pelotao.example>", TLS: &tls.Config{RootCAs: pool}}
	if err := s.Send(context.Background(), resetMessage(t)); err == nil {
		t.Fatal("sending with a wrong password succeeded")
	}
}

func TestOutboxWritesEMLAndLogsOneLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	var logBuf bytes.Buffer
	o := &Outbox{Dir: dir, From: "Pelotão <nao-responda@pelotao.example>", Log: slog.New(slog.NewTextHandler(&logBuf, nil))}
	if err := o.Send(context.Background(), resetMessage(t)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 || !strings.HasSuffix(files[0], ".eml") {
		t.Fatalf("outbox files: %v", files)
	}
	raw, _ := os.ReadFile(files[0])
	checkResetMessage(t, raw)
	lines := strings.Split(strings.TrimSpace(logBuf.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "maria@example.com") || !strings.Contains(lines[0], "Redefinição de senha") {
		t.Fatalf("log: %q", logBuf.String())
	}
}

func TestRenderRefusesHeaderInjection(t *testing.T) {
	_, err := render("Pelotão <nao-responda@pelotao.example>", Message{To: "a@example.com\r\nBcc: b@example.com", Subject: "x"}, time.Now())
	if err == nil {
		t.Fatal("a recipient with a line break was accepted")
	}
}
