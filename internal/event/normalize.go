package event

import (
	"slices"
	"strings"
)

// Normalize tidies a decoded event before validation: strings trimmed, the UF upper-cased, empty
// choices set to their defaults (docs/product.md §9), 'Qualquer idade' forcing ages 0 and 120 whatever was
// typed (FORM-33), and absent lists made empty so every field is always present in the JSON.
func (e *Event) Normalize() {
	d := Const.Defaults
	trim(&e.Titulo, &e.Categoria, &e.Status, &e.Banners.Desktop, &e.Banners.Mobile,
		&e.RegulamentoURL, &e.Regulamento, &e.LinkCompra,
		&e.Local.Local, &e.Local.Endereco, &e.Local.Cidade, &e.Local.Estado,
		&e.Informacoes.Descricao, &e.Informacoes.InformacoesImportantes)
	e.Local.Estado = strings.ToUpper(e.Local.Estado)
	orDefault(&e.Categoria, d.Categoria)
	orDefault(&e.Status, d.Status)
	trim(&e.TempoClassificacao)
	orDefault(&e.TempoClassificacao, d.TempoClassificacao)
	trim(&e.FusoHorario)
	orDefault(&e.FusoHorario, d.FusoHorario)
	if !e.TemposAssessoria.Valid && e.TemposAssessoria.invalid == "" {
		e.TemposAssessoria = Int(d.TemposAssessoria)
	}
	trim(&e.Organizador.RazaoSocial, &e.Organizador.CNPJ)
	e.Organizador.CNPJ = NormalizeCNPJ(e.Organizador.CNPJ)

	c := &e.Informacoes.Cronograma
	trim(&c.Tipo, &c.Texto)
	orDefault(&c.Tipo, TipoTexto)
	for i := range c.Linhas {
		trim(&c.Linhas[i].Horario, &c.Linhas[i].Descricao)
	}

	in := &e.Inscricoes
	trim(&in.TipoPreco, &in.TextoPreco)
	orDefault(&in.TipoPreco, TipoPrecoLotes)
	trim(&in.Modo)
	orDefault(&in.Modo, d.ModoInscricao)
	in.Lotes = nonNil(in.Lotes)
	for i := range in.Lotes {
		l := &in.Lotes[i]
		trim(&l.Nome)
		l.ValoresPorModalidade = nonNil(l.ValoresPorModalidade)
		for j := range l.ValoresPorModalidade {
			trim(&l.ValoresPorModalidade[j].ModalidadeNome)
		}
	}
	for i := range in.TamanhosCamiseta {
		trim(&in.TamanhosCamiseta[i])
	}
	if len(in.TamanhosCamiseta) == 0 {
		in.TamanhosCamiseta = slices.Clone(d.TamanhosCamiseta)
	}
	if in.MeiaEntradaIdoso == nil {
		meia := d.MeiaEntradaIdoso
		in.MeiaEntradaIdoso = &meia
	}
	if in.Cartao != nil && !in.Cartao.Ativo {
		in.Cartao = nil // off is the same as absent, so nothing is kept that nobody checks (CARD-16)
	}
	in.DescontosGrupo = nonNil(in.DescontosGrupo)
	in.PrecosPorKit = nonNil(in.PrecosPorKit)
	for i := range in.PrecosPorKit {
		trim(&in.PrecosPorKit[i].KitNome)
	}

	e.RetiradaKits = nonNil(e.RetiradaKits)
	for i := range e.RetiradaKits {
		r := &e.RetiradaKits[i]
		trim(&r.Local, &r.HorarioInicio, &r.HorarioFim)
	}
	e.Kits = nonNil(e.Kits)
	for i := range e.Kits {
		k := &e.Kits[i]
		trim(&k.Nome)
		k.Items = nonNil(k.Items)
		for j := range k.Items {
			trim(&k.Items[j].Nome)
		}
	}
	e.Largadas = nonNil(e.Largadas)
	for i := range e.Largadas {
		l := &e.Largadas[i]
		trim(&l.ID, &l.Nome, &l.Horario)
	}
	e.Modalidades = nonNil(e.Modalidades)
	for i := range e.Modalidades {
		m := &e.Modalidades[i]
		trim(&m.Nome, &m.LargadaID, &m.Percurso.Tipo, &m.Percurso.Valor, &m.PremiacaoGeral,
			&m.Resultados.PDFGeralURL, &m.Resultados.PDFCategoriasURL)
		orDefault(&m.Percurso.Tipo, TipoTexto)
		m.Categorias = nonNil(m.Categorias)
		for j := range m.Categorias {
			cat := &m.Categorias[j]
			trim(&cat.Nome, &cat.Genero, &cat.Premiacao)
			orDefault(&cat.Genero, d.Genero)
			if cat.QualquerIdade {
				cat.IdadeInicial, cat.IdadeLimite = Int(d.IdadeMinima), Int(d.IdadeMaxima)
			}
		}
	}

	p := &e.Premiacao
	trim(&p.Tipo, &p.Valor)
	orDefault(&p.Tipo, TipoTexto)
	p.Estruturado = nonNil(p.Estruturado)
	for i := range p.Estruturado {
		r := &p.Estruturado[i]
		trim(&r.Descricao, &r.Nivel, &r.ModalidadeNome, &r.CategoriaNome)
	}
}

func trim(ss ...*string) {
	for _, s := range ss {
		*s = strings.TrimSpace(*s)
	}
}

func orDefault(s *string, def string) {
	if *s == "" {
		*s = def
	}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
