package salesapi

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/groups"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// registrationCodeRoutes are the routes of a registration's code, the one its QR code carries
// as {base}/i/{codigo} (docs/http-api.md, "Registration codes"), and of a group's, which the
// coach's QR code carries the same way (GRP-60).
func (s *Server) registrationCodeRoutes() []api.Route {
	return []api.Route{
		{Pattern: "GET /api/i/{codigo}", Handler: api.Func(s.registrationOfCode), Access: api.SignedIn},
		{Pattern: "GET /api/i/{codigo}/qrcode.png", Handler: api.Func(s.registrationQRCode), Access: api.SignedIn},
	}
}

// Who opens a code: the event's team (at the kit desk), or the registration's athlete or buyer.
const (
	codeForTeam    = "equipe"
	codeForAthlete = "atleta"
)

// codeAnswer tells the page where a code leads; it carries no personal data.
type codeAnswer struct {
	Role     string `json:"role"` // the wire's one word for a role, the staff routes' (docs/architecture.md "Names")
	EventID  string `json:"eventId"`
	Codigo   string `json:"codigo"`
	PedidoID string `json:"pedidoId,omitempty"` // only for the buyer
}

// codeFor finds the registration of {codigo} and says who the user is to it; anyone unrelated
// reads the same 404 as for a code that does not exist.
func (s *Server) codeFor(r *http.Request) (store.Order, codeAnswer, error) {
	u, _ := api.CurrentUser(r)
	codigo := strings.ToUpper(strings.TrimSpace(r.PathValue("codigo")))
	o, err := s.store.OrderOfCode(r.Context(), codigo)
	if err != nil {
		return o, codeAnswer{}, api.NotFoundAs(err, errRegistrationNotFound)
	}
	a := codeAnswer{EventID: o.EventID, Codigo: codigo}
	if _, err := api.RequireEventRole(r, s.store, o.EventID, team.Owner, team.Gestao, team.Retirada); err == nil {
		a.Role = codeForTeam
		return o, a, nil
	}
	if o.BuyerID == u.ID {
		a.Role, a.PedidoID = codeForAthlete, o.ID
		return o, a, nil
	}
	i := slices.IndexFunc(o.Inscricoes, func(reg store.Registration) bool { return reg.Codigo == codigo })
	theirs, err := s.isAthleteOf(r.Context(), u.ID, o.Inscricoes[i])
	if err != nil || !theirs {
		return o, a, cmp.Or(err, error(errRegistrationNotFound))
	}
	a.Role = codeForAthlete
	return o, a, nil
}

// registrationOfCode answers GET /api/i/{codigo}: a registration's code, or a group's (its
// shape tells them apart: groups.CodigoLen characters, not a registration code's ten).
func (s *Server) registrationOfCode(w http.ResponseWriter, r *http.Request) error {
	if codigo := strings.ToUpper(strings.TrimSpace(r.PathValue("codigo"))); groups.ValidCodigo(codigo) {
		a, err := s.groupOfCode(r, codigo)
		if err != nil {
			return err
		}
		api.WriteJSON(w, http.StatusOK, a)
		return nil
	}
	_, a, err := s.codeFor(r)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, a)
	return nil
}

// groupCodeAnswer is what a group's code answers its event's team: where the kit desk opens and
// the group it hands the kits of (GRP-60).
type groupCodeAnswer struct {
	codeAnswer
	Grupo deskGroup `json:"grupo"`
}

// deskGroup is a group as the kit desk hands its kits: its coaches' names (who takes the kits)
// and its members held or confirmed, each paid one with the participant the desk records.
type deskGroup struct {
	ID      string       `json:"id"`
	Nome    string       `json:"nome"`
	Coaches []deskCoach  `json:"coaches"`
	Membros []deskMember `json:"membros"`
}

type deskCoach struct {
	Nome string `json:"nome"`
}

type deskMember struct {
	ParticipantID string `json:"participantId,omitempty"` // none while the registration is held
	Nome          string `json:"nome"`
	Pago          bool   `json:"pago"`
}

// groupOfCode is the answer of a group's code {codigo} for the team of its event (owner, gestao,
// retirada); anyone else reads the 404 of a code that does not exist, as for a registration
// code that is not theirs (GRP-60).
func (s *Server) groupOfCode(r *http.Request, codigo string) (groupCodeAnswer, error) {
	now := time.Now()
	g, err := s.store.GroupOfCode(r.Context(), codigo, now)
	if err != nil {
		return groupCodeAnswer{}, api.NotFoundAs(err, errRegistrationNotFound)
	}
	if _, err := api.RequireEventRole(r, s.store, g.EventID, team.Owner, team.Gestao, team.Retirada); err != nil {
		return groupCodeAnswer{}, errRegistrationNotFound
	}
	members, err := s.store.GroupMembers(r.Context(), g.ID, now)
	if err != nil {
		return groupCodeAnswer{}, err
	}
	a := groupCodeAnswer{codeAnswer: codeAnswer{Role: codeForTeam, EventID: g.EventID, Codigo: g.Codigo},
		Grupo: deskGroup{ID: g.ID, Nome: g.Nome, Coaches: make([]deskCoach, len(g.Coaches)), Membros: make([]deskMember, len(members))}}
	for i, c := range g.Coaches {
		a.Grupo.Coaches[i] = deskCoach{Nome: c.Nome}
	}
	for i, m := range members {
		a.Grupo.Membros[i] = deskMember{ParticipantID: m.ParticipantID, Nome: m.Nome, Pago: m.Pago}
	}
	return a, nil
}

// registrationQRCode answers GET /api/i/{codigo}/qrcode.png: the QR code of {base}/i/{codigo}, for
// those who may open the code.
func (s *Server) registrationQRCode(w http.ResponseWriter, r *http.Request) error {
	_, a, err := s.codeFor(r)
	if err != nil {
		return err
	}
	return writeQRCode(w, s.baseURL()+"/i/"+a.Codigo, "private, max-age=86400")
}

func (s *Server) baseURL() string { return strings.TrimSuffix(s.cfg.BaseURL.String(), "/") }

// verifiedEmail is the account's e-mail once verified; "" before.
func (s *Server) verifiedEmail(ctx context.Context, userID string) (string, error) {
	acc, err := s.store.UserByID(ctx, userID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && acc.EmailVerifiedAt.IsZero()) {
		return "", nil
	}
	return acc.Email, err
}

// isAthleteOf reports whether the account userID is the athlete of reg: its verified e-mail is
// the athlete's.
func (s *Server) isAthleteOf(ctx context.Context, userID string, reg store.Registration) (bool, error) {
	email, err := s.verifiedEmail(ctx, userID)
	return email != "" && strings.EqualFold(athleteEmail(reg), email), err
}

func athleteEmail(r store.Registration) string {
	var a struct{ Email string }
	_ = json.Unmarshal(r.Atleta, &a) // an athlete without an e-mail matches no account
	return strings.TrimSpace(a.Email)
}

// accountOrders are the orders the account bought and those of other buyers with a confirmed
// registration whose athlete e-mail is the account's verified e-mail (email, "" when none), newest
// first. Of another buyer's order only the athlete's own registrations are theirs (athletesOwn).
func (s *Server) accountOrders(ctx context.Context, userID string) (orders []store.Order, email string, err error) {
	orders, err = s.store.OrdersOfBuyer(ctx, userID)
	if err != nil {
		return nil, "", err
	}
	email, err = s.verifiedEmail(ctx, userID)
	if err != nil || email == "" {
		return orders, "", err
	}
	theirs, err := s.store.OrdersOfAthleteEmail(ctx, email)
	if err != nil {
		return nil, "", err
	}
	for _, o := range theirs {
		if o.BuyerID != userID {
			orders = append(orders, o)
		}
	}
	slices.SortStableFunc(orders, func(a, b store.Order) int { return b.CriadoEm.Compare(a.CriadoEm) })
	return orders, email, nil
}

// athletesOwn tells whether registration r of another buyer's order is the athlete's of email:
// confirmed, and with that athlete e-mail.
func athletesOwn(r store.Registration, email string) bool {
	return r.Status == store.RegistrationConfirmed && email != "" && strings.EqualFold(athleteEmail(r), email)
}

// athleteShare is what an athlete sees of another buyer's order: the registrations theirs says
// are the athlete's, without the order's payments and refunds (the buyer's).
func athleteShare(o store.Order, theirs func(store.Registration) bool) store.Order {
	o.Inscricoes = slices.DeleteFunc(slices.Clone(o.Inscricoes), func(r store.Registration) bool { return !theirs(r) })
	o.Pagamentos, o.Reembolsos = nil, nil
	return o
}

// bibOf is the bib of a registration's participant, nil before one is assigned (or before payment).
func (s *Server) bibOf(ctx context.Context, eventID, participantID string) (*int, error) {
	if participantID == "" {
		return nil, nil
	}
	p, err := s.store.GetParticipant(ctx, eventID, participantID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return p.NumeroPeito, err
}
