package httpapi

import (
	"encoding/json"
	"net/http"

	"pelotao/internal/api"
	"pelotao/internal/money"
	"pelotao/internal/team"
)

// panelEvent is an event of GET /api/me/painel.
type panelEvent struct {
	Role          team.Role       `json:"role"`
	Event         json.RawMessage `json:"event"`
	Inscritos     int             `json:"inscritos"`
	Pagos         int             `json:"pagos"`
	KitsRetirados int             `json:"kitsRetirados"`
	Resultados    panelResults    `json:"resultados"`
	Dinheiro      *panelMoney     `json:"dinheiro"` // null for a role without the Financeiro tab
}

type panelResults struct {
	Oficiais     int `json:"oficiais"`
	Preliminares int `json:"preliminares"`
}

// panelMoney is an event's money in reais: what its participants paid and still owe (their
// valor, imported or sold here), and the Pix of the registrations sold here, as Financeiro has it.
type panelMoney struct {
	ValorPago     money.Centavos `json:"valorPago"`
	ValorPendente money.Centavos `json:"valorPendente"`
	Bruto         money.Centavos `json:"bruto"`
	Reembolsado   money.Centavos `json:"reembolsado"`
	Liquido       money.Centavos `json:"liquido"`
}

// myPanel answers GET /api/me/painel: the organizer panel's figures across every event the
// signed-in account owns or works on (ORG-14). Money goes only with a role that opens the event's
// Financeiro tab (internal/team/roles.json).
func (s *Server) myPanel(w http.ResponseWriter, r *http.Request) error {
	u, _ := api.CurrentUser(r)
	events, err := s.store.Panel(r.Context(), u.ID)
	if err != nil {
		return err
	}
	list := make([]panelEvent, len(events))
	for i, e := range events {
		list[i] = panelEvent{Role: e.Role, Event: e.Summary, Inscritos: e.Participants, Pagos: e.Paid, KitsRetirados: e.KitsPickedUp,
			Resultados: panelResults{Oficiais: e.Official, Preliminares: e.Preliminary}}
		if team.SeesPayments(e.Role) {
			list[i].Dinheiro = &panelMoney{ValorPago: e.ValorPago, ValorPendente: e.ValorPendente,
				Bruto: e.Received, Reembolsado: e.Refunded,
				Liquido: e.Received - e.Refunded}
		}
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"eventos": list})
	return nil
}
