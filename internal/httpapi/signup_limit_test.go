package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pelotao/internal/account"
	"pelotao/internal/api/apitest"
)

// signUpFrom posts a sign-up as a browser at remoteAddr; forwardedFor, when set, is the
// X-Forwarded-For header a balancer would add.
func (a *authApp) signUpFrom(email, remoteAddr, forwardedFor string) *httptest.ResponseRecorder {
	via := []apitest.Option{apitest.From(remoteAddr)}
	if forwardedFor != "" {
		via = append(via, apitest.Header("X-Forwarded-For", forwardedFor))
	}
	return a.Call("POST", "/api/auth/signup", `{"email":"`+email+`","password":"pedal-de-domingo","displayName":"Atleta"}`, via...)
}

// checkSignupLimited checks the answer over the limit: sign-in's 429, with a Retry-After.
func checkSignupLimited(t *testing.T, w *httptest.ResponseRecorder) {
	t.Helper()
	if w.Code != http.StatusTooManyRequests {
		t.Fatalf("over the limit: %d %s", w.Code, w.Body)
	}
	want := `{"error":{"code":"auth/too-many-requests","message":"Muitas tentativas. Tente novamente mais tarde."}}`
	if got := strings.TrimSpace(w.Body.String()); got != want {
		t.Errorf("body %s, want %s", got, want)
	}
	if got := w.Header().Get("Retry-After"); got != strconv.Itoa(int(account.DefaultSignupLimit.Window.Seconds())) {
		t.Errorf("Retry-After %q", got)
	}
	if c := w.Result().Cookies(); len(c) != 0 {
		t.Errorf("cookies on a refused sign-up: %v", c)
	}
}

func TestSignUpLimitedPerAddress(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	for i := range account.DefaultSignupLimit.Max {
		if w := app.signUpFrom(fmt.Sprintf("atleta%d@exemplo.com.br", i), fmt.Sprintf("203.0.113.5:%d", 5000+i), ""); w.Code != http.StatusCreated {
			t.Fatalf("sign-up %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	w := app.signUpFrom("mais-uma@exemplo.com.br", "203.0.113.5:6000", "")
	checkSignupLimited(t, w)
	if w := app.Call("POST", "/api/auth/login", `{"email":"mais-uma@exemplo.com.br","password":"pedal-de-domingo"}`); w.Code != http.StatusUnauthorized {
		t.Errorf("the refused account exists: login %d %s", w.Code, w.Body)
	}
	if w := app.signUpFrom("vizinha@exemplo.com.br", "203.0.113.6:5000", ""); w.Code != http.StatusCreated {
		t.Errorf("another address was limited too: %d %s", w.Code, w.Body)
	}
	// Sign-in from the limited address is not affected.
	if w := app.Call("POST", "/api/auth/login", `{"email":"atleta0@exemplo.com.br","password":"pedal-de-domingo"}`); w.Code != http.StatusOK {
		t.Errorf("login after the sign-up limit: %d %s", w.Code, w.Body)
	}
}

// A taken e-mail (409) and a refused form (422) do not use up the budget.
func TestSignUpLimitCountsOnlyCreatedAccounts(t *testing.T) {
	app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
	const addr = "203.0.113.7:5000"
	if w := app.signUpFrom("atleta0@exemplo.com.br", addr, ""); w.Code != http.StatusCreated {
		t.Fatalf("first sign-up: %d %s", w.Code, w.Body)
	}
	for range account.DefaultSignupLimit.Max + 2 {
		if w := app.signUpFrom("atleta0@exemplo.com.br", addr, ""); w.Code != http.StatusConflict {
			t.Fatalf("taken e-mail: %d %s", w.Code, w.Body)
		}
		if w := app.signUpFrom("nao-e-email", addr, ""); w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("invalid e-mail: %d %s", w.Code, w.Body)
		}
	}
	for i := 1; i < account.DefaultSignupLimit.Max; i++ {
		if w := app.signUpFrom(fmt.Sprintf("atleta%d@exemplo.com.br", i), addr, ""); w.Code != http.StatusCreated {
			t.Fatalf("sign-up %d after the failures: %d %s", i+1, w.Code, w.Body)
		}
	}
	checkSignupLimited(t, app.signUpFrom("mais-uma@exemplo.com.br", addr, ""))
}

// Behind a balancer (PELOTAO_TRUST_PROXY) the limit counts each client, the last
// X-Forwarded-For entry; without it the header is whatever the client claims, and is ignored.
func TestSignUpLimitAndForwardedFor(t *testing.T) {
	t.Run("trusted proxy", func(t *testing.T) {
		app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), map[string]string{"PELOTAO_TRUST_PROXY": "1"})
		const balancer = "10.0.0.2:40000"
		for i := range account.DefaultSignupLimit.Max {
			// The first entries are the client's own claims, different each time: they do not count.
			xff := fmt.Sprintf("192.0.2.%d, 203.0.113.5", i)
			if w := app.signUpFrom(fmt.Sprintf("atleta%d@exemplo.com.br", i), balancer, xff); w.Code != http.StatusCreated {
				t.Fatalf("sign-up %d: %d %s", i+1, w.Code, w.Body)
			}
		}
		checkSignupLimited(t, app.signUpFrom("mais-uma@exemplo.com.br", balancer, "192.0.2.99, 203.0.113.5"))
		if w := app.signUpFrom("vizinha@exemplo.com.br", balancer, "198.51.100.7"); w.Code != http.StatusCreated {
			t.Errorf("another client behind the same balancer was limited too: %d %s", w.Code, w.Body)
		}
	})
	t.Run("no trusted proxy", func(t *testing.T) {
		app := newAuthApp(t, filepath.Join(t.TempDir(), "a.db"), nil)
		for i := range account.DefaultSignupLimit.Max {
			// A script that invents a new X-Forwarded-For for each request is still one address.
			xff := fmt.Sprintf("198.51.100.%d", i)
			if w := app.signUpFrom(fmt.Sprintf("atleta%d@exemplo.com.br", i), "203.0.113.8:5000", xff); w.Code != http.StatusCreated {
				t.Fatalf("sign-up %d: %d %s", i+1, w.Code, w.Body)
			}
		}
		checkSignupLimited(t, app.signUpFrom("mais-uma@exemplo.com.br", "203.0.113.8:5000", "198.51.100.200"))
	})
}

// Many sign-ups at once from one address, on two servers sharing a database: exactly the limit
// create accounts.
func TestSignUpLimitUnderConcurrency(t *testing.T) {
	db := filepath.Join(t.TempDir(), "shared.db")
	apps := []*authApp{newAuthApp(t, db, nil), newAuthApp(t, db, nil)}
	const tries = 24
	codes := make([]int, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Go(func() {
			codes[i] = apps[i%2].signUpFrom(fmt.Sprintf("atleta%d@exemplo.com.br", i), "203.0.113.9:5000", "").Code
		})
	}
	wg.Wait()
	created := 0
	for _, c := range codes {
		switch c {
		case http.StatusCreated:
			created++
		case http.StatusTooManyRequests:
		default:
			t.Errorf("unexpected status %d", c)
		}
	}
	if created != account.DefaultSignupLimit.Max {
		t.Errorf("%d of %d concurrent sign-ups created an account, want exactly %d", created, tries, account.DefaultSignupLimit.Max)
	}
}
