package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/pix/sandbox"
)

func env(m map[string]string) Getenv { return func(k string) string { return m[k] } }

func TestEmptyEnvironmentLoadsTheDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != "sqlite:data/pelotao.db" || c.Outbox != "data/outbox" {
		t.Errorf("unexpected defaults: %+v", c)
	}
	if c.Location.String() != "America/Sao_Paulo" || c.PasswordMinLength != 6 || c.Demo || c.SMTPURL != nil || c.SignupsPerHour != 10 {
		t.Errorf("unexpected defaults: %+v", c)
	}
	if c.BaseURL.String() != "http://localhost:8080" || c.SecureCookies() {
		t.Errorf("base URL %v", c.BaseURL)
	}
	// REG-192, REG-193: 10 registrations per account and event; 60 orders and 600 quotes per address and hour.
	if c.MaxRegistrationsPerAccount != 10 || c.OrdersPerHour != 60 || c.QuotesPerHour != 600 {
		t.Errorf("order limits %d %d %d", c.MaxRegistrationsPerAccount, c.OrdersPerHour, c.QuotesPerHour)
	}
	// REG-14: no PSP unless one is configured; holds of 30 minutes, reconciliation every minute.
	if c.Pix.APIURL != "" || c.PixSandbox || c.RegistrationHold != 30*time.Minute || c.PixReconcileEvery != time.Minute {
		t.Errorf("unexpected Pix defaults: %v sandbox %v hold %v reconcile %v", c.Pix, c.PixSandbox, c.RegistrationHold, c.PixReconcileEvery)
	}
}

// REG-239: PELOTAO_PIX_RECONCILE_DAYS among them.
func TestEachVariableIsRead(t *testing.T) {
	c, err := Load(env(map[string]string{
		"PELOTAO_ADDR":                     ":9000",
		"PELOTAO_BASE_URL":                 "https://pelotao.com.br/",
		"PELOTAO_SMTP_URL":                 "smtp://u:p@mail.example:587",
		"PELOTAO_DEMO":                     "1",
		"PELOTAO_TZ":                       "America/Manaus",
		"PELOTAO_PASSWORD_MIN_LENGTH":      "10",
		"PELOTAO_SIGNUPS_PER_HOUR":         "200",
		"PELOTAO_ORDERS_PER_HOUR":          "30",
		"PELOTAO_QUOTES_PER_HOUR":          "300",
		"PELOTAO_MAX_INSCRICOES_POR_CONTA": "25",
		"PELOTAO_PIX_RECONCILE_DAYS":       "7",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9000" || !c.Demo || c.PasswordMinLength != 10 || c.Location.String() != "America/Manaus" || c.SignupsPerHour != 200 ||
		c.PixReconcileDays != 7 {
		t.Errorf("%+v", c)
	}
	if !c.SecureCookies() || c.BaseURL.String() != "https://pelotao.com.br" || c.SMTPURL.Host != "mail.example:587" {
		t.Errorf("%+v", c)
	}
	if c.OrdersPerHour != 30 || c.QuotesPerHour != 300 || c.MaxRegistrationsPerAccount != 25 {
		t.Errorf("order limits %d %d %d", c.OrdersPerHour, c.QuotesPerHour, c.MaxRegistrationsPerAccount)
	}
}

func TestSecretFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db")
	if err := os.WriteFile(path, []byte("postgres://u:secret@db/pelotao\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(env(map[string]string{"PELOTAO_DATABASE_URL_FILE": path}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "postgres://u:secret@db/pelotao" {
		t.Errorf("got %q", c.DatabaseURL)
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	cases := map[string]string{
		"PELOTAO_TZ":                       "Mars/Olympus",
		"PELOTAO_DEMO":                     "talvez",
		"PELOTAO_PASSWORD_MIN_LENGTH":      "seis",
		"PELOTAO_SIGNUPS_PER_HOUR":         "0",
		"PELOTAO_ORDERS_PER_HOUR":          "muitos",
		"PELOTAO_QUOTES_PER_HOUR":          "0",
		"PELOTAO_MAX_INSCRICOES_POR_CONTA": "-1",
		"PELOTAO_BASE_URL":                 "pelotao.com.br",
		"PELOTAO_DATABASE_URL":             "mysql://x",
		"PELOTAO_SMTP_URL":                 "http://mail",
		"PELOTAO_REGISTRATION_HOLD":        "30",
		"PELOTAO_PIX_RECONCILE_EVERY":      "1s",
		"PELOTAO_PIX_RECONCILE_DAYS":       "0",
		"PELOTAO_PIX_SANDBOX":              "sim",
		"PELOTAO_PIX_CHAVE":                "pix@pelotao.com.br", // without PELOTAO_PIX_API_URL
	}
	for name, value := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Load(env(map[string]string{name: value}))
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("want an error naming %s, got %v", name, err)
			}
		})
	}
}

// pspEnv is a complete real-PSP configuration.
func pspEnv(t *testing.T) map[string]string {
	dir := t.TempDir()
	for _, name := range []string{"cert.pem", "key.pem"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("-----BEGIN X-----\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return map[string]string{
		"PELOTAO_BASE_URL":            "https://pelotao.com.br",
		"PELOTAO_PIX_API_URL":         "https://pix.banco.example/api/v2/",
		"PELOTAO_PIX_CLIENT_ID":       "cliente",
		"PELOTAO_PIX_CLIENT_SECRET":   "segredo",
		"PELOTAO_PIX_CERT_FILE":       filepath.Join(dir, "cert.pem"),
		"PELOTAO_PIX_KEY_FILE":        filepath.Join(dir, "key.pem"),
		"PELOTAO_PIX_CHAVE":           "pix@pelotao.com.br",
		"PELOTAO_PIX_RECONCILE_EVERY": "30s",
		"PELOTAO_REGISTRATION_HOLD":   "15m",
	}
}

// REG-14: a real PSP's settings, the token URL defaulting to {API_URL}/oauth/token.
func TestPSPSettingsLoadWithTheTokenURLDefaultAndAHiddenSecret(t *testing.T) {
	c, err := Load(env(pspEnv(t)))
	if err != nil {
		t.Fatal(err)
	}
	p := c.Pix
	if p.APIURL != "https://pix.banco.example/api/v2" || p.TokenURL != "https://pix.banco.example/api/v2/oauth/token" ||
		p.ClientID != "cliente" || p.ClientSecret != "segredo" || p.Key != "pix@pelotao.com.br" ||
		!strings.HasSuffix(p.CertFile, "cert.pem") || !strings.HasSuffix(p.KeyFile, "key.pem") {
		t.Errorf("%+v", p)
	}
	if c.PixReconcileEvery != 30*time.Second || c.RegistrationHold != 15*time.Minute || c.PixSandbox {
		t.Errorf("reconcile %v, hold %v, sandbox %v", c.PixReconcileEvery, c.RegistrationHold, c.PixSandbox)
	}
	if out := fmt.Sprintf("%v %+v", c, c); strings.Contains(out, "segredo") {
		t.Errorf("a printed Config shows the client secret: %s", out)
	}

	e := pspEnv(t)
	e["PELOTAO_PIX_TOKEN_URL"] = "https://auth.banco.example/oauth/token"
	if c, err := Load(env(e)); err != nil || c.Pix.TokenURL != e["PELOTAO_PIX_TOKEN_URL"] {
		t.Errorf("token URL %q, %v", c.Pix.TokenURL, err)
	}
}

// REG-14: the PSP's credentials may be read from files.
func TestPixSecretsFromFiles(t *testing.T) {
	e := pspEnv(t)
	dir := t.TempDir()
	for _, name := range []string{"PELOTAO_PIX_CLIENT_ID", "PELOTAO_PIX_CLIENT_SECRET"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("de-arquivo-"+name+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		delete(e, name)
		e[name+"_FILE"] = path
	}
	c, err := Load(env(e))
	if err != nil {
		t.Fatal(err)
	}
	if c.Pix.ClientID != "de-arquivo-PELOTAO_PIX_CLIENT_ID" || c.Pix.ClientSecret != "de-arquivo-PELOTAO_PIX_CLIENT_SECRET" {
		t.Errorf("%q %q", c.Pix.ClientID, c.Pix.ClientSecret)
	}
}

// REG-14: an incomplete or unsafe PSP configuration stops start-up, naming the variable.
func TestPixRefused(t *testing.T) {
	cases := map[string]map[string]string{
		"PELOTAO_PIX_API_URL":       {"PELOTAO_PIX_API_URL": "http://pix.banco.example/v2"},
		"PELOTAO_PIX_TOKEN_URL":     {"PELOTAO_PIX_TOKEN_URL": "ftp://banco"},
		"PELOTAO_PIX_CLIENT_SECRET": {"PELOTAO_PIX_CLIENT_SECRET": ""},
		"PELOTAO_PIX_CHAVE":         {"PELOTAO_PIX_CHAVE": ""},
		"PELOTAO_PIX_KEY_FILE":      {"PELOTAO_PIX_KEY_FILE": ""},
		"PELOTAO_PIX_CERT_FILE":     {"PELOTAO_PIX_CERT_FILE": "/nao/existe.pem"},
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			e := pspEnv(t)
			for k, v := range change {
				e[k] = v
			}
			if _, err := Load(env(e)); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("want an error naming %s, got %v", name, err)
			}
		})
	}
}

// REG-13, REG-14: the sandbox points the client at this server's /_pix-sandbox/ with credentials
// of its own, and is refused on a site that is not this machine's (TestPixSandboxOnlyOnThisMachine).
func TestPixSandbox(t *testing.T) {
	c, err := Load(env(map[string]string{"PELOTAO_PIX_SANDBOX": "1", "PELOTAO_BASE_URL": "http://localhost:8080"}))
	if err != nil {
		t.Fatal(err)
	}
	p := c.Pix
	if !c.PixSandbox || p.APIURL != "http://localhost:8080/_pix-sandbox" || p.TokenURL != p.APIURL+"/oauth/token" ||
		p.ClientID == "" || len(p.ClientSecret) < 26 || p.Key == "" {
		t.Errorf("%v", p)
	}
	if PixSandboxPath != sandbox.Path {
		t.Errorf("config mounts the sandbox at %s, the sandbox serves %s", PixSandboxPath, sandbox.Path)
	}
	again, _ := Load(env(map[string]string{"PELOTAO_PIX_SANDBOX": "1"}))
	if again.Pix.ClientSecret == p.ClientSecret {
		t.Error("two processes share a sandbox secret")
	}
	_, err = Load(env(map[string]string{"PELOTAO_PIX_SANDBOX": "1", "PELOTAO_BASE_URL": "https://pelotao.com.br"}))
	if err == nil || !strings.Contains(err.Error(), "PELOTAO_PIX_SANDBOX") {
		t.Errorf("the sandbox on a site that is not this machine's: %v", err)
	}
	for _, name := range []string{"PELOTAO_PIX_API_URL", "PELOTAO_PIX_CLIENT_SECRET_FILE", "PELOTAO_PIX_CERT_FILE"} {
		_, err := Load(env(map[string]string{"PELOTAO_PIX_SANDBOX": "1", name: "x"}))
		if want := strings.TrimSuffix(name, "_FILE"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("the sandbox with %s set: %v, want an error naming %s", name, err, want)
		}
	}
}

// REG-203: the sandbox runs only when PELOTAO_BASE_URL's host is this machine's — localhost,
// 127.0.0.0/8 or ::1, any port, either scheme — and is refused at start, naming the variable
// and the host, on any other address, http or https.
func TestPixSandboxOnlyOnThisMachine(t *testing.T) {
	cases := []struct {
		base string
		ok   bool
	}{
		{"http://localhost:8080", true},
		{"http://LocalHost:3000", true},
		{"http://localhost", true},
		{"https://localhost:8443", true},
		{"http://127.0.0.1:41234", true},
		{"http://127.3.2.1", true},
		{"http://[::1]:8080", true},
		{"http://[::ffff:127.0.0.1]:8080", true},
		{"http://inscricoes.example.com.br", false},
		{"https://pelotao.com.br", false},
		{"http://192.168.0.10:8080", false},
		{"http://10.0.0.1", false},
		{"http://0.0.0.0:8080", false},
		{"http://[::]:8080", false},
		{"http://localhost.example.com.br", false},
		{"http://127.0.0.1.nip.io", false},
		{"http://app.localhost", false},
	}
	for _, c := range cases {
		_, err := Load(env(map[string]string{"PELOTAO_PIX_SANDBOX": "1", "PELOTAO_BASE_URL": c.base}))
		switch {
		case c.ok && err != nil:
			t.Errorf("%s: refused: %v", c.base, err)
		case !c.ok && (err == nil || !strings.Contains(err.Error(), "PELOTAO_PIX_SANDBOX") ||
			!strings.Contains(err.Error(), "this machine's address")):
			t.Errorf("%s: %v, want the sandbox refused saying why", c.base, err)
		}
	}
	// Without the sandbox any address is the site's own affair.
	if _, err := Load(env(map[string]string{"PELOTAO_BASE_URL": "http://inscricoes.example.com.br"})); err != nil {
		t.Errorf("no sandbox: %v", err)
	}
}
