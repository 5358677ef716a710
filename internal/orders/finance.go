package orders

import (
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// Figures are an event's money as the Financeiro tab shows it (GET /api/events/{id}/financeiro):
// Bruto what was received, Reembolsado what went back (DEVOLVIDO), Liquido their difference;
// the orders by status; the confirmed registrations and their value by lot, modality and the
// day they were paid (YYYY-MM-DD in PELOTAO_TZ, the Brasília clock of Pix: docs/requirements.md REG-227).
type Figures struct {
	Bruto       participant.Centavos `json:"bruto"`
	Reembolsado participant.Centavos `json:"reembolsado"`
	Liquido     participant.Centavos `json:"liquido"`
	Pedidos     OrderCounts          `json:"pedidos"`
	PorLote     map[string]Tally     `json:"porLote"`
	PorPercurso map[string]Tally     `json:"porPercurso"`
	PorDia      map[string]Tally     `json:"porDia"`
}

// OrderCounts counts an event's orders by status (a hold passed counts as expired).
type OrderCounts struct {
	Pagos        int `json:"pagos"`
	Aguardando   int `json:"aguardando"`
	Expirados    int `json:"expirados"`
	Cancelados   int `json:"cancelados"`
	Reembolsados int `json:"reembolsados"`
}

// Tally is how many confirmed registrations a group has and their value.
type Tally struct {
	Inscricoes int                  `json:"inscricoes"`
	Valor      participant.Centavos `json:"valor"`
}

// NoLot names, in porLote, the registrations priced by kit (no lot).
const NoLot = "Sem lote"

// FiguresOf groups an event's money as stored into its figures, days in loc.
func FiguresOf(f store.Finance, loc *time.Location) Figures {
	g := Figures{Bruto: participant.Centavos(f.Received), Reembolsado: participant.Centavos(f.Refunded),
		Liquido: participant.Centavos(f.Received - f.Refunded), PorLote: map[string]Tally{}, PorPercurso: map[string]Tally{},
		PorDia: map[string]Tally{}}
	g.Pedidos = OrderCounts{Pagos: f.Orders[store.OrderPaid], Aguardando: f.Orders[store.OrderAwaiting],
		Expirados: f.Orders[store.OrderExpired], Cancelados: f.Orders[store.OrderCanceled], Reembolsados: f.Orders[store.OrderRefunded]}
	add := func(m map[string]Tally, k string, s store.SoldGroup) {
		t := m[k]
		t.Inscricoes += s.Inscricoes
		t.Valor += participant.Centavos(s.Total)
		m[k] = t
	}
	for _, s := range f.Sold {
		lote := s.Lote
		if lote == "" {
			lote = NoLot
		}
		add(g.PorLote, lote, s)
		add(g.PorPercurso, s.Percurso, s)
		add(g.PorDia, s.Hora.In(loc).Format(time.DateOnly), s)
	}
	return g
}
