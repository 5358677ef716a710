package registration

import (
	"errors"
	"maps"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/participant"
)

func d(s string) event.Date {
	date, ok := event.ParseDate(s)
	if !ok {
		panic(s)
	}
	return date
}

func ptr[T any](v T) *T { return &v }

// raceEvent sells by lots: 1º Lote R$ 100 until 31/03 or 2 registrations, 2º Lote R$ 120 (R$ 150
// for the 21 km) until 30/06, 3º Lote R$ 140 with neither limit; the race is on 07/09/2026.
func raceEvent() event.Event {
	e := event.New()
	e.Titulo = "Corrida das Flores"
	e.DataEvento = d("2026-09-07")
	e.Local = event.Local{Cidade: "Holambra", Estado: "SP"}
	e.Inscricoes.Modo = event.ModoPelotao
	e.Inscricoes.Lotes = []event.Lote{
		{Nome: "1º Lote", Valor: event.Dec(100), MaxVagas: event.Int(2), DataLimite: d("2026-03-31")},
		{Nome: "2º Lote", Valor: event.Dec(120), DataLimite: d("2026-06-30"),
			ValoresPorModalidade: []event.ValorModalidade{{ModalidadeNome: "21 km", Valor: event.Dec(150)}}},
		{Nome: "3º Lote", Valor: event.Dec(140)},
	}
	e.Modalidades = []event.Modalidade{
		{Nome: "5 km", LargadaID: e.Largadas[0].ID},
		{Nome: "21 km", LargadaID: e.Largadas[0].ID, Vagas: event.Int(3), Categorias: []event.CategoriaModalidade{
			{Nome: "Geral", QualquerIdade: true},
			{Nome: "F 18-29", IdadeInicial: event.Int(18), IdadeLimite: event.Int(29), Genero: "Feminino"},
			{Nome: "F 30-39", IdadeInicial: event.Int(30), IdadeLimite: event.Int(39), Genero: "Feminino"},
			{Nome: "M 18-39", IdadeInicial: event.Int(18), IdadeLimite: event.Int(39), Genero: "Masculino"},
			{Nome: "60+", IdadeInicial: event.Int(60), IdadeLimite: event.Int(120)},
		}},
	}
	e.Normalize()
	if err := e.Validate(); err != nil {
		panic(err)
	}
	return e
}

var today = d("2026-03-10")

// athlete is a valid athlete of the 5 km, 36 years old, with the n-th test CPF.
func athlete(n int) Athlete {
	return Athlete{
		Nome:              "Ana Souza",
		Documento:         participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(cpfBase[n])},
		Nascimento:        d("1990-05-20"),
		Sexo:              "F",
		Email:             "ana@exemplo.com.br",
		Celular:           "(19) 99876-5432",
		Percurso:          "5 km",
		Camiseta:          "M",
		ContatoEmergencia: Contato{Nome: "José Souza", Telefone: "19 3333-4444"},
		AceiteRegulamento: true,
	}
}

var cpfBase = []string{"123456789", "111444777", "529982247", "390533447", "987654321"}

// REG-17: the current lot is the first whose dataLimite (inclusive) has not passed and whose
// count is below its maxVagas; a lot closes by date or by count.
func TestCurrentLot(t *testing.T) {
	twoLots := raceEvent()
	twoLots.Inscricoes.Lotes = twoLots.Inscricoes.Lotes[:2]
	oneLot := raceEvent()
	oneLot.Inscricoes.Lotes = oneLot.Inscricoes.Lotes[:1]
	for _, c := range []struct {
		name   string
		e      event.Event
		today  string
		lotes  map[string]int
		lote   string
		closed string
	}{
		{"the first lot before its date", raceEvent(), "2026-03-10", nil, "1º Lote", ""},
		{"its last day is inclusive", raceEvent(), "2026-03-31", map[string]int{"1º Lote": 1}, "1º Lote", ""},
		{"the next day the second", raceEvent(), "2026-04-01", nil, "2º Lote", ""},
		{"full by count before its date", raceEvent(), "2026-03-10", map[string]int{"1º Lote": 2}, "2º Lote", ""},
		{"a lot without date nor count is last", raceEvent(), "2026-09-01", nil, "3º Lote", ""},
		{"every date passed", twoLots, "2026-07-01", nil, "", "inscricoes-encerradas"},
		{"every lot open by date is full", oneLot, "2026-03-10", map[string]int{"1º Lote": 2}, "", "esgotado"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := MakeOffer(&c.e, d(c.today), Counts{Lote: c.lotes})
			got := ""
			if o.Lote != nil {
				got = o.Lote.Nome
			}
			if got != c.lote || o.Codigo != c.closed || o.Aberta != (c.closed == "") {
				t.Fatalf("lote %q codigo %q aberta %v, want %q %q", got, o.Codigo, o.Aberta, c.lote, c.closed)
			}
		})
	}
}

// REG-18: the offer's prices per modality and slots left (the smallest of event, modality and
// current lot; nil when none has a limit), and why registration is closed.
func TestOfferGivesPricesSlotsLeftAndWhyItIsClosed(t *testing.T) {
	e := raceEvent()
	e.Inscricoes.Vagas = event.Int(100)
	o := MakeOffer(&e, d("2026-04-02"), Counts{Evento: 98, Modalidade: map[string]int{"21 km": 2}})
	if !o.Aberta || o.Lote.Nome != "2º Lote" || o.Lote.Restantes != nil || !o.MeiaEntradaIdoso || len(o.TamanhosCamiseta) != 6 {
		t.Fatalf("offer %+v", o)
	}
	if m := o.Modalidades[0]; m.Nome != "5 km" || *m.Valor != 12000 || *m.VagasRestantes != 2 {
		t.Errorf("5 km: %+v", m)
	}
	if m := o.Modalidades[1]; *m.Valor != 15000 || *m.VagasRestantes != 1 {
		t.Errorf("21 km at the lot's per-modality price, 1 slot left: %+v", m)
	}
	if o := MakeOffer(&e, today, Counts{Lote: map[string]int{"1º Lote": 1}}); *o.Modalidades[0].VagasRestantes != 1 || *o.Lote.Restantes != 1 {
		t.Errorf("the current lot's count limits too: %+v %+v", o.Modalidades[0], o.Lote)
	}
	noLimit := raceEvent()
	noLimit.Modalidades[1].Vagas = event.Integer{}
	if o := MakeOffer(&noLimit, d("2026-04-02"), Counts{}); o.Modalidades[0].VagasRestantes != nil || o.Modalidades[1].VagasRestantes != nil {
		t.Errorf("no limit anywhere: %+v", o.Modalidades)
	}
	kit := raceEvent()
	kit.Inscricoes.TipoPreco = event.TipoPrecoKit
	kit.Inscricoes.PrecosPorKit = []event.PrecoKit{{KitNome: "Kit Básico", Valor: event.Dec(79.9)}}
	if o := MakeOffer(&kit, today, Counts{}); !o.Aberta || o.Lote != nil || o.Modalidades[0].Valor != nil ||
		len(o.Modalidades[0].Kits) != 1 || o.Modalidades[0].Kits[0].Valor != 7990 {
		t.Errorf("kit offer: %+v", o)
	}

	closed := func(change func(*event.Event)) event.Event { e := raceEvent(); change(&e); return e }
	for _, c := range []struct {
		name   string
		e      event.Event
		counts Counts
		code   string
		motivo string
	}{
		{"sold elsewhere", closed(func(e *event.Event) { e.Inscricoes.Modo = event.ModoExterno }), Counts{}, "inscricoes-encerradas", Const.Motivos.Externo},
		{"status", closed(func(e *event.Event) { e.Status = "Em Breve" }), Counts{}, "inscricoes-encerradas", Const.Motivos.Fechadas},
		// TRUTH-2: a race already run takes no registration, though its status was never changed.
		{"the event is past", closed(func(e *event.Event) { e.DataEvento = today.AddDays(-1) }), Counts{}, "inscricoes-encerradas", Const.Motivos.Realizado},
		{"the event is today", closed(func(e *event.Event) { e.DataEvento = today }), Counts{}, "", ""},
		{"ativas off", closed(func(e *event.Event) { e.Inscricoes.Ativas = false }), Counts{}, "inscricoes-encerradas", Const.Motivos.Fechadas},
		{"before the period", closed(func(e *event.Event) { e.Inscricoes.Periodo.Inicio = d("2026-03-11") }), Counts{}, "inscricoes-encerradas", Const.Motivos.AntesDoPeriodo},
		{"after the period", closed(func(e *event.Event) { e.Inscricoes.Periodo.Fim = d("2026-03-09") }), Counts{}, "inscricoes-encerradas", Const.Motivos.DepoisDoPeriodo},
		{"the period's last day is open", closed(func(e *event.Event) { e.Inscricoes.Periodo.Fim = today }), Counts{}, "", ""},
		{"the event is full", closed(func(e *event.Event) { e.Inscricoes.Vagas = event.Int(50) }), Counts{Evento: 50}, "esgotado", Const.Motivos.Esgotado},
		{"every modality is full", closed(func(e *event.Event) { e.Modalidades[0].Vagas = event.Int(1) }),
			Counts{Modalidade: map[string]int{"5 km": 1, "21 km": 3}}, "esgotado", Const.Motivos.Esgotado},
		{"one modality full leaves the event open", closed(func(e *event.Event) {}), Counts{Modalidade: map[string]int{"21 km": 3}}, "", ""},
		{"no kit has a price", closed(func(e *event.Event) { e.Inscricoes.TipoPreco, e.Inscricoes.PrecosPorKit = event.TipoPrecoKit, nil }), Counts{}, "inscricoes-encerradas", Const.Motivos.SemPreco},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := MakeOffer(&c.e, today, c.counts)
			if o.Codigo != c.code || o.Motivo != c.motivo || o.Aberta != (c.code == "") {
				t.Fatalf("%q %q, want %q %q", o.Codigo, o.Motivo, c.code, c.motivo)
			}
		})
	}
}

// REG-19: an athlete's price — the lot's, per modality, or the kit's — and the discount: the 60+
// half price (age on the day of registering) or the coupon, whichever is larger, never both.
func TestPriceIsTheLotsOrKitsWithTheLargerDiscountOnly(t *testing.T) {
	kitEvent := raceEvent()
	kitEvent.Inscricoes.TipoPreco = event.TipoPrecoKit
	kitEvent.Kits = append(kitEvent.Kits, event.Kit{Nome: "Kit Premium"})
	kitEvent.Inscricoes.PrecosPorKit = []event.PrecoKit{{KitNome: "Kit Básico", Valor: event.Dec(79.9)}, {KitNome: "Kit Premium", Valor: event.Dec(189.9)}}
	noMeia := raceEvent()
	noMeia.Inscricoes.MeiaEntradaIdoso = ptr(false)
	pct20 := &Coupon{Codigo: "FLORES20", Tipo: CupomPercentual, Valor: 20, Ativo: true}
	fixo80 := &Coupon{Codigo: "VIP", Tipo: CupomFixo, Valor: 80, Ativo: true}
	fixo500 := &Coupon{Codigo: "CORTESIA", Tipo: CupomFixo, Valor: 500, Ativo: true}
	sixty := func(a Athlete) Athlete { a.Nascimento = d("1966-03-10"); return a }     // 60 today
	fiftyNine := func(a Athlete) Athlete { a.Nascimento = d("1966-03-11"); return a } // 60 tomorrow
	on21 := func(a Athlete) Athlete { a.Percurso = "21 km"; return a }
	kit := func(k string) func(Athlete) Athlete { return func(a Athlete) Athlete { a.Kit = k; return a } }
	same := func(a Athlete) Athlete { return a }
	for _, c := range []struct {
		name   string
		e      event.Event
		today  string
		change func(Athlete) Athlete
		coupon *Coupon
		want   Item
	}{
		{"the first lot", raceEvent(), "2026-03-10", same, nil, Item{Valor: 10000, Total: 10000, Lote: "1º Lote", Categoria: "Geral"}},
		{"the second lot by date", raceEvent(), "2026-04-01", same, nil, Item{Valor: 12000, Total: 12000, Lote: "2º Lote", Categoria: "Geral"}},
		{"the lot's price for the modality", raceEvent(), "2026-04-01", on21, nil, Item{Valor: 15000, Total: 15000, Lote: "2º Lote", Categoria: "F 30-39"}},
		{"the kit's price", kitEvent, "2026-03-10", kit("Kit Premium"), nil, Item{Valor: 18990, Total: 18990, Categoria: "Geral"}},
		{"60 on the day: half price", raceEvent(), "2026-03-10", sixty, nil, Item{Valor: 10000, Desconto: 5000, Total: 5000, Lote: "1º Lote", Categoria: "Geral", MeiaEntrada: true}},
		{"half of an odd price rounds the athlete's part down", kitEvent, "2026-03-10", func(a Athlete) Athlete { return sixty(kit("Kit Básico")(a)) }, nil,
			Item{Valor: 7990, Desconto: 3995, Total: 3995, Categoria: "Geral", MeiaEntrada: true}},
		{"59 on the day: full price", raceEvent(), "2026-03-10", fiftyNine, nil, Item{Valor: 10000, Total: 10000, Lote: "1º Lote", Categoria: "Geral"}},
		{"60+ turned off", noMeia, "2026-03-10", sixty, nil, Item{Valor: 10000, Total: 10000, Lote: "1º Lote", Categoria: "Geral"}},
		{"a percent coupon", raceEvent(), "2026-03-10", same, pct20, Item{Valor: 10000, Desconto: 2000, Total: 8000, Lote: "1º Lote", Categoria: "Geral", Cupom: true}},
		{"a fixed coupon", raceEvent(), "2026-03-10", same, fixo80, Item{Valor: 10000, Desconto: 8000, Total: 2000, Lote: "1º Lote", Categoria: "Geral", Cupom: true}},
		{"a fixed coupon above the price makes it free", raceEvent(), "2026-03-10", same, fixo500, Item{Valor: 10000, Desconto: 10000, Total: 0, Lote: "1º Lote", Categoria: "Geral", Cupom: true}},
		{"60+ beats a smaller coupon, which is not used", raceEvent(), "2026-03-10", sixty, pct20, Item{Valor: 10000, Desconto: 5000, Total: 5000, Lote: "1º Lote", Categoria: "Geral", MeiaEntrada: true}},
		{"a larger coupon beats 60+", raceEvent(), "2026-03-10", sixty, fixo80, Item{Valor: 10000, Desconto: 8000, Total: 2000, Lote: "1º Lote", Categoria: "Geral", Cupom: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Order{Atletas: []Athlete{c.change(athlete(0))}}
			if c.coupon != nil {
				o.Cupom = c.coupon.Codigo
			}
			q, err := Price(&c.e, &o, d(c.today), Counts{}, c.coupon)
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Itens) != 1 || q.Itens[0] != c.want || q.Total != c.want.Total {
				t.Fatalf("quote %+v, want %+v", q, c.want)
			}
		})
	}
}

// REG-20: each athlete of an order is priced in turn, so one order may span two lots; a coupon
// gives as many discounts as it has uses left.
func TestOrderSpansLots(t *testing.T) {
	e := raceEvent()
	o := Order{Atletas: []Athlete{athlete(0), athlete(1), athlete(2)}, Cupom: "flores20"}
	coupon := &Coupon{Codigo: "FLORES20", Tipo: CupomPercentual, Valor: 20, Ativo: true, MaxUsos: ptr(3), Usos: 1}
	q, err := Price(&e, &o, today, Counts{Evento: 1, Lote: map[string]int{"1º Lote": 1}}, coupon)
	if err != nil {
		t.Fatal(err)
	}
	want := []Item{
		{Valor: 10000, Desconto: 2000, Total: 8000, Lote: "1º Lote", Categoria: "Geral", Cupom: true},
		{Valor: 12000, Desconto: 2400, Total: 9600, Lote: "2º Lote", Categoria: "Geral", Cupom: true},
		{Valor: 12000, Total: 12000, Lote: "2º Lote", Categoria: "Geral"},
	}
	for i := range want {
		if q.Itens[i] != want[i] {
			t.Errorf("athlete %d: %+v, want %+v", i, q.Itens[i], want[i])
		}
	}
	if q.Total != 29600 {
		t.Errorf("total %d", q.Total)
	}
}

// REG-21: an order that would pass a limit is refused whole with esgotado; a closed event with
// inscricoes-encerradas.
func TestPriceClosed(t *testing.T) {
	e := raceEvent()
	full := raceEvent()
	full.Inscricoes.Vagas = event.Int(2)
	oneLot := raceEvent()
	oneLot.Inscricoes.Lotes = oneLot.Inscricoes.Lotes[:1]
	twoOn21 := Order{Atletas: []Athlete{athlete(0), athlete(1)}}
	twoOn21.Atletas[0].Percurso, twoOn21.Atletas[1].Percurso = "21 km", "21 km"
	for _, c := range []struct {
		name   string
		e      event.Event
		o      Order
		today  string
		counts Counts
		code   string
		motivo string
	}{
		{"the modality's last slot for two athletes", e, twoOn21, "2026-03-10", Counts{Modalidade: map[string]int{"21 km": 2}}, "esgotado", Const.Motivos.ModalidadeEsgotada},
		{"the event's last slot for two athletes", full, Order{Atletas: []Athlete{athlete(0), athlete(1)}}, "2026-03-10", Counts{Evento: 1}, "esgotado", Const.Motivos.Esgotado},
		{"the last lot fills mid-order", oneLot, Order{Atletas: []Athlete{athlete(0), athlete(1)}}, "2026-03-10", Counts{Lote: map[string]int{"1º Lote": 1}}, "esgotado", Const.Motivos.Esgotado},
		{"every lot's date passed", oneLot, Order{Atletas: []Athlete{athlete(0)}}, "2026-04-01", Counts{}, "inscricoes-encerradas", Const.Motivos.LotesEncerrados},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Price(&c.e, &c.o, d(c.today), c.counts, nil)
			var closed *Closed
			if !errors.As(err, &closed) || closed.Code != c.code || closed.Motivo != c.motivo {
				t.Fatalf("err %v, want %s: %s", err, c.code, c.motivo)
			}
		})
	}
}

// REG-22: a coupon that cannot be used is refused on fields.cupom with its reason, never a
// silent full price; its code is case-insensitive and validoAte inclusive.
func TestCouponRefusals(t *testing.T) {
	e := raceEvent()
	ok := Coupon{Codigo: "FLORES20", Tipo: CupomPercentual, Valor: 20, Ativo: true, ValidoAte: today, MaxUsos: ptr(10), Usos: 9}
	with := func(change func(*Coupon)) *Coupon { c := ok; change(&c); return &c }
	for _, c := range []struct {
		name   string
		code   string
		coupon *Coupon
		want   string
	}{
		{"valid on its last day, typed in lower case", "flores20", &ok, ""},
		{"unknown", "NATAL", nil, "Cupom inválido."},
		{"paused, read as an unknown one (REG-205)", "FLORES20", with(func(c *Coupon) { c.Ativo = false }), "Cupom inválido."},
		{"expired", "FLORES20", with(func(c *Coupon) { c.ValidoAte = d("2026-03-09") }), "Este cupom venceu em 09/03/2026."},
		{"used up", "FLORES20", with(func(c *Coupon) { c.Usos = 10 }), "Este cupom não tem mais usos disponíveis."},
		{"for another modality", "FLORES20", with(func(c *Coupon) { c.Modalidades = []string{"21 km"} }), "Este cupom não vale para as modalidades escolhidas."},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Order{Atletas: []Athlete{athlete(0)}, Cupom: c.code}
			q, err := Price(&e, &o, today, Counts{}, c.coupon)
			if c.want == "" {
				if err != nil || q.Itens[0].Desconto != 2000 {
					t.Fatalf("%v %+v", err, q)
				}
				return
			}
			var fe FieldErrors
			if !errors.As(err, &fe) || !maps.Equal(fe, FieldErrors{"cupom": c.want}) {
				t.Fatalf("err %v, want cupom: %s", err, c.want)
			}
		})
	}
}

// REG-23: the category comes from the modality's categories by sex and the age reached on 31
// December of the event's year; qualquerIdade admits all; no category fits → refused saying
// why; a modality without categories gives "Geral".
func TestCategoryFollowsSexAndAgeOnDecember31(t *testing.T) {
	e := raceEvent()
	ageGroups := e.Modalidades[1]
	ageGroups.Categorias = ageGroups.Categorias[1:] // no qualquerIdade category
	for _, c := range []struct {
		name       string
		m          event.Modalidade
		sexo       string
		nascimento string
		want       string
		ok         bool
	}{
		{"29 on race registration day but 30 on 31 December", ageGroups, "F", "1996-12-01", "F 30-39", true},
		{"30 on 31 December, born that very day", ageGroups, "F", "1996-12-31", "F 30-39", true},
		{"29 on 31 December", ageGroups, "F", "1997-01-01", "F 18-29", true},
		{"by sex", ageGroups, "M", "1996-12-01", "M 18-39", true},
		{"Misto admits both sexes", ageGroups, "M", "1960-06-01", "60+", true},
		{"an age group before qualquerIdade", e.Modalidades[1], "F", "1990-01-01", "F 30-39", true},
		{"qualquerIdade admits who fits no age group", e.Modalidades[1], "M", "1980-01-01", "Geral", true},
		{"no category fits", ageGroups, "M", "1980-01-01", "Nenhuma categoria de 21 km admite homens com 46 anos em 31/12/2026.", false},
		{"too young for every group", ageGroups, "F", "2012-02-01", "Nenhuma categoria de 21 km admite mulheres com 14 anos em 31/12/2026.", false},
		{"no categories: Geral", e.Modalidades[0], "F", "2012-02-01", "Geral", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Category(c.m, c.sexo, d(c.nascimento), 2026)
			if got != c.want || ok != c.ok {
				t.Fatalf("%q %v, want %q %v", got, ok, c.want, c.ok)
			}
		})
	}

	// Through an order, the refusal is the modality's field.
	o := Order{Atletas: []Athlete{athlete(0)}}
	o.Atletas[0].Percurso, o.Atletas[0].Sexo, o.Atletas[0].Nascimento = "21 km", "M", d("1980-01-01")
	e.Modalidades[1] = ageGroups
	_, err := Price(&e, &o, today, Counts{}, nil)
	var fe FieldErrors
	if !errors.As(err, &fe) || fe["atletas.0.percurso"] != "Nenhuma categoria de 21 km admite homens com 46 anos em 31/12/2026." {
		t.Fatalf("%v", err)
	}
}

// REG-24: each athlete's data is checked, with the message on its own field.
func TestAthleteChecks(t *testing.T) {
	e := raceEvent()
	kitEvent := raceEvent()
	kitEvent.Inscricoes.TipoPreco = event.TipoPrecoKit
	kitEvent.Inscricoes.PrecosPorKit = []event.PrecoKit{{KitNome: "Kit Básico", Valor: event.Dec(79.9)}}
	one := func(change func(*Athlete)) []Athlete { a := athlete(0); change(&a); return []Athlete{a} }
	eleven := make([]Athlete, 11)
	for i := range eleven {
		eleven[i] = athlete(0)
	}
	twice := []Athlete{athlete(0), athlete(1), athlete(0)}
	twice[2].Documento.Numero = "123.456.789-09"
	for _, c := range []struct {
		name    string
		e       event.Event
		atletas []Athlete
		want    FieldErrors
	}{
		{"no athlete", e, nil, FieldErrors{"atletas": "Inscreva de 1 a 10 atletas por pedido."}},
		{"eleven athletes", e, eleven, FieldErrors{"atletas": "Inscreva de 1 a 10 atletas por pedido."}},
		{"the same document twice, written another way", e, twice, FieldErrors{"atletas.2.documento": "Este documento já está em outro atleta deste pedido."}},
		{"a passport", e, one(func(a *Athlete) { a.Documento = participant.Documento{Tipo: "passaporte", Numero: "xk 123456"} }), FieldErrors{}},
		{"CPF check digits", e, one(func(a *Athlete) { a.Documento.Numero = "123.456.789-00" }), FieldErrors{"atletas.0.documento": "CPF inválido: os dígitos verificadores não conferem."}},
		{"document required", e, one(func(a *Athlete) { a.Documento.Numero = " " }), FieldErrors{"atletas.0.documento": "Campo obrigatório."}},
		{"document type", e, one(func(a *Athlete) { a.Documento.Tipo = "rg" }), FieldErrors{"atletas.0.documento": "Escolha CPF ou passaporte."}},
		{"full name", e, one(func(a *Athlete) { a.Nome = " Ana " }), FieldErrors{"atletas.0.nome": "Informe o nome completo."}},
		{"born in the future", e, one(func(a *Athlete) { a.Nascimento = d("2026-03-11") }), FieldErrors{"atletas.0.nascimento": "A data de nascimento não pode estar no futuro."}},
		{"birth date required", e, one(func(a *Athlete) { a.Nascimento = event.Date{} }), FieldErrors{"atletas.0.nascimento": "Campo obrigatório."}},
		{"sexo F or M, named as the form shows them", e, one(func(a *Athlete) { a.Sexo = "X" }), FieldErrors{"atletas.0.sexo": "Selecione Feminino ou Masculino."}},
		{"e-mail", e, one(func(a *Athlete) { a.Email = "ana@" }), FieldErrors{"atletas.0.email": "Informe um e-mail válido."}},
		{"celular with its area code", e, one(func(a *Athlete) { a.Celular = "99876-5432" }), FieldErrors{"atletas.0.celular": "Informe o celular com DDD."}},
		{"a modality of the event", e, one(func(a *Athlete) { a.Percurso = "42 km" }), FieldErrors{"atletas.0.percurso": "Selecione uma das modalidades do evento."}},
		{"a shirt size of the event", e, one(func(a *Athlete) { a.Camiseta = "XXG" }), FieldErrors{"atletas.0.camiseta": "Selecione um dos tamanhos de camiseta oferecidos."}},
		{"a kit when priced by kit", kitEvent, one(func(a *Athlete) { a.Kit = "Kit Ouro" }), FieldErrors{"atletas.0.kit": "Selecione um dos kits do evento."}},
		{"the kit of the event", kitEvent, one(func(a *Athlete) { a.Kit = "Kit Básico" }), FieldErrors{}},
		{"emergency contact", e, one(func(a *Athlete) { a.ContatoEmergencia = Contato{} }), FieldErrors{
			"atletas.0.contatoEmergencia.nome": "Campo obrigatório.", "atletas.0.contatoEmergencia.telefone": "Campo obrigatório."}},
		{"the regulation accepted", e, one(func(a *Athlete) { a.AceiteRegulamento = false }), FieldErrors{"atletas.0.aceiteRegulamento": "É preciso aceitar o regulamento para se inscrever."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Order{Atletas: c.atletas}
			_, err := Price(&c.e, &o, today, Counts{}, nil)
			var fe FieldErrors
			if len(c.want) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.As(err, &fe) || !maps.Equal(fe, c.want) {
				t.Fatalf("errors %v, want %v", err, c.want)
			}
		})
	}
	a := athlete(0)
	a.Documento = participant.Documento{Tipo: "passaporte", Numero: "xk 123456"}
	o := Order{Atletas: []Athlete{a}}
	if _, err := Price(&e, &o, today, Counts{}, nil); err != nil || o.Atletas[0].Documento.Numero != "XK123456" {
		t.Errorf("passport kept as %q (%v)", o.Atletas[0].Documento.Numero, err)
	}
}

// GRP-21: an order with a group is priced from the group's registrations held or confirmed plus
// its own athletes; the tier reached applies to every athlete; the largest single discount of
// coupon, 60+ and group applies, never added up. An order without a group gets no tier.
func TestGroupTierPricesEveryAthleteOfTheOrder(t *testing.T) {
	e := raceEvent()
	e.Inscricoes.Lotes[0].MaxVagas = event.Integer{} // one price for every athlete of these orders
	e.Inscricoes.DescontosGrupo = []event.DescontoGrupo{{Minimo: event.Int(10), Percentual: event.Int(10)}, {Minimo: event.Int(30), Percentual: event.Int(15)}}
	sixty := athlete(2)
	sixty.Nascimento = d("1966-03-10")
	fixo30 := &Coupon{Codigo: "TRINTA", Tipo: CupomFixo, Valor: 30, Ativo: true}
	for _, c := range []struct {
		name    string
		grupo   string
		held    int
		coupon  *Coupon
		atletas []Athlete
		want    []Item
	}{
		{"below the first tier", "ABCDEFGH", 7, nil, []Athlete{athlete(0), athlete(1)},
			[]Item{{Valor: 10000, Total: 10000, Lote: "1º Lote", Categoria: "Geral"}, {Valor: 10000, Total: 10000, Lote: "1º Lote", Categoria: "Geral"}}},
		{"the order's athletes reach the tier for all", "abcdefgh", 8, nil, []Athlete{athlete(0), athlete(1)},
			[]Item{{Valor: 10000, Desconto: 1000, Total: 9000, Lote: "1º Lote", Categoria: "Geral", DescontoGrupo: 10},
				{Valor: 10000, Desconto: 1000, Total: 9000, Lote: "1º Lote", Categoria: "Geral", DescontoGrupo: 10}}},
		{"the highest tier reached", "ABCDEFGH", 29, nil, []Athlete{athlete(0)},
			[]Item{{Valor: 10000, Desconto: 1500, Total: 8500, Lote: "1º Lote", Categoria: "Geral", DescontoGrupo: 15}}},
		{"no group, no tier", "", 40, nil, []Athlete{athlete(0)},
			[]Item{{Valor: 10000, Total: 10000, Lote: "1º Lote", Categoria: "Geral"}}},
		{"60+ beats the tier, a larger coupon beats both, never added", "ABCDEFGH", 30, fixo30, []Athlete{athlete(0), sixty},
			[]Item{{Valor: 10000, Desconto: 3000, Total: 7000, Lote: "1º Lote", Categoria: "Geral", Cupom: true},
				{Valor: 10000, Desconto: 5000, Total: 5000, Lote: "1º Lote", Categoria: "Geral", MeiaEntrada: true}}},
		{"the tier beats a smaller coupon, which is not used", "ABCDEFGH", 30, &Coupon{Codigo: "DEZ", Tipo: CupomFixo, Valor: 10, Ativo: true},
			[]Athlete{athlete(0)}, []Item{{Valor: 10000, Desconto: 1500, Total: 8500, Lote: "1º Lote", Categoria: "Geral", DescontoGrupo: 15}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Order{Atletas: c.atletas, Grupo: c.grupo}
			if c.coupon != nil {
				o.Cupom = c.coupon.Codigo
			}
			q, err := Price(&e, &o, today, Counts{Grupo: c.held}, c.coupon)
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.want {
				if q.Itens[i] != c.want[i] {
					t.Errorf("athlete %d: %+v, want %+v", i, q.Itens[i], c.want[i])
				}
			}
		})
	}
	if got := MakeOffer(&e, today, Counts{}).DescontosGrupo; len(got) != 2 || got[1] != (GroupTierOffer{Minimo: 30, Percentual: 15}) {
		t.Errorf("offer's tiers %+v", got)
	}
}
