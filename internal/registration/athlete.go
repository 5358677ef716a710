package registration

import (
	"slices"
	"strings"
	"unicode/utf8"

	"pelotao/internal/account"
	"pelotao/internal/event"
	"pelotao/internal/participant"
)

// Order is what a buyer sends to quote or to order: one to ten athletes and maybe a coupon and
// a group's code (any case), which every athlete joins (GRP-17).
type Order struct {
	Atletas []Athlete `json:"atletas"`
	Cupom   string    `json:"cupom,omitempty"`
	// Pagamento is how the buyer pays: "pix" (also when absent) or "cartao" (CARD-20).
	Pagamento string `json:"pagamento,omitempty"`
	Grupo     string `json:"grupo,omitempty"`
	// Planilha marks an order of a coach's spreadsheet, which the server makes: up to
	// PlanilhaPedidoMax athletes instead of the form's AtletasMax (GRP-71). No buyer sends it.
	Planilha bool `json:"-"`
}

// Athlete is one registration of an order, as the form sends it.
type Athlete struct {
	Nome              string                `json:"nome"`
	Documento         participant.Documento `json:"documento"`
	Nascimento        event.Date            `json:"nascimento"`
	Sexo              string                `json:"sexo"` // F or M
	Email             string                `json:"email"`
	Celular           string                `json:"celular"`
	Percurso          string                `json:"percurso"` // the modality's name
	Kit               string                `json:"kit,omitempty"`
	Camiseta          string                `json:"camiseta"`
	Equipe            string                `json:"equipe,omitempty"`
	ContatoEmergencia Contato               `json:"contatoEmergencia"`
	AceiteRegulamento bool                  `json:"aceiteRegulamento"`
	// Responsavel is required of an athlete under Maioridade on the event's day and dropped
	// for an adult (REG-252).
	Responsavel *participant.Responsavel `json:"responsavel,omitempty"`
}

// Contato is the person to call in an emergency.
type Contato struct {
	Nome     string `json:"nome"`
	Telefone string `json:"telefone"`
}

// checkOrder checks every athlete of o against e on today and returns each one's category (by
// position), or the field errors. Athletes are tidied in place (trimmed, document normalised).
// The registration form makes the same checks: testdata/athlete_cases.json holds the cases both run.
func checkOrder(e *event.Event, o *Order, today event.Date) ([]string, FieldErrors) {
	errs := FieldErrors{}
	lim := Const.Limits
	if o.Planilha {
		lim.AtletasMax = PlanilhaPedidoMax
	}
	if n := len(o.Atletas); n < lim.AtletasMin || n > lim.AtletasMax {
		errs.add("atletas", Fill(Const.Messages.Atletas, "min", itoa(lim.AtletasMin), "max", itoa(lim.AtletasMax)))
		return nil, errs
	}
	categorias := make([]string, len(o.Atletas))
	documentos := map[participant.Documento]bool{}
	for i := range o.Atletas {
		a := &o.Atletas[i]
		p := "atletas." + itoa(i) + "."
		categorias[i] = checkAthlete(e, a, today, p, errs)
		if _, bad := errs[p+"documento"]; !bad {
			if documentos[a.Documento] {
				errs.add(p+"documento", Const.Messages.DocumentoRepetido)
			}
			documentos[a.Documento] = true
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return categorias, nil
}

func checkAthlete(e *event.Event, a *Athlete, today event.Date, p string, errs FieldErrors) string {
	m := Const.Messages
	lim := event.Const.Limits
	for _, s := range []*string{&a.Nome, &a.Sexo, &a.Email, &a.Celular, &a.Percurso, &a.Kit, &a.Camiseta, &a.Equipe,
		&a.ContatoEmergencia.Nome, &a.ContatoEmergencia.Telefone} {
		*s = strings.TrimSpace(*s)
	}
	a.Email = account.NormalizeEmail(a.Email)

	switch {
	case a.Nome == "":
		errs.add(p+"nome", event.MsgObrigatorio)
	case utf8.RuneCountInString(a.Nome) > lim.NomeMax:
		errs.add(p+"nome", event.Fill(event.Const.Messages.CaracteresMax, 0, lim.NomeMax))
	case len(strings.Fields(a.Nome)) < 2:
		errs.add(p+"nome", m.NomeCompleto)
	}
	if strings.TrimSpace(a.Documento.Numero) == "" {
		errs.add(p+"documento", event.MsgObrigatorio)
	} else if doc, err := participant.ParseDocumento(a.Documento); err != nil {
		errs.add(p+"documento", err.Error())
	} else {
		a.Documento = doc
	}
	idade := -1
	switch {
	case a.Nascimento.IsZero():
		errs.add(p+"nascimento", event.MsgObrigatorio)
	case !a.Nascimento.Valid():
		errs.add(p+"nascimento", event.MsgData)
	case a.Nascimento.Compare(today) > 0:
		errs.add(p+"nascimento", m.NascimentoFuturo)
	case ageOn(a.Nascimento, today) > Const.Limits.IdadeMax:
		errs.add(p+"nascimento", m.NascimentoIdade)
	default:
		idade = ageOn(a.Nascimento, today)
	}
	if a.Sexo != "F" && a.Sexo != "M" {
		errs.add(p+"sexo", m.Sexo)
	}
	if a.Email != "" && !account.ValidEmail(a.Email) {
		errs.add(p+"email", m.Email)
	}
	checkPhone(p+"celular", a.Celular, errs)
	in := e.Inscricoes
	i := slices.IndexFunc(e.Modalidades, func(md event.Modalidade) bool { return md.Nome == a.Percurso })
	// The kit is picked among the modality's (the form shows them once the modality is known).
	if in.TipoPreco == event.TipoPrecoKit && i >= 0 {
		if !slices.ContainsFunc(in.PrecosPorKit, func(k event.PrecoKit) bool { return k.KitNome == a.Kit && k.Valor.Valid }) {
			errs.add(p+"kit", m.Kit)
		}
	}
	if !slices.Contains(in.TamanhosCamiseta, a.Camiseta) {
		errs.add(p+"camiseta", m.Camiseta)
	}
	if utf8.RuneCountInString(a.Equipe) > lim.NomeMax {
		errs.add(p+"equipe", event.Fill(event.Const.Messages.CaracteresMax, 0, lim.NomeMax))
	}
	if a.ContatoEmergencia.Nome == "" {
		errs.add(p+"contatoEmergencia.nome", event.MsgObrigatorio)
	}
	checkPhone(p+"contatoEmergencia.telefone", a.ContatoEmergencia.Telefone, errs)
	if !a.AceiteRegulamento {
		errs.add(p+"aceiteRegulamento", m.Aceite)
	}

	if idade >= 0 {
		var md *event.Modalidade
		if i >= 0 {
			md = &e.Modalidades[i]
		}
		checkRaceDayAge(md, a, RaceDay(e, today), p, errs)
	}
	if i < 0 {
		errs.add(p+"percurso", m.Percurso)
		return ""
	}
	if idade < 0 || errs[p+"sexo"] != "" {
		return ""
	}
	categoria, ok := Category(e.Modalidades[i], a.Sexo, a.Nascimento, raceYear(e, today))
	if !ok {
		errs.add(p+"percurso", categoria)
		return ""
	}
	return categoria
}

// checkRaceDayAge applies the ages counted on day, the event's: the modality's idadeMinima
// (REG-251; md is nil for an unknown modality) and a guardian for an athlete under Maioridade
// (REG-252), whose guardian of an adult is dropped.
func checkRaceDayAge(md *event.Modalidade, a *Athlete, day event.Date, p string, errs FieldErrors) {
	m := Const.Messages
	idade := ageOn(a.Nascimento, day)
	if md != nil && md.IdadeMinima.Valid && idade < md.IdadeMinima.Value {
		errs.add(p+"nascimento", Fill(m.IdadeMinima, "modalidade", md.Nome, "idade", itoa(md.IdadeMinima.Value), "data", brDate(day)))
		return // no guardian is asked for an athlete the modality refuses
	}
	if idade >= Const.Limits.Maioridade {
		a.Responsavel = nil
		return
	}
	r := a.Responsavel
	if r == nil {
		r = &participant.Responsavel{} // checked as blank, not stored: an edit of an older registration keeps none
	}
	r.Nome = strings.TrimSpace(r.Nome)
	switch {
	case len(strings.Fields(r.Nome)) < 2:
		errs.add(p+"responsavel.nome", Fill(m.ResponsavelNome, "maioridade", itoa(Const.Limits.Maioridade)))
	case utf8.RuneCountInString(r.Nome) > event.Const.Limits.NomeMax:
		errs.add(p+"responsavel.nome", event.Fill(event.Const.Messages.CaracteresMax, 0, event.Const.Limits.NomeMax))
	}
	if strings.TrimSpace(r.Documento.Numero) == "" {
		errs.add(p+"responsavel.documento", m.ResponsavelDoc)
	} else if doc, err := participant.ParseDocumento(r.Documento); err != nil {
		errs.add(p+"responsavel.documento", err.Error())
	} else {
		r.Documento = doc
	}
}

// checkPhone wants a Brazilian number with its area code: 10 or 11 digits, or 12 to 13 with the
// country code 55; punctuation is ignored.
func checkPhone(field, s string, errs FieldErrors) {
	if s == "" {
		errs.add(field, event.MsgObrigatorio)
		return
	}
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(" ()-+.", r):
		default:
			errs.add(field, Const.Messages.Celular)
			return
		}
	}
	if digits < 10 || digits > 13 {
		errs.add(field, Const.Messages.Celular)
	}
}

// ageOn is the age in whole years on day of someone born on nascimento.
func ageOn(nascimento, day event.Date) int {
	by, bm, bd := nascimento.YMD()
	y, m, d := day.YMD()
	age := y - by
	if m < bm || (m == bm && d < bd) {
		age--
	}
	return age
}

// RaceDay is the calendar day ages are counted on: the event's date, or today when it has none yet.
func RaceDay(e *event.Event, today event.Date) event.Date {
	if e.DataEvento.Valid() {
		return e.DataEvento
	}
	return today
}

// raceYear is the year of RaceDay, whose 31 December the categories count ages on.
func raceYear(e *event.Event, today event.Date) int {
	y, _, _ := RaceDay(e, today).YMD()
	return y
}

// Category is the category of m for an athlete of sexo (F or M) born on nascimento, by the age
// reached on 31 December of year (the CBAt rule). An age-ranged category is preferred to one that
// admits any age ("Geral" prizes beside age groups); among those, the first in list order. A
// modality without categories gives "Geral". ok is false when categories exist but none admits
// the athlete: the result is then the pt-BR reason.
func Category(m event.Modalidade, sexo string, nascimento event.Date, year int) (categoria string, ok bool) {
	if len(m.Categorias) == 0 {
		return "Geral", true
	}
	by, _, _ := nascimento.YMD()
	age := year - by
	genero := map[string]string{"F": "Feminino", "M": "Masculino"}[sexo]
	anyAge := ""
	for _, c := range m.Categorias {
		if c.Genero != genero && c.Genero != event.Const.Defaults.Genero {
			continue
		}
		switch {
		case c.QualquerIdade:
			if anyAge == "" {
				anyAge = c.Nome
			}
		case c.IdadeInicial.Valid && c.IdadeLimite.Valid && age >= c.IdadeInicial.Value && age <= c.IdadeLimite.Value:
			return c.Nome, true
		}
	}
	if anyAge != "" {
		return anyAge, true
	}
	quem := map[string]string{"F": "mulheres", "M": "homens"}[sexo]
	return Fill(Const.Messages.SemCategoria, "modalidade", m.Nome, "sexo", quem, "idade", itoa(age), "ano", itoa(year)), false
}
