package salesapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/registration"
	"pelotao/internal/results"
	"pelotao/internal/store"
)

// myRegistrationAnswer is one registration of "Minhas inscrições", with its order and event and
// what the athlete may still do with it (docs/http-api.md, "Minhas inscrições").
type myRegistrationAnswer struct {
	orderRegistrationAnswer
	PedidoID          string               `json:"pedidoId"`
	PedidoStatus      string               `json:"pedidoStatus"`
	Evento            eventBrief           `json:"evento"`
	Comprador         bool                 `json:"comprador"`   // the account bought it (and may open the order)
	NumeroPeito       *int                 `json:"numeroPeito"` // once assigned
	Equipe            string               `json:"equipe"`
	ContatoEmergencia registration.Contato `json:"contatoEmergencia"`
	// Cancelamento is the buyer's and the athlete's window to cancel the registration of a paid
	// order; nil for any other status.
	Cancelamento *cancelWindowAnswer `json:"cancelamento"`
	Reembolsos   []orderRefundAnswer `json:"reembolsos"`
	Resultado    *myResultAnswer     `json:"resultado"`
}

type eventBrief struct {
	ID         string     `json:"id"`
	Titulo     string     `json:"titulo"`
	DataEvento event.Date `json:"dataEvento"`
	EdicaoAte  event.Date `json:"edicaoAte"` // the last day athletes edit (EdicaoAteEfetiva)
	// FusoHorario is the event's clock (REG-222): edicaoAte and dataEvento end at its midnight.
	FusoHorario      string   `json:"fusoHorario"`
	TamanhosCamiseta []string `json:"tamanhosCamiseta"`
}

// cancelWindowAnswer is when the cancellation of one registration by its buyer or athlete ends,
// what it returns (valor: orders.RegistrationRefund) and, once it has ended, the server's reason
// (the motivo of the 409 fora-do-prazo a cancel would get now).
type cancelWindowAnswer struct {
	Ate    time.Time      `json:"ate"`
	Valor  money.Centavos `json:"valor"`
	Motivo *string        `json:"motivo"`
}

// myResultAnswer is the athlete's result (GET …/results/{setId}/athletes/{bib}'s answer) with
// the addresses of its page and, for a finisher, its certificate.
type myResultAnswer struct {
	results.AthleteResult
	URL         string  `json:"url"`
	Certificado *string `json:"certificado"`
}

// eventOfOrders is an event as "Minhas inscrições" needs it, read once per request.
type eventOfOrders struct {
	brief eventBrief
	event event.Event
	sets  []results.Set // its result sets; nil before the race has any
}

// myRegistrations answers GET /api/me/inscricoes: the registrations the account bought, or whose
// athlete e-mail is its verified e-mail, newest first, each with its order, event, windows and
// result.
func (s *Server) myRegistrations(w http.ResponseWriter, r *http.Request) error {
	u, _ := api.CurrentUser(r)
	os, email, err := s.accountOrders(r.Context(), u.ID)
	if err != nil {
		return err
	}
	events := map[string]*eventOfOrders{}
	now := s.now()
	out := []myRegistrationAnswer{}
	for _, o := range os {
		ev, ok := events[o.EventID]
		if !ok {
			if ev, err = s.eventOfOrders(r.Context(), o.EventID); err != nil {
				return err
			}
			events[o.EventID] = ev
		}
		for i, stored := range o.Inscricoes {
			if o.BuyerID != u.ID && !athletesOwn(stored, email) {
				continue
			}
			item, err := s.myRegistration(r.Context(), u.ID, o, i, ev, now)
			if err != nil {
				return err
			}
			out = append(out, item)
		}
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"inscricoes": out})
	return nil
}

// myRegistration is the registration i of o as "Minhas inscrições" shows it to the account
// userID: the order's refunds are its buyer's alone; the window to cancel it alone is its
// buyer's and its athlete's (REG-244).
func (s *Server) myRegistration(ctx context.Context, userID string, o store.Order, i int, ev *eventOfOrders, now time.Time) (myRegistrationAnswer, error) {
	stored := o.Inscricoes[i]
	bib, err := s.bibOf(ctx, o.EventID, stored.ParticipantID)
	if err != nil {
		return myRegistrationAnswer{}, err
	}
	var a registration.Athlete
	if err := json.Unmarshal(stored.Atleta, &a); err != nil {
		return myRegistrationAnswer{}, err
	}
	item := myRegistrationAnswer{orderRegistrationAnswer: toRegistrationAnswer(stored), PedidoID: o.ID, PedidoStatus: o.Status,
		Evento: ev.brief, Comprador: o.BuyerID == userID, NumeroPeito: bib, Equipe: a.Equipe, ContatoEmergencia: a.ContatoEmergencia,
		Cancelamento: s.cancelWindow(o, stored, &ev.event, now), Reembolsos: []orderRefundAnswer{}}
	if item.Comprador {
		item.Reembolsos = toRefundAnswers(o.Reembolsos)
	}
	item.Resultado, err = s.resultOf(ctx, ev, stored.Percurso, bib)
	return item, err
}

// eventOfOrders reads an event and its result sets; a deleted event is left blank.
func (s *Server) eventOfOrders(ctx context.Context, id string) (*eventOfOrders, error) {
	e, err := s.store.GetEvent(ctx, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	ev := &eventOfOrders{event: e, brief: eventBrief{ID: id, Titulo: e.Titulo, DataEvento: e.DataEvento, EdicaoAte: e.EdicaoAteEfetiva(),
		FusoHorario: e.Zone().String(), TamanhosCamiseta: e.Inscricoes.TamanhosCamiseta}}
	if ev.brief.TamanhosCamiseta == nil {
		ev.brief.TamanhosCamiseta = []string{}
	}
	if err == nil {
		ev.sets, err = s.store.ListResultSets(ctx, id)
	}
	return ev, err
}

// cancelWindow is the window of the buyer and the athlete to cancel registration reg of o alone
// (REG-244), with what it returns and, once the window has passed, the reason; nil unless o is
// paid and reg confirmed.
func (s *Server) cancelWindow(o store.Order, reg store.Registration, e *event.Event, now time.Time) *cancelWindowAnswer {
	until, ok := orders.CancelableUntil(o, e)
	if !ok || reg.Status != store.RegistrationConfirmed {
		return nil
	}
	w := &cancelWindowAnswer{Ate: until, Valor: orders.RegistrationRefund(o, reg)}
	if refused := orders.CancelWindow(o, e, s.cfg.Location, now); refused != nil {
		w.Motivo = &refused.Motivo
	}
	return w
}

// resultOf is the result of bib in the event's set of modality percurso: one indexed read of
// that set's line, nil when there is no bib, no set of the modality, or the set does not list it.
func (s *Server) resultOf(ctx context.Context, ev *eventOfOrders, percurso string, bib *int) (*myResultAnswer, error) {
	if bib == nil {
		return nil, nil
	}
	for _, set := range ev.sets {
		if set.Percurso != percurso {
			continue
		}
		line, err := s.store.GetResult(ctx, set.ID, strconv.Itoa(*bib))
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		eventID, setID, key := url.PathEscape(ev.brief.ID), url.PathEscape(set.ID), url.PathEscape(line.Key())
		a := &myResultAnswer{AthleteResult: results.AthleteIn(set, line), URL: "/resultado/" + eventID + "/atleta/" + setID + "/" + key}
		if line.Status == results.StatusOK { // the certificate is a finisher's
			pdf := "/api/events/" + eventID + "/results/" + setID + "/athletes/" + key + "/certificado.pdf"
			a.Certificado = &pdf
		}
		return a, nil
	}
	return nil, nil
}
