package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func env(m map[string]string) Getenv { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
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
}

func TestValues(t *testing.T) {
	c, err := Load(env(map[string]string{
		"PELOTAO_ADDR":                ":9000",
		"PELOTAO_BASE_URL":            "https://pelotao.com.br/",
		"PELOTAO_SMTP_URL":            "smtp://u:p@mail.example:587",
		"PELOTAO_DEMO":                "1",
		"PELOTAO_TZ":                  "America/Manaus",
		"PELOTAO_PASSWORD_MIN_LENGTH": "10",
		"PELOTAO_SIGNUPS_PER_HOUR":    "200",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9000" || !c.Demo || c.PasswordMinLength != 10 || c.Location.String() != "America/Manaus" || c.SignupsPerHour != 200 {
		t.Errorf("%+v", c)
	}
	if !c.SecureCookies() || c.BaseURL.String() != "https://pelotao.com.br" || c.SMTPURL.Host != "mail.example:587" {
		t.Errorf("%+v", c)
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
		"PELOTAO_TZ":                  "Mars/Olympus",
		"PELOTAO_DEMO":                "talvez",
		"PELOTAO_PASSWORD_MIN_LENGTH": "seis",
		"PELOTAO_SIGNUPS_PER_HOUR":    "0",
		"PELOTAO_BASE_URL":            "pelotao.com.br",
		"PELOTAO_DATABASE_URL":        "mysql://x",
		"PELOTAO_SMTP_URL":            "http://mail",
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
