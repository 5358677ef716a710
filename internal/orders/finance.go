package orders

import (
	"time"

	"pelotao/internal/money"
	"pelotao/internal/store"
)

// Figures are an event's money as the Financeiro tab shows it (GET /api/events/{id}/financeiro):
// Bruto what was received, Reembolsado what went back (DEVOLVIDO), Liquido their difference,
// ReembolsoEmProcessamento the refunds asked of the PSP and not yet returned (REG-272);
// the orders by status; the confirmed registrations and their value by lot, modality and the
// day they were paid (YYYY-MM-DD in PELOTAO_TZ, the Brasília clock of Pix: docs/requirements.md REG-227).
type Figures struct {
	Bruto       money.Centavos `json:"bruto"`
	Reembolsado money.Centavos `json:"reembolsado"`
	Liquido     money.Centavos `json:"liquido"`
	// ReembolsoEmProcessamento is not yet taken off Liquido: the PSP may still refuse it.
	ReembolsoEmProcessamento money.Centavos `json:"reembolsoEmProcessamento"`
	// PorMetodo splits the same money by method, a card's with Mercado Pago's fees (CARD-27).
	PorMetodo   ByMethod         `json:"porMetodo"`
	Pedidos     OrderCounts      `json:"pedidos"`
	PorLote     map[string]Tally `json:"porLote"`
	PorPercurso map[string]Tally `json:"porPercurso"`
	PorDia      map[string]Tally `json:"porDia"`
	// PorGrupo is the confirmed registrations of each group, by its name (GRP-23).
	PorGrupo map[string]Tally `json:"porGrupo"`
	// Conciliacao is what the last daily reconciliation found of the event's Pix; nil until one
	// has finished.
	Conciliacao *Reconciliation `json:"conciliacao"`
}

// Reconciliation is the event's part of the last daily reconciliation (docs/http-api.md): the
// day, the statement's window and when the pass finished; the event's Pix it read (recebidos)
// split into conferidos (paid orders'), devolvidos (returned in full) and atencao (neither),
// and those needing attention, each with why.
type Reconciliation struct {
	Dia         string         `json:"dia"`
	Inicio      time.Time      `json:"inicio"`
	Fim         time.Time      `json:"fim"`
	ConcluidaEm time.Time      `json:"concluidaEm"`
	Recebidos   PixCount       `json:"recebidos"`
	Conferidos  PixCount       `json:"conferidos"`
	Devolvidos  PixCount       `json:"devolvidos"`
	Atencao     PixCount       `json:"atencao"`
	Pendencias  []PixAttention `json:"pendencias"`
}

// PixCount is how many Pix and their value.
type PixCount struct {
	Quantidade int            `json:"quantidade"`
	Valor      money.Centavos `json:"valor"`
}

// PixAttention is a Pix needing attention: which (endToEndId), its value, when it was paid, its
// order and why. Nothing of its payer.
type PixAttention struct {
	EndToEndID string         `json:"endToEndId"`
	Valor      money.Centavos `json:"valor"`
	Horario    time.Time      `json:"horario"`
	PedidoID   string         `json:"pedidoId"`
	Motivo     string         `json:"motivo"`
}

// ReconciliationOf is an event's part of the last pass as the Financeiro tab shows it.
func ReconciliationOf(c store.PixCheck) *Reconciliation {
	count := func(t store.PixTally) PixCount { return PixCount{t.Quantidade, t.Valor} }
	r := &Reconciliation{Dia: c.Day, Inicio: c.Start, Fim: c.End, ConcluidaEm: c.Done,
		Conferidos: count(c.BySituacao[store.PixMatched]), Devolvidos: count(c.BySituacao[store.PixReturned]),
		Atencao: count(c.BySituacao[store.PixAttention]), Pendencias: make([]PixAttention, len(c.Attention))}
	for _, t := range c.BySituacao {
		r.Recebidos.Quantidade += t.Quantidade
		r.Recebidos.Valor += t.Valor
	}
	for i, p := range c.Attention {
		r.Pendencias[i] = PixAttention{p.EndToEndID, p.Valor, p.Horario, p.OrderID, p.Motivo}
	}
	return r
}

// ByMethod is an event's money by payment method (CARD-27).
type ByMethod struct {
	Pix    PixMoney  `json:"pix"`
	Cartao CardMoney `json:"cartao"`
}

// PixMoney is what came in by Pix, what went back and what is left.
type PixMoney struct {
	Bruto       money.Centavos `json:"bruto"`
	Reembolsado money.Centavos `json:"reembolsado"`
	Liquido     money.Centavos `json:"liquido"`
}

// CardMoney is what came in by card, what went back, Mercado Pago's fees and what is left:
// Bruto − Reembolsado − Taxas = Liquido.
type CardMoney struct {
	Bruto       money.Centavos `json:"bruto"`
	Reembolsado money.Centavos `json:"reembolsado"`
	Taxas       money.Centavos `json:"taxas"`
	Liquido     money.Centavos `json:"liquido"`
}

// ByMethodOf is the money of each method as Financeiro shows it.
func ByMethodOf(m map[string]store.MethodMoney) ByMethod {
	p, c := m[store.PaymentPix], m[store.PaymentCard]
	return ByMethod{Pix: PixMoney{p.Recebido, p.Reembolsado, p.Liquido()}, Cartao: CardMoney{c.Recebido, c.Reembolsado, c.Taxas, c.Liquido()}}
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
	Inscricoes int            `json:"inscricoes"`
	Valor      money.Centavos `json:"valor"`
}

// NoLot names, in porLote, the registrations priced by kit (no lot).
const NoLot = "Sem lote"

// FiguresOf groups an event's money as stored into its figures, days in loc.
func FiguresOf(f store.Finance, loc *time.Location) Figures {
	g := Figures{Bruto: f.Recebido, Reembolsado: f.Reembolsado,
		Liquido: f.Recebido - f.Reembolsado, ReembolsoEmProcessamento: f.ReembolsoEmProcessamento, PorLote: map[string]Tally{}, PorPercurso: map[string]Tally{},
		PorDia: map[string]Tally{}, PorGrupo: map[string]Tally{}, PorMetodo: ByMethodOf(f.PorMetodo)}
	g.Pedidos = OrderCounts{Pagos: f.Pedidos[store.OrderPaid], Aguardando: f.Pedidos[store.OrderAwaiting],
		Expirados: f.Pedidos[store.OrderExpired], Cancelados: f.Pedidos[store.OrderCanceled], Reembolsados: f.Pedidos[store.OrderRefunded]}
	add := func(m map[string]Tally, k string, s store.SoldGroup) {
		t := m[k]
		t.Inscricoes += s.Inscricoes
		t.Valor += s.Total
		m[k] = t
	}
	for _, s := range f.Vendas {
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

// AddGroups puts each group's confirmed registrations in PorGrupo.
func (g *Figures) AddGroups(sales []store.GroupSale) {
	for _, s := range sales {
		g.PorGrupo[s.Nome] = Tally{Inscricoes: s.Inscricoes, Valor: s.Total}
	}
}

// RefundShares is what went back (DEVOLVIDO) of o, shared over its registrations (Shares), so
// that the shares add up to the refunded amount exactly (REG-212).
func RefundShares(o store.Order) []money.Centavos {
	var refunded money.Centavos
	for _, f := range o.Reembolsos {
		if f.Status == store.RefundReturned {
			refunded += f.Valor
		}
	}
	return Shares(o, refunded)
}

// Shares shares amount centavos of o over its registrations in proportion to their totals, so
// that the shares add up to amount exactly: each share is rounded down and the centavos left over
// go to the order's first registration (REG-212). An order whose registrations total nothing
// puts all of it on the first one.
func Shares(o store.Order, amount money.Centavos) []money.Centavos {
	shares := make([]money.Centavos, len(o.Inscricoes))
	var total money.Centavos
	for _, r := range o.Inscricoes {
		total += r.Total
	}
	if amount == 0 || len(shares) == 0 {
		return shares
	}
	left := amount
	if total > 0 {
		for i, r := range o.Inscricoes {
			shares[i] = amount * r.Total / total // centavos of at most an order's money: no overflow
			left -= shares[i]
		}
	}
	shares[0] += left
	return shares
}
