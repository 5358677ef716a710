// Package account is Pelotão's own identity provider: users, password hashing (argon2id),
// sessions, password-reset links, e-mail verification, the password policy, login throttling and
// the sign-up limit. Everything that must hold across several instances (sessions, throttling
// and sign-up counters, reset and verification tokens) is in the database.
package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"pelotao/internal/config"
	pmail "pelotao/internal/mail"
	"pelotao/internal/store"
)

const (
	// SessionTTL is how long a session lives without being used (sliding expiry).
	SessionTTL = 30 * 24 * time.Hour
	// sessionRefreshAfter: a session is extended at most once per this interval, so that reading
	// the session does not write to the database on every request.
	sessionRefreshAfter = 24 * time.Hour

	resetTTL = time.Hour
	// verifyTTL is how long the link mailed at sign-up (or sent again) verifies the address.
	verifyTTL = 24 * time.Hour
	// invitationVerifyTTL: an invitation's link also verifies its address; organizers invite
	// their team days before the race, so it lasts a week.
	invitationVerifyTTL = 7 * 24 * time.Hour
	// linkEmailInterval: at most one reset, and one verification, e-mail per account per interval.
	linkEmailInterval = time.Minute

	throttleWindow     = 15 * time.Minute
	maxAccountFailures = 5
	maxIPFailures      = 50

	// signupReleaseTimeout bounds giving back a sign-up slot after a failed sign-up.
	signupReleaseTimeout = 5 * time.Second

	maxDisplayNameLen = 100
	maxEmailLen       = 254
)

// DefaultSignupLimit is how many accounts one client address may create per hour unless the
// configuration says otherwise (PELOTAO_SIGNUPS_PER_HOUR). Every sign-up costs an argon2id hash
// (the most expensive thing the server does) and a row that stays, so a script must not create
// accounts without end; ten still lets a family, a running club at its meeting point or a school
// behind one address sign up together. Counted in the database (shared by all instances), by a
// keyed hash of the address, never the address.
var DefaultSignupLimit = store.SenderLimit{Max: 10, Window: time.Hour}

// Store is what the account domain needs from the database: the accounts, and the
// per-address sign-up limit.
type Store interface {
	store.AccountStore
	store.SenderLimitStore
}

// Options configure a Service.
type Options struct {
	Store   Store
	Mailer  pmail.Mailer
	BaseURL *url.URL // the public origin; reset links are built on it, never on a request's host
	Policy  Policy
	Params  Params // zero: DefaultParams
	Log     *slog.Logger
	Now     func() time.Time // zero: time.Now
	// SignupLimit bounds the accounts one address creates; zero: DefaultSignupLimit.
	SignupLimit store.SenderLimit
}

// Service is the account domain.
type Service struct {
	store   Store
	mailer  pmail.Mailer
	baseURL *url.URL
	policy  Policy
	params  Params
	log     *slog.Logger
	now     func() time.Time
	signups store.SenderLimit

	// dummyHash is verified when the e-mail is unknown, so that answering "invalid credential"
	// costs the same hashing time whether or not the account exists. Made at the first sign-in,
	// not at start-up.
	dummyHash func() (string, error)
	// verify is verifyPassword; tests count its calls.
	verify func(encoded, password string) (bool, Params, error)
	// hash is hashPassword for new accounts; tests count its calls.
	hash func(p Params, password string) (string, error)

	mails sync.WaitGroup // e-mails still being sent
}

// New returns a Service.
func New(o Options) *Service {
	s := &Service{store: o.Store, mailer: o.Mailer, baseURL: o.BaseURL, policy: o.Policy,
		params: o.Params, log: o.Log, now: o.Now, signups: o.SignupLimit, verify: verifyPassword, hash: hashPassword}
	if s.signups == (store.SenderLimit{}) {
		s.signups = DefaultSignupLimit
	}
	if s.params == (Params{}) {
		s.params = DefaultParams
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.policy.MaxBytes == 0 {
		s.policy.MaxBytes = DefaultMaxBytes
	}
	s.dummyHash = sync.OnceValues(func() (string, error) { return hashPassword(s.params, "pelotão: conta inexistente") })
	return s
}

// FromConfig builds the Service that the configuration describes.
func FromConfig(cfg config.Config, st Store, m pmail.Mailer, log *slog.Logger) *Service {
	return New(Options{
		Store: st, Mailer: m, BaseURL: cfg.BaseURL, Log: log,
		Policy:      Policy{MinLength: cfg.PasswordMinLength, MaxBytes: DefaultMaxBytes, RejectCommon: true},
		SignupLimit: store.SenderLimit{Max: cfg.SignupsPerHour, Window: time.Hour},
	})
}

// SignupLimit is the limit on the accounts one address creates.
func (s *Service) SignupLimit() store.SenderLimit { return s.signups }

// Policy returns the password policy in force.
func (s *Service) Policy() Policy { return s.policy }

// SignedIn is a new session: the user and the token for the cookie.
type SignedIn struct {
	User      store.User
	Token     string
	ExpiresAt time.Time
}

// NormalizeEmail is how e-mails are stored and compared: trimmed and in lower case.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ValidEmail accepts a bare address (no display name), as an <input type=email> would send.
func ValidEmail(email string) bool {
	if email == "" || len(email) > maxEmailLen || strings.ContainsAny(email, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(email)
	return err == nil && a.Address == email
}

func checkEmail(email string, errs ValidationError) {
	if email == "" {
		errs["email"] = "Informe o seu e-mail."
	} else if !ValidEmail(email) {
		errs["email"] = "Informe um e-mail válido."
	}
}

// CreateUser creates an account without signing in and without the per-address limit
// (operators' `pelotao user create`, the demo organizer).
func (s *Service) CreateUser(ctx context.Context, email, password, displayName string) (store.User, error) {
	email, displayName, err := s.checkNewUser(email, password, displayName)
	if err != nil {
		return store.User{}, err
	}
	return s.insertUser(ctx, email, password, displayName)
}

// checkNewUser normalises and checks a new account's form (cheap: no hashing).
func (s *Service) checkNewUser(email, password, displayName string) (string, string, error) {
	email, displayName = NormalizeEmail(email), strings.TrimSpace(displayName)
	errs := ValidationError{}
	checkEmail(email, errs)
	if displayName == "" {
		errs["displayName"] = "Informe o seu nome."
	} else if utf8.RuneCountInString(displayName) > maxDisplayNameLen {
		errs["displayName"] = "Use no máximo 100 caracteres."
	}
	if len(errs) > 0 {
		return "", "", errs
	}
	if err := s.policy.Check(password); err != nil {
		return "", "", err
	}
	return email, displayName, nil
}

// insertUser hashes the password and stores an account whose form checkNewUser accepted.
func (s *Service) insertUser(ctx context.Context, email, password, displayName string) (store.User, error) {
	hash, err := s.hash(s.params, password)
	if err != nil {
		return store.User{}, err
	}
	u := store.User{ID: newUserID(), Email: email, DisplayName: displayName, PasswordHash: hash,
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if err := s.store.CreateUser(ctx, u); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return store.User{}, ErrEmailInUse
		}
		return store.User{}, err
	}
	return u, nil
}

// SignUp creates an account from the client address ip and signs it in. At most
// SignupLimit().Max accounts are created per address per SignupLimit().Window; over that it returns
// ErrTooManySignups, before any hashing. Only accounts actually created use up the budget: a
// form that is refused (ValidationError, PolicyError) never takes a slot, and the slot of a
// sign-up that fails afterwards (ErrEmailInUse, a database error) is given back. The new account
// is e-mailed a link that verifies its address.
func (s *Service) SignUp(ctx context.Context, email, password, displayName, ip string) (SignedIn, error) {
	return s.SignUpInvited(ctx, email, password, displayName, ip, "")
}

// SignUpInvited is SignUp from an invitation's link: when invitationToken verifies the new
// account's address, the account starts verified and no other link is mailed. A token that does
// not (used, expired, another address) is ignored, and the account verifies as any other.
func (s *Service) SignUpInvited(ctx context.Context, email, password, displayName, ip, invitationToken string) (SignedIn, error) {
	email, displayName, err := s.checkNewUser(email, password, displayName)
	if err != nil {
		return SignedIn{}, err
	}
	slot, err := s.store.TakeSenderSlot(ctx, store.ScopeSignup, ip, s.now().UTC(), s.signups)
	if errors.Is(err, store.ErrTooManyFromSender) {
		return SignedIn{}, ErrTooManySignups
	}
	if err != nil {
		return SignedIn{}, err
	}
	u, err := s.insertUser(ctx, email, password, displayName)
	if err != nil {
		// Even when the client has gone: otherwise its failed attempt would count.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), signupReleaseTimeout)
		defer cancel()
		if rerr := s.store.ReleaseSenderSlot(rctx, slot); rerr != nil {
			s.log.WarnContext(ctx, "giving back a sign-up slot", "err", rerr)
		}
		return SignedIn{}, err
	}
	if invitationToken != "" {
		// The token is tied to its address, so it can only verify the account that has it.
		if v, err := s.VerifyEmail(ctx, invitationToken, u.ID); err == nil && v.ID == u.ID {
			u = v
		}
	}
	si, err := s.newSession(ctx, u)
	if err == nil {
		s.SendEmailVerification(ctx, u)
	}
	return si, err
}

// Login checks an e-mail and password from ip and opens a new session.
func (s *Service) Login(ctx context.Context, email, password, ip string) (SignedIn, error) {
	email = NormalizeEmail(email)
	now := s.now()
	failures, err := s.store.CountLoginFailures(ctx, email, ip, now.Add(-throttleWindow))
	if err != nil {
		return SignedIn{}, err
	}
	if failures.ForAccount >= maxAccountFailures || failures.FromIP >= maxIPFailures {
		return SignedIn{}, ErrTooManyRequests
	}

	u, err := s.store.UserByEmail(ctx, email)
	known := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return SignedIn{}, err
	}
	encoded := u.PasswordHash
	if !known {
		if encoded, err = s.dummyHash(); err != nil {
			return SignedIn{}, err
		}
	}
	ok, params, err := s.verify(encoded, password)
	if err != nil {
		return SignedIn{}, err
	}
	if !known || !ok {
		if err := s.store.RecordLoginFailure(ctx, email, ip, now); err != nil {
			return SignedIn{}, err
		}
		return SignedIn{}, ErrInvalidCredential
	}
	// Only someone who knows the password learns that the account is disabled.
	if u.Disabled {
		return SignedIn{}, ErrUserDisabled
	}
	if err := s.store.ClearLoginFailures(ctx, email); err != nil {
		return SignedIn{}, err
	}
	if params.weakerThan(s.params) {
		if hash, err := hashPassword(s.params, password); err != nil {
			s.log.WarnContext(ctx, "rehashing password", "user", u.ID, "err", err)
		} else if err := s.store.SetPasswordHash(ctx, u.ID, hash); err != nil {
			s.log.WarnContext(ctx, "storing upgraded password hash", "user", u.ID, "err", err)
		}
	}
	return s.newSession(ctx, u)
}

func (s *Service) newSession(ctx context.Context, u store.User) (SignedIn, error) {
	token, hash := newToken()
	now := s.now().UTC()
	se := store.Session{TokenHash: hash, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)}
	if err := s.store.CreateSession(ctx, se); err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Token: token, ExpiresAt: se.ExpiresAt}, nil
}

// Authenticate returns the user of a session token. When the session was extended (at most
// once a day), extendedUntil is its new expiry, and the cookie should be renewed to match.
func (s *Service) Authenticate(ctx context.Context, token string) (u store.User, extendedUntil time.Time, err error) {
	hash, ok := tokenHash(token)
	if !ok {
		return store.User{}, time.Time{}, ErrNoSession
	}
	now := s.now().UTC()
	se, u, err := s.store.SessionByTokenHash(ctx, hash, now)
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.Disabled) {
		return store.User{}, time.Time{}, ErrNoSession
	}
	if err != nil {
		return store.User{}, time.Time{}, err
	}
	if se.ExpiresAt.Sub(now) < SessionTTL-sessionRefreshAfter {
		extendedUntil = now.Add(SessionTTL)
		if err := s.store.ExtendSession(ctx, hash, extendedUntil); err != nil {
			// The session stays valid until its old expiry; the next request tries again.
			s.log.WarnContext(ctx, "extending session", "err", err)
			extendedUntil = time.Time{}
		}
	}
	return u, extendedUntil, nil
}

// Logout ends the session of token on the server.
func (s *Service) Logout(ctx context.Context, token string) error {
	hash, ok := tokenHash(token)
	if !ok {
		return nil
	}
	return s.store.DeleteSession(ctx, hash)
}

// User returns the account with id.
func (s *Service) User(ctx context.Context, id string) (store.User, error) {
	return s.store.UserByID(ctx, id)
}

// RequestPasswordReset e-mails a reset link when email has an enabled account. The answer is
// the same for every well-formed address (no account enumeration), and so is its timing: the
// lookup and the e-mail happen after the caller has its answer.
func (s *Service) RequestPasswordReset(ctx context.Context, email string) error {
	email = NormalizeEmail(email)
	errs := ValidationError{}
	checkEmail(email, errs)
	if len(errs) > 0 {
		return errs
	}
	s.mailLater(ctx, "password reset e-mail", func(ctx context.Context) error { return s.sendResetLink(ctx, email) })
	return nil
}

// mailLater runs send after the caller has its answer, so that answering takes the same time
// whatever send finds, and a slow mail server delays nobody.
func (s *Service) mailLater(ctx context.Context, what string, send func(context.Context) error) {
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if err := send(ctx); err != nil {
			s.log.ErrorContext(ctx, what, "err", err)
		}
	}()
}

func (s *Service) sendResetLink(ctx context.Context, email string) error {
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if u.Disabled {
		return nil
	}
	token, hash := newToken()
	now := s.now().UTC()
	created, err := s.store.CreateResetToken(ctx, store.ResetToken{TokenHash: hash, UserID: u.ID,
		CreatedAt: now, ExpiresAt: now.Add(resetTTL)}, now.Add(-linkEmailInterval))
	if err != nil || !created {
		return err
	}
	m, err := pmail.PasswordReset(u.Email, u.DisplayName, s.ResetLink(token))
	if err != nil {
		return err
	}
	return s.mailer.Send(ctx, m)
}

// ResetLink is the page of the web app that sets a new password with token.
func (s *Service) ResetLink(token string) string { return s.link("/redefinir-senha", token) }

// VerificationLink is the page of the web app that verifies an address with token.
func (s *Service) VerificationLink(token string) string { return s.link("/verificar-email", token) }

// link is a page of the web app at the public origin with a token: never the request's host,
// so a forged Host header cannot send someone's token elsewhere.
func (s *Service) link(path, token string) string {
	u := *s.baseURL
	u.Path = strings.TrimSuffix(u.Path, "/") + path
	u.RawQuery = url.Values{"token": {token}}.Encode()
	u.Fragment = ""
	return u.String()
}

// SendEmailVerification e-mails u a link that verifies its address, unless it is verified
// already or got one less than a minute ago (the limit of reset e-mails). Like a reset request,
// the caller's answer does not wait for it.
func (s *Service) SendEmailVerification(ctx context.Context, u store.User) {
	if !u.EmailVerifiedAt.IsZero() {
		return
	}
	s.mailLater(ctx, "verification e-mail", func(ctx context.Context) error {
		token, hash := newToken()
		now := s.now().UTC()
		created, err := s.store.CreateEmailVerificationToken(ctx, store.EmailVerificationToken{TokenHash: hash,
			Email: u.Email, CreatedAt: now, ExpiresAt: now.Add(verifyTTL)}, now.Add(-linkEmailInterval))
		if err != nil || !created {
			return err
		}
		m, err := pmail.EmailVerification(u.Email, u.DisplayName, s.VerificationLink(token))
		if err != nil {
			return err
		}
		return s.mailer.Send(ctx, m)
	})
}

// InvitationToken is a new token that verifies email when its invitation's link is opened
// (valid a week, and made for every invitation: the inviter, not the address, asked for it).
func (s *Service) InvitationToken(ctx context.Context, email string) (string, error) {
	token, hash := newToken()
	now := s.now().UTC()
	_, err := s.store.CreateEmailVerificationToken(ctx, store.EmailVerificationToken{TokenHash: hash,
		Email: NormalizeEmail(email), CreatedAt: now, ExpiresAt: now.Add(invitationVerifyTTL)}, now)
	return token, err
}

// VerifyEmail uses up a verification token and marks the e-mail of the account with its address
// verified, which turns that address's invitations into roles. ErrInvalidVerificationToken: the
// token is unknown, used or expired; a NoAccountError (the token still usable) names an address
// that has no account yet. ownerID is the account the link is opened signed in to (or "");
// an unverified account that is not ownerID is not verified: ErrPasswordResetRequired, since its
// maker, who knows its password, may not be the mailbox's owner.
func (s *Service) VerifyEmail(ctx context.Context, token, ownerID string) (store.User, error) {
	hash, ok := tokenHash(token)
	if !ok {
		return store.User{}, ErrInvalidVerificationToken
	}
	u, err := s.store.VerifyEmail(ctx, hash, s.now().UTC(), ownerID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return store.User{}, ErrInvalidVerificationToken
	case errors.Is(err, store.ErrNoAccount):
		return store.User{}, &NoAccountError{Email: u.Email}
	case errors.Is(err, store.ErrUnproven):
		return store.User{}, ErrPasswordResetRequired
	}
	return u, err
}

// takeOverUser is the unverified account a verification token can take over with a new password.
func (s *Service) takeOverUser(ctx context.Context, hash []byte) (store.User, error) {
	u, err := s.store.VerifyEmail(ctx, hash, s.now().UTC(), "")
	if errors.Is(err, store.ErrUnproven) {
		return u, nil
	}
	// A verified account's link (now used up: it had nothing left to prove) sets no password.
	if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrNoAccount) {
		return store.User{}, ErrInvalidResetToken
	}
	return store.User{}, err
}

// takeOver sets an unverified account's password with one of its address's verification links,
// as a reset link would (every session ends, the address is verified), and uses the link up.
func (s *Service) takeOver(ctx context.Context, hash []byte, encoded string) (store.User, error) {
	u, err := s.takeOverUser(ctx, hash)
	if err != nil {
		return u, err
	}
	_, resetHash := newToken()
	now := s.now().UTC()
	if _, err := s.store.CreateResetToken(ctx, store.ResetToken{TokenHash: resetHash, UserID: u.ID,
		CreatedAt: now, ExpiresAt: now.Add(resetTTL)}, now); err != nil {
		return u, err
	}
	u, err = s.store.ResetPassword(ctx, resetHash, encoded, now)
	if errors.Is(err, store.ErrNotFound) {
		return u, ErrInvalidResetToken
	}
	if err != nil {
		return u, err
	}
	_, err = s.store.VerifyEmail(ctx, hash, now, u.ID)
	if errors.Is(err, store.ErrNotFound) { // used meanwhile by the same mailbox's other tab
		err = nil
	}
	return u, err
}

// Wait blocks until the e-mails under way have been sent (shutdown, tests).
func (s *Service) Wait() { s.mails.Wait() }

// ResetTokenEmail returns the e-mail of the account a usable reset token belongs to, or that a
// verification token can take over (ErrPasswordResetRequired).
func (s *Service) ResetTokenEmail(ctx context.Context, token string) (string, error) {
	hash, ok := tokenHash(token)
	if !ok {
		return "", ErrInvalidResetToken
	}
	u, err := s.store.ResetTokenUser(ctx, hash, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		u, err = s.takeOverUser(ctx, hash)
	}
	return u.Email, err
}

// ResetPassword sets a new password with a reset token, or with a verification token that
// takes over an unverified account (ErrPasswordResetRequired). The token is used up, and every
// session of the account ends.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	hash, ok := tokenHash(token)
	if !ok {
		return ErrInvalidResetToken
	}
	if err := s.policy.Check(password); err != nil {
		return err
	}
	encoded, err := hashPassword(s.params, password)
	if err != nil {
		return err
	}
	u, err := s.store.ResetPassword(ctx, hash, encoded, s.now().UTC())
	if errors.Is(err, store.ErrNotFound) {
		u, err = s.takeOver(ctx, hash, encoded)
	}
	if err != nil {
		return err
	}
	// Whoever could read the account's e-mail may sign in again at once.
	return s.store.ClearLoginFailures(ctx, u.Email)
}

// SetDisabled disables (or enables again) the account of email; disabling ends its sessions.
func (s *Service) SetDisabled(ctx context.Context, email string, disabled bool) error {
	u, err := s.store.UserByEmail(ctx, NormalizeEmail(email))
	if err != nil {
		return err
	}
	return s.store.SetUserDisabled(ctx, u.ID, disabled)
}

// DeleteExpired removes expired sessions and reset links and old login failures.
func (s *Service) DeleteExpired(ctx context.Context) error {
	now := s.now().UTC()
	return s.store.DeleteExpired(ctx, now, now.Add(-throttleWindow))
}

// RunCleanup calls DeleteExpired every interval until ctx ends.
func (s *Service) RunCleanup(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := s.DeleteExpired(ctx); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "deleting expired sessions", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// The demo organizer owns the demo events (PELOTAO_DEMO=1). Its password is public: demo only.
const (
	DemoOrganizerEmail    = "organizador@pelotao.demo"
	DemoOrganizerPassword = "pelotao-demo-2026"
	DemoOrganizerName     = "Organizador Demo"
)

// The demo event team (demo only, public password): a manager (gestao) and a kit desk member
// (retirada) of the upcoming demo events.
const (
	DemoGestaoEmail   = "gestao@pelotao.demo"
	DemoGestaoName    = "Gestora Demo"
	DemoRetiradaEmail = "retirada@pelotao.demo"
	DemoRetiradaName  = "Retirada Demo"
	DemoTeamPassword  = DemoOrganizerPassword
)

// EnsureDemoOrganizer creates the demo organizer's account unless it exists, and returns its id.
func (s *Service) EnsureDemoOrganizer(ctx context.Context) (string, error) {
	return s.EnsureDemoUser(ctx, DemoOrganizerEmail, DemoOrganizerPassword, DemoOrganizerName)
}

// EnsureDemoUser creates a demo account unless its e-mail has one, and returns its id. A demo
// account's address is verified (nobody reads pelotao.demo mail), so the demo team's invitations
// give their roles as they always did.
func (s *Service) EnsureDemoUser(ctx context.Context, email, password, name string) (string, error) {
	u, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		u, err = s.CreateUser(ctx, email, password, name)
		if errors.Is(err, ErrEmailInUse) { // another instance created it meanwhile
			u, err = s.store.UserByEmail(ctx, email)
		}
	}
	if err != nil {
		return "", err
	}
	if u.EmailVerifiedAt.IsZero() {
		err = s.store.SetEmailVerified(ctx, u.ID, s.now().UTC().Truncate(time.Millisecond))
	}
	return u.ID, err
}

// newToken returns a 256-bit random token for a cookie or a link, and the SHA-256 that is stored.
func newToken() (token string, hash []byte) {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails (Go ≥ 1.24)
	token = base64.RawURLEncoding.EncodeToString(b[:])
	h := sha256.Sum256([]byte(token))
	return token, h[:]
}

// tokenHash returns the stored form of a token, refusing anything newToken cannot have made.
func tokenHash(token string) ([]byte, bool) {
	if b, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(b) != 32 {
		return nil, false
	}
	h := sha256.Sum256([]byte(token))
	return h[:], true
}

func newUserID() string {
	var b [15]byte
	_, _ = rand.Read(b[:])
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:]))
}
