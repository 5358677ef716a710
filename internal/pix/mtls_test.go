package pix_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
)

// REG-4: the client presents the configured PEM certificate to a PSP that requires one, and a
// client without it is refused at the handshake. The certificates are made here, never stored.
func TestMutualTLS(t *testing.T) {
	ca, caKey := newCertificate(t, nil, nil, "Banco de Teste CA", true)
	client, clientKey := newCertificate(t, ca, caKey, "pelotao-teste", false)
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	keyDER, err := x509.MarshalPKCS8PrivateKey(clientKey)
	if err != nil {
		t.Fatal(err)
	}
	writePEM(t, certFile, "CERTIFICATE", client.Raw)
	writePEM(t, keyFile, "PRIVATE KEY", keyDER)

	sb := sandbox.New(sandbox.Options{ClientID: clientID, ClientSecret: secret, Key: key, LocationBase: "pix.example.com/qr"})
	var seen atomic.Value
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen.Store(r.TLS.PeerCertificates[0].Subject.CommonName)
		sb.ServeHTTP(w, r)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake below is expected
	clientCAs := x509.NewCertPool()
	clientCAs.AddCert(ca)
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: clientCAs}
	srv.StartTLS()
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())

	cfg := pix.Config{APIURL: srv.URL + "/_pix-sandbox", ClientID: clientID, ClientSecret: secret, Key: key, RootCAs: roots,
		CertFile: certFile, KeyFile: keyFile}
	withCert, err := pix.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := withCert.CreateCharge(context.Background(), pix.NewTxID(), charge); err != nil {
		t.Fatalf("with the certificate: %v", err)
	}
	if cn := seen.Load(); cn != "pelotao-teste" {
		t.Errorf("the PSP saw the client certificate %q", cn)
	}

	cfg.CertFile, cfg.KeyFile = "", ""
	without, err := pix.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := without.CreateCharge(context.Background(), pix.NewTxID(), charge); !errors.Is(err, pix.ErrUnavailable) {
		t.Errorf("without a certificate: %v, want the handshake refused", err)
	}

	cfg.CertFile, cfg.KeyFile = certFile, filepath.Join(dir, "missing.pem")
	if _, err := pix.New(cfg); err == nil {
		t.Error("a missing key file was accepted")
	}
}

// newCertificate makes a certificate signed by parent (self-signed when parent is nil).
func newCertificate(t *testing.T, parent *x509.Certificate, parentKey *ecdsa.PrivateKey, name string, isCA bool) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}
	if isCA {
		tmpl.IsCA, tmpl.BasicConstraintsValid, tmpl.KeyUsage = true, true, x509.KeyUsageCertSign
		tmpl.ExtKeyUsage = nil
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert, key
}

func writePEM(t *testing.T, path, kind string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
}
