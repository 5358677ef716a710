package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/api"
	"pelotao/internal/store"
)

// The identity-provider errors of the HTTP contract (docs/http-api.md), with their pt-BR texts.
var (
	errInvalidCredential = &api.Error{Status: http.StatusUnauthorized, Code: "auth/invalid-credential",
		Message: "Credenciais inválidas. Tente novamente."}
	errTooManyRequests = &api.Error{Status: http.StatusTooManyRequests, Code: "auth/too-many-requests",
		Message: "Muitas tentativas. Tente novamente mais tarde."}
	errUserDisabled = &api.Error{Status: http.StatusForbidden, Code: "auth/user-disabled",
		Message: "Esta conta está desativada. Fale com o suporte do Pelotão."}
	errEmailInUse = &api.Error{Status: http.StatusConflict, Code: "auth/email-already-in-use",
		Message: "Este e-mail já está cadastrado.", Fields: map[string]string{"email": "Este e-mail já está cadastrado."}}
	errInvalidActionCode = &api.Error{Status: http.StatusBadRequest, Code: "auth/invalid-action-code",
		Message: "Link inválido ou expirado."}
	errNoAccountForEmail = &api.Error{Status: http.StatusNotFound, Code: "auth/user-not-found",
		Message: "Ainda não há conta com este e-mail. Cadastre-se com ele para aceitar o convite."}
	errPasswordResetRequired = &api.Error{Status: http.StatusConflict, Code: "auth/password-reset-required",
		Message: "Já existe uma conta com este e-mail, ainda não confirmada. Para confirmar que ela é sua, crie uma nova senha: quem usava a senha anterior perde o acesso."}
)

// authError turns an account error into its API error; other errors pass through.
func authError(err error) error {
	var pe *account.PolicyError
	var na *account.NoAccountError
	switch {
	case errors.Is(err, account.ErrInvalidCredential):
		return errInvalidCredential
	case errors.Is(err, account.ErrTooManyRequests), errors.Is(err, account.ErrTooManySignups):
		return errTooManyRequests
	case errors.Is(err, account.ErrUserDisabled):
		return errUserDisabled
	case errors.Is(err, account.ErrEmailInUse):
		return errEmailInUse
	case errors.Is(err, account.ErrInvalidResetToken), errors.Is(err, account.ErrInvalidVerificationToken):
		return errInvalidActionCode
	case errors.As(err, &na):
		return errNoAccountForEmail
	case errors.Is(err, account.ErrPasswordResetRequired):
		return errPasswordResetRequired
	case errors.As(err, &pe):
		return &api.Error{Status: http.StatusUnprocessableEntity, Code: "auth/password-does-not-meet-requirements",
			Message: pe.Error(), Fields: map[string]string{"password": pe.Error()}}
	}
	return err
}

// userJSON is the profile of docs/product.md §3 as the API shows it, and whether the account has
// verified its e-mail (the app's banner asks until it has).
type userJSON struct {
	UID             string    `json:"uid"`
	Email           string    `json:"email"`
	DisplayName     string    `json:"displayName"`
	CreatedAt       time.Time `json:"createdAt"`
	EmailVerificado bool      `json:"emailVerificado"`
}

func userBody(u store.User) map[string]any {
	return map[string]any{"user": userJSON{UID: u.ID, Email: u.Email, DisplayName: u.DisplayName, CreatedAt: u.CreatedAt,
		EmailVerificado: !u.EmailVerifiedAt.IsZero()}}
}

func (s *Server) getSession(w http.ResponseWriter, r *http.Request) error {
	body, err := s.session(r)
	return api.WriteOK(w, body, err)
}

// sessionPath is the API path of the session, which pages also carry as first data.
const sessionPath = "/api/auth/session"

// session is the answer of GET /api/auth/session: the signed-in user, or {"user": null}.
func (s *Server) session(r *http.Request) (any, error) {
	cu, ok := api.CurrentUser(r)
	if !ok {
		return map[string]any{"user": nil}, nil
	}
	u, err := s.accounts.User(r.Context(), cu.ID)
	if err != nil {
		return nil, err
	}
	return userBody(u), nil
}

// signUp creates an account; a `token` from an invitation's link (optional) verifies it at once
// when the invitation was for this address.
func (s *Server) signUp(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Email, Password, DisplayName, Token string }
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	si, err := s.accounts.SignUpInvited(r.Context(), in.Email, in.Password, in.DisplayName, s.clientIP(r), in.Token)
	if errors.Is(err, account.ErrTooManySignups) {
		// Sign-up's 429 is sign-in's (same code and text, AUTH-15); only the wait differs.
		w.Header().Set("Retry-After", strconv.Itoa(int(s.accounts.SignupLimit().Window.Seconds())))
	}
	if err != nil {
		return authError(err)
	}
	if err := s.startSession(w, r, si); err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusCreated, userBody(si.User))
	return nil
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Email, Password string }
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	si, err := s.accounts.Login(r.Context(), in.Email, in.Password, s.clientIP(r))
	if errors.Is(err, account.ErrTooManyRequests) {
		w.Header().Set("Retry-After", strconv.Itoa(int((15 * time.Minute).Seconds())))
	}
	if err != nil {
		return authError(err)
	}
	if err := s.startSession(w, r, si); err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, userBody(si.User))
	return nil
}

// startSession gives the browser its new session. One it held before belongs to whoever signed
// in then, so it ends on the server instead of lingering until it expires.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, si account.SignedIn) error {
	if old := s.sessionToken(r); old != "" {
		if err := s.accounts.Logout(r.Context(), old); err != nil {
			return err
		}
	}
	s.setSessionCookie(w, si.Token, si.ExpiresAt)
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if token := s.sessionToken(r); token != "" {
		if err := s.accounts.Logout(r.Context(), token); err != nil {
			return err
		}
	}
	s.setSessionCookie(w, "", time.Time{})
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) requestPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Email string }
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	if err := s.accounts.RequestPasswordReset(r.Context(), in.Email); err != nil {
		return authError(err)
	}
	api.WriteJSON(w, http.StatusAccepted, map[string]any{})
	return nil
}

// verifyResetToken lets the reset page show whose password it sets, or say at once that the
// link is no longer valid (docs/requirements.md AUTH-27). The token travels in the body, not the URL,
// so that it stays out of access logs.
func (s *Server) verifyResetToken(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Token string }
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	email, err := s.accounts.ResetTokenEmail(r.Context(), in.Token)
	if err != nil {
		return authError(err)
	}
	api.WriteJSON(w, http.StatusOK, map[string]string{"email": email})
	return nil
}

func (s *Server) confirmPasswordReset(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Token, Password string }
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	if err := s.accounts.ResetPassword(r.Context(), in.Token, in.Password); err != nil {
		return authError(err)
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{})
	return nil
}

// confirmEmailVerification answers POST /api/auth/email-verification/confirm {token}, from the
// page a verification or invitation link opens. Signed in to the account, the link verifies it;
// anywhere else (a phone that never signed in) the link's opener proves the mailbox but not the
// account, so an unverified account is taken over with a new password instead (409).
func (s *Server) confirmEmailVerification(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Token string }
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	cu, _ := api.CurrentUser(r)
	u, err := s.accounts.VerifyEmail(r.Context(), in.Token, cu.ID)
	if err != nil {
		return authError(err)
	}
	api.WriteJSON(w, http.StatusOK, map[string]string{"email": u.Email})
	return nil
}

// resendEmailVerification answers POST /api/auth/email-verification: the signed-in account's
// link again, at most one a minute (the answer is 202 either way, and for a verified account).
func (s *Server) resendEmailVerification(w http.ResponseWriter, r *http.Request) error {
	cu, _ := api.CurrentUser(r)
	u, err := s.accounts.User(r.Context(), cu.ID)
	if err != nil {
		return err
	}
	s.accounts.SendEmailVerification(r.Context(), u)
	api.WriteJSON(w, http.StatusAccepted, map[string]any{})
	return nil
}

func (s *Server) passwordPolicy(w http.ResponseWriter, r *http.Request) error {
	api.WriteJSON(w, http.StatusOK, s.accounts.Policy())
	return nil
}
