package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pelotao/internal/mercadopago"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
)

// CARD-13: unset, there are no cards; the token and the secret (from files too) make them, with
// the default API, and neither shows in a printed Config.
func TestMercadoPagoSettings(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil || c.CardsConfigured() || c.MPSandbox || c.MercadoPago.APIURL != mercadopago.DefaultAPIURL {
		t.Errorf("defaults: %v %v", c.MercadoPago, err)
	}
	dir := t.TempDir()
	secretFile := filepath.Join(dir, "mp-secret")
	if err := os.WriteFile(secretFile, []byte("segredo-do-webhook\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err = Load(env(map[string]string{"PELOTAO_MP_ACCESS_TOKEN": "APP_USR-token-do-vendedor", "PELOTAO_MP_WEBHOOK_SECRET_FILE": secretFile}))
	if err != nil {
		t.Fatal(err)
	}
	m := c.MercadoPago
	if !c.CardsConfigured() || m.AccessToken != "APP_USR-token-do-vendedor" || m.WebhookSecret != "segredo-do-webhook" || m.APIURL != "https://api.mercadopago.com" {
		t.Errorf("%+v", m)
	}
	if out := fmt.Sprintf("%v %+v %#v", c, c, c); strings.Contains(out, "token-do-vendedor") || strings.Contains(out, "segredo-do-webhook") {
		t.Errorf("a printed Config shows a secret: %s", out)
	}
	c, err = Load(env(map[string]string{"PELOTAO_MP_ACCESS_TOKEN": "t", "PELOTAO_MP_WEBHOOK_SECRET": "s", "PELOTAO_MP_API_URL": "https://mp.example/"}))
	if err != nil || c.MercadoPago.APIURL != "https://mp.example" {
		t.Errorf("API URL %q, %v", c.MercadoPago.APIURL, err)
	}
}

// CARD-13: an incomplete or unsafe configuration stops start-up, naming the variable.
func TestMercadoPagoRefused(t *testing.T) {
	for name, e := range map[string]map[string]string{
		"PELOTAO_MP_WEBHOOK_SECRET": {"PELOTAO_MP_ACCESS_TOKEN": "t"},
		"PELOTAO_MP_API_URL":        {"PELOTAO_MP_ACCESS_TOKEN": "t", "PELOTAO_MP_WEBHOOK_SECRET": "s", "PELOTAO_MP_API_URL": "http://api.mercadopago.com"},
		"PELOTAO_MP_SANDBOX":        {"PELOTAO_MP_SANDBOX": "talvez"},
	} {
		if _, err := Load(env(e)); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%v: %v, want an error naming %s", e, err, name)
		}
	}
	for _, name := range []string{"PELOTAO_MP_WEBHOOK_SECRET", "PELOTAO_MP_API_URL"} {
		if _, err := Load(env(map[string]string{name: "https://x"})); err == nil || !strings.Contains(err.Error(), name) ||
			!strings.Contains(err.Error(), "without PELOTAO_MP_ACCESS_TOKEN") {
			t.Errorf("%s alone: %v", name, err)
		}
	}
}

// CARD-14: the sandbox points the client at this server's /_mp-sandbox/ with a token and secret
// of its own, only on this machine's address, and not beside real settings.
func TestMercadoPagoSandbox(t *testing.T) {
	c, err := Load(env(map[string]string{"PELOTAO_MP_SANDBOX": "1", "PELOTAO_BASE_URL": "http://127.0.0.1:8080"}))
	if err != nil {
		t.Fatal(err)
	}
	m := c.MercadoPago
	if !c.MPSandbox || !c.CardsConfigured() || m.APIURL != "http://127.0.0.1:8080/_mp-sandbox" || len(m.AccessToken) < 26 || len(m.WebhookSecret) < 26 {
		t.Errorf("%+v", m)
	}
	if MPSandboxPath != mpsandbox.Path {
		t.Errorf("config mounts the sandbox at %s, the sandbox serves %s", MPSandboxPath, mpsandbox.Path)
	}
	if again, _ := Load(env(map[string]string{"PELOTAO_MP_SANDBOX": "1"})); again.MercadoPago.WebhookSecret == m.WebhookSecret {
		t.Error("two processes share a sandbox secret")
	}
	for _, base := range []string{"https://pelotao.com.br", "http://192.168.0.10:8080", "http://app.localhost"} {
		_, err := Load(env(map[string]string{"PELOTAO_MP_SANDBOX": "1", "PELOTAO_BASE_URL": base}))
		if err == nil || !strings.Contains(err.Error(), "PELOTAO_MP_SANDBOX") || !strings.Contains(err.Error(), "this machine's address") {
			t.Errorf("the sandbox on %s: %v", base, err)
		}
	}
	for _, name := range []string{"PELOTAO_MP_ACCESS_TOKEN", "PELOTAO_MP_WEBHOOK_SECRET_FILE", "PELOTAO_MP_API_URL"} {
		_, err := Load(env(map[string]string{"PELOTAO_MP_SANDBOX": "1", name: "x"}))
		if want := strings.TrimSuffix(name, "_FILE"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("the sandbox with %s set: %v, want an error naming %s", name, err, want)
		}
	}
}
