package registration

import (
	"slices"

	"pelotao/internal/event"
	"pelotao/internal/money"
)

// Offer is what an event sells now: GET /api/events/{id}/inscricao.
type Offer struct {
	Aberta bool `json:"aberta"`
	// Codigo and Motivo say why it is closed (both empty when open).
	Codigo           string          `json:"codigo,omitempty"`
	Motivo           string          `json:"motivo,omitempty"`
	Lote             *CurrentLot     `json:"lote"` // nil for tipoPreco kit, or with no current lot
	Modalidades      []ModalityOffer `json:"modalidades"`
	TamanhosCamiseta []string        `json:"tamanhosCamiseta"`
	MeiaEntradaIdoso bool            `json:"meiaEntradaIdoso"`
	// DataProva is the day ages are counted on (RaceDay): idadeMinima and the guardian rule.
	DataProva event.Date `json:"dataProva"`
	// Pagamentos are the payment methods the buyer may choose now ("pix", "cartao") and
	// ParcelasMax the most installments of a card (nil: no card), CARD-19; the server sets them,
	// as only it knows whether a card provider is configured.
	Pagamentos  []string `json:"pagamentos"`
	ParcelasMax *int     `json:"parcelasMax"`
	// DescontosGrupo are the event's group price tiers (GRP-22): an order with a group's code
	// whose group reaches minimo registrations gets percentual off.
	DescontosGrupo []GroupTierOffer `json:"descontosGrupo"`
}

// GroupTierOffer is one group price tier as the offer lists it.
type GroupTierOffer struct {
	Minimo     int `json:"minimo"`
	Percentual int `json:"percentual"`
}

// CurrentLot is the lot whose prices apply now.
type CurrentLot struct {
	Nome       string     `json:"nome"`
	DataLimite event.Date `json:"dataLimite"`
	Restantes  *int       `json:"restantes"` // nil: the lot has no count limit
}

// ModalityOffer is one modality's price now and its slots left.
type ModalityOffer struct {
	Nome string `json:"nome"`
	// Valor is the current lot's price for this modality; nil for tipoPreco kit (see Kits) or
	// when no lot is current.
	Valor *money.Centavos `json:"valor"`
	// VagasRestantes is the smallest of what the event, the modality and the current lot have
	// left; nil when none has a limit.
	VagasRestantes *int       `json:"vagasRestantes"`
	Kits           []KitOffer `json:"kits,omitempty"`
	// IdadeMinima is the modality's minimum age on DataProva; nil: none (REG-251).
	IdadeMinima *int `json:"idadeMinima,omitempty"`
}

// KitOffer is a kit's price, for tipoPreco kit.
type KitOffer struct {
	Nome  string         `json:"nome"`
	Valor money.Centavos `json:"valor"`
}

// MakeOffer is the offer of e on today (the event's own calendar day) with counts taken.
func MakeOffer(e *event.Event, today event.Date, counts Counts) Offer {
	in := e.Inscricoes
	o := Offer{
		TamanhosCamiseta: in.TamanhosCamiseta,
		MeiaEntradaIdoso: in.MeiaEntrada(),
		Modalidades:      []ModalityOffer{},
		DataProva:        RaceDay(e, today),
		DescontosGrupo:   []GroupTierOffer{},
	}
	for _, t := range in.DescontosGrupo {
		o.DescontosGrupo = append(o.DescontosGrupo, GroupTierOffer{Minimo: t.Minimo.Value, Percentual: t.Percentual.Value})
	}
	lote, openByDate := currentLot(in, today, counts.Lote)
	if lote != nil {
		o.Lote = &CurrentLot{Nome: lote.Nome, DataLimite: lote.DataLimite, Restantes: left(lote.MaxVagas, counts.Lote[lote.Nome])}
	}
	eventoLeft := left(in.Vagas, counts.Evento)
	for _, m := range e.Modalidades {
		mo := ModalityOffer{Nome: m.Nome}
		if m.IdadeMinima.Valid {
			mo.IdadeMinima = &m.IdadeMinima.Value
		}
		if in.TipoPreco == event.TipoPrecoKit {
			mo.Kits = kitOffers(in.PrecosPorKit)
		} else if lote != nil {
			v := lotPrice(*lote, m.Nome)
			mo.Valor = &v
		}
		mo.VagasRestantes = smallest(eventoLeft, left(m.Vagas, counts.Modalidade[m.Nome]))
		if o.Lote != nil {
			mo.VagasRestantes = smallest(mo.VagasRestantes, o.Lote.Restantes)
		}
		o.Modalidades = append(o.Modalidades, mo)
	}
	c := closedReason(e, today, counts)
	if c == nil && in.TipoPreco == event.TipoPrecoLotes && lote == nil {
		c = noLot(in, openByDate)
	}
	if c == nil && len(o.Modalidades) > 0 && !slices.ContainsFunc(o.Modalidades, func(m ModalityOffer) bool {
		return m.VagasRestantes == nil || *m.VagasRestantes > 0
	}) {
		c = esgotado(Const.Motivos.Esgotado) // every modality is full
	}
	if c != nil {
		o.Codigo, o.Motivo = c.Code, c.Motivo
	} else {
		o.Aberta = true
	}
	return o
}

// closedReason is why e takes no registration at all on today whatever its lots, or nil.
func closedReason(e *event.Event, today event.Date, counts Counts) *Closed {
	in := e.Inscricoes
	m := Const.Motivos
	switch {
	case !in.ModoPelotao():
		return encerradas(m.Externo)
	case !e.IsUpcoming(today): // whatever its status still says (TRUTH-2)
		return encerradas(m.Realizado)
	case e.Status != event.Const.OpenStatus || !in.Ativas:
		return encerradas(m.Fechadas)
	case in.Periodo.Inicio.Valid() && today.Compare(in.Periodo.Inicio) < 0:
		return encerradas(m.AntesDoPeriodo)
	case in.Periodo.Fim.Valid() && today.Compare(in.Periodo.Fim) > 0:
		return encerradas(m.DepoisDoPeriodo)
	case in.TipoPreco == event.TipoPrecoKit && len(kitOffers(in.PrecosPorKit)) == 0,
		in.TipoPreco != event.TipoPrecoKit && in.TipoPreco != event.TipoPrecoLotes:
		return encerradas(m.SemPreco)
	case in.Vagas.Valid && counts.Evento >= in.Vagas.Value:
		return esgotado(m.Esgotado)
	}
	return nil
}

// noLot is why an event priced by lots has no current lot: full when lots remain open by date
// (every one of them full by count), closed when every date has passed or no lot has a price.
func noLot(in event.Inscricoes, openByDate int) *Closed {
	switch {
	case openByDate > 0 && slices.ContainsFunc(in.Lotes, func(l event.Lote) bool { return l.Valor.Valid }):
		return esgotado(Const.Motivos.Esgotado)
	case len(in.Lotes) > 0:
		return encerradas(Const.Motivos.LotesEncerrados)
	}
	return encerradas(Const.Motivos.SemPreco)
}

// currentLot is the first lot, in list order, whose dataLimite (inclusive) has not passed, whose
// count is below its maxVagas and that has a price; nil when none. open counts the lots still
// open by date.
func currentLot(in event.Inscricoes, today event.Date, taken map[string]int) (lote *event.Lote, open int) {
	if in.TipoPreco != event.TipoPrecoLotes {
		return nil, 0
	}
	for i := range in.Lotes {
		l := &in.Lotes[i]
		if l.DataLimite.Valid() && today.Compare(l.DataLimite) > 0 {
			continue
		}
		open++
		if lote == nil && (!l.MaxVagas.Valid || taken[l.Nome] < l.MaxVagas.Value) && l.Valor.Valid {
			lote = l
		}
	}
	return lote, open
}

// lotPrice is l's price for a modality: its valoresPorModalidade entry, or its valor.
func lotPrice(l event.Lote, modalidade string) money.Centavos {
	for _, vm := range l.ValoresPorModalidade {
		if vm.ModalidadeNome == modalidade && vm.Valor.Valid {
			return centavos(vm.Valor)
		}
	}
	return centavos(l.Valor)
}

func kitOffers(precos []event.PrecoKit) []KitOffer {
	kits := make([]KitOffer, 0, len(precos))
	for _, p := range precos {
		if p.Valor.Valid {
			kits = append(kits, KitOffer{Nome: p.KitNome, Valor: centavos(p.Valor)})
		}
	}
	return kits
}

// left is what a limit leaves after taken (never below 0); nil when there is no limit.
func left(limit event.Integer, taken int) *int {
	if !limit.Valid {
		return nil
	}
	n := max(limit.Value-taken, 0)
	return &n
}

func smallest(a, b *int) *int {
	switch {
	case a == nil:
		return b
	case b == nil || *a <= *b:
		return a
	}
	return b
}
