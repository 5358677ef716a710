package account

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/config"
	"pelotao/internal/mail"
	"pelotao/internal/mail/mailtest"
	"pelotao/internal/store"
	"pelotao/internal/store/sqlite"
)

// testParams keep tests fast; the production parameters have their own test.
var testParams = Params{Memory: 64, Time: 1, Threads: 1}

type fixture struct {
	svc    *Service
	store  *sqlite.Store
	mailer *mailtest.Recorder
	clock  *clocktest.Clock
}

func newFixture(t *testing.T, params Params) *fixture {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return newFixtureOn(t, st, params)
}

func newFixtureOn(t *testing.T, st *sqlite.Store, params Params) *fixture {
	t.Helper()
	f := &fixture{store: st, mailer: &mailtest.Recorder{}, clock: clocktest.New(time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC))}
	base, _ := url.Parse("https://pelotao.example")
	f.svc = New(Options{Store: st, Mailer: f.mailer, BaseURL: base, Params: params, Now: f.clock.Now,
		Policy: Policy{MinLength: 6, MaxBytes: DefaultMaxBytes, RejectCommon: true}})
	return f
}

func (f *fixture) signUp(t *testing.T, email, password string) SignedIn {
	t.Helper()
	si, err := f.svc.SignUp(context.Background(), email, password, "Maria", "192.0.2.1")
	if err != nil {
		t.Fatalf("sign-up %s: %v", email, err)
	}
	return si
}

func TestHashAndVerifyWithProductionParameters(t *testing.T) {
	if DefaultParams.Memory < 19*1024 || DefaultParams.Time < 2 || DefaultParams.Threads < 1 {
		t.Fatalf("DefaultParams %+v are below OWASP's argon2id minimum (m=19 MiB, t=2, p=1)", DefaultParams)
	}
	h1, err := hashPassword(DefaultParams, "corrida-de-rua")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`).MatchString(h1) {
		t.Fatalf("hash format: %s", h1)
	}
	h2, _ := hashPassword(DefaultParams, "corrida-de-rua")
	if h1 == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	ok, p, err := verifyPassword(h1, "corrida-de-rua")
	if err != nil || !ok || p != DefaultParams {
		t.Fatalf("right password: ok=%v params=%+v err=%v", ok, p, err)
	}
	if ok, _, _ := verifyPassword(h1, "corrida-de-ruA"); ok {
		t.Fatal("wrong password verified")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=0,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=1,p=1$!!$a2V5"} {
		if _, _, err := verifyPassword(bad, "x"); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
}

// Raising the parameters upgrades each user's hash at their next successful sign-in.
func TestLoginUpgradesWeakerHash(t *testing.T) {
	weak := newFixture(t, testParams)
	weak.signUp(t, "ana@example.com", "trilha-da-serra")
	stronger := Params{Memory: 128, Time: 2, Threads: 1}
	strong := newFixtureOn(t, weak.store, stronger)
	ctx := context.Background()

	if _, err := strong.svc.Login(ctx, "ana@example.com", "senha-errada", "10.0.0.1"); !errors.Is(err, ErrInvalidCredential) {
		t.Fatal(err)
	}
	u, _ := weak.store.UserByEmail(ctx, "ana@example.com")
	if _, p, _ := verifyPassword(u.PasswordHash, "x"); p != testParams {
		t.Fatalf("a failed sign-in changed the hash: %+v", p)
	}
	if _, err := strong.svc.Login(ctx, "ana@example.com", "trilha-da-serra", "10.0.0.1"); err != nil {
		t.Fatal(err)
	}
	u, _ = weak.store.UserByEmail(ctx, "ana@example.com")
	ok, p, err := verifyPassword(u.PasswordHash, "trilha-da-serra")
	if err != nil || !ok || p != stronger {
		t.Fatalf("after sign-in: ok=%v params=%+v, want %+v", ok, p, stronger)
	}
	if _, err := strong.svc.Login(ctx, "ana@example.com", "trilha-da-serra", "10.0.0.1"); err != nil {
		t.Fatalf("sign-in with the upgraded hash: %v", err)
	}
}

func TestPolicyRefusesShortLongAndCommonPasswords(t *testing.T) {
	if n := len(commonPasswords); n < 1000 {
		t.Fatalf("common password list has %d entries, want ≥ 1000", n)
	}
	p := Policy{MinLength: 6, MaxBytes: 128, RejectCommon: true}
	cases := []struct {
		password string
		unmet    []Rule
	}{
		{"trilh", []Rule{RuleMinLength}}, // 5 characters: AUTH-17
		{"çãoéü", []Rule{RuleMinLength}}, // counted in characters, not bytes
		{"maratona-sp", nil},             // fine
		{"senha123", []Rule{RuleCommon}}, // Brazilian favourites
		{"Flamengo", []Rule{RuleCommon}}, // compared case-insensitively
		{"corinthians", []Rule{RuleCommon}},
		{"123456", []Rule{RuleCommon}},
		{"12345", []Rule{RuleMinLength, RuleCommon}},
		{strings.Repeat("a", 129), []Rule{RuleMaxBytes}},
		{strings.Repeat("ã", 65), []Rule{RuleMaxBytes}}, // 130 bytes
	}
	for _, c := range cases {
		err := p.Check(c.password)
		var pe *PolicyError
		if c.unmet == nil {
			if err != nil {
				t.Errorf("%q: %v", c.password, err)
			}
			continue
		}
		if !errors.As(err, &pe) || strings.Join(rules(pe.Unmet), ",") != strings.Join(rules(c.unmet), ",") {
			t.Errorf("%q: got %v, want unmet %v", c.password, err, c.unmet)
		}
	}
	err := p.Check("1234")
	if err == nil || err.Error() != "A senha não atende aos requisitos: ter pelo menos 6 caracteres; não ser uma senha comum." {
		t.Errorf("message: %v", err)
	}
}

func rules(rs []Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, string(r))
	}
	return out
}

func TestSignUpValidatesAndNormalises(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	si := f.signUp(t, "  Maria.Silva@Example.COM ", "corredora-veloz")
	if si.User.Email != "maria.silva@example.com" || si.User.CreatedAt.IsZero() || si.User.ID == "" || si.Token == "" {
		t.Fatalf("user %+v", si.User)
	}
	if _, err := f.svc.SignUp(ctx, "MARIA.SILVA@example.com", "outra-senha-boa", "Outra", "192.0.2.1"); !errors.Is(err, ErrEmailInUse) {
		t.Fatalf("same e-mail in other case: %v", err)
	}
	_, err := f.svc.SignUp(ctx, "nao-e-email", "corredora-veloz", " ", "192.0.2.1")
	var ve ValidationError
	if !errors.As(err, &ve) || ve["email"] == "" || ve["displayName"] == "" {
		t.Fatalf("validation: %v", err)
	}
	var pe *PolicyError
	if _, err := f.svc.SignUp(ctx, "joao@example.com", "trilh", "João", "192.0.2.1"); !errors.As(err, &pe) {
		t.Fatalf("a 5-character password under the default policy: %v", err)
	}
}

// An unknown e-mail costs one argon2id verification with the same parameters as a real
// account's, and gets the same answer as a wrong password: time and answer reveal nothing.
func TestUnknownEmailCostsTheSameHashAsWrongPassword(t *testing.T) {
	f := newFixture(t, testParams)
	f.signUp(t, "bia@example.com", "bicicleta-azul")
	var calls []Params
	f.svc.verify = func(encoded, password string) (bool, Params, error) {
		ok, p, err := verifyPassword(encoded, password)
		calls = append(calls, p)
		return ok, p, err
	}
	ctx := context.Background()
	_, errWrong := f.svc.Login(ctx, "bia@example.com", "senha-errada", "10.0.0.1")
	_, errUnknown := f.svc.Login(ctx, "ninguem@example.com", "senha-errada", "10.0.0.1")
	if !errors.Is(errWrong, ErrInvalidCredential) || errWrong != errUnknown {
		t.Fatalf("answers differ: wrong password %v, unknown e-mail %v", errWrong, errUnknown)
	}
	if len(calls) != 2 || calls[0] != calls[1] || calls[0] != testParams {
		t.Fatalf("verifications: %+v, want two with %+v", calls, testParams)
	}
}

func TestThrottlingPerAccountAndPerIP(t *testing.T) {
	f := newFixture(t, testParams)
	f.signUp(t, "caio@example.com", "subida-forte")
	ctx := context.Background()
	for i := range 5 {
		if _, err := f.svc.Login(ctx, "caio@example.com", "errada", "10.0.0."+string(rune('1'+i))); !errors.Is(err, ErrInvalidCredential) {
			t.Fatalf("failure %d: %v", i+1, err)
		}
	}
	// Five failures from five addresses: the account is locked, even for the right password.
	if _, err := f.svc.Login(ctx, "caio@example.com", "subida-forte", "10.9.9.9"); !errors.Is(err, ErrTooManyRequests) {
		t.Fatalf("sixth attempt: %v", err)
	}
	f.clock.Advance(15*time.Minute + time.Second)
	if _, err := f.svc.Login(ctx, "caio@example.com", "subida-forte", "10.9.9.9"); err != nil {
		t.Fatalf("after the window: %v", err)
	}

	// Fifty failures from one address, over many e-mails, lock the address.
	for i := range 50 {
		email := "x" + strings.Repeat("y", i) + "@example.com"
		if _, err := f.svc.Login(ctx, email, "errada", "192.0.2.7"); !errors.Is(err, ErrInvalidCredential) {
			t.Fatalf("failure %d: %v", i+1, err)
		}
	}
	if _, err := f.svc.Login(ctx, "caio@example.com", "subida-forte", "192.0.2.7"); !errors.Is(err, ErrTooManyRequests) {
		t.Fatalf("51st from one address: %v", err)
	}
	if _, err := f.svc.Login(ctx, "caio@example.com", "subida-forte", "192.0.2.8"); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

func TestDisabledUserCannotSignIn(t *testing.T) {
	f := newFixture(t, testParams)
	si := f.signUp(t, "davi@example.com", "longao-de-domingo")
	ctx := context.Background()
	if err := f.svc.SetDisabled(ctx, "DAVI@example.com", true); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Authenticate(ctx, si.Token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("session of a disabled user: %v", err)
	}
	if _, err := f.svc.Login(ctx, "davi@example.com", "longao-de-domingo", "10.0.0.1"); !errors.Is(err, ErrUserDisabled) {
		t.Fatalf("right password: %v", err)
	}
	if _, err := f.svc.Login(ctx, "davi@example.com", "errada", "10.0.0.1"); !errors.Is(err, ErrInvalidCredential) {
		t.Fatalf("wrong password must not reveal the state: %v", err)
	}
}

func TestSessionSlidingExpiryAndLogout(t *testing.T) {
	f := newFixture(t, testParams)
	si := f.signUp(t, "eva@example.com", "pace-de-cinco")
	ctx := context.Background()
	if si.ExpiresAt != f.clock.Now().Add(SessionTTL) {
		t.Fatalf("expiry %v", si.ExpiresAt)
	}
	stored := func() time.Time {
		h, _ := tokenHash(si.Token)
		se, _, err := f.store.SessionByTokenHash(ctx, h, f.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		return se.ExpiresAt
	}

	f.clock.Advance(23 * time.Hour)
	u, ext, err := f.svc.Authenticate(ctx, si.Token)
	if err != nil || u.Email != "eva@example.com" || !ext.IsZero() || !stored().Equal(si.ExpiresAt) {
		t.Fatalf("within a day: %v ext=%v stored=%v", err, ext, stored())
	}
	f.clock.Advance(2 * time.Hour)
	_, ext, err = f.svc.Authenticate(ctx, si.Token)
	if err != nil || !ext.Equal(f.clock.Now().Add(SessionTTL)) || !stored().Equal(ext) {
		t.Fatalf("after a day: %v ext=%v stored=%v", err, ext, stored())
	}
	// Unused for 30 days: expired.
	f.clock.Advance(SessionTTL)
	if _, _, err := f.svc.Authenticate(ctx, si.Token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("after 30 idle days: %v", err)
	}

	si2, err := f.svc.Login(ctx, "eva@example.com", "pace-de-cinco", "10.0.0.1")
	if err != nil || si2.Token == si.Token {
		t.Fatalf("a new token at every login: %v", err)
	}
	if err := f.svc.Logout(ctx, si2.Token); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Authenticate(ctx, si2.Token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("after logout: %v", err)
	}
	for _, bad := range []string{"", "abc", strings.Repeat("A", 43) + "="} {
		if _, _, err := f.svc.Authenticate(ctx, bad); !errors.Is(err, ErrNoSession) {
			t.Errorf("token %q: %v", bad, err)
		}
	}

	// The cleanup removes the expired row.
	f.clock.Advance(SessionTTL + time.Hour)
	if err := f.svc.DeleteExpired(ctx); err != nil {
		t.Fatal(err)
	}
	h, _ := tokenHash(si.Token)
	if _, _, err := f.store.SessionByTokenHash(ctx, h, time.Time{}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired session row kept: %v", err)
	}
}

var linkRE = regexp.MustCompile(`https://pelotao\.example/redefinir-senha\?token=([A-Za-z0-9_-]{43})`)

// sent is what was mailed with subject, once the e-mails under way have gone.
func (f *fixture) sent(subject string) []mail.Message {
	f.svc.Wait()
	var ms []mail.Message
	for _, m := range f.mailer.Messages() {
		if m.Subject == subject {
			ms = append(ms, m)
		}
	}
	return ms
}

func (f *fixture) lastResetToken(t *testing.T) string {
	t.Helper()
	sent := f.sent(mail.PasswordResetSubject)
	if len(sent) == 0 {
		t.Fatal("no e-mail sent")
	}
	m := linkRE.FindStringSubmatch(sent[len(sent)-1].Text)
	if m == nil {
		t.Fatalf("no link in %s", sent[len(sent)-1].Text)
	}
	return m[1]
}

func TestPasswordResetLinkWorksOnce(t *testing.T) {
	f := newFixture(t, testParams)
	old := f.signUp(t, "fabi@example.com", "serra-do-mar")
	ctx := context.Background()

	if err := f.svc.RequestPasswordReset(ctx, "Fabi@Example.com"); err != nil {
		t.Fatal(err)
	}
	token := f.lastResetToken(t)
	m := f.sent(mail.PasswordResetSubject)[0]
	if m.To != "fabi@example.com" || m.Subject != mail.PasswordResetSubject || !strings.Contains(m.HTML, "https://pelotao.example/redefinir-senha?token="+token) {
		t.Fatalf("message %+v", m)
	}

	// At most one e-mail per account per minute.
	if err := f.svc.RequestPasswordReset(ctx, "fabi@example.com"); err != nil {
		t.Fatal(err)
	}
	f.svc.Wait()
	if n := len(f.sent(mail.PasswordResetSubject)); n != 1 {
		t.Fatalf("%d e-mails within a minute", n)
	}

	if email, err := f.svc.ResetTokenEmail(ctx, token); err != nil || email != "fabi@example.com" {
		t.Fatalf("token check: %q %v", email, err)
	}
	var pe *PolicyError
	if err := f.svc.ResetPassword(ctx, token, "senha123"); !errors.As(err, &pe) {
		t.Fatalf("common password at reset: %v", err)
	}
	if err := f.svc.ResetPassword(ctx, token, "nova-trilha-2026"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Authenticate(ctx, old.Token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("a reset must end the user's sessions: %v", err)
	}
	if err := f.svc.ResetPassword(ctx, token, "outra-trilha-2026"); !errors.Is(err, ErrInvalidResetToken) {
		t.Fatalf("token used twice: %v", err)
	}
	if _, err := f.svc.ResetTokenEmail(ctx, token); !errors.Is(err, ErrInvalidResetToken) {
		t.Fatalf("used token checks as valid: %v", err)
	}
	if _, err := f.svc.Login(ctx, "fabi@example.com", "serra-do-mar", "10.0.0.1"); !errors.Is(err, ErrInvalidCredential) {
		t.Fatalf("old password: %v", err)
	}
	if _, err := f.svc.Login(ctx, "fabi@example.com", "nova-trilha-2026", "10.0.0.1"); err != nil {
		t.Fatalf("new password: %v", err)
	}
}

func TestResetLinkExpiresAfterOneHour(t *testing.T) {
	f := newFixture(t, testParams)
	f.signUp(t, "gil@example.com", "km-quarenta-dois")
	ctx := context.Background()
	if err := f.svc.RequestPasswordReset(ctx, "gil@example.com"); err != nil {
		t.Fatal(err)
	}
	token := f.lastResetToken(t)
	f.clock.Advance(59 * time.Minute)
	if _, err := f.svc.ResetTokenEmail(ctx, token); err != nil {
		t.Fatalf("after 59 minutes: %v", err)
	}
	f.clock.Advance(2 * time.Minute)
	if err := f.svc.ResetPassword(ctx, token, "nova-trilha-2026"); !errors.Is(err, ErrInvalidResetToken) {
		t.Fatalf("after 61 minutes: %v", err)
	}
}

// Unknown and disabled accounts get the same answer and no e-mail; only malformed input differs.
func TestResetRequestDoesNotRevealAccounts(t *testing.T) {
	f := newFixture(t, testParams)
	f.signUp(t, "hugo@example.com", "ritmo-forte")
	f.signUp(t, "ines@example.com", "ritmo-leve")
	ctx := context.Background()
	if err := f.svc.SetDisabled(ctx, "ines@example.com", true); err != nil {
		t.Fatal(err)
	}
	for _, email := range []string{"ninguem@example.com", "ines@example.com", "hugo@example.com"} {
		if err := f.svc.RequestPasswordReset(ctx, email); err != nil {
			t.Fatalf("%s: %v", email, err)
		}
	}
	sent := f.sent(mail.PasswordResetSubject)
	if len(sent) != 1 || sent[0].To != "hugo@example.com" {
		t.Fatalf("sent %+v", sent)
	}
	var ve ValidationError
	if err := f.svc.RequestPasswordReset(ctx, "nao-e-email"); !errors.As(err, &ve) || ve["email"] == "" {
		t.Fatalf("malformed: %v", err)
	}
}

func TestResetLinkUsesTheBaseURL(t *testing.T) {
	f := newFixture(t, testParams)
	base, _ := url.Parse("https://www.pelotao.com.br/app")
	f.svc.baseURL = base
	if got := f.svc.ResetLink("abc"); got != "https://www.pelotao.com.br/app/redefinir-senha?token=abc" {
		t.Fatal(got)
	}
}

func TestEnsureDemoOrganizerIsIdempotent(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	id, err := f.svc.EnsureDemoOrganizer(ctx)
	if err != nil || id == "" {
		t.Fatal(id, err)
	}
	again, err := f.svc.EnsureDemoOrganizer(ctx)
	if err != nil || again != id {
		t.Fatalf("second call: %q %v, want %q", again, err, id)
	}
	si, err := f.svc.Login(ctx, DemoOrganizerEmail, DemoOrganizerPassword, "10.0.0.1")
	if err != nil || si.User.ID != id {
		t.Fatalf("demo organizer cannot sign in: %v", err)
	}
	// The demo's seeded flows (the team's invitations) need verified addresses (AUTH-34).
	if si.User.EmailVerifiedAt.IsZero() {
		t.Fatalf("the demo organizer is not verified: %+v", si.User)
	}
}

// A demo account made before verification existed is verified at the next start.
func TestEnsureDemoUserVerifiesAnOldAccount(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	u, err := f.svc.CreateUser(ctx, DemoGestaoEmail, DemoTeamPassword, DemoGestaoName)
	if err != nil || !u.EmailVerifiedAt.IsZero() {
		t.Fatalf("an operator's account starts unverified: %+v %v", u, err)
	}
	if id, err := f.svc.EnsureDemoUser(ctx, DemoGestaoEmail, DemoTeamPassword, DemoGestaoName); err != nil || id != u.ID {
		t.Fatalf("ensure: %q %v", id, err)
	}
	if got, _ := f.svc.User(ctx, u.ID); !got.EmailVerifiedAt.Equal(f.clock.Now()) {
		t.Fatalf("not verified: %+v", got)
	}
}

var verifyLinkRE = regexp.MustCompile(`https://pelotao\.example/verificar-email\?token=([A-Za-z0-9_-]{43})`)

// verificationTokens are the tokens of the verification e-mails sent to `to` so far, oldest first.
func (f *fixture) verificationTokens(t *testing.T, to string) []string {
	t.Helper()
	var tokens []string
	for _, m := range f.sent(mail.EmailVerificationSubject) {
		if m.To != to {
			continue
		}
		link := verifyLinkRE.FindStringSubmatch(m.Text)
		if link == nil || !strings.Contains(m.HTML, link[0]) {
			t.Fatalf("verification e-mail %+v", m)
		}
		tokens = append(tokens, link[1])
	}
	return tokens
}

// Sign-up mails a link on PELOTAO_BASE_URL that verifies the address once, within 24 hours
// (AUTH-30, AUTH-31).
func TestEmailVerificationLink(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	si := f.signUp(t, "Lia@Example.com", "serra-do-mar")
	if !si.User.EmailVerifiedAt.IsZero() {
		t.Fatalf("a new account is unverified: %+v", si.User)
	}
	tokens := f.verificationTokens(t, "lia@example.com")
	if len(tokens) != 1 {
		t.Fatalf("sign-up mailed %d links", len(tokens))
	}
	f.clock.Advance(23*time.Hour + 59*time.Minute)
	u, err := f.svc.VerifyEmail(ctx, tokens[0], si.User.ID)
	if err != nil || u.ID != si.User.ID || !u.EmailVerifiedAt.Equal(f.clock.Now()) {
		t.Fatalf("verify within the day: %+v %v", u, err)
	}
	if _, err := f.svc.VerifyEmail(ctx, tokens[0], si.User.ID); !errors.Is(err, ErrInvalidVerificationToken) {
		t.Fatalf("the link twice: %v", err)
	}
	for _, bad := range []string{"", "curto", strings.Repeat("A", 43)} {
		if _, err := f.svc.VerifyEmail(ctx, bad, si.User.ID); !errors.Is(err, ErrInvalidVerificationToken) {
			t.Fatalf("token %q: %v", bad, err)
		}
	}

	other := f.signUp(t, "rui@example.com", "trilha-longa")
	token := f.verificationTokens(t, "rui@example.com")
	f.clock.Advance(24 * time.Hour)
	if _, err := f.svc.VerifyEmail(ctx, token[len(token)-1], other.User.ID); !errors.Is(err, ErrInvalidVerificationToken) {
		t.Fatalf("a link 24 hours old: %v", err)
	}
	if u, _ := f.svc.User(ctx, other.User.ID); !u.EmailVerifiedAt.IsZero() {
		t.Fatalf("an expired link verified: %+v", u)
	}
}

// Sending the link again is limited as reset e-mails are: one a minute per account; a
// verified account gets none (AUTH-32).
func TestEmailVerificationResendLimit(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	si := f.signUp(t, "lia@example.com", "serra-do-mar")
	f.svc.SendEmailVerification(ctx, si.User)
	if n := len(f.verificationTokens(t, "lia@example.com")); n != 1 {
		t.Fatalf("a resend within the minute of sign-up sent: %d e-mails in all", n)
	}
	f.clock.Advance(time.Minute + time.Millisecond)
	f.svc.SendEmailVerification(ctx, si.User)
	f.svc.SendEmailVerification(ctx, si.User)
	tokens := f.verificationTokens(t, "lia@example.com")
	if len(tokens) != 2 {
		t.Fatalf("after a minute, two resends sent %d e-mails in all, want 2", len(tokens))
	}
	// Each link works on its own: the older one is still valid within its day.
	u, err := f.svc.VerifyEmail(ctx, tokens[0], si.User.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Hour)
	f.svc.SendEmailVerification(ctx, u)
	if n := len(f.verificationTokens(t, "lia@example.com")); n != 2 {
		t.Fatalf("a verified account was mailed again: %d", n)
	}
}

// An invitation's token verifies the account that signs up with it (TEAM-7); one for another
// address leaves the new account unverified, with its own link mailed.
func TestSignUpWithInvitationToken(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	token, err := f.svc.InvitationToken(ctx, "Nova@Example.com")
	if err != nil {
		t.Fatal(err)
	}
	var na *NoAccountError
	if _, err := f.svc.VerifyEmail(ctx, token, ""); !errors.As(err, &na) || na.Email != "nova@example.com" {
		t.Fatalf("the invitation's link before the account exists: %v", err)
	}
	si, err := f.svc.SignUpInvited(ctx, "nova@example.com", "serra-do-mar", "Nova", "192.0.2.1", token)
	if err != nil || si.User.EmailVerifiedAt.IsZero() {
		t.Fatalf("signed up from the invitation: %+v %v", si.User, err)
	}
	if n := len(f.verificationTokens(t, "nova@example.com")); n != 0 {
		t.Fatalf("a verified account was mailed %d links", n)
	}

	other, err := f.svc.InvitationToken(ctx, "convidada@example.com")
	if err != nil {
		t.Fatal(err)
	}
	si, err = f.svc.SignUpInvited(ctx, "intrusa@example.com", "serra-do-mar", "Intrusa", "192.0.2.1", other)
	if err != nil || !si.User.EmailVerifiedAt.IsZero() {
		t.Fatalf("another address's token verified: %+v %v", si.User, err)
	}
	if n := len(f.verificationTokens(t, "intrusa@example.com")); n != 1 {
		t.Fatalf("the unverified account got %d links", n)
	}
	// Invitations last a week.
	f.clock.Advance(7*24*time.Hour - time.Second)
	if _, err := f.svc.VerifyEmail(ctx, other, ""); !errors.As(err, &na) {
		t.Fatalf("an invitation's link within the week: %v", err)
	}
	f.clock.Advance(time.Second)
	if _, err := f.svc.VerifyEmail(ctx, other, ""); !errors.Is(err, ErrInvalidVerificationToken) {
		t.Fatalf("an invitation's link after the week: %v", err)
	}
}

// Whoever made an unverified account may not own its mailbox: a link opened outside the
// account's session takes the account over with a new password, which ends the maker's sessions
// and its password, and only then verifies the address (AUTH-35).
func TestVerificationLinkTakesOverAnotherMakersAccount(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	intruder := f.signUp(t, "maria@clube.com.br", "senha-da-intrusa")
	// Mailed to Maria by the intruder's sign-up: opening it must not vouch for the intruder.
	signUpLink := f.verificationTokens(t, "maria@clube.com.br")
	token, err := f.svc.InvitationToken(ctx, "maria@clube.com.br")
	if err != nil || len(signUpLink) != 1 {
		t.Fatalf("links: %d %v", len(signUpLink), err)
	}
	for name, token := range map[string]string{"the sign-up's link": signUpLink[0], "the invitation's link": token} {
		if _, err := f.svc.VerifyEmail(ctx, token, ""); !errors.Is(err, ErrPasswordResetRequired) {
			t.Fatalf("%s, not signed in: %v, want ErrPasswordResetRequired", name, err)
		}
		if u, _ := f.svc.User(ctx, intruder.User.ID); !u.EmailVerifiedAt.IsZero() {
			t.Fatalf("%s verified the intruder's account", name)
		}
	}
	if email, err := f.svc.ResetTokenEmail(ctx, token); err != nil || email != "maria@clube.com.br" {
		t.Fatalf("the reset page with the link: %q %v", email, err)
	}
	if err := f.svc.ResetPassword(ctx, token, "fraca"); err == nil {
		t.Fatal("the password policy applies")
	}
	if err := f.svc.ResetPassword(ctx, token, "senha-da-maria"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.svc.Authenticate(ctx, intruder.Token); !errors.Is(err, ErrNoSession) {
		t.Fatalf("the intruder's session: %v, want ended", err)
	}
	if _, err := f.svc.Login(ctx, "maria@clube.com.br", "senha-da-intrusa", "192.0.2.9"); !errors.Is(err, ErrInvalidCredential) {
		t.Fatalf("the intruder's password: %v", err)
	}
	si, err := f.svc.Login(ctx, "maria@clube.com.br", "senha-da-maria", "192.0.2.1")
	if err != nil || si.User.EmailVerifiedAt.IsZero() {
		t.Fatalf("Maria signs in verified: %+v %v", si.User, err)
	}
	if err := f.svc.ResetPassword(ctx, token, "outra-senha-ainda"); !errors.Is(err, ErrInvalidResetToken) {
		t.Fatalf("the link twice: %v", err)
	}
	if _, err := f.svc.VerifyEmail(ctx, token, ""); !errors.Is(err, ErrInvalidVerificationToken) {
		t.Fatalf("the used link: %v", err)
	}
	// A verified account's link sets no password.
	later, err := f.svc.InvitationToken(ctx, "maria@clube.com.br")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ResetTokenEmail(ctx, later); !errors.Is(err, ErrInvalidResetToken) {
		t.Fatalf("a verified account's link on the reset page: %v", err)
	}
}

// A password reset by e-mail proves the address (AUTH-33).
func TestPasswordResetVerifiesEmail(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	si := f.signUp(t, "lia@example.com", "serra-do-mar")
	if err := f.svc.RequestPasswordReset(ctx, "lia@example.com"); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.ResetPassword(ctx, f.lastResetToken(t), "nova-trilha-2026"); err != nil {
		t.Fatal(err)
	}
	if u, _ := f.svc.User(ctx, si.User.ID); !u.EmailVerifiedAt.Equal(f.clock.Now()) {
		t.Fatalf("a reset left the address unverified: %+v", u)
	}
}

// BenchmarkLogin measures a failed sign-in with the production parameters, for a known e-mail
// with a wrong password and for an unknown e-mail: the two should cost about the same.
// go test -run '^$' -bench Login ./internal/account
func BenchmarkLogin(b *testing.B) {
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	base, _ := url.Parse("https://pelotao.example")
	svc := New(Options{Store: st, Mailer: &mailtest.Recorder{}, BaseURL: base, Policy: Policy{MinLength: 6, MaxBytes: DefaultMaxBytes}})
	ctx := context.Background()
	if _, err := svc.CreateUser(ctx, "bia@example.com", "bicicleta-azul", "Bia"); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, email string }{{"wrong-password", "bia@example.com"}, {"unknown-email", "ninguem@example.com"}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				// A fresh address each time, so the throttle never answers instead of the hash.
				ip := fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255)
				if _, err := svc.Login(ctx, c.email, "senha-errada", ip); !errors.Is(err, ErrInvalidCredential) {
					b.Fatal(err)
				}
				if err := st.ClearLoginFailures(ctx, c.email); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The operator's PELOTAO_SIGNUPS_PER_HOUR is the limit the service applies.
func TestSignUpLimitFromConfig(t *testing.T) {
	st := newFixture(t, testParams).store
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"PELOTAO_SIGNUPS_PER_HOUR": "2", "PELOTAO_PASSWORD_MIN_LENGTH": "6"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	svc := FromConfig(cfg, st, &mailtest.Recorder{}, nil)
	if got := svc.SignupLimit(); got != (store.SenderLimit{Max: 2, Window: time.Hour}) {
		t.Fatalf("limit %+v, want 2 per hour", got)
	}
	svc.params = testParams
	for i := range 3 {
		_, err := svc.SignUp(context.Background(), fmt.Sprintf("clube%d@example.com", i), "corredora-veloz", "Clube", "198.51.100.30")
		if want := i == 2; errors.Is(err, ErrTooManySignups) != want {
			t.Fatalf("sign-up %d: %v", i+1, err)
		}
	}
}

// Sign-ups are limited per address: the check comes before the password is hashed, and only
// accounts actually created use up the budget.
func TestSignUpLimitedPerAddress(t *testing.T) {
	f := newFixture(t, testParams)
	ctx := context.Background()
	hashes := 0
	f.svc.hash = func(p Params, password string) (string, error) { hashes++; return hashPassword(p, password) }
	const ip = "198.51.100.20"
	for i := range DefaultSignupLimit.Max {
		if _, err := f.svc.SignUp(ctx, fmt.Sprintf("atleta%d@example.com", i), "corredora-veloz", "Atleta", ip); err != nil {
			t.Fatalf("sign-up %d: %v", i+1, err)
		}
		if i == 0 {
			// A refused form and a taken e-mail do not count.
			if _, err := f.svc.SignUp(ctx, "nao-e-email", "corredora-veloz", "Atleta", ip); err == nil {
				t.Fatal("invalid e-mail accepted")
			}
			if _, err := f.svc.SignUp(ctx, "atleta0@example.com", "corredora-veloz", "Atleta", ip); !errors.Is(err, ErrEmailInUse) {
				t.Fatalf("taken e-mail: %v", err)
			}
		}
	}
	before := hashes
	if _, err := f.svc.SignUp(ctx, "mais-uma@example.com", "corredora-veloz", "Atleta", ip); !errors.Is(err, ErrTooManySignups) {
		t.Fatalf("sign-up over the limit: %v", err)
	}
	if hashes != before {
		t.Errorf("the refused sign-up hashed its password")
	}
	if _, err := f.store.UserByEmail(ctx, "mais-uma@example.com"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("refused account stored: %v", err)
	}
	if _, err := f.svc.SignUp(ctx, "vizinha@example.com", "corredora-veloz", "Vizinha", "198.51.100.21"); err != nil {
		t.Errorf("another address: %v", err)
	}
	f.clock.Advance(DefaultSignupLimit.Window + time.Second)
	if _, err := f.svc.SignUp(ctx, "mais-uma@example.com", "corredora-veloz", "Atleta", ip); err != nil {
		t.Errorf("after the window: %v", err)
	}
	// The operators' command is not limited.
	if _, err := f.svc.CreateUser(ctx, "operador@example.com", "corredora-veloz", "Operador"); err != nil {
		t.Errorf("CreateUser: %v", err)
	}
}
