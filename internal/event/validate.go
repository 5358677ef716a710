package event

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"pelotao/internal/money"
)

// ValidationError lists what is wrong with an event: a pt-BR message per field path, such as
// "modalidades.1.largadaId". The API answers it with 422.
type ValidationError struct {
	Fields map[string]string
}

func (e *ValidationError) Error() string {
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("event: invalid:")
	for _, k := range keys {
		fmt.Fprintf(&b, " %s: %s", k, e.Fields[k])
	}
	return b.String()
}

// FieldErrors is the message of each field that needs correcting.
func (e *ValidationError) FieldErrors() map[string]string { return e.Fields }

// Messages shown next to a field, from constants.json (the web form reads the same texts).
var (
	MsgObrigatorio      = Const.Messages.Obrigatorio
	MsgURL              = Const.Messages.URL
	MsgLargada          = Const.Messages.Largada
	MsgCategoria        = Const.Messages.Categoria
	MsgStatus           = Const.Messages.Status
	MsgEstado           = Const.Messages.Estado
	MsgGenero           = Const.Messages.Genero
	MsgTipo             = Const.Messages.Tipo
	MsgData             = Const.Messages.Data
	MsgHorario          = Const.Messages.Horario
	MsgNumero           = Const.Messages.Numero
	MsgInteiro          = Const.Messages.Inteiro
	MsgNaoNegativo      = Const.Messages.NaoNegativo
	MsgPositivo         = Const.Messages.Positivo
	MsgCentavos         = Const.Messages.Centavos
	MsgIdade            = Fill(Const.Messages.Idade, Const.Limits.IdadeMin, Const.Limits.IdadeMax)
	MsgIdadeOrdem       = Const.Messages.IdadeOrdem
	MsgHorarioOrdem     = Const.Messages.HorarioOrdem
	MsgPeriodoOrdem     = Const.Messages.PeriodoOrdem
	MsgLargadaRepetida  = Const.Messages.LargadaRepetida
	MsgKitRepetido      = Const.Messages.KitRepetido
	MsgModalidadeRep    = Const.Messages.ModalidadeRepetida
	MsgCategoriaRep     = Const.Messages.CategoriaRepetida
	MsgKitInexistente   = Const.Messages.KitInexistente
	MsgModalidadeInex   = Const.Messages.ModalidadeInexistente
	MsgCategoriaInex    = Const.Messages.CategoriaInexistente
	MsgSemModalidade    = Const.Messages.SemModalidade
	MsgSemCategoria     = Const.Messages.SemCategoria
	MsgNivel            = Const.Messages.Nivel
	MsgCronogramaFormat = Const.Messages.CronogramaFormato
)

// MsgCartaoIndisponivel answers an event offering cards on a server without a card provider
// (docs/requirements.md CARD-17). Only the server can know that, so the form's constants do not
// carry it (nor its bytes, on the registration page that shares them).
const MsgCartaoIndisponivel = "Pagamento com cartão indisponível: o Mercado Pago não está configurado neste servidor."

// Fill writes min and max into a message's {min} and {max}, with the pt-BR thousands separator
// (20000 → "20.000"), as the web form's fillMessage does.
func Fill(msg string, min, max int) string {
	return strings.NewReplacer("{min}", Milhar(min), "{max}", Milhar(max)).Replace(msg)
}

// Validate checks every rule of an event (after Normalize) and returns a *ValidationError
// listing each field that breaks one, or nil. It is the authority for every client.
func (e *Event) Validate() error {
	v := validator{fields: map[string]string{}}
	lim := Const.Limits

	v.required("titulo", e.Titulo)
	v.maxLen("titulo", e.Titulo, lim.TituloMax)
	v.oneOf("categoria", e.Categoria, Const.Categorias, MsgCategoria)
	if !e.DataEvento.Valid() {
		v.add("dataEvento", cond(e.DataEvento.IsZero(), MsgObrigatorio, MsgData))
	}
	v.oneOf("status", e.Status, Const.Statuses, MsgStatus)
	v.oneOf("tempoClassificacao", e.TempoClassificacao, Const.TemposClassif, MsgTipo)
	msgTempos := Fill(Const.Messages.TemposAssessoria, 1, lim.TemposAssessoriaMax)
	v.integer("temposAssessoria", e.TemposAssessoria, 1, lim.TemposAssessoriaMax, msgTempos, msgTempos) // GRP-31
	if !IsFusoHorario(e.FusoHorario) {
		v.add("fusoHorario", Const.Messages.FusoHorario)
	}
	v.url("banners.desktop", e.Banners.Desktop)
	v.url("banners.mobile", e.Banners.Mobile)
	v.url("regulamentoUrl", e.RegulamentoURL)
	v.url("regulamento", e.Regulamento)
	v.url("linkCompra", e.LinkCompra)
	v.maxLen("organizador.razaoSocial", e.Organizador.RazaoSocial, lim.NomeMax)
	if e.Organizador.CNPJ != "" && !ValidCNPJ(e.Organizador.CNPJ) {
		v.add("organizador.cnpj", Const.Messages.CNPJ)
	}

	v.maxLen("local.local", e.Local.Local, lim.NomeMax)
	v.maxLen("local.endereco", e.Local.Endereco, lim.NomeMax)
	v.required("local.cidade", e.Local.Cidade)
	v.maxLen("local.cidade", e.Local.Cidade, lim.NomeMax)
	if e.Local.Estado == "" {
		v.add("local.estado", MsgObrigatorio)
	} else if !IsUF(e.Local.Estado) {
		v.add("local.estado", MsgEstado)
	}

	info := e.Informacoes
	v.maxLen("informacoes.descricao", info.Descricao, lim.TextoMax)
	v.maxLen("informacoes.informacoesImportantes", info.InformacoesImportantes, lim.TextoMax)
	v.validateCronograma("informacoes.cronograma", info.Cronograma)

	v.validateInscricoes(e)

	v.list("retiradaKits", len(e.RetiradaKits))
	for i, r := range e.RetiradaKits {
		p := path("retiradaKits", i)
		v.required(p+".local", r.Local)
		v.maxLen(p+".local", r.Local, lim.NomeMax)
		v.date(p+".data", r.Data)
		v.horario(p+".horarioInicio", r.HorarioInicio)
		v.horario(p+".horarioFim", r.HorarioFim)
		if validHorario(r.HorarioInicio) && validHorario(r.HorarioFim) && r.HorarioFim <= r.HorarioInicio {
			v.add(p+".horarioFim", MsgHorarioOrdem)
		}
	}

	v.list("kits", len(e.Kits))
	kitNomes := map[string]bool{}
	for i, k := range e.Kits {
		p := path("kits", i)
		v.required(p+".nome", k.Nome)
		v.maxLen(p+".nome", k.Nome, lim.NomeMax)
		if k.Nome != "" && kitNomes[k.Nome] {
			v.add(p+".nome", MsgKitRepetido)
		}
		kitNomes[k.Nome] = true
		v.list(p+".items", len(k.Items))
		for j, it := range k.Items {
			v.required(path(p+".items", j)+".nome", it.Nome)
			v.maxLen(path(p+".items", j)+".nome", it.Nome, lim.NomeMax)
		}
	}
	for i, pk := range e.Inscricoes.PrecosPorKit {
		p := path("inscricoes.precosPorKit", i)
		if pk.KitNome == "" {
			v.add(p+".kitNome", MsgObrigatorio)
		} else if !kitNomes[pk.KitNome] {
			v.add(p+".kitNome", MsgKitInexistente)
		}
	}

	v.list("largadas", len(e.Largadas))
	largadaIDs := map[string]bool{}
	for i, l := range e.Largadas {
		p := path("largadas", i)
		v.required(p+".id", l.ID)
		v.maxLen(p+".id", l.ID, lim.NomeMax)
		if l.ID != "" && largadaIDs[l.ID] {
			v.add(p+".id", MsgLargadaRepetida)
		}
		largadaIDs[l.ID] = true
		v.required(p+".nome", l.Nome)
		v.maxLen(p+".nome", l.Nome, lim.NomeMax)
		v.horario(p+".horario", l.Horario)
	}

	categoriasDe := v.validateModalidades(e.Modalidades, largadaIDs)
	v.validatePremiacao(e.Premiacao, categoriasDe)

	if len(v.fields) == 0 {
		return nil
	}
	return &ValidationError{Fields: v.fields}
}

func (v *validator) validateCronograma(p string, c Cronograma) {
	lim := Const.Limits
	switch c.Tipo {
	case TipoTexto:
		if len(c.Linhas) > 0 {
			v.add(p+".valor", MsgCronogramaFormat)
		}
		v.maxLen(p+".valor", c.Texto, lim.TextoMax)
	case TipoEstruturado:
		if c.Texto != "" {
			v.add(p+".valor", MsgCronogramaFormat)
		}
		v.list(p+".valor", len(c.Linhas))
		for i, l := range c.Linhas {
			lp := path(p+".valor", i)
			v.horario(lp+".horario", l.Horario)
			v.required(lp+".descricao", l.Descricao)
			v.maxLen(lp+".descricao", l.Descricao, lim.NomeMax)
		}
	default:
		v.add(p+".tipo", MsgTipo)
	}
}

func (v *validator) validateInscricoes(e *Event) {
	in := e.Inscricoes
	lim := Const.Limits
	v.oneOf("inscricoes.tipoPreco", in.TipoPreco, Const.TiposPreco, MsgTipo)
	v.oneOf("inscricoes.modo", in.Modo, Const.ModosInscricao, MsgTipo)
	if in.ModoPelotao() && in.TipoPreco == TipoTexto {
		v.add("inscricoes.tipoPreco", Const.Messages.TextoComPelotao)
	}
	// Pelotão sells only what has a price: each lot's (or kit's) valor is then required.
	sells := in.ModoPelotao()
	v.maxLen("inscricoes.textoPreco", in.TextoPreco, lim.TextoMax)
	v.vagas("inscricoes.vagas", in.Vagas)
	modalidades := map[string]bool{}
	for _, m := range e.Modalidades {
		modalidades[m.Nome] = true
	}
	v.list("inscricoes.lotes", len(in.Lotes))
	loteNomes := map[string]bool{}
	for i, l := range in.Lotes {
		p := path("inscricoes.lotes", i)
		v.required(p+".nome", l.Nome)
		v.maxLen(p+".nome", l.Nome, lim.NomeMax)
		// Registrations are counted by lot name, so a lot sold here needs its own name.
		if sells && l.Nome != "" && loteNomes[l.Nome] {
			v.add(p+".nome", Const.Messages.LoteRepetido)
		}
		loteNomes[l.Nome] = true
		v.price(p+".valor", l.Valor, sells && in.TipoPreco == TipoPrecoLotes)
		v.vagas(p+".maxVagas", l.MaxVagas)
		v.date(p+".dataLimite", l.DataLimite)
		v.list(p+".valoresPorModalidade", len(l.ValoresPorModalidade))
		seen := map[string]bool{}
		for j, vm := range l.ValoresPorModalidade {
			vp := path(p+".valoresPorModalidade", j)
			switch {
			case vm.ModalidadeNome == "":
				v.add(vp+".modalidadeNome", MsgObrigatorio)
			case !modalidades[vm.ModalidadeNome]:
				v.add(vp+".modalidadeNome", MsgModalidadeInex)
			case seen[vm.ModalidadeNome]:
				v.add(vp+".modalidadeNome", Const.Messages.ValorRepetido)
			}
			seen[vm.ModalidadeNome] = true
			v.price(vp+".valor", vm.Valor, true)
		}
	}
	v.list("inscricoes.precosPorKit", len(in.PrecosPorKit))
	for i, pk := range in.PrecosPorKit {
		v.price(path("inscricoes.precosPorKit", i)+".valor", pk.Valor, sells && in.TipoPreco == TipoPrecoKit)
	}
	v.list("inscricoes.tamanhosCamiseta", len(in.TamanhosCamiseta))
	tamanhos := map[string]bool{}
	for i, t := range in.TamanhosCamiseta {
		p := path("inscricoes.tamanhosCamiseta", i)
		v.required(p, t)
		v.maxLen(p, t, lim.NomeMax)
		if t != "" && tamanhos[t] {
			v.add(p, Const.Messages.TamanhoRepetido)
		}
		tamanhos[t] = true
	}
	v.date("inscricoes.edicaoAte", in.EdicaoAte)
	if c := in.Cartao; c != nil && c.Ativo {
		// CARD-16: 1 (card, no installments) to Mercado Pago's most.
		msg := Fill(Const.Messages.ParcelasMax, 1, lim.ParcelasMax)
		if !c.ParcelasMax.Valid && c.ParcelasMax.invalid == "" {
			v.add("inscricoes.cartao.parcelasMax", MsgObrigatorio)
		}
		v.integer("inscricoes.cartao.parcelasMax", c.ParcelasMax, 1, lim.ParcelasMax, msg, msg)
	}
	v.validateGrupos(in)
	v.date("inscricoes.periodo.inicio", in.Periodo.Inicio)
	v.date("inscricoes.periodo.fim", in.Periodo.Fim)
	if in.Periodo.Inicio.Valid() && in.Periodo.Fim.Valid() && in.Periodo.Fim.Compare(in.Periodo.Inicio) < 0 {
		v.add("inscricoes.periodo.fim", MsgPeriodoOrdem)
	}
}

// validateGrupos checks the group settings: grupoMax 1 to vagasMax or blank (GRP-17); each
// price tier's minimo and percentual required, in range, minimo strictly increasing (GRP-20).
func (v *validator) validateGrupos(in Inscricoes) {
	lim, msg := Const.Limits, Const.Messages
	grupoMax := Fill(msg.GrupoMax, 1, lim.VagasMax)
	v.integer("inscricoes.grupoMax", in.GrupoMax, 1, lim.VagasMax, grupoMax, grupoMax)
	v.list("inscricoes.descontosGrupo", len(in.DescontosGrupo))
	minimo := Fill(msg.DescontoGrupoMinimo, lim.DescontoGrupoMinimo, lim.VagasMax)
	percentual := Fill(msg.DescontoGrupoPercentual, 1, lim.DescontoGrupoPercentualMax)
	previous := 0
	for i, d := range in.DescontosGrupo {
		p := path("inscricoes.descontosGrupo", i)
		for _, f := range []struct {
			field string
			n     Integer
			lo    int
			hi    int
			msg   string
		}{{".minimo", d.Minimo, lim.DescontoGrupoMinimo, lim.VagasMax, minimo}, {".percentual", d.Percentual, 1, lim.DescontoGrupoPercentualMax, percentual}} {
			if !f.n.Valid && f.n.invalid == "" {
				v.add(p+f.field, MsgObrigatorio)
			}
			v.integer(p+f.field, f.n, f.lo, f.hi, f.msg, f.msg)
		}
		if d.Minimo.Valid {
			if d.Minimo.Value <= previous && v.fields[p+".minimo"] == "" {
				v.add(p+".minimo", msg.DescontoGrupoOrdem)
			}
			previous = max(previous, d.Minimo.Value)
		}
	}
}

// validateModalidades returns each modalidade's categories by name, for the prize rules.
func (v *validator) validateModalidades(ms []Modalidade, largadaIDs map[string]bool) map[string]map[string]bool {
	lim := Const.Limits
	v.list("modalidades", len(ms))
	categoriasDe := map[string]map[string]bool{}
	for i, m := range ms {
		p := path("modalidades", i)
		v.required(p+".nome", m.Nome)
		v.maxLen(p+".nome", m.Nome, lim.NomeMax)
		cats := map[string]bool{}
		if _, dup := categoriasDe[m.Nome]; dup && m.Nome != "" {
			v.add(p+".nome", MsgModalidadeRep)
		} else {
			categoriasDe[m.Nome] = cats // prizes refer to the first modalidade of a name
		}
		switch {
		case m.Km.invalid != "":
			v.add(p+".km", MsgNumero)
		case m.Km.Valid && m.Km.Value <= 0:
			v.add(p+".km", MsgPositivo)
		case m.Km.Valid && m.Km.Value > lim.KmMax:
			v.add(p+".km", Fill(Const.Messages.KmMax, 0, int(lim.KmMax)))
		}
		if !largadaIDs[m.LargadaID] || m.LargadaID == "" {
			v.add(p+".largadaId", MsgLargada)
		}
		v.oneOf(p+".percurso.tipo", m.Percurso.Tipo, Const.TiposPercurso, MsgTipo)
		if m.Percurso.Tipo == PercursoLink {
			v.url(p+".percurso.valor", m.Percurso.Valor)
		} else {
			v.maxLen(p+".percurso.valor", m.Percurso.Valor, lim.TextoMax)
		}
		v.maxLen(p+".premiacaoGeral", m.PremiacaoGeral, lim.TextoMax)
		v.url(p+".resultados.pdfGeralURL", m.Resultados.PDFGeralURL)
		v.url(p+".resultados.pdfCategoriasURL", m.Resultados.PDFCategoriasURL)
		v.vagas(p+".vagas", m.Vagas)
		msgIdadeMinima := Fill(Const.Messages.IdadeMinima, 1, lim.IdadeMinimaMax)
		v.integer(p+".idadeMinima", m.IdadeMinima, 1, lim.IdadeMinimaMax, msgIdadeMinima, msgIdadeMinima) // REG-250

		v.list(p+".categorias", len(m.Categorias))
		for j, c := range m.Categorias {
			cp := path(p+".categorias", j)
			v.required(cp+".nome", c.Nome)
			v.maxLen(cp+".nome", c.Nome, lim.NomeMax)
			if c.Nome != "" && cats[c.Nome] {
				v.add(cp+".nome", MsgCategoriaRep)
			}
			cats[c.Nome] = true
			v.integer(cp+".idadeInicial", c.IdadeInicial, lim.IdadeMin, lim.IdadeMax, MsgIdade, MsgIdade)
			v.integer(cp+".idadeLimite", c.IdadeLimite, lim.IdadeMin, lim.IdadeMax, MsgIdade, MsgIdade)
			if _, bad := v.fields[cp+".idadeLimite"]; !bad && c.IdadeInicial.Valid && c.IdadeLimite.Valid && c.IdadeLimite.Value < c.IdadeInicial.Value {
				v.add(cp+".idadeLimite", MsgIdadeOrdem)
			}
			v.oneOf(cp+".genero", c.Genero, Const.Generos, MsgGenero)
			v.maxLen(cp+".premiacao", c.Premiacao, lim.TextoMax)
		}
	}
	return categoriasDe
}

func (v *validator) validatePremiacao(p Premiacao, categoriasDe map[string]map[string]bool) {
	lim := Const.Limits
	v.oneOf("premiacao.tipo", p.Tipo, Const.TiposPremiacao, MsgTipo)
	v.maxLen("premiacao.valor", p.Valor, lim.TextoMax)
	v.list("premiacao.estruturado", len(p.Estruturado))
	for i, r := range p.Estruturado {
		rp := path("premiacao.estruturado", i)
		v.required(rp+".descricao", r.Descricao)
		v.maxLen(rp+".descricao", r.Descricao, lim.NomeMax)
		cats, modalidadeDefinida := categoriasDe[r.ModalidadeNome]
		switch r.Nivel {
		case NivelGeral:
			if r.ModalidadeNome != "" {
				v.add(rp+".modalidadeNome", MsgSemModalidade)
			}
			if r.CategoriaNome != "" {
				v.add(rp+".categoriaNome", MsgSemCategoria)
			}
		case NivelModalidade, NivelCategoria:
			if r.ModalidadeNome == "" {
				v.add(rp+".modalidadeNome", MsgObrigatorio)
			} else if !modalidadeDefinida {
				v.add(rp+".modalidadeNome", MsgModalidadeInex)
			}
			switch {
			case r.Nivel == NivelModalidade && r.CategoriaNome != "":
				v.add(rp+".categoriaNome", MsgSemCategoria)
			case r.Nivel == NivelCategoria && r.CategoriaNome == "":
				v.add(rp+".categoriaNome", MsgObrigatorio)
			case r.Nivel == NivelCategoria && modalidadeDefinida && !cats[r.CategoriaNome]:
				v.add(rp+".categoriaNome", MsgCategoriaInex)
			}
		default:
			v.add(rp+".nivel", MsgNivel)
		}
	}
}

type validator struct {
	fields map[string]string
}

// add keeps the first message of a field: it is the most basic one.
func (v *validator) add(field, msg string) {
	if _, ok := v.fields[field]; !ok {
		v.fields[field] = msg
	}
}

func (v *validator) required(field, s string) {
	if s == "" {
		v.add(field, MsgObrigatorio)
	}
}

// maxLen counts code points, as a person counts characters ("Mãe 🏃" is 5); the web form counts
// alike, not in UTF-16 units. len(s) ≤ n is a shortcut: a string has no more runes than bytes.
func (v *validator) maxLen(field, s string, n int) {
	if len(s) > n && utf8.RuneCountInString(s) > n {
		v.add(field, Fill(Const.Messages.CaracteresMax, 0, n))
	}
}

func (v *validator) list(field string, n int) {
	if n > Const.Limits.ListaMax {
		v.add(field, Fill(Const.Messages.ItensMax, 0, Const.Limits.ListaMax))
	}
}

func (v *validator) oneOf(field, s string, allowed []string, msg string) {
	if !slices.Contains(allowed, s) {
		v.add(field, msg)
	}
}

func (v *validator) url(field, s string) {
	if s == "" {
		return
	}
	if len(s) > Const.Limits.URLMax {
		v.add(field, Fill(Const.Messages.CaracteresMax, 0, Const.Limits.URLMax))
	} else if !ValidURL(s) {
		v.add(field, MsgURL)
	}
}

func (v *validator) date(field string, d Date) {
	if !d.IsZero() && !d.Valid() {
		v.add(field, MsgData)
	}
}

func (v *validator) horario(field, s string) {
	if s != "" && !validHorario(s) {
		v.add(field, MsgHorario)
	}
}

// wholeCentavos reports whether reais has at most two decimals.
func wholeCentavos(reais float64) bool {
	_, ok := money.FromReais(reais)
	return ok
}

func (v *validator) money(field string, d Decimal) {
	switch {
	case d.invalid != "":
		v.add(field, MsgNumero)
	case !d.Valid:
	case d.Value < 0:
		v.add(field, MsgNaoNegativo)
	case d.Value > Const.Limits.ValorMax:
		v.add(field, MsgNumero)
	case !wholeCentavos(d.Value):
		v.add(field, MsgCentavos)
	}
}

// price is money that, when required, must be present: a blank price cannot be sold.
func (v *validator) price(field string, d Decimal, required bool) {
	if required && !d.Valid && d.invalid == "" {
		v.add(field, MsgObrigatorio)
	}
	v.money(field, d)
}

// vagas is a number of slots: blank (no limit) or a whole number from 0 to the limit.
func (v *validator) vagas(field string, n Integer) {
	lim := Const.Limits
	v.integer(field, n, 0, lim.VagasMax, MsgNaoNegativo, Fill(Const.Messages.VagasMax, 0, lim.VagasMax))
}

// integer reports a whole number outside lo..hi with belowMsg or aboveMsg. The decoder keeps a
// number too large for an int as invalid text, which still gets the range message.
func (v *validator) integer(field string, n Integer, lo, hi int, belowMsg, aboveMsg string) {
	value := float64(n.Value)
	if n.invalid != "" {
		f, err := strconv.ParseFloat(strings.Replace(n.invalid, ",", ".", 1), 64)
		switch {
		case err != nil:
			v.add(field, MsgNumero)
			return
		case f != math.Trunc(f):
			v.add(field, MsgInteiro)
			return
		}
		value = f
	} else if !n.Valid {
		return
	}
	switch {
	case value < float64(lo):
		v.add(field, belowMsg)
	case value > float64(hi):
		v.add(field, aboveMsg)
	}
}

var horarioRE = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

func validHorario(s string) bool { return horarioRE.MatchString(s) }

// ValidURL reports whether s may be linked from an event: an absolute http(s) URL, or a file
// served by Pelotão itself (/files/…).
func ValidURL(s string) bool {
	if strings.ContainsAny(s, " \t\r\n\\") {
		return false
	}
	if rest, ok := strings.CutPrefix(s, "/files/"); ok {
		u, err := url.Parse(s)
		return err == nil && rest != "" && u.Scheme == "" && u.Host == "" &&
			!strings.Contains(rest, "..") && !strings.Contains(rest, "//")
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

func path(list string, i int) string { return list + "." + strconv.Itoa(i) }

func cond[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// Milhar writes n with the pt-BR thousands separator: 20000 → "20.000".
func Milhar(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return s
}
