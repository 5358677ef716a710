// Package config reads Pelotão's settings from the environment into one typed struct.
package config

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"pelotao/internal/mercadopago"
	"pelotao/internal/pix"
)

// Config holds every setting of a running pelotao process.
type Config struct {
	Addr              string         // PELOTAO_ADDR
	DatabaseURL       string         // PELOTAO_DATABASE_URL: sqlite:PATH or postgres://…
	BaseURL           *url.URL       // PELOTAO_BASE_URL: the public origin, used in e-mails and absolute links
	SMTPURL           *url.URL       // PELOTAO_SMTP_URL: nil means "write mail to the outbox"
	MailFrom          string         // PELOTAO_MAIL_FROM
	Outbox            string         // PELOTAO_OUTBOX
	Location          *time.Location // PELOTAO_TZ: the lists' "today" and the clock of money records (an event's own rules: its fusoHorario)
	Demo              bool           // PELOTAO_DEMO: seed demo content into an empty database
	PasswordMinLength int            // PELOTAO_PASSWORD_MIN_LENGTH
	TrustProxy        bool           // PELOTAO_TRUST_PROXY: the client address is the last X-Forwarded-For entry
	SignupsPerHour    int            // PELOTAO_SIGNUPS_PER_HOUR: accounts one client address may create per hour
	OrdersPerHour     int            // PELOTAO_ORDERS_PER_HOUR: registration orders one client address may make per hour
	QuotesPerHour     int            // PELOTAO_QUOTES_PER_HOUR: registration quotes one client address may ask per hour
	// MaxRegistrationsPerAccount (PELOTAO_MAX_INSCRICOES_POR_CONTA): registrations one account may
	// hold or have confirmed in one event, free ones included.
	MaxRegistrationsPerAccount int

	// Pix is the PSP's API Pix: PELOTAO_PIX_API_URL, _TOKEN_URL, _CLIENT_ID, _CLIENT_SECRET, _CERT_FILE,
	// _KEY_FILE and _CHAVE. An empty APIURL means no PSP: only free events can sell registrations.
	Pix pix.Config
	// PixSandbox (PELOTAO_PIX_SANDBOX) serves the in-memory PSP under /_pix-sandbox/ and points Pix
	// at it, with credentials made for this process.
	PixSandbox        bool
	PixReconcileEvery time.Duration // PELOTAO_PIX_RECONCILE_EVERY: how often unpaid charges are read back
	PixReconcileDays  int           // PELOTAO_PIX_RECONCILE_DAYS: how many days of Pix received the daily reconciliation reads
	RegistrationHold  time.Duration // PELOTAO_REGISTRATION_HOLD: how long an order holds its slots unpaid

	// MercadoPago is the card provider (docs/requirements.md CARD-13): PELOTAO_MP_ACCESS_TOKEN,
	// _WEBHOOK_SECRET and _API_URL. An empty AccessToken means no cards: an event cannot offer them.
	MercadoPago mercadopago.Config
	// MPSandbox (PELOTAO_MP_SANDBOX) serves the in-memory Mercado Pago under /_mp-sandbox/ and points
	// the card client at it, with a token and a webhook secret made for this process.
	MPSandbox bool
}

// MPSandboxPath is where the Mercado Pago sandbox is mounted (mercadopago/sandbox.Path).
const MPSandboxPath = "/_mp-sandbox/"

// CardsConfigured reports whether a card provider is configured (or its sandbox): only then may
// an event offer card payments (inscricoes.cartao, CARD-17).
func (c Config) CardsConfigured() bool { return c.MercadoPago.AccessToken != "" }

// PixSandboxPath is where the sandbox PSP is mounted (pix/sandbox.Path).
const PixSandboxPath = "/_pix-sandbox/"

// loopback reports whether host (a URL's Hostname: no port, no brackets) names this machine
// only: localhost, an address of 127.0.0.0/8, or ::1.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Zone() == "" && ip.Unmap().IsLoopback()
}

// SecureCookies reports whether cookies must carry the Secure flag (the site is served over https).
func (c Config) SecureCookies() bool { return c.BaseURL.Scheme == "https" }

// Getenv looks a variable up; os.Getenv in production, a map in tests.
type Getenv func(string) string

// Load reads the configuration. A bad value yields an error naming the variable.
// Secrets may come from a file named by the variable with a _FILE suffix.
func Load(getenv Getenv) (Config, error) {
	var errs []error
	get := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	secret := func(name, def string) string {
		if path := strings.TrimSpace(getenv(name + "_FILE")); path != "" {
			b, err := os.ReadFile(path)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s_FILE: %w", name, err))
				return def
			}
			return strings.TrimSpace(string(b))
		}
		return get(name, def)
	}

	c := Config{
		Addr:        get("PELOTAO_ADDR", ":8080"),
		DatabaseURL: secret("PELOTAO_DATABASE_URL", "sqlite:data/pelotao.db"),
		MailFrom:    get("PELOTAO_MAIL_FROM", "Pelotão <nao-responda@pelotao.localhost>"),
		Outbox:      get("PELOTAO_OUTBOX", "data/outbox"),
	}

	if !strings.HasPrefix(c.DatabaseURL, "sqlite:") && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		errs = append(errs, errors.New("PELOTAO_DATABASE_URL: must start with sqlite: or postgres://"))
	}

	base, err := url.Parse(get("PELOTAO_BASE_URL", "http://localhost:8080"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		errs = append(errs, errors.New("PELOTAO_BASE_URL: must be an absolute http(s) URL such as https://pelotao.com.br"))
	} else {
		base.Path = strings.TrimSuffix(base.Path, "/")
		c.BaseURL = base
	}

	if raw := secret("PELOTAO_SMTP_URL", ""); raw != "" {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			errs = append(errs, errors.New("PELOTAO_SMTP_URL: must look like smtp://user:password@host:587 or smtps://…"))
		} else {
			c.SMTPURL = u
		}
	}

	tz := get("PELOTAO_TZ", "America/Sao_Paulo")
	if loc, err := time.LoadLocation(tz); err != nil {
		errs = append(errs, fmt.Errorf("PELOTAO_TZ: unknown time zone %q", tz))
	} else {
		c.Location = loc
	}

	if raw := get("PELOTAO_DEMO", "0"); raw != "" {
		v, err := strconv.ParseBool(raw)
		if err != nil {
			errs = append(errs, fmt.Errorf("PELOTAO_DEMO: %q is not a boolean (use 1 or 0)", raw))
		}
		c.Demo = v
	}

	if raw := get("PELOTAO_TRUST_PROXY", "0"); raw != "" {
		v, err := strconv.ParseBool(raw)
		if err != nil {
			errs = append(errs, fmt.Errorf("PELOTAO_TRUST_PROXY: %q is not a boolean (use 1 or 0)", raw))
		}
		c.TrustProxy = v
	}

	n, err := strconv.Atoi(get("PELOTAO_PASSWORD_MIN_LENGTH", "6"))
	if err != nil || n < 1 || n > 128 {
		errs = append(errs, errors.New("PELOTAO_PASSWORD_MIN_LENGTH: must be a whole number from 1 to 128"))
	}
	c.PasswordMinLength = n

	n, err = strconv.Atoi(get("PELOTAO_SIGNUPS_PER_HOUR", "10"))
	if err != nil || n < 1 || n > 100000 {
		errs = append(errs, errors.New("PELOTAO_SIGNUPS_PER_HOUR: must be a whole number from 1 to 100000"))
	}
	c.SignupsPerHour = n

	n, err = strconv.Atoi(get("PELOTAO_PIX_RECONCILE_DAYS", "3"))
	if err != nil || n < 1 || n > 30 {
		errs = append(errs, errors.New("PELOTAO_PIX_RECONCILE_DAYS: must be a whole number from 1 to 30"))
	}
	c.PixReconcileDays = n
	count := func(name, def string, most int) int {
		n, err := strconv.Atoi(get(name, def))
		if err != nil || n < 1 || n > most {
			errs = append(errs, fmt.Errorf("%s: must be a whole number from 1 to %d", name, most))
		}
		return n
	}
	c.OrdersPerHour = count("PELOTAO_ORDERS_PER_HOUR", "60", 1000000)
	c.QuotesPerHour = count("PELOTAO_QUOTES_PER_HOUR", "600", 1000000)
	c.MaxRegistrationsPerAccount = count("PELOTAO_MAX_INSCRICOES_POR_CONTA", "10", 100000)

	duration := func(name, def string, least, most time.Duration) time.Duration {
		raw := get(name, def)
		d, err := time.ParseDuration(raw)
		if err != nil || d < least || d > most {
			errs = append(errs, fmt.Errorf("%s: %q must be a duration from %v to %v, such as %s", name, raw, least, most, def))
		}
		return d
	}
	c.RegistrationHold = duration("PELOTAO_REGISTRATION_HOLD", "30m", time.Minute, 24*time.Hour)
	c.PixReconcileEvery = duration("PELOTAO_PIX_RECONCILE_EVERY", "1m", 5*time.Second, 24*time.Hour)
	errs = append(errs, loadPix(&c, get, secret)...)
	errs = append(errs, loadMercadoPago(&c, get, secret)...)

	return c, errors.Join(errs...)
}

// loadPix reads the PSP settings: all of them for a real PSP (over https), or the sandbox, which
// is refused unless the site's address is this machine's, because it takes payments that are
// not money.
func loadPix(c *Config, get, secret func(name, def string) string) []error {
	var errs []error
	sandbox, err := strconv.ParseBool(get("PELOTAO_PIX_SANDBOX", "0"))
	if err != nil {
		errs = append(errs, errors.New("PELOTAO_PIX_SANDBOX: not a boolean (use 1 or 0)"))
	}
	c.PixSandbox = sandbox
	c.Pix = pix.Config{
		APIURL:       strings.TrimSuffix(get("PELOTAO_PIX_API_URL", ""), "/"),
		TokenURL:     get("PELOTAO_PIX_TOKEN_URL", ""),
		ClientID:     secret("PELOTAO_PIX_CLIENT_ID", ""),
		ClientSecret: secret("PELOTAO_PIX_CLIENT_SECRET", ""),
		CertFile:     get("PELOTAO_PIX_CERT_FILE", ""),
		KeyFile:      get("PELOTAO_PIX_KEY_FILE", ""),
		Key:          get("PELOTAO_PIX_CHAVE", ""),
	}
	p := &c.Pix
	// What only a real PSP uses besides its URL; PELOTAO_PIX_CHAVE also names the sandbox's key.
	pspSettings := []string{"PELOTAO_PIX_TOKEN_URL", "PELOTAO_PIX_CLIENT_ID", "PELOTAO_PIX_CLIENT_SECRET", "PELOTAO_PIX_CERT_FILE", "PELOTAO_PIX_KEY_FILE"}
	refuseSet := func(names []string, why string) {
		for _, name := range names {
			if get(name, "") != "" || get(name+"_FILE", "") != "" {
				errs = append(errs, fmt.Errorf("%s: %s", name, why))
			}
		}
	}
	switch {
	case sandbox && c.BaseURL != nil && !loopback(c.BaseURL.Hostname()):
		errs = append(errs, fmt.Errorf("PELOTAO_PIX_SANDBOX: refused with PELOTAO_BASE_URL %s: the sandbox takes payments that are not money "+
			"(anyone can \"pay\" with its button), so it runs only on this machine's address: localhost, 127.0.0.1 or [::1], with any port", c.BaseURL.Host))
	case sandbox && c.BaseURL != nil:
		refuseSet(append([]string{"PELOTAO_PIX_API_URL"}, pspSettings...), "not used with PELOTAO_PIX_SANDBOX=1 (unset one or the other)")
		// The client reaches the sandbox through this server's own address, with credentials
		// nobody else knows.
		p.APIURL = c.BaseURL.String() + strings.TrimSuffix(PixSandboxPath, "/")
		p.TokenURL = p.APIURL + "/oauth/token"
		p.ClientID, p.ClientSecret, p.CertFile, p.KeyFile = "pelotao-sandbox", rand.Text(), "", ""
		if p.Key == "" {
			p.Key = "pix@pelotao.localhost"
		}
	case p.APIURL == "":
		refuseSet(append([]string{"PELOTAO_PIX_CHAVE"}, pspSettings...), "set without PELOTAO_PIX_API_URL")
	default:
		if p.TokenURL == "" {
			p.TokenURL = p.APIURL + "/oauth/token"
		}
		type setting struct{ name, value string }
		for _, u := range []setting{{"PELOTAO_PIX_API_URL", p.APIURL}, {"PELOTAO_PIX_TOKEN_URL", p.TokenURL}} {
			if parsed, err := url.Parse(u.value); err != nil || parsed.Scheme != "https" || parsed.Host == "" {
				errs = append(errs, fmt.Errorf("%s: must be an https URL, such as https://pix.seubanco.com.br/api/v2", u.name))
			}
		}
		for _, v := range []setting{{"PELOTAO_PIX_CLIENT_ID", p.ClientID}, {"PELOTAO_PIX_CLIENT_SECRET", p.ClientSecret}, {"PELOTAO_PIX_CHAVE", p.Key}} {
			if v.value == "" {
				errs = append(errs, fmt.Errorf("%s: needed with PELOTAO_PIX_API_URL", v.name))
			}
		}
		if (p.CertFile == "") != (p.KeyFile == "") {
			errs = append(errs, errors.New("PELOTAO_PIX_CERT_FILE, PELOTAO_PIX_KEY_FILE: set both (the PSP's client certificate and its key, PEM) or neither"))
		}
		for _, f := range []setting{{"PELOTAO_PIX_CERT_FILE", p.CertFile}, {"PELOTAO_PIX_KEY_FILE", p.KeyFile}} {
			if _, err := os.Stat(f.value); f.value != "" && err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", f.name, err))
			}
		}
	}
	return errs
}

// loadMercadoPago reads the card provider's settings: the token and the webhook secret together,
// the API over https; or the sandbox, refused unless the site's address is this machine's, as
// the Pix sandbox is (CARD-13, CARD-14).
func loadMercadoPago(c *Config, get, secret func(name, def string) string) []error {
	var errs []error
	sandbox, err := strconv.ParseBool(get("PELOTAO_MP_SANDBOX", "0"))
	if err != nil {
		errs = append(errs, errors.New("PELOTAO_MP_SANDBOX: not a boolean (use 1 or 0)"))
	}
	c.MPSandbox = sandbox
	m := &c.MercadoPago
	*m = mercadopago.Config{
		APIURL:        strings.TrimSuffix(get("PELOTAO_MP_API_URL", mercadopago.DefaultAPIURL), "/"),
		AccessToken:   secret("PELOTAO_MP_ACCESS_TOKEN", ""),
		WebhookSecret: secret("PELOTAO_MP_WEBHOOK_SECRET", ""),
	}
	set := func(name string) bool { return get(name, "") != "" || get(name+"_FILE", "") != "" }
	settings := []string{"PELOTAO_MP_ACCESS_TOKEN", "PELOTAO_MP_WEBHOOK_SECRET", "PELOTAO_MP_API_URL"}
	switch {
	case sandbox && c.BaseURL != nil && !loopback(c.BaseURL.Hostname()):
		errs = append(errs, fmt.Errorf("PELOTAO_MP_SANDBOX: refused with PELOTAO_BASE_URL %s: the sandbox approves card payments that are not money "+
			"(anyone can \"pay\" with its button), so it runs only on this machine's address: localhost, 127.0.0.1 or [::1], with any port", c.BaseURL.Host))
	case sandbox && c.BaseURL != nil:
		for _, name := range settings {
			if set(name) {
				errs = append(errs, fmt.Errorf("%s: not used with PELOTAO_MP_SANDBOX=1 (unset one or the other)", name))
			}
		}
		// The client reaches the sandbox through this server's own address, with a token and a
		// secret nobody else knows.
		m.APIURL = c.BaseURL.String() + strings.TrimSuffix(MPSandboxPath, "/")
		m.AccessToken, m.WebhookSecret = "TEST-"+rand.Text(), rand.Text()
	case m.AccessToken == "":
		for _, name := range settings[1:] {
			if set(name) {
				errs = append(errs, fmt.Errorf("%s: set without PELOTAO_MP_ACCESS_TOKEN", name))
			}
		}
	default:
		if u, err := url.Parse(m.APIURL); err != nil || u.Scheme != "https" || u.Host == "" {
			errs = append(errs, errors.New("PELOTAO_MP_API_URL: must be an https URL, such as "+mercadopago.DefaultAPIURL))
		}
		if m.WebhookSecret == "" {
			errs = append(errs, errors.New("PELOTAO_MP_WEBHOOK_SECRET: needed with PELOTAO_MP_ACCESS_TOKEN (notifications are checked with it)"))
		}
	}
	return errs
}
