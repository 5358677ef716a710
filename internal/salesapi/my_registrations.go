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
	// Cancelamento is the buyer's window to cancel a paid order; nil for anyone else or any other status.
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

// cancelWindowAnswer is when the buyer's cancellation ends and, once it has, the server's reason
// (the motivo of the 409 fora-do-prazo a cancel would get now).
type cancelWindowAnswer struct {
	Ate    time.Time `json:"ate"`
	Motivo *string   `json:"motivo"`
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
	os, err := s.accountOrders(r.Context(), u.ID)
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
		answer := toOrderAnswer(o)
		var window *cancelWindowAnswer
		if o.BuyerID == u.ID {
			window = s.cancelWindow(o, &ev.event, now)
		}
		for i, reg := range answer.Inscricoes {
			stored := o.Registrations[i]
			bib, err := s.bibOf(r.Context(), o.EventID, stored.ParticipantID)
			if err != nil {
				return err
			}
			var a registration.Athlete
			if err := json.Unmarshal(stored.Atleta, &a); err != nil {
				return err
			}
			item := myRegistrationAnswer{orderRegistrationAnswer: reg, PedidoID: o.ID, PedidoStatus: o.Status, Evento: ev.brief,
				Comprador: o.BuyerID == u.ID, NumeroPeito: bib, Equipe: a.Equipe, ContatoEmergencia: a.ContatoEmergencia,
				Cancelamento: window, Reembolsos: answer.Reembolsos}
			if item.Resultado, err = s.resultOf(r.Context(), ev, reg.Percurso, bib); err != nil {
				return err
			}
			out = append(out, item)
		}
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"inscricoes": out})
	return nil
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

// cancelWindow is the buyer's window to cancel o, with the reason once it has passed.
func (s *Server) cancelWindow(o store.Order, e *event.Event, now time.Time) *cancelWindowAnswer {
	until, ok := orders.CancelableUntil(o, e)
	if !ok {
		return nil
	}
	w := &cancelWindowAnswer{Ate: until}
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
