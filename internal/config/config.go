// Package config reads Pelotão's settings from the environment into one typed struct.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config holds every setting of a running pelotao process.
type Config struct {
	Addr              string         // PELOTAO_ADDR
	DatabaseURL       string         // PELOTAO_DATABASE_URL: sqlite:PATH or postgres://…
	BaseURL           *url.URL       // PELOTAO_BASE_URL: the public origin, used in e-mails and absolute links
	SMTPURL           *url.URL       // PELOTAO_SMTP_URL: nil means "write mail to the outbox"
	MailFrom          string         // PELOTAO_MAIL_FROM
	Outbox            string         // PELOTAO_OUTBOX
	Location          *time.Location // PELOTAO_TZ: the zone in which "today" is computed
	Demo              bool           // PELOTAO_DEMO: seed demo content into an empty database
	PasswordMinLength int            // PELOTAO_PASSWORD_MIN_LENGTH
	TrustProxy        bool           // PELOTAO_TRUST_PROXY: the client address is the last X-Forwarded-For entry
	SignupsPerHour    int            // PELOTAO_SIGNUPS_PER_HOUR: accounts one client address may create per hour
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

	return c, errors.Join(errs...)
}
