// Package apitest sends the JSON requests of handler tests as the site's own pages send them:
// a JSON body, from the same origin (the browser's Sec-Fetch-Site, which the site's CSRF guard
// reads), signed in by a session cookie or by a user the session middleware would have put in the
// context. Call serves the request on a handler in the test's process, Send on a server over
// HTTP; Decode reads the answer.
package apitest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pelotao/internal/api"
)

// An Option changes the request before it is sent.
type Option func(*http.Request)

// Cookies sends cookies, such as the session's (nil ones are left out).
func Cookies(cookies ...*http.Cookie) Option {
	return func(r *http.Request) {
		for _, c := range cookies {
			if c != nil {
				r.AddCookie(c)
			}
		}
	}
}

// As puts u in the request's context as the session middleware would, for handlers served
// without it; nil leaves a visitor.
func As(u *api.User) Option {
	return func(r *http.Request) {
		if u != nil {
			*r = *r.WithContext(api.WithUser(r.Context(), *u))
		}
	}
}

// From sends the request from the client address addr ("198.51.100.7:4000").
func From(addr string) Option {
	return func(r *http.Request) { r.RemoteAddr = addr }
}

// Header sets each name-value pair of pairs, after the defaults (so Sec-Fetch-Site can be
// another site's).
func Header(pairs ...string) Option {
	return func(r *http.Request) {
		for i := 0; i+1 < len(pairs); i += 2 {
			r.Header.Set(pairs[i], pairs[i+1])
		}
	}
}

// NewRequest is a same-origin JSON request of body to target, as a server receives it.
func NewRequest(method, target, body string, opts ...Option) *http.Request {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	SameOrigin(r)
	for _, o := range opts {
		o(r)
	}
	return r
}

// SameOrigin marks the request as the site's own pages' (Sec-Fetch-Site), as NewRequest does.
func SameOrigin(r *http.Request) { r.Header.Set("Sec-Fetch-Site", "same-origin") }

// Serve is h's answer to r, changed by opts.
func Serve(h http.Handler, r *http.Request, opts ...Option) *httptest.ResponseRecorder {
	for _, o := range opts {
		o(r)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// Call is h's answer to NewRequest(method, path, body, opts...).
func Call(h http.Handler, method, path, body string, opts ...Option) *httptest.ResponseRecorder {
	return Serve(h, NewRequest(method, path, body, opts...))
}

// Client calls one handler: embed it in a test's world to give the world Call and Serve.
type Client struct{ Handler http.Handler }

// Call is the handler's answer to NewRequest(method, path, body, opts...).
func (c Client) Call(method, path, body string, opts ...Option) *httptest.ResponseRecorder {
	return Call(c.Handler, method, path, body, opts...)
}

// Serve is the handler's answer to r, changed by opts.
func (c Client) Serve(r *http.Request, opts ...Option) *httptest.ResponseRecorder {
	return Serve(c.Handler, r, opts...)
}

// ClientRequest is NewRequest for a server reached over HTTP at url.
func ClientRequest(method, url, body string, opts ...Option) *http.Request {
	r := NewRequest(method, url, body, opts...)
	r.RequestURI = "" // set for servers; a client must not send it
	return r
}

// Send sends ClientRequest(method, url, body, opts...); it returns the response, its body read,
// and the body.
func Send(t testing.TB, method, url, body string, opts ...Option) (*http.Response, string) {
	t.Helper()
	res, err := http.DefaultClient.Do(ClientRequest(method, url, body, opts...))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// Decode reads the JSON answer into a T, failing the test when it is not one.
func Decode[T any](t testing.TB, res *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(res.Body.Bytes(), &v); err != nil {
		t.Fatalf("body %q: %v", res.Body, err)
	}
	return v
}
