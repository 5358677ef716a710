package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/answercache"
	"pelotao/internal/api/apitest"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/postgres/pgtest"
	"pelotao/internal/upload/uploadtest"
)

// instance is one pelotao server of several on one PostgreSQL database, reached over HTTP.
type instance struct {
	name string
	url  string
}

// postgresInstances starts two servers on one fresh PostgreSQL database, each with its own
// connection pool, as two processes behind a load balancer would be.
func postgresInstances(t *testing.T) (a, b instance) {
	t.Helper()
	cfg := pgtest.FreshSchema(t)
	start := func(name string) instance {
		st, err := postgres.OpenConfig(context.Background(), cfg.Copy(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		ts := httptest.NewServer(newAuthAppOn(t, st, nil).srv)
		t.Cleanup(ts.Close)
		return instance{name: name, url: ts.URL}
	}
	return start("a"), start("b")
}

func sessionCookieOf(t *testing.T, res *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "pelotao_session") && c.MaxAge >= 0 {
			return c
		}
	}
	t.Fatalf("no session cookie in %v", res.Header)
	return nil
}

// Nothing that matters stays in one process: what one instance writes, the other sees.
func TestTwoInstancesOnOnePostgresDatabase(t *testing.T) {
	a, b := postgresInstances(t)

	res, body := apitest.Send(t, "POST", a.url+"/api/auth/signup", `{"email":"rita@example.com","password":"volta-da-lagoa","displayName":"Rita"}`)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("signup on a: %d %s", res.StatusCode, body)
	}
	rita := sessionCookieOf(t, res)

	t.Run("a session made on one is valid on the other", func(t *testing.T) {
		res, body := apitest.Send(t, "GET", b.url+"/api/auth/session", "", apitest.Cookies(rita))
		if res.StatusCode != 200 || !strings.Contains(body, `"email":"rita@example.com"`) {
			t.Fatalf("session on b: %d %s", res.StatusCode, body)
		}
	})

	t.Run("an event created through one is read through the other", func(t *testing.T) {
		// a keeps this search in its list cache: it shows b's write once answercache.AnswerTTL has passed.
		if res, body := apitest.Send(t, "GET", a.url+"/api/events?q=conceicao", ""); res.StatusCode != 200 || strings.Contains(body, "Conceição") {
			t.Fatalf("search on a before: %d %s", res.StatusCode, body)
		}
		res, body := apitest.Send(t, "POST", b.url+"/api/events", validEventJSON("Pedal da Lagoa da Conceição", "2031-03-09"), apitest.Cookies(rita))
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("create on b: %d %s", res.StatusCode, body)
		}
		var created struct{ ID string }
		if err := json.Unmarshal([]byte(body), &created); err != nil || created.ID == "" {
			t.Fatalf("created %s: %v", body, err)
		}
		res, body = apitest.Send(t, "GET", a.url+"/api/events/"+created.ID, "")
		if res.StatusCode != 200 || !strings.Contains(body, `"titulo":"Pedal da Lagoa da Conceição"`) {
			t.Fatalf("read on a: %d %s", res.StatusCode, body)
		}
		// Accent-insensitive search, on the other instance too. The generous deadline only keeps
		// a broken cache from hanging the test; the answer normally changes after answercache.AnswerTTL.
		for deadline := time.Now().Add(answercache.AnswerTTL + 10*time.Second); ; time.Sleep(answercache.AnswerTTL / 10) {
			res, body = apitest.Send(t, "GET", a.url+"/api/events?q=conceicao", "")
			if res.StatusCode == 200 && strings.Contains(body, created.ID) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("search on a, %v after the write on b: %d %s", answercache.AnswerTTL+10*time.Second, res.StatusCode, body)
			}
		}
	})

	t.Run("an event updated or deleted through one is not served stale by the other", func(t *testing.T) {
		res, body := apitest.Send(t, "POST", b.url+"/api/events", validEventJSON("Corrida do Farol", "2031-04-12"), apitest.Cookies(rita))
		var created struct{ ID string }
		if err := json.Unmarshal([]byte(body), &created); res.StatusCode != http.StatusCreated || err != nil {
			t.Fatalf("create on b: %d %s", res.StatusCode, body)
		}
		path := "/api/events/" + created.ID
		if res, body := apitest.Send(t, "GET", a.url+path, ""); res.StatusCode != 200 || !strings.Contains(body, "Corrida do Farol") {
			t.Fatalf("read on a: %d %s", res.StatusCode, body) // a now keeps it in its event cache
		}
		if res, body := apitest.Send(t, "PUT", b.url+path, validEventJSON("Corrida do Farol Novo", "2031-04-12"), apitest.Cookies(rita)); res.StatusCode != 200 {
			t.Fatalf("update on b: %d %s", res.StatusCode, body)
		}
		// a shows b's write once answercache.AnswerTTL has passed; the deadline only keeps a broken cache
		// from hanging the test.
		waitOnA := func(what string, done func(*http.Response, string) bool) {
			t.Helper()
			for deadline := time.Now().Add(answercache.AnswerTTL + 10*time.Second); ; time.Sleep(answercache.AnswerTTL / 10) {
				res, body := apitest.Send(t, "GET", a.url+path, "")
				if done(res, body) {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s on a, %v after the write on b: %d %s", what, answercache.AnswerTTL+10*time.Second, res.StatusCode, body)
				}
			}
		}
		waitOnA("the update", func(res *http.Response, body string) bool {
			return res.StatusCode == 200 && strings.Contains(body, "Corrida do Farol Novo")
		})
		if res, body := apitest.Send(t, "DELETE", b.url+path, "", apitest.Cookies(rita)); res.StatusCode != http.StatusNoContent {
			t.Fatalf("delete on b: %d %s", res.StatusCode, body)
		}
		waitOnA("the deletion", func(res *http.Response, _ string) bool { return res.StatusCode == http.StatusNotFound })
	})

	t.Run("an upload stored through one is served by the other", func(t *testing.T) {
		jpg := uploadtest.JPEG(1000, 600) // wide enough for smaller widths too
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, err := mw.CreateFormFile("file", "largada.jpg")
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(jpg)
		mw.Close()
		res, answer := apitest.Send(t, "POST", a.url+"/api/uploads?kind=image", body.String(),
			apitest.Header("Content-Type", mw.FormDataContentType()), apitest.Cookies(rita))
		var up struct{ URL string }
		if res.StatusCode != http.StatusCreated || json.Unmarshal([]byte(answer), &up) != nil || !strings.HasPrefix(up.URL, "/files/") {
			t.Fatalf("upload on a: %d %s", res.StatusCode, answer)
		}
		res, got := apitest.Send(t, "GET", b.url+up.URL, "")
		if res.StatusCode != 200 || got != string(jpg) || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("GET %s on b: %d, %d bytes, %q", up.URL, res.StatusCode, len(got), res.Header.Get("Content-Type"))
		}
		res, small := apitest.Send(t, "GET", b.url+up.URL+"?w=480", "")
		if res.StatusCode != 200 || len(small) == 0 || len(small) >= len(jpg) {
			t.Fatalf("GET %s?w=480 on b: %d, %d bytes (original %d)", up.URL, res.StatusCode, len(small), len(jpg))
		}
	})

	t.Run("logout on one ends the session on both", func(t *testing.T) {
		if res, body := apitest.Send(t, "POST", a.url+"/api/auth/logout", "", apitest.Cookies(rita)); res.StatusCode >= 300 {
			t.Fatalf("logout on a: %d %s", res.StatusCode, body)
		}
		for _, in := range []instance{a, b} {
			if _, body := apitest.Send(t, "GET", in.url+"/api/auth/session", "", apitest.Cookies(rita)); strings.TrimSpace(body) != `{"user":null}` {
				t.Fatalf("session on %s after logout: %s", in.name, body)
			}
			if res, body := apitest.Send(t, "POST", in.url+"/api/events", validEventJSON("Depois de sair", "2031-04-01"), apitest.Cookies(rita)); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("write on %s after logout: %d %s", in.name, res.StatusCode, body)
			}
		}
	})

	t.Run("throttling counts failures sent to both", func(t *testing.T) {
		if res, body := apitest.Send(t, "POST", b.url+"/api/auth/signup", `{"email":"caio@example.com","password":"subida-forte","displayName":"Caio"}`); res.StatusCode != http.StatusCreated {
			t.Fatalf("signup on b: %d %s", res.StatusCode, body)
		}
		for i := range 5 {
			in := []instance{a, b}[i%2]
			if res, body := apitest.Send(t, "POST", in.url+"/api/auth/login", `{"email":"caio@example.com","password":"errada"}`); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("failure %d on %s: %d %s", i+1, in.name, res.StatusCode, body)
			}
		}
		for _, in := range []instance{a, b} {
			res, body := apitest.Send(t, "POST", in.url+"/api/auth/login", `{"email":"caio@example.com","password":"subida-forte"}`)
			if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, `"auth/too-many-requests"`) || res.Header.Get("Retry-After") == "" {
				t.Fatalf("%s after 5 failures split over both: %d %s", in.name, res.StatusCode, body)
			}
		}
	})

	t.Run("plan interests sent to both count towards one limit", func(t *testing.T) {
		body := `{"nome":"Ana","email":"ana@exemplo.com","plano":"Iniciante"}`
		for i := range planInterestLimit.Max {
			in := []instance{a, b}[i%2]
			if res, answer := apitest.Send(t, "POST", in.url+"/api/plan-interest", body); res.StatusCode != http.StatusCreated {
				t.Fatalf("interest %d on %s: %d %s", i+1, in.name, res.StatusCode, answer)
			}
		}
		for _, in := range []instance{a, b} {
			if res, answer := apitest.Send(t, "POST", in.url+"/api/plan-interest", body); res.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("%s over the limit reached across both: %d %s", in.name, res.StatusCode, answer)
			}
		}
	})
}

// The sign-up limit is counted in the database: sign-ups from one address sent to both
// instances at once count towards one budget, and exactly account.DefaultSignupLimit.Max of them
// create an account. (Both servers see the test's client as 127.0.0.1.)
func TestSignUpLimitSharedByTwoPostgresInstances(t *testing.T) {
	a, b := postgresInstances(t)
	const tries = 24
	codes := make([]int, tries)
	errs := make([]error, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Go(func() { // no t.Fatal here: a goroutine reports through errs
			in := []instance{a, b}[i%2]
			body := fmt.Sprintf(`{"email":"atleta%d@exemplo.com.br","password":"pedal-de-domingo","displayName":"Atleta"}`, i)
			res, err := http.DefaultClient.Do(apitest.ClientRequest("POST", in.url+"/api/auth/signup", body))
			if err != nil {
				errs[i] = err
				return
			}
			res.Body.Close()
			codes[i] = res.StatusCode
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	created := 0
	for i, c := range codes {
		switch c {
		case http.StatusCreated:
			created++
		case http.StatusTooManyRequests:
		default:
			t.Errorf("sign-up %d: unexpected status %d", i, c)
		}
	}
	if created != account.DefaultSignupLimit.Max {
		t.Fatalf("%d of %d sign-ups split over two instances created an account, want exactly %d", created, tries, account.DefaultSignupLimit.Max)
	}
	for _, in := range []instance{a, b} {
		res, body := apitest.Send(t, "POST", in.url+"/api/auth/signup", `{"email":"mais-uma@exemplo.com.br","password":"pedal-de-domingo","displayName":"Atleta"}`)
		if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, `"auth/too-many-requests"`) || res.Header.Get("Retry-After") != "3600" {
			t.Fatalf("%s over the limit reached across both: %d %s (Retry-After %q)", in.name, res.StatusCode, body, res.Header.Get("Retry-After"))
		}
	}
}
