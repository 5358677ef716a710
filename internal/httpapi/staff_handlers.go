package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/api"
	"pelotao/internal/mail"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

var (
	errStaffNotFound = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Membro da equipe não encontrado."}
	errStaffConflict = &api.Error{Status: http.StatusConflict, Code: "conflict", Message: "Este e-mail já faz parte da equipe.",
		Fields: map[string]string{"email": "Este e-mail já faz parte da equipe."}}
	errStaffManagerOnlyRetirada = &api.Error{Status: http.StatusForbidden, Code: "forbidden",
		Message: "Gestores só podem convidar ou remover a equipe de retirada de kits."}
)

// staffJSON is a team member as the API shows it. An invitation is pendente until it gives its
// role: while its address has no account, and while the account has not verified the address
// (aguardandoConfirmacao). Nome is null while pendente: an unverified account's name may be
// anyone's.
type staffJSON struct {
	ID                    string    `json:"id"`
	Email                 string    `json:"email"`
	Nome                  *string   `json:"nome"`
	Role                  team.Role `json:"role"`
	Pendente              bool      `json:"pendente"`
	AguardandoConfirmacao bool      `json:"aguardandoConfirmacao"`
	ConvidadoEm           time.Time `json:"convidadoEm"`
}

func staffOf(m store.StaffMember) staffJSON {
	j := staffJSON{ID: m.ID, Email: m.Email, Role: m.Role, Pendente: !m.Verified,
		AguardandoConfirmacao: m.UserID != "" && !m.Verified, ConvidadoEm: m.InvitedAt}
	if !j.Pendente {
		j.Nome = &m.DisplayName
	}
	return j
}

// listStaff answers GET /api/events/{id}/staff: the owner and the team.
func (s *Server) listStaff(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return err
	}
	owner, err := s.store.UserByID(r.Context(), e.OwnerID)
	ownerJSON := map[string]any{"id": e.OwnerID, "email": nil, "nome": nil}
	switch {
	case err == nil:
		ownerJSON["email"], ownerJSON["nome"] = owner.Email, owner.DisplayName
	case !errors.Is(err, store.ErrNotFound): // demo events may belong to no account
		return err
	}
	members, err := s.store.Staff(r.Context(), id)
	if err != nil {
		return err
	}
	list := make([]staffJSON, len(members))
	for i, m := range members {
		list[i] = staffOf(m)
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"owner": ownerJSON, "staff": list, "role": api.EventRoleOf(r)})
	return nil
}

// inviteStaff answers POST /api/events/{id}/staff {email, role}: the owner invites managers and
// kit desk staff, a manager only kit desk staff. The invitation is e-mailed, and takes effect
// once an account with the address has verified it (the invitation's own link does).
func (s *Server) inviteStaff(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email string    `json:"email"`
		Role  team.Role `json:"role"`
	}
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	email := account.NormalizeEmail(in.Email)
	fields := api.FieldError{}
	if email == "" {
		fields["email"] = "Informe o e-mail de quem você quer convidar."
	} else if !account.ValidEmail(email) {
		fields["email"] = "Informe um e-mail válido."
	}
	if !in.Role.Invitable() {
		fields["role"] = "Escolha a função: gestao ou retirada."
	}
	if len(fields) > 0 {
		return fields
	}
	by := api.EventRoleOf(r)
	if !team.CanManage(by, in.Role) {
		return errStaffManagerOnlyRetirada
	}
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return err
	}
	if owner, err := s.store.UserByID(r.Context(), e.OwnerID); err == nil && owner.Email == email {
		msg := "Este e-mail é do dono do evento, que já tem acesso a tudo."
		return &api.Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument", Message: msg,
			Fields: map[string]string{"email": msg}}
	}
	u, _ := api.CurrentUser(r)
	m, err := s.store.AddStaff(r.Context(), store.StaffMember{EventID: id, Email: email, Role: in.Role,
		InvitedBy: u.ID, InvitedAt: time.Now().UTC().Truncate(time.Millisecond)})
	if errors.Is(err, store.ErrConflict) {
		return errStaffConflict
	}
	if err != nil {
		return err
	}
	sent := true
	if err := s.sendInvitation(r, m, u, e.Titulo); err != nil {
		// The invitation stands (the member sees the event on signing in); the answer says
		// the e-mail did not go, so the organizer can tell the person another way.
		s.log.ErrorContext(r.Context(), "team invitation e-mail", "request_id", api.RequestID(r.Context()), "err", err)
		sent = false
	}
	api.WriteJSON(w, http.StatusCreated, map[string]any{"member": staffOf(m), "emailEnviado": sent})
	return nil
}

var roleWords = map[team.Role]string{team.Gestao: "gestão", team.Retirada: "retirada de kits"}

func (s *Server) sendInvitation(r *http.Request, m store.StaffMember, by api.User, eventTitle string) error {
	link := func(path string, q url.Values) string {
		u := *s.cfg.BaseURL
		u.Path = strings.TrimSuffix(u.Path, "/") + path
		u.RawQuery, u.Fragment = q.Encode(), ""
		return u.String()
	}
	workspace := "/dashboard/eventos/" + url.PathEscape(m.EventID)
	inviter := by.DisplayName
	if inviter == "" {
		inviter = by.Email
	}
	token, err := s.accounts.InvitationToken(r.Context(), m.Email)
	if err != nil {
		return err
	}
	msg, err := mail.Invitation(mail.StaffInvitation{
		To: m.Email, Inviter: inviter, Event: eventTitle, RoleName: roleWords[m.Role],
		Accept:    s.accounts.VerificationLink(token),
		Workspace: link(workspace, nil),
		// After signing up, the new member lands on the event they were invited to, verified.
		SignUp: link("/login", url.Values{"modo": {"cadastro"}, "next": {workspace}, "convite": {token}}),
	})
	if err != nil {
		return err
	}
	return s.mailer.Send(r.Context(), msg)
}

// removeStaff answers DELETE /api/events/{id}/staff/{staffId}: the owner removes anyone, a
// manager only kit desk staff.
func (s *Server) removeStaff(w http.ResponseWriter, r *http.Request) error {
	id, staffID := r.PathValue("id"), r.PathValue("staffId")
	m, err := s.store.StaffMember(r.Context(), id, staffID)
	if err != nil {
		return api.NotFoundAs(err, errStaffNotFound)
	}
	if !team.CanManage(api.EventRoleOf(r), m.Role) {
		return errStaffManagerOnlyRetirada
	}
	err = s.store.RemoveStaff(r.Context(), id, staffID)
	return api.NoContent(w, err, errStaffNotFound)
}

// myStaffEvents answers GET /api/me/events-staff: the events the signed-in user works on as a
// team member (its own events come from GET /api/events?owner=me), each with the user's role.
func (s *Server) myStaffEvents(w http.ResponseWriter, r *http.Request) error {
	u, _ := api.CurrentUser(r)
	evs, err := s.store.StaffEvents(r.Context(), u.ID)
	if err != nil {
		return err
	}
	type item struct {
		Role  team.Role       `json:"role"`
		Event json.RawMessage `json:"event"`
	}
	list := make([]item, len(evs))
	for i, e := range evs {
		list[i] = item{Role: e.Role, Event: e.Summary}
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"events": list})
	return nil
}
