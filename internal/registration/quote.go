package registration

import (
	"math"
	"slices"
	"strings"

	"pelotao/internal/event"
	"pelotao/internal/money"
)

// Coupon is a discount code the organizer made (not part of the public event document).
type Coupon struct {
	Codigo string  `json:"codigo"` // compared case-insensitively
	Tipo   string  `json:"tipo"`   // percentual (Valor 20 is 20 %) or fixo (Valor in reais)
	Valor  float64 `json:"valor"`
	// MaxUsos: nil is no limit. Usos counts the registrations that took it (confirmed plus held).
	MaxUsos     *int       `json:"maxUsos"`
	Usos        int        `json:"usos"`
	ValidoAte   event.Date `json:"validoAte"` // inclusive; blank: no end
	Ativo       bool       `json:"ativo"`
	Modalidades []string   `json:"modalidades"` // empty: every modality
}

// Coupon types.
const (
	CupomPercentual = "percentual"
	CupomFixo       = "fixo"
)

// Item is one athlete's price in a quote.
type Item struct {
	Valor     money.Centavos `json:"valor"`    // the lot's (or kit's) price
	Desconto  money.Centavos `json:"desconto"` // the 60+ half price or the coupon, whichever is larger
	Total     money.Centavos `json:"total"`
	Categoria string         `json:"categoria"`
	Lote      string         `json:"lote"` // '' for tipoPreco kit
	// Cupom: the coupon gave this athlete's discount (a use is taken); MeiaEntrada: the 60+ half price did.
	Cupom       bool `json:"cupom"`
	MeiaEntrada bool `json:"meiaEntrada"`
	// DescontoGrupo: the group's price tier gave the discount, this percent (GRP-21); 0 otherwise.
	DescontoGrupo int `json:"descontoGrupo,omitempty"`
}

// Quote is an order's price: POST /api/events/{id}/inscricao/cotacao.
type Quote struct {
	Itens []Item         `json:"itens"`
	Total money.Centavos `json:"total"`
}

// Price quotes o for e on today with counts already taken and the coupon o names (nil when the
// event has none by that code). Each athlete is priced in turn, counting the order's earlier
// athletes, so a large order may span two lots. It returns FieldErrors (422) for what the buyer
// must correct, *Closed (409) when the event or a modality takes no more registrations (a
// closed event is answered before any field is checked).
// The athletes of o are tidied in place.
func Price(e *event.Event, o *Order, today event.Date, counts Counts, coupon *Coupon) (Quote, error) {
	// Closed first: no correction of the order would help.
	if c := closedReason(e, today, counts); c != nil {
		return Quote{}, c
	}
	categorias, errs := checkOrder(e, o, today)
	if errs == nil {
		errs = FieldErrors{}
	}
	o.Cupom = strings.TrimSpace(o.Cupom)
	if o.Cupom != "" {
		if msg := couponRefusal(coupon, o, today); msg != "" {
			errs.add("cupom", msg)
		}
	}
	if len(errs) > 0 {
		return Quote{}, errs
	}

	in := e.Inscricoes
	taken := Counts{Evento: counts.Evento, Modalidade: copyCounts(counts.Modalidade), Lote: copyCounts(counts.Lote)}
	usos := 0
	if coupon != nil {
		usos = coupon.Usos
	}
	q := Quote{Itens: make([]Item, len(o.Atletas))}
	grupo := 0 // the tier the group reaches with the order's athletes (GRP-21)
	if strings.TrimSpace(o.Grupo) != "" {
		grupo = GroupTier(in.DescontosGrupo, counts.Grupo+len(o.Atletas))
	}
	for i, a := range o.Atletas {
		m := e.Modalidades[slices.IndexFunc(e.Modalidades, func(m event.Modalidade) bool { return m.Nome == a.Percurso })]
		if in.Vagas.Valid && taken.Evento >= in.Vagas.Value {
			return Quote{}, esgotado(Const.Motivos.Esgotado)
		}
		if m.Vagas.Valid && taken.Modalidade[m.Nome] >= m.Vagas.Value {
			return Quote{}, esgotado(Const.Motivos.ModalidadeEsgotada)
		}
		it := Item{Categoria: categorias[i]}
		if in.TipoPreco == event.TipoPrecoKit {
			k := in.PrecosPorKit[slices.IndexFunc(in.PrecosPorKit, func(k event.PrecoKit) bool { return k.KitNome == a.Kit })]
			it.Valor = centavos(k.Valor)
		} else {
			lote, open := currentLot(in, today, taken.Lote)
			if lote == nil {
				return Quote{}, noLot(in, open)
			}
			it.Lote, it.Valor = lote.Nome, lotPrice(*lote, m.Nome)
			taken.Lote[lote.Nome]++
		}
		taken.Evento++
		taken.Modalidade[m.Nome]++

		var meia money.Centavos
		if in.MeiaEntrada() && ageOn(a.Nascimento, today) >= Const.Limits.IdadeMeiaEntrada {
			meia = it.Valor - it.Valor/2 // the athlete pays half, rounded down to the centavo
		}
		var desconto money.Centavos
		if coupon != nil && o.Cupom != "" && couponCovers(coupon, m.Nome) && (coupon.MaxUsos == nil || usos < *coupon.MaxUsos) {
			desconto = couponDiscount(coupon, it.Valor)
		}
		porGrupo := (it.Valor*money.Centavos(grupo) + 50) / 100 // rounded to the nearest centavo
		// The largest single discount applies, never added up (REG-76, GRP-21).
		switch {
		case desconto > meia && desconto > porGrupo:
			it.Desconto, it.Cupom = desconto, true
			usos++
		case porGrupo > meia:
			it.Desconto, it.DescontoGrupo = porGrupo, grupo
		case meia > 0:
			it.Desconto, it.MeiaEntrada = meia, true
		}
		it.Total = it.Valor - it.Desconto
		q.Itens[i] = it
		q.Total += it.Total
	}
	return q, nil
}

// GroupTier is the percent off of the highest tier whose minimo n registrations of a group
// reach, or 0 (GRP-21). The tiers are in increasing minimo, as the event's validation keeps them.
func GroupTier(tiers []event.DescontoGrupo, n int) int {
	p := 0
	for _, t := range tiers {
		if t.Minimo.Valid && t.Percentual.Valid && n >= t.Minimo.Value {
			p = t.Percentual.Value
		}
	}
	return p
}

// couponRefusal is why coupon cannot be used by o on today, or "". An unknown code and a paused
// coupon read the same, so that nobody learns by trying which codes exist (REG-205).
func couponRefusal(c *Coupon, o *Order, today event.Date) string {
	m := Const.Messages
	switch {
	case c == nil || !strings.EqualFold(c.Codigo, o.Cupom) || !c.Ativo:
		return m.CupomInvalido
	case c.ValidoAte.Valid() && today.Compare(c.ValidoAte) > 0:
		return Fill(m.CupomVencido, "data", brDate(c.ValidoAte))
	case c.MaxUsos != nil && c.Usos >= *c.MaxUsos:
		return m.CupomEsgotado
	case !slices.ContainsFunc(o.Atletas, func(a Athlete) bool { return couponCovers(c, a.Percurso) }):
		return m.CupomModalidade
	}
	return ""
}

func couponCovers(c *Coupon, modalidade string) bool {
	return len(c.Modalidades) == 0 || slices.Contains(c.Modalidades, modalidade)
}

// couponDiscount is what c takes off price, never more than the price.
func couponDiscount(c *Coupon, price money.Centavos) money.Centavos {
	var d money.Centavos
	switch c.Tipo {
	case CupomPercentual:
		d = money.Centavos(math.Round(float64(price) * c.Valor / 100))
	case CupomFixo:
		d, _ = money.FromReais(c.Valor)
	}
	return min(max(d, 0), price)
}

func copyCounts(m map[string]int) map[string]int {
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func pad2(n int) string {
	if n < 10 {
		return "0" + itoa(n)
	}
	return itoa(n)
}
