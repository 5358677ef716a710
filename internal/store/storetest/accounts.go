package storetest

import (
	"context"
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	"pelotao/internal/store"
)

// testAccounts exercises store.AccountStore. Times are whole milliseconds, the finest both
// databases keep.
func testAccounts(t *testing.T, open Open) {
	t.Run("Users", func(t *testing.T) { testUsers(t, open(t)) })
	t.Run("Sessions", func(t *testing.T) { testSessions(t, open(t)) })
	t.Run("ResetTokens", func(t *testing.T) { testResetTokens(t, open(t)) })
	t.Run("EmailVerification", func(t *testing.T) { testEmailVerification(t, open(t)) })
	t.Run("LoginFailures", func(t *testing.T) { testLoginFailures(t, open(t)) })
	t.Run("DeleteExpired", func(t *testing.T) { testDeleteExpired(t, open(t)) })
	t.Run("LinksUsedOnce", func(t *testing.T) { testLinksUsedOnce(t, open(t)) })
}

// testLinksUsedOnce opens one reset link and one verification link from many requests at once:
// each works for exactly one of them, the others find it used (ErrNotFound).
func testLinksUsedOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	u := mustCreateUser(t, s, "u-once", "once@example.com")
	reset := store.ResetToken{TokenHash: tokenHashOf("once-reset"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}
	verify := store.EmailVerificationToken{TokenHash: tokenHashOf("once-verify"), Email: u.Email, CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}
	if ok, err := s.CreateResetToken(ctx, reset, accountT0.Add(-time.Minute)); err != nil || !ok {
		t.Fatalf("reset token: %v %v", ok, err)
	}
	if ok, err := s.CreateEmailVerificationToken(ctx, verify, accountT0.Add(-time.Minute)); err != nil || !ok {
		t.Fatalf("verification token: %v %v", ok, err)
	}
	at := accountT0.Add(time.Minute)
	for name, use := range map[string]func() error{
		"reset": func() error {
			_, err := s.ResetPassword(ctx, reset.TokenHash, "$argon2id$new", at)
			return err
		},
		"verification": func() error {
			_, err := s.VerifyEmail(ctx, verify.TokenHash, at, u.ID)
			return err
		},
	} {
		const n = 8
		errs := make(chan error, n)
		for range n {
			go func() { errs <- use() }()
		}
		worked := 0
		for range n {
			switch err := <-errs; {
			case err == nil:
				worked++
			case !errors.Is(err, store.ErrNotFound):
				t.Fatalf("%s link: %v", name, err)
			}
		}
		if worked != 1 {
			t.Fatalf("%s link worked %d times, want once", name, worked)
		}
	}
}

var accountT0 = time.Date(2026, 3, 15, 10, 30, 0, 123_000_000, time.UTC)

func tokenHashOf(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func mustCreateUser(t *testing.T, s store.Store, id, email string) store.User {
	t.Helper()
	u := store.User{ID: id, Email: email, DisplayName: "Maria " + id, PasswordHash: "$argon2id$hash-" + id, CreatedAt: accountT0}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatalf("create user %s: %v", id, err)
	}
	return u
}

// mustCreateVerifiedUser creates an account that has proved its e-mail, as invitations need.
func mustCreateVerifiedUser(t *testing.T, s store.Store, id, email string) store.User {
	t.Helper()
	u := store.User{ID: id, Email: email, DisplayName: "Maria " + id, PasswordHash: "$argon2id$hash-" + id,
		CreatedAt: accountT0, EmailVerifiedAt: accountT0}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatalf("create user %s: %v", id, err)
	}
	return u
}

func testUsers(t *testing.T, s store.Store) {
	ctx := context.Background()
	want := mustCreateUser(t, s, "u1", "maria@example.com")

	got, err := s.UserByEmail(ctx, "maria@example.com")
	if err != nil || got != want {
		t.Fatalf("by email: %+v, %v; want %+v", got, err, want)
	}
	if got, err := s.UserByID(ctx, "u1"); err != nil || got != want {
		t.Fatalf("by id: %+v, %v", got, err)
	}
	if _, err := s.UserByEmail(ctx, "ninguem@example.com"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown e-mail: %v, want ErrNotFound", err)
	}
	if _, err := s.UserByID(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown id: %v, want ErrNotFound", err)
	}
	dup := want
	dup.ID = "u2"
	if err := s.CreateUser(ctx, dup); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate e-mail: %v, want ErrConflict", err)
	}

	if err := s.SetPasswordHash(ctx, "u1", "$argon2id$new"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.UserByID(ctx, "u1"); got.PasswordHash != "$argon2id$new" {
		t.Fatalf("hash not replaced: %q", got.PasswordHash)
	}
	if err := s.SetPasswordHash(ctx, "nope", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("hash of unknown user: %v", err)
	}

	if err := s.CreateSession(ctx, store.Session{TokenHash: tokenHashOf("a"), UserID: "u1", CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetUserDisabled(ctx, "u1", true); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.UserByID(ctx, "u1"); !got.Disabled {
		t.Fatal("user not disabled")
	}
	if _, _, err := s.SessionByTokenHash(ctx, tokenHashOf("a"), accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("disabling must end the user's sessions: %v", err)
	}
	if err := s.SetUserDisabled(ctx, "u1", false); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.UserByID(ctx, "u1"); got.Disabled {
		t.Fatal("user not enabled again")
	}
	if err := s.SetUserDisabled(ctx, "nope", true); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("disable unknown user: %v", err)
	}
}

func testSessions(t *testing.T, s store.Store) {
	ctx := context.Background()
	u := mustCreateUser(t, s, "u1", "ana@example.com")
	se := store.Session{TokenHash: tokenHashOf("token-1"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(30 * 24 * time.Hour)}
	if err := s.CreateSession(ctx, se); err != nil {
		t.Fatal(err)
	}
	gotS, gotU, err := s.SessionByTokenHash(ctx, se.TokenHash, accountT0.Add(time.Minute))
	if err != nil || gotU != u || string(gotS.TokenHash) != string(se.TokenHash) || !gotS.ExpiresAt.Equal(se.ExpiresAt) || !gotS.CreatedAt.Equal(accountT0) || gotS.UserID != u.ID {
		t.Fatalf("session: %+v %+v %v", gotS, gotU, err)
	}
	if _, _, err := s.SessionByTokenHash(ctx, tokenHashOf("other"), accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown token: %v", err)
	}
	if _, _, err := s.SessionByTokenHash(ctx, se.TokenHash, se.ExpiresAt); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired session still found: %v", err)
	}

	later := se.ExpiresAt.Add(48 * time.Hour)
	if err := s.ExtendSession(ctx, se.TokenHash, later); err != nil {
		t.Fatal(err)
	}
	if got, _, err := s.SessionByTokenHash(ctx, se.TokenHash, se.ExpiresAt.Add(time.Hour)); err != nil || !got.ExpiresAt.Equal(later) {
		t.Fatalf("extended session: %+v %v", got, err)
	}
	if err := s.ExtendSession(ctx, tokenHashOf("other"), later); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("extend unknown: %v", err)
	}

	if err := s.DeleteSession(ctx, se.TokenHash); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionByTokenHash(ctx, se.TokenHash, accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted session still found: %v", err)
	}
	if err := s.DeleteSession(ctx, se.TokenHash); err != nil {
		t.Fatalf("deleting twice: %v", err)
	}
}

func testResetTokens(t *testing.T, s store.Store) {
	ctx := context.Background()
	u := mustCreateUser(t, s, "u1", "joao@example.com")
	other := mustCreateUser(t, s, "u2", "bia@example.com")
	tok := store.ResetToken{TokenHash: tokenHashOf("r1"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}
	if ok, err := s.CreateResetToken(ctx, tok, accountT0.Add(-time.Minute)); err != nil || !ok {
		t.Fatalf("first token: %v %v", ok, err)
	}
	// A second request within the minute is refused; another user's is not.
	second := store.ResetToken{TokenHash: tokenHashOf("r2"), UserID: u.ID, CreatedAt: accountT0.Add(30 * time.Second), ExpiresAt: accountT0.Add(time.Hour)}
	if ok, err := s.CreateResetToken(ctx, second, second.CreatedAt.Add(-time.Minute)); err != nil || ok {
		t.Fatalf("second token within a minute: stored=%v %v", ok, err)
	}
	if ok, err := s.CreateResetToken(ctx, store.ResetToken{TokenHash: tokenHashOf("o1"), UserID: other.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}, accountT0.Add(-time.Minute)); err != nil || !ok {
		t.Fatalf("other user's token: %v %v", ok, err)
	}
	third := store.ResetToken{TokenHash: tokenHashOf("r3"), UserID: u.ID, CreatedAt: accountT0.Add(2 * time.Minute), ExpiresAt: accountT0.Add(time.Hour)}
	if ok, err := s.CreateResetToken(ctx, third, third.CreatedAt.Add(-time.Minute)); err != nil || !ok {
		t.Fatalf("token after a minute: %v %v", ok, err)
	}

	if got, err := s.ResetTokenUser(ctx, tok.TokenHash, accountT0); err != nil || got != u {
		t.Fatalf("token user: %+v %v", got, err)
	}
	if _, err := s.ResetTokenUser(ctx, tokenHashOf("r2"), accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("refused token must not exist: %v", err)
	}
	if _, err := s.ResetTokenUser(ctx, tok.TokenHash, tok.ExpiresAt); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired token: %v", err)
	}
	if _, err := s.ResetPassword(ctx, tok.TokenHash, "$argon2id$late", tok.ExpiresAt.Add(time.Second)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("reset with an expired token: %v", err)
	}

	sess := store.Session{TokenHash: tokenHashOf("s1"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(24 * time.Hour)}
	otherSess := store.Session{TokenHash: tokenHashOf("s2"), UserID: other.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(24 * time.Hour)}
	for _, se := range []store.Session{sess, otherSess} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.ResetPassword(ctx, tok.TokenHash, "$argon2id$reset", accountT0.Add(5*time.Minute))
	if err != nil || got.ID != u.ID || got.PasswordHash != "$argon2id$reset" {
		t.Fatalf("reset: %+v %v", got, err)
	}
	// The link reached the account's mailbox: the address is proved.
	if !got.EmailVerifiedAt.Equal(accountT0.Add(5 * time.Minute)) {
		t.Fatalf("a reset must verify the e-mail: %+v", got)
	}
	if stored, _ := s.UserByID(ctx, u.ID); stored.PasswordHash != "$argon2id$reset" {
		t.Fatalf("password not stored: %q", stored.PasswordHash)
	}
	if _, _, err := s.SessionByTokenHash(ctx, sess.TokenHash, accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("reset must end the user's sessions: %v", err)
	}
	if _, _, err := s.SessionByTokenHash(ctx, otherSess.TokenHash, accountT0); err != nil {
		t.Fatalf("reset ended another user's session: %v", err)
	}
	if _, err := s.ResetPassword(ctx, tok.TokenHash, "$argon2id$again", accountT0.Add(6*time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("token used twice: %v", err)
	}
	if _, err := s.ResetTokenUser(ctx, third.TokenHash, accountT0.Add(6*time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a reset must void the user's other links: %v", err)
	}
	if _, err := s.ResetTokenUser(ctx, tokenHashOf("o1"), accountT0.Add(6*time.Minute)); err != nil {
		t.Fatalf("another user's link was voided: %v", err)
	}
}

func testEmailVerification(t *testing.T, s store.Store) {
	ctx := context.Background()
	u := mustCreateUser(t, s, "u1", "maria@example.com")
	if !u.EmailVerifiedAt.IsZero() {
		t.Fatalf("a new account is unverified: %+v", u)
	}
	sess := store.Session{TokenHash: tokenHashOf("s1"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(24 * time.Hour)}
	if err := s.CreateSession(ctx, sess); err != nil {
		t.Fatal(err)
	}
	token := func(name, email string, at time.Time) store.EmailVerificationToken {
		return store.EmailVerificationToken{TokenHash: tokenHashOf(name), Email: email, CreatedAt: at, ExpiresAt: at.Add(24 * time.Hour)}
	}
	first := token("v1", u.Email, accountT0)
	if ok, err := s.CreateEmailVerificationToken(ctx, first, accountT0.Add(-time.Minute)); err != nil || !ok {
		t.Fatalf("first token: %v %v", ok, err)
	}
	// One e-mail a minute per address, unless the caller asks for none (an invitation).
	again := token("v2", u.Email, accountT0.Add(30*time.Second))
	if ok, err := s.CreateEmailVerificationToken(ctx, again, again.CreatedAt.Add(-time.Minute)); err != nil || ok {
		t.Fatalf("second token within a minute: stored=%v %v", ok, err)
	}
	invite := token("v3", u.Email, accountT0.Add(40*time.Second))
	if ok, err := s.CreateEmailVerificationToken(ctx, invite, invite.CreatedAt); err != nil || !ok {
		t.Fatalf("an invitation's token: %v %v", ok, err)
	}
	if _, err := s.VerifyEmail(ctx, again.TokenHash, accountT0.Add(time.Minute), u.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refused token must not exist: %v", err)
	}
	if _, err := s.VerifyEmail(ctx, first.TokenHash, first.ExpiresAt, u.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired token: %v", err)
	}
	at := accountT0.Add(time.Hour)
	// Opened by anyone but the account's owner, the link does not verify the account (its maker
	// may not read the mailbox) and stays usable.
	if got, err := s.VerifyEmail(ctx, first.TokenHash, at, ""); !errors.Is(err, store.ErrUnproven) || got.ID != u.ID {
		t.Fatalf("verify by a stranger: %+v %v, want ErrUnproven with the account", got, err)
	}
	if stored, _ := s.UserByID(ctx, u.ID); !stored.EmailVerifiedAt.IsZero() {
		t.Fatalf("verified by a stranger: %+v", stored)
	}
	got, err := s.VerifyEmail(ctx, first.TokenHash, at, u.ID)
	if err != nil || got.ID != u.ID || !got.EmailVerifiedAt.Equal(at) {
		t.Fatalf("verify: %+v %v", got, err)
	}
	if stored, _ := s.UserByID(ctx, u.ID); !stored.EmailVerifiedAt.Equal(at) {
		t.Fatalf("verification not stored: %+v", stored)
	}
	if _, su, err := s.SessionByTokenHash(ctx, sess.TokenHash, at); err != nil || !su.EmailVerifiedAt.Equal(at) {
		t.Fatalf("the session's user: %+v %v", su, err)
	}
	if _, err := s.VerifyEmail(ctx, first.TokenHash, at, u.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a token used twice: %v", err)
	}
	// Another link later, opened by anyone, keeps the first proof's time.
	if got, err := s.VerifyEmail(ctx, invite.TokenHash, at.Add(time.Hour), ""); err != nil || !got.EmailVerifiedAt.Equal(at) {
		t.Fatalf("verified again: %+v %v", got, err)
	}

	// A token for an address without an account waits for it.
	nova := token("n1", "nova@example.com", accountT0)
	if ok, err := s.CreateEmailVerificationToken(ctx, nova, nova.CreatedAt); err != nil || !ok {
		t.Fatalf("token of an address without an account: %v %v", ok, err)
	}
	if got, err := s.VerifyEmail(ctx, nova.TokenHash, at, ""); !errors.Is(err, store.ErrNoAccount) || got.Email != "nova@example.com" {
		t.Fatalf("no account yet: %+v %v, want ErrNoAccount with the address", got, err)
	}
	created := mustCreateUser(t, s, "u2", "nova@example.com")
	if got, err := s.VerifyEmail(ctx, nova.TokenHash, at, created.ID); err != nil || got.ID != created.ID || got.EmailVerifiedAt.IsZero() {
		t.Fatalf("the token, once the account exists: %+v %v", got, err)
	}

	// Set directly (the demo team), once.
	other := mustCreateUser(t, s, "u3", "bia@example.com")
	if err := s.SetEmailVerified(ctx, other.ID, at); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEmailVerified(ctx, other.ID, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if stored, _ := s.UserByID(ctx, other.ID); !stored.EmailVerifiedAt.Equal(at) {
		t.Fatalf("set verified: %+v", stored)
	}
	if err := s.SetEmailVerified(ctx, "nao-existe", at); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an unknown user: %v, want ErrNotFound", err)
	}
	// An account created verified (operators, the demo) says so.
	v := mustCreateVerifiedUser(t, s, "u4", "verificada@example.com")
	if stored, _ := s.UserByEmail(ctx, v.Email); stored != v {
		t.Fatalf("created verified: %+v, want %+v", stored, v)
	}
}

func testLoginFailures(t *testing.T, s store.Store) {
	ctx := context.Background()
	for i, f := range []struct{ email, ip string }{
		{"a@x.com", "10.0.0.1"}, {"a@x.com", "10.0.0.2"}, {"b@x.com", "10.0.0.1"}, {"a@x.com", "10.0.0.1"},
	} {
		if err := s.RecordLoginFailure(ctx, f.email, f.ip, accountT0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.CountLoginFailures(ctx, "a@x.com", "10.0.0.1", accountT0.Add(-time.Second))
	if err != nil || got != (store.LoginFailures{ForAccount: 3, FromIP: 3}) {
		t.Fatalf("counts: %+v %v", got, err)
	}
	if got, _ := s.CountLoginFailures(ctx, "a@x.com", "10.0.0.1", accountT0.Add(90*time.Second)); got != (store.LoginFailures{ForAccount: 1, FromIP: 2}) {
		t.Fatalf("counts since 90 s: %+v", got)
	}
	if err := s.ClearLoginFailures(ctx, "a@x.com"); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.CountLoginFailures(ctx, "a@x.com", "10.0.0.1", accountT0.Add(-time.Second)); got != (store.LoginFailures{ForAccount: 0, FromIP: 1}) {
		t.Fatalf("counts after clearing a@x.com: %+v", got)
	}
}

func testDeleteExpired(t *testing.T, s store.Store) {
	ctx := context.Background()
	u := mustCreateUser(t, s, "u1", "c@example.com")
	old := store.Session{TokenHash: tokenHashOf("old"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}
	live := store.Session{TokenHash: tokenHashOf("live"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(48 * time.Hour)}
	for _, se := range []store.Session{old, live} {
		if err := s.CreateSession(ctx, se); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.CreateResetToken(ctx, store.ResetToken{TokenHash: tokenHashOf("rt"), UserID: u.ID, CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}, accountT0.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateEmailVerificationToken(ctx, store.EmailVerificationToken{TokenHash: tokenHashOf("ev"), Email: u.Email,
		CreatedAt: accountT0, ExpiresAt: accountT0.Add(time.Hour)}, accountT0); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordLoginFailure(ctx, "c@example.com", "10.0.0.9", accountT0); err != nil {
		t.Fatal(err)
	}
	now := accountT0.Add(2 * time.Hour)
	if err := s.DeleteExpired(ctx, now, now.Add(-15*time.Minute)); err != nil {
		t.Fatal(err)
	}
	// The expired session is gone even if the clock were turned back; the live one stays.
	if _, _, err := s.SessionByTokenHash(ctx, old.TokenHash, accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired session kept: %v", err)
	}
	if _, _, err := s.SessionByTokenHash(ctx, live.TokenHash, now); err != nil {
		t.Fatalf("live session deleted: %v", err)
	}
	if _, err := s.ResetTokenUser(ctx, tokenHashOf("rt"), accountT0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired reset token kept: %v", err)
	}
	if _, err := s.VerifyEmail(ctx, tokenHashOf("ev"), accountT0, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("expired verification token kept: %v", err)
	}
	if got, _ := s.CountLoginFailures(ctx, "c@example.com", "10.0.0.9", accountT0.Add(-time.Hour)); got.ForAccount != 0 || got.FromIP != 0 {
		t.Fatalf("old failures kept: %+v", got)
	}
}
