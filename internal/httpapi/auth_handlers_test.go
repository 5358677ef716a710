package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/config"
	"pelotao/internal/mail"
	"pelotao/internal/mail/mailtest"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// authApp serves the site with accounts and a mailer; its Client calls it.
type authApp struct {
	apitest.Client
	srv      *Server
	accounts *account.Service
	mailer   *mailtest.Recorder
}

// newAuthApp serves a database file; two apps on one file are two instances of the site.
func newAuthApp(t testing.TB, dbPath string, env map[string]string) *authApp {
	t.Helper()
	return newAuthAppOn(t, dbtest.OpenSQLite(t, dbPath), env)
}

// newAuthAppOn serves st with fast password hashing and a mailer that records what it sends.
func newAuthAppOn(t testing.TB, st store.Store, env map[string]string) *authApp {
	t.Helper()
	return newAuthAppAt(t, st, env, nil)
}

// newAuthAppAt is newAuthAppOn whose accounts tell the time by now (time.Now when nil).
func newAuthAppAt(t testing.TB, st store.Store, env map[string]string, now func() time.Time) *authApp {
	t.Helper()
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	m := &mailtest.Recorder{}
	accounts := account.New(account.Options{Store: st, Mailer: m, BaseURL: cfg.BaseURL, Now: now,
		Params: account.Params{Memory: 64, Time: 1, Threads: 1},
		Policy: account.Policy{MinLength: cfg.PasswordMinLength, MaxBytes: account.DefaultMaxBytes, RejectCommon: true}})
	srv, err := New(Deps{Config: cfg, Store: st, UI: testUI, Accounts: accounts, Mailer: m})
	if err != nil {
		t.Fatal(err)
	}
	return &authApp{Client: apitest.Client{Handler: srv}, srv: srv, accounts: accounts, mailer: m}
}

// mailedToken is the token of the last link to linkPath (such as "/verificar-email") mailed to
// email, once the e-mails under way have gone.
func (a *authApp) mailedToken(t testing.TB, email, linkPath string) string {
	t.Helper()
	a.accounts.Wait()
	re := regexp.MustCompile(regexp.QuoteMeta(linkPath) + `\?token=([A-Za-z0-9_-]+)`)
	msgs := a.mailer.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if m := re.FindStringSubmatch(msgs[i].Text); msgs[i].To == email && m != nil {
			return m[1]
		}
	}
	t.Fatalf("no %s link mailed to %s among %d e-mails", linkPath, email, len(msgs))
	return ""
}

// confirmEmail opens the last verification link mailed to email, as its owner would: signed in
// to the account (session).
func (a *authApp) confirmEmail(t testing.TB, email string, session *http.Cookie) {
	t.Helper()
	token := a.mailedToken(t, email, "/verificar-email")
	if res := a.Call("POST", "/api/auth/email-verification/confirm", `{"token":"`+token+`"}`, apitest.Cookies(session)); res.Code != http.StatusOK {
		t.Fatalf("verifying %s: %d %s", email, res.Code, res.Body)
	}
}

func sessionCookie(t testing.TB, w *httptest.ResponseRecorder) *http.Cookie {
	t.Helper()
	for _, c := range w.Result().Cookies() {
		if strings.HasSuffix(c.Name, "pelotao_session") {
			return c
		}
	}
	t.Fatalf("no session cookie in %v", w.Header())
	return nil
}

type apiAnswer struct {
	User *struct {
		UID, Email, DisplayName, CreatedAt string
	} `json:"user"`
	Error *struct {
		Code, Message string
		Fields        map[string]string
	} `json:"error"`
}

func TestSignUpSessionLogoutLogin(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	w := app.Call("POST", "/api/auth/signup", `{"email":"Maria@Example.com","password":"corredora-veloz","displayName":"Maria"}`)
	if w.Code != http.StatusCreated {
		t.Fatalf("signup: %d %s", w.Code, w.Body)
	}
	a := apitest.Decode[apiAnswer](t, w)
	if a.User == nil || a.User.Email != "maria@example.com" || a.User.DisplayName != "Maria" || a.User.UID == "" || a.User.CreatedAt == "" {
		t.Fatalf("signup body %s", w.Body)
	}
	c := sessionCookie(t, w)
	if c.Name != "pelotao_session" || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure || len(c.Value) != 43 {
		t.Fatalf("cookie %+v", c)
	}
	if c.MaxAge < 29*24*3600 {
		t.Fatalf("cookie lifetime %d s, want 30 days", c.MaxAge)
	}

	if a := apitest.Decode[apiAnswer](t, app.Call("GET", "/api/auth/session", "", apitest.Cookies(c))); a.User == nil || a.User.Email != "maria@example.com" {
		t.Fatalf("session with cookie: %+v", a)
	}
	if w := app.Call("GET", "/api/auth/session", ""); strings.TrimSpace(w.Body.String()) != `{"user":null}` {
		t.Fatalf("session without cookie: %s", w.Body)
	}

	w = app.Call("POST", "/api/auth/logout", "", apitest.Cookies(c))
	if w.Code != http.StatusNoContent || sessionCookie(t, w).MaxAge >= 0 {
		t.Fatalf("logout: %d %v", w.Code, w.Header())
	}
	// The old cookie, replayed, no longer works: the session ended on the server.
	w = app.Call("GET", "/api/auth/session", "", apitest.Cookies(c))
	if strings.TrimSpace(w.Body.String()) != `{"user":null}` {
		t.Fatalf("replayed cookie after logout: %s", w.Body)
	}

	w = app.Call("POST", "/api/auth/login", `{"email":"maria@example.com","password":"corredora-veloz"}`)
	if w.Code != 200 || apitest.Decode[apiAnswer](t, w).User.Email != "maria@example.com" {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	if c2 := sessionCookie(t, w); c2.Value == c.Value {
		t.Fatal("login reused a token")
	}

	w = app.Call("POST", "/api/auth/signup", `{"email":"maria@example.com","password":"outra-senha-boa","displayName":"M"}`)
	if a := apitest.Decode[apiAnswer](t, w); w.Code != http.StatusConflict || a.Error.Code != "auth/email-already-in-use" || a.Error.Message != "Este e-mail já está cadastrado." {
		t.Fatalf("duplicate: %d %s", w.Code, w.Body)
	}
	w = app.Call("POST", "/api/auth/signup", `{"email":"jo@example.com","password":"trilh","displayName":"Jo"}`)
	if a := apitest.Decode[apiAnswer](t, w); w.Code != 422 || a.Error.Code != "auth/password-does-not-meet-requirements" || a.Error.Fields["password"] == "" {
		t.Fatalf("5-character password: %d %s", w.Code, w.Body)
	}
	w = app.Call("POST", "/api/auth/signup", `{"email":"nao-e-email","password":"corredora-veloz","displayName":""}`)
	if a := apitest.Decode[apiAnswer](t, w); w.Code != 422 || a.Error.Code != "invalid-argument" || a.Error.Fields["email"] == "" || a.Error.Fields["displayName"] == "" {
		t.Fatalf("invalid fields: %d %s", w.Code, w.Body)
	}
}

func TestSecureCookieOverHTTPS(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), map[string]string{"PELOTAO_BASE_URL": "https://pelotao.example"})
	w := app.Call("POST", "/api/auth/signup", `{"email":"a@example.com","password":"corredora-veloz","displayName":"A"}`)
	c := sessionCookie(t, w)
	if c.Name != "__Host-pelotao_session" || !c.Secure || !c.HttpOnly || c.Path != "/" || c.Domain != "" {
		t.Fatalf("cookie over https: %+v", c)
	}
	if a := apitest.Decode[apiAnswer](t, app.Call("GET", "/api/auth/session", "", apitest.Cookies(c))); a.User == nil {
		t.Fatal("the __Host- cookie is not read back")
	}
}

func TestUnknownEmailAndWrongPasswordAnswerAlike(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	app.Call("POST", "/api/auth/signup", `{"email":"bia@example.com","password":"bicicleta-azul","displayName":"Bia"}`)
	wrong := app.Call("POST", "/api/auth/login", `{"email":"bia@example.com","password":"errada"}`)
	unknown := app.Call("POST", "/api/auth/login", `{"email":"ninguem@example.com","password":"errada"}`)
	if wrong.Code != 401 || unknown.Code != 401 || wrong.Body.String() != unknown.Body.String() {
		t.Fatalf("wrong password %d %s; unknown e-mail %d %s", wrong.Code, wrong.Body, unknown.Code, unknown.Body)
	}
	if apitest.Decode[apiAnswer](t, wrong).Error.Code != "auth/invalid-credential" {
		t.Fatalf("code: %s", wrong.Body)
	}
	if len(wrong.Result().Cookies()) != 0 {
		t.Fatal("a failed login set a cookie")
	}
}

// Throttling lives in the database: failures counted by one instance lock the account on another.
func TestThrottlingHoldsAcrossTwoServers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "shared.db")
	a := newAuthApp(t, db, nil)
	b := newAuthApp(t, db, nil)
	a.Call("POST", "/api/auth/signup", `{"email":"caio@example.com","password":"subida-forte","displayName":"Caio"}`)
	for i := range 5 {
		app := []*authApp{a, b}[i%2]
		if w := app.Call("POST", "/api/auth/login", `{"email":"caio@example.com","password":"errada"}`); w.Code != 401 {
			t.Fatalf("failure %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	for name, app := range map[string]*authApp{"a": a, "b": b} {
		w := app.Call("POST", "/api/auth/login", `{"email":"caio@example.com","password":"subida-forte"}`)
		if w.Code != http.StatusTooManyRequests || apitest.Decode[apiAnswer](t, w).Error.Code != "auth/too-many-requests" || w.Header().Get("Retry-After") == "" {
			t.Fatalf("server %s after 5 failures: %d %s", name, w.Code, w.Body)
		}
	}
}

func TestDisabledUserAnswer(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	w := app.Call("POST", "/api/auth/signup", `{"email":"davi@example.com","password":"longao-de-domingo","displayName":"Davi"}`)
	c := sessionCookie(t, w)
	if err := app.accounts.SetDisabled(context.Background(), "davi@example.com", true); err != nil {
		t.Fatal(err)
	}
	w = app.Call("POST", "/api/auth/login", `{"email":"davi@example.com","password":"longao-de-domingo"}`)
	if w.Code != http.StatusForbidden || apitest.Decode[apiAnswer](t, w).Error.Code != "auth/user-disabled" {
		t.Fatalf("disabled: %d %s", w.Code, w.Body)
	}
	// The dead session cookie is removed, and the request is a visitor's.
	w = app.Call("GET", "/api/auth/session", "", apitest.Cookies(c))
	if strings.TrimSpace(w.Body.String()) != `{"user":null}` || sessionCookie(t, w).MaxAge >= 0 {
		t.Fatalf("session of a disabled user: %s %v", w.Body, w.Header())
	}
}

var tokenRE = regexp.MustCompile(`/redefinir-senha\?token=([A-Za-z0-9_-]+)`)

func TestPasswordResetFlow(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), map[string]string{"PELOTAO_BASE_URL": "https://pelotao.example"})
	w := app.Call("POST", "/api/auth/signup", `{"email":"fabi@example.com","password":"serra-do-mar","displayName":"Fabi"}`)
	old := sessionCookie(t, w)

	wk := app.Call("POST", "/api/auth/password-reset", `{"email":"fabi@example.com"}`,
		func(r *http.Request) { r.Host = "malicioso.example" }) // the link must not follow the request's host
	unknown := app.Call("POST", "/api/auth/password-reset", `{"email":"ninguem@example.com"}`)
	if wk.Code != 202 || unknown.Code != 202 || wk.Body.String() != unknown.Body.String() {
		t.Fatalf("known %d %s; unknown %d %s", wk.Code, wk.Body, unknown.Code, unknown.Body)
	}
	if w := app.Call("POST", "/api/auth/password-reset", `{"email":"nao-e-email"}`); w.Code != 422 || apitest.Decode[apiAnswer](t, w).Error.Fields["email"] == "" {
		t.Fatalf("malformed: %d %s", w.Code, w.Body)
	}
	app.accounts.Wait()
	var sent []mail.Message
	for _, m := range app.mailer.Messages() {
		if m.Subject == mail.PasswordResetSubject {
			sent = append(sent, m)
		}
	}
	if len(sent) != 1 || !strings.Contains(sent[0].Text, "https://pelotao.example/redefinir-senha?token=") || strings.Contains(sent[0].Text+sent[0].HTML, "malicioso") {
		t.Fatalf("sent %+v", sent)
	}
	token := tokenRE.FindStringSubmatch(sent[0].Text)[1]

	w = app.Call("POST", "/api/auth/password-reset/verify", `{"token":"`+token+`"}`)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"email":"fabi@example.com"`) {
		t.Fatalf("verify: %d %s", w.Code, w.Body)
	}
	w = app.Call("POST", "/api/auth/password-reset/confirm", `{"token":"`+token+`","password":"senha123"}`)
	if w.Code != 422 || apitest.Decode[apiAnswer](t, w).Error.Code != "auth/password-does-not-meet-requirements" {
		t.Fatalf("common password: %d %s", w.Code, w.Body)
	}
	if w := app.Call("POST", "/api/auth/password-reset/confirm", `{"token":"`+token+`","password":"nova-trilha-2026"}`); w.Code != 200 {
		t.Fatalf("confirm: %d %s", w.Code, w.Body)
	}
	if a := apitest.Decode[apiAnswer](t, app.Call("GET", "/api/auth/session", "", apitest.Cookies(old))); a.User != nil {
		t.Fatal("the reset did not end the old session")
	}
	for path, body := range map[string]string{
		"/api/auth/password-reset/confirm": `{"token":"` + token + `","password":"outra-trilha-2026"}`,
		"/api/auth/password-reset/verify":  `{"token":"` + token + `"}`,
	} {
		w := app.Call("POST", path, body)
		if a := apitest.Decode[apiAnswer](t, w); w.Code != 400 || a.Error.Code != "auth/invalid-action-code" || a.Error.Message != "Link inválido ou expirado." {
			t.Fatalf("%s with a used token: %d %s", path, w.Code, w.Body)
		}
	}
	w = app.Call("POST", "/api/auth/login", `{"email":"fabi@example.com","password":"nova-trilha-2026"}`)
	if w.Code != 200 {
		t.Fatalf("login with the new password: %d %s", w.Code, w.Body)
	}
	// The reset link reached the mailbox, which proves the address (AUTH-33).
	if !strings.Contains(w.Body.String(), `"emailVerificado":true`) {
		t.Fatalf("a reset must verify the e-mail: %s", w.Body)
	}
}

func TestPasswordPolicyComesFromConfiguration(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), map[string]string{"PELOTAO_PASSWORD_MIN_LENGTH": "10"})
	w := app.Call("GET", "/api/auth/password-policy", "")
	if w.Code != 200 || strings.TrimSpace(w.Body.String()) != `{"minLength":10,"maxBytes":128,"rejectCommon":true}` {
		t.Fatalf("policy: %d %s", w.Code, w.Body)
	}
	w = app.Call("POST", "/api/auth/signup", `{"email":"a@example.com","password":"nove-letr","displayName":"A"}`)
	if w.Code != 422 {
		t.Fatalf("9 characters under a minimum of 10: %d", w.Code)
	}
}

func TestResetPageSendsNoReferrer(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	if got := app.Call("GET", "/redefinir-senha?token=abc", "").Header().Get("Referrer-Policy"); got != "no-referrer" {
		t.Fatalf("reset page Referrer-Policy %q", got)
	}
	if got := app.Call("GET", "/login", "").Header().Get("Referrer-Policy"); got != "strict-origin-when-cross-origin" {
		t.Fatalf("other pages Referrer-Policy %q", got)
	}
}

// The session middleware is what api.RequireUser relies on for write routes.
func TestSessionReachesRequireUser(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	app.srv.mux.Handle("POST /api/teste-escrita", api.RequireUser(api.Func(func(w http.ResponseWriter, r *http.Request) error {
		u, _ := api.CurrentUser(r)
		api.WriteJSON(w, 200, map[string]string{"id": u.ID, "email": u.Email, "displayName": u.DisplayName})
		return nil
	})))
	if w := app.Call("POST", "/api/teste-escrita", "{}"); w.Code != 401 {
		t.Fatalf("visitor: %d", w.Code)
	}
	bogus := &http.Cookie{Name: "pelotao_session", Value: strings.Repeat("A", 43)}
	if w := app.Call("POST", "/api/teste-escrita", "{}", apitest.Cookies(bogus)); w.Code != 401 {
		t.Fatalf("forged cookie: %d", w.Code)
	}
	w := app.Call("POST", "/api/auth/signup", `{"email":"eva@example.com","password":"pace-de-cinco","displayName":"Eva"}`)
	uid := apitest.Decode[apiAnswer](t, w).User.UID
	w = app.Call("POST", "/api/teste-escrita", "{}", apitest.Cookies(sessionCookie(t, w)))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"id":"`+uid+`"`) || !strings.Contains(w.Body.String(), `"displayName":"Eva"`) {
		t.Fatalf("signed in: %d %s", w.Code, w.Body)
	}
}

func TestClientIPBehindATrustedProxy(t *testing.T) {
	r := httptest.NewRequest("POST", "/api/auth/login", nil)
	r.RemoteAddr = "10.0.0.5:41234"
	r.Header.Add("X-Forwarded-For", "1.2.3.4, 203.0.113.9")
	direct := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	if got := direct.srv.clientIP(r); got != "10.0.0.5" {
		t.Fatalf("without a trusted proxy the header is ignored: %q", got)
	}
	proxied := newAuthApp(t, filepath.Join(t.TempDir(), "b.db"), map[string]string{"PELOTAO_TRUST_PROXY": "1"})
	if got := proxied.srv.clientIP(r); got != "203.0.113.9" {
		t.Fatalf("behind a trusted proxy: %q, want the address the proxy appended", got)
	}
}

func TestLoginEndsTheBrowsersPreviousSession(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	first := sessionCookie(t, app.Call("POST", "/api/auth/signup", `{"email":"a@example.com","password":"corredora-veloz","displayName":"A"}`))
	app.Call("POST", "/api/auth/signup", `{"email":"b@example.com","password":"ciclista-veloz","displayName":"B"}`)
	w := app.Call("POST", "/api/auth/login", `{"email":"b@example.com","password":"ciclista-veloz"}`, apitest.Cookies(first))
	if w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	if a := apitest.Decode[apiAnswer](t, app.Call("GET", "/api/auth/session", "", apitest.Cookies(first))); a.User != nil {
		t.Fatalf("the previous session still works: %+v", a.User)
	}
}
