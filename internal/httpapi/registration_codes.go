package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"pelotao/internal/qrcode"
	"pelotao/internal/receipt"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// registrationCodeRoutes are the routes of a registration's code, the one its QR code carries
// as {base}/i/{codigo} (docs/http-api.md, "Registration codes").
func (s *Server) registrationCodeRoutes() []route {
	return []route{
		{"GET /api/i/{codigo}", apiFunc(s.registrationOfCode), signedIn, 0},
		{"GET /api/i/{codigo}/qrcode.png", apiFunc(s.registrationQRCode), signedIn, 0},
	}
}

var errRegistrationNotFound = &Error{Status: http.StatusNotFound, Code: "not-found", Message: "Inscrição não encontrada."}

// Who opens a code: the event's team (at the kit desk), or the registration's athlete or buyer.
const (
	codeForTeam    = "equipe"
	codeForAthlete = "atleta"
)

// codeAnswer tells the page where a code leads; it carries no personal data.
type codeAnswer struct {
	Papel    string `json:"papel"`
	EventID  string `json:"eventId"`
	Codigo   string `json:"codigo"`
	PedidoID string `json:"pedidoId,omitempty"` // only for the buyer
}

// codeFor finds the registration of {codigo} and says who the user is to it; anyone unrelated
// reads the same 404 as for a code that does not exist.
func (s *Server) codeFor(r *http.Request) (store.Order, codeAnswer, error) {
	u, _ := currentUser(r)
	codigo := strings.ToUpper(strings.TrimSpace(r.PathValue("codigo")))
	o, err := s.store.OrderOfCode(r.Context(), codigo)
	if err != nil {
		return o, codeAnswer{}, notFoundAs(err, errRegistrationNotFound)
	}
	a := codeAnswer{EventID: o.EventID, Codigo: codigo}
	if _, err := s.requireEventRole(r, o.EventID, team.Owner, team.Gestao, team.Retirada); err == nil {
		a.Papel = codeForTeam
		return o, a, nil
	}
	if o.BuyerID == u.ID {
		a.Papel, a.PedidoID = codeForAthlete, o.ID
		return o, a, nil
	}
	email, err := s.verifiedEmail(r.Context(), u.ID)
	if err != nil {
		return o, a, err
	}
	i := slices.IndexFunc(o.Registrations, func(reg store.Registration) bool { return reg.Codigo == codigo })
	if email != "" && strings.EqualFold(athleteEmail(o.Registrations[i]), email) {
		a.Papel = codeForAthlete
		return o, a, nil
	}
	return o, a, errRegistrationNotFound
}

// registrationOfCode answers GET /api/i/{codigo}.
func (s *Server) registrationOfCode(w http.ResponseWriter, r *http.Request) error {
	_, a, err := s.codeFor(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, a)
	return nil
}

// registrationQRCode answers GET /api/i/{codigo}/qrcode.png: the QR code of {base}/i/{codigo}, for
// those who may open the code.
func (s *Server) registrationQRCode(w http.ResponseWriter, r *http.Request) error {
	_, a, err := s.codeFor(r)
	if err != nil {
		return err
	}
	png, err := qrcode.PNG(s.baseURL()+"/i/"+a.Codigo, 8)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	_, err = w.Write(png)
	return err
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

func athleteEmail(r store.Registration) string {
	var a struct{ Email string }
	_ = json.Unmarshal(r.Atleta, &a) // an athlete without an e-mail matches no account
	return strings.TrimSpace(a.Email)
}

// accountOrders are the orders the account bought and, with only the athlete's own
// registrations, those of other buyers whose athlete e-mail is the account's verified e-mail.
func (s *Server) accountOrders(ctx context.Context, userID string) ([]store.Order, error) {
	orders, err := s.store.OrdersOfBuyer(ctx, userID)
	if err != nil {
		return nil, err
	}
	email, err := s.verifiedEmail(ctx, userID)
	if err != nil || email == "" {
		return orders, err
	}
	theirs, err := s.store.OrdersOfAthleteEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	for _, o := range theirs {
		if o.BuyerID == userID {
			continue
		}
		o.Registrations = slices.DeleteFunc(o.Registrations, func(r store.Registration) bool {
			return r.Status != store.RegistrationConfirmed || !strings.EqualFold(athleteEmail(r), email)
		})
		o.Payments, o.Refunds = nil, nil // another buyer's payment is theirs
		orders = append(orders, o)
	}
	slices.SortStableFunc(orders, func(a, b store.Order) int { return b.CriadoEm.Compare(a.CriadoEm) })
	return orders, nil
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

// sendReceipt sends the confirmation e-mails of an order that is paid, in the background so that
// no confirmation waits for (or fails with) the mail server, and once per order whoever confirms.
func (s *Server) sendReceipt(o store.Order) {
	if o.Status != store.OrderPaid {
		return
	}
	s.receipts.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.mailReceipt(ctx, o); err != nil {
			s.log.Warn("order confirmation e-mail not sent", "order", o.ID, "err", err)
		}
	})
}

func (s *Server) mailReceipt(ctx context.Context, o store.Order) error {
	e, err := s.store.GetEvent(ctx, o.EventID)
	if err != nil {
		return err
	}
	in := receipt.Order{Order: o, Event: &e, BaseURL: s.baseURL(), Calendar: s.site.EventCalendar(&e)}
	if buyer, err := s.store.UserByID(ctx, o.BuyerID); err == nil {
		in.BuyerName, in.BuyerEmail = buyer.DisplayName, buyer.Email
	}
	msgs, err := receipt.Messages(in)
	if err != nil {
		return err
	}
	// Claimed just before sending: a failure to send is logged, never sent twice.
	claimed, err := s.store.ClaimOrderReceipt(ctx, o.ID, time.Now())
	if err != nil || !claimed {
		return err
	}
	var failed []error
	for _, m := range msgs {
		if err := s.mailer.Send(ctx, m); err != nil {
			failed = append(failed, err)
		}
	}
	return errors.Join(failed...)
}
