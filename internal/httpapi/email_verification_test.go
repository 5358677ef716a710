package httpapi

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/clocktest"
	"pelotao/internal/store/dbtest"
)

// verifiedAnswer is the part of a session, sign-up or sign-in answer that says whether the
// account has verified its e-mail.
type verifiedAnswer struct {
	User *struct {
		Email           string
		EmailVerificado *bool
	} `json:"user"`
}

func emailVerified(t *testing.T, res *httptest.ResponseRecorder) bool {
	t.Helper()
	a := apitest.Decode[verifiedAnswer](t, res)
	if a.User == nil || a.User.EmailVerificado == nil {
		t.Fatalf("no user.emailVerificado in %s", res.Body)
	}
	return *a.User.EmailVerificado
}

// The contract of docs/http-api.md "E-mail verification": the link on PELOTAO_BASE_URL, sent again
// at most once a minute, valid 24 hours and once (AUTH-30, AUTH-31, AUTH-32).
func TestEmailVerificationOverHTTP(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC))
	app := newAuthAppAt(t, dbtest.OpenSQLite(t, filepath.Join(t.TempDir(), "v.db")), map[string]string{"PELOTAO_BASE_URL": "https://pelotao.example"}, clock.Now)
	res := app.Call("POST", "/api/auth/signup", `{"email":"Lia@Example.com","password":"serra-do-mar","displayName":"Lia"}`,
		func(r *http.Request) { r.Host = "malicioso.example" }) // the link must not follow the request's host
	if res.Code != http.StatusCreated || emailVerified(t, res) {
		t.Fatalf("signup: %d %s", res.Code, res.Body)
	}
	cookie := sessionCookie(t, res)
	if emailVerified(t, app.Call("GET", "/api/auth/session", "", apitest.Cookies(cookie))) {
		t.Fatal("a new account's session says verified")
	}
	first := app.mailedToken(t, "lia@example.com", "https://pelotao.example/verificar-email")
	resend := func() {
		t.Helper()
		if res := app.Call("POST", "/api/auth/email-verification", "", apitest.Cookies(cookie)); res.Code != http.StatusAccepted || strings.TrimSpace(res.Body.String()) != "{}" {
			t.Fatalf("resend: %d %s", res.Code, res.Body)
		}
		app.accounts.Wait()
	}
	resend()
	if n := len(app.mailer.Messages()); n != 1 {
		t.Fatalf("a resend within the minute of sign-up mailed again: %d e-mails", n)
	}
	clock.Advance(time.Minute + time.Millisecond)
	resend()
	second := app.mailedToken(t, "lia@example.com", "https://pelotao.example/verificar-email")
	if len(app.mailer.Messages()) != 2 || second == first {
		t.Fatalf("a resend after a minute: %d e-mails", len(app.mailer.Messages()))
	}

	confirm := func(token string) *httptest.ResponseRecorder {
		return app.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+token+`"}`, apitest.Cookies(cookie))
	}
	refused := func(what string, res *httptest.ResponseRecorder) {
		t.Helper()
		if a := apitest.Decode[apiAnswer](t, res); res.Code != 400 || a.Error == nil || a.Error.Code != "auth/invalid-action-code" || a.Error.Message != "Link inválido ou expirado." {
			t.Fatalf("%s: %d %s", what, res.Code, res.Body)
		}
	}
	clock.Advance(24*time.Hour - time.Millisecond) // the first link is a day old, the second not yet
	refused("a link 24 hours old", confirm(first))
	// Opened outside the account's session, the link cannot tell its maker from the mailbox's owner.
	if res := app.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+second+`"}`); res.Code != http.StatusConflict {
		t.Fatalf("confirm signed out: %d %s", res.Code, res.Body)
	}
	if res := confirm(second); res.Code != 200 || strings.TrimSpace(res.Body.String()) != `{"email":"lia@example.com"}` {
		t.Fatalf("confirm: %d %s", res.Code, res.Body)
	}
	refused("a link used twice", confirm(second))
	if !emailVerified(t, app.Call("GET", "/api/auth/session", "", apitest.Cookies(cookie))) {
		t.Fatal("the session still says unverified")
	}
	// A verified account asks again: 202, and nothing is mailed.
	clock.Advance(time.Hour)
	resend()
	if n := len(app.mailer.Messages()); n != 2 {
		t.Fatalf("a verified account was mailed: %d e-mails", n)
	}
}

// An invitation's link for an address without an account says so and stays usable; signing up
// with its token creates the account verified, with its role at once (TEAM-7).
func TestInvitationLinkBeforeTheAccount(t *testing.T) {
	w := newMatrixWorld(t, nil)
	if code, body := w.json(t, "POST", "/api/events/"+w.eventID+"/staff", `{"email":"nova@exemplo.com.br","role":"gestao"}`, resourceOwner); code != 201 {
		t.Fatalf("invite: %d %v", code, body)
	}
	token := w.app.mailedToken(t, "nova@exemplo.com.br", "/verificar-email")
	res := w.app.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+token+`"}`)
	if a := apitest.Decode[apiAnswer](t, res); res.Code != 404 || a.Error.Code != "auth/user-not-found" ||
		a.Error.Message != "Ainda não há conta com este e-mail. Cadastre-se com ele para aceitar o convite." {
		t.Fatalf("before the account: %d %s", res.Code, res.Body)
	}
	res = w.app.Call("POST", "/api/auth/signup", `{"email":"nova@exemplo.com.br","password":"largada-as-seis","displayName":"Nova","token":"`+token+`"}`)
	if res.Code != 201 || !emailVerified(t, res) {
		t.Fatalf("signup with the invitation's token: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("GET", "/api/events/"+w.eventID+"/staff", "", apitest.Cookies(sessionCookie(t, res))); res.Code != 200 {
		t.Fatalf("the new manager reads the team: %d %s", res.Code, res.Body)
	}
	w.app.accounts.Wait()
	for _, m := range w.app.mailer.Messages() {
		if m.To == "nova@exemplo.com.br" && !strings.Contains(m.Subject, "Convite") {
			t.Fatalf("a verified sign-up was mailed %q", m.Subject)
		}
	}
}

// Someone signs up first with an invited address and knows the account's password; the
// mailbox's owner opens the invitation's link and must take the account over with a new
// password, which ends the intruder's sessions, before the address is verified and the role
// given (AUTH-35, TEAM-6).
func TestInvitationLinkTakesOverAPreRegisteredAccount(t *testing.T) {
	w := newMatrixWorld(t, nil)
	staffPath := "/api/events/" + w.eventID + "/staff"
	res := w.app.Call("POST", "/api/auth/signup", `{"email":"maria@clube.com.br","password":"senha-da-intrusa","displayName":"Intrusa"}`)
	if res.Code != 201 {
		t.Fatalf("the intruder's sign-up: %d %s", res.Code, res.Body)
	}
	intruder := sessionCookie(t, res)
	w.app.accounts.Wait()
	if code, body := w.json(t, "POST", staffPath, `{"email":"maria@clube.com.br","role":"gestao"}`, resourceOwner); code != 201 {
		t.Fatalf("invite: %d %v", code, body)
	}
	token := w.app.mailedToken(t, "maria@clube.com.br", "/verificar-email")

	// Maria opens the link on her phone: the account is not hers to vouch for yet.
	res = w.app.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+token+`"}`)
	if a := apitest.Decode[apiAnswer](t, res); res.Code != 409 || a.Error == nil || a.Error.Code != "auth/password-reset-required" {
		t.Fatalf("the link, signed out: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("GET", staffPath, "", apitest.Cookies(intruder)); res.Code != 403 {
		t.Fatalf("the intruder after Maria opened the link: %d %s", res.Code, res.Body)
	}
	// The reset page takes the same link.
	if res := w.app.Call("POST", "/api/auth/password-reset/verify", `{"token":"`+token+`"}`); res.Code != 200 ||
		strings.TrimSpace(res.Body.String()) != `{"email":"maria@clube.com.br"}` {
		t.Fatalf("the reset page: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("POST", "/api/auth/password-reset/confirm", `{"token":"`+token+`","password":"largada-da-maria"}`); res.Code != 200 {
		t.Fatalf("the new password: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("GET", "/api/auth/session", "", apitest.Cookies(intruder)); strings.TrimSpace(res.Body.String()) != `{"user":null}` {
		t.Fatalf("the intruder's session lives on: %s", res.Body)
	}
	if res := w.app.Call("GET", staffPath, "", apitest.Cookies(intruder)); res.Code != 401 {
		t.Fatalf("the intruder reads the team: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("POST", "/api/auth/login", `{"email":"maria@clube.com.br","password":"senha-da-intrusa"}`); res.Code != 401 {
		t.Fatalf("the intruder's password: %d %s", res.Code, res.Body)
	}
	res = w.app.Call("POST", "/api/auth/login", `{"email":"maria@clube.com.br","password":"largada-da-maria"}`)
	if res.Code != 200 || !emailVerified(t, res) {
		t.Fatalf("Maria signs in: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("GET", staffPath, "", apitest.Cookies(sessionCookie(t, res))); res.Code != 200 || !strings.Contains(res.Body.String(), `"role":"gestao"`) {
		t.Fatalf("Maria manages the event: %d %s", res.Code, res.Body)
	}
	if res := w.app.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+token+`"}`); res.Code != 400 {
		t.Fatalf("the used link: %d %s", res.Code, res.Body)
	}
}
