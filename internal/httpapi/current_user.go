package httpapi

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/api"
	"pelotao/internal/store"
)

// sessionCookieName is the session cookie's name. Over https it carries the __Host- prefix,
// which makes browsers insist on Secure, Path=/ and no Domain: no subdomain can plant or read it.
func (s *Server) sessionCookieName() string {
	if s.cfg.SecureCookies() {
		return "__Host-pelotao_session"
	}
	return "pelotao_session"
}

// setSessionCookie gives the browser the session token (or, with an empty token, removes it).
func (s *Server) setSessionCookie(w http.ResponseWriter, token string, expires time.Time) {
	c := &http.Cookie{
		Name:     s.sessionCookieName(),
		Value:    token,
		Path:     "/",
		HttpOnly: true,
		Secure:   s.cfg.SecureCookies(),
		SameSite: http.SameSiteLaxMode,
	}
	if token == "" {
		c.MaxAge = -1
	} else {
		c.Expires = expires
		c.MaxAge = int(time.Until(expires).Seconds())
	}
	http.SetCookie(w, c)
}

// sessionToken returns the session cookie's token, if the request has one.
func (s *Server) sessionToken(r *http.Request) string {
	c, err := r.Cookie(s.sessionCookieName())
	if err != nil {
		return ""
	}
	return c.Value
}

// sessions puts the user of the session cookie in the request context. Without a valid session
// the context stays untouched (a visitor), and a dead cookie is removed. Built files need no user.
func (s *Server) sessions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := s.sessionToken(r)
		if token == "" || strings.HasPrefix(r.URL.Path, "/assets/") {
			next.ServeHTTP(w, r)
			return
		}
		u, extendedUntil, err := s.accounts.Authenticate(r.Context(), token)
		switch {
		case errors.Is(err, account.ErrNoSession):
			s.setSessionCookie(w, "", time.Time{})
		case err != nil:
			// The database did not answer: serve the request as a visitor's rather than fail it;
			// a write route will answer 401 and the cookie is kept for the next request.
			s.log.WarnContext(r.Context(), "reading session", "request_id", api.RequestID(r.Context()), "err", err)
		default:
			if !extendedUntil.IsZero() {
				s.setSessionCookie(w, token, extendedUntil)
			}
			r = r.WithContext(api.WithUser(r.Context(), userOf(u)))
		}
		next.ServeHTTP(w, r)
	})
}

func userOf(u store.User) api.User {
	return api.User{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName}
}
