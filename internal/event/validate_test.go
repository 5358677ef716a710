package event

import (
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"
)

// validEvent is a complete event that passes every rule.
func validEvent() Event {
	e := New()
	e.Titulo = "Corrida das Flores"
	e.DataEvento = NewDate(2026, 9, 7)
	e.Local = Local{Local: "Parque", Endereco: "Rua A, 1", Cidade: "Holambra", Estado: "SP"}
	e.LinkCompra = "https://ingressos.exemplo.com.br/flores"
	e.Banners = Banners{Desktop: "/files/banner-d", Mobile: "/files/banner-m"}
	e.RegulamentoURL = "/files/regulamento"
	e.Inscricoes.Lotes[0].Valor = Dec(89.9)
	e.Inscricoes.Lotes[0].MaxVagas = Int(500)
	e.Inscricoes.Lotes[0].DataLimite = NewDate(2026, 8, 1)
	e.Inscricoes.PrecosPorKit = []PrecoKit{{KitNome: "Kit Básico", Valor: Dec(0)}}
	e.Inscricoes.Periodo = Periodo{Inicio: NewDate(2026, 5, 1), Fim: NewDate(2026, 9, 1)}
	e.RetiradaKits = []RetiradaKit{NovaRetiradaKit()}
	e.RetiradaKits[0].Local = "Loja"
	e.Informacoes.Cronograma = Cronograma{Tipo: TipoEstruturado, Linhas: []LinhaCronograma{NovaLinhaCronograma()}}
	e.Informacoes.Cronograma.Linhas[0].Descricao = "Abertura"
	e.Modalidades = []Modalidade{{
		Nome: "10 km", Km: Dec(10), LargadaID: e.Largadas[0].ID, Percurso: Percurso{Tipo: PercursoLink, Valor: "https://mapa.exemplo.com/10"},
		Categorias: []CategoriaModalidade{
			{Nome: "Geral", QualquerIdade: true},
			{Nome: "18-29", IdadeInicial: Int(18), IdadeLimite: Int(29), Genero: "Feminino"},
		},
		Resultados: Resultados{PDFGeralURL: "/files/geral.pdf", PDFCategoriasURL: "https://resultados.exemplo.com/cat.pdf"},
	}}
	e.Premiacao = Premiacao{Tipo: TipoEstruturado, Estruturado: []PremioEstruturado{
		{Descricao: "Troféu", Nivel: NivelGeral},
		{Descricao: "Medalha", Nivel: NivelModalidade, ModalidadeNome: "10 km"},
		{Descricao: "Kit", Nivel: NivelCategoria, ModalidadeNome: "10 km", CategoriaNome: "18-29"},
	}}
	e.Normalize()
	return e
}

func fieldErrors(t *testing.T, e Event) map[string]string {
	t.Helper()
	err := e.Validate()
	if err == nil {
		return map[string]string{}
	}
	ve, ok := err.(*ValidationError)
	if !ok {
		t.Fatalf("Validate returned %T", err)
	}
	return ve.FieldErrors()
}

func TestValidEventPasses(t *testing.T) {
	if errs := fieldErrors(t, validEvent()); len(errs) != 0 {
		t.Fatalf("valid event rejected: %v", errs)
	}
}

// Each case breaks one rule and expects exactly the listed field messages.
func TestValidationRules(t *testing.T) {
	long := func(n int) string { return strings.Repeat("á", n) }
	rows := func(n int) []ItemKit { return make([]ItemKit, n) }
	cases := []struct {
		name   string
		change func(e *Event)
		want   map[string]string
	}{
		{"titulo required", func(e *Event) { e.Titulo = "" }, map[string]string{"titulo": MsgObrigatorio}},
		{"titulo at most 200", func(e *Event) { e.Titulo = long(201) }, map[string]string{"titulo": "Use no máximo 200 caracteres."}},
		{"titulo of 200 accented letters is fine", func(e *Event) { e.Titulo = long(200) }, nil},
		{"categoria from the list", func(e *Event) { e.Categoria = "Natação" }, map[string]string{"categoria": MsgCategoria}},
		{"dataEvento required", func(e *Event) { e.DataEvento = Date{} }, map[string]string{"dataEvento": MsgObrigatorio}},
		{"dataEvento a real date", func(e *Event) { e.DataEvento = Date{invalid: "2026-02-30"} }, map[string]string{"dataEvento": MsgData}},
		{"status from the list", func(e *Event) { e.Status = "Aberto" }, map[string]string{"status": MsgStatus}},
		{"cidade required", func(e *Event) { e.Local.Cidade = "" }, map[string]string{"local.cidade": MsgObrigatorio}},
		{"estado required", func(e *Event) { e.Local.Estado = "" }, map[string]string{"local.estado": MsgObrigatorio}},
		{"estado one of the 27 UFs", func(e *Event) { e.Local.Estado = "XX" }, map[string]string{"local.estado": MsgEstado}},
		{"local at most 200", func(e *Event) { e.Local.Local = long(201) }, map[string]string{"local.local": "Use no máximo 200 caracteres."}},
		{"linkCompra http(s)", func(e *Event) { e.LinkCompra = "javascript:alert(1)" }, map[string]string{"linkCompra": MsgURL}},
		{"linkCompra without host", func(e *Event) { e.LinkCompra = "https://" }, map[string]string{"linkCompra": MsgURL}},
		{"linkCompra relative", func(e *Event) { e.LinkCompra = "ingressos.com" }, map[string]string{"linkCompra": MsgURL}},
		{"regulamento link", func(e *Event) { e.Regulamento = "ftp://x.com/r.pdf" }, map[string]string{"regulamento": MsgURL}},
		{"regulamentoUrl outside /files/", func(e *Event) { e.RegulamentoURL = "/etc/passwd" }, map[string]string{"regulamentoUrl": MsgURL}},
		{"/files/ path escaping", func(e *Event) { e.Banners.Desktop = "/files/../x" }, map[string]string{"banners.desktop": MsgURL}},
		{"banner with spaces", func(e *Event) { e.Banners.Mobile = "https://a.com/b c.png" }, map[string]string{"banners.mobile": MsgURL}},
		{"url too long", func(e *Event) { e.LinkCompra = "https://a.com/" + strings.Repeat("a", 2048) }, map[string]string{"linkCompra": "Use no máximo 2.048 caracteres."}},
		{"result pdf link", func(e *Event) { e.Modalidades[0].Resultados.PDFGeralURL = "geral.pdf" }, map[string]string{"modalidades.0.resultados.pdfGeralURL": MsgURL}},
		{"percurso link is a URL", func(e *Event) { e.Modalidades[0].Percurso.Valor = "mapa" }, map[string]string{"modalidades.0.percurso.valor": MsgURL}},
		{"percurso text is free", func(e *Event) { e.Modalidades[0].Percurso = Percurso{Tipo: TipoTexto, Valor: "Volta no lago"} }, nil},
		{"percurso tipo", func(e *Event) { e.Modalidades[0].Percurso.Tipo = "gpx" }, map[string]string{"modalidades.0.percurso.tipo": MsgTipo}},
		{"descricao at most 20.000", func(e *Event) { e.Informacoes.Descricao = long(20001) }, map[string]string{"informacoes.descricao": "Use no máximo 20.000 caracteres."}},
		{"cronograma texto with rows", func(e *Event) { e.Informacoes.Cronograma.Tipo = TipoTexto }, map[string]string{"informacoes.cronograma.valor": MsgCronogramaFormat}},
		{"cronograma estruturado with text", func(e *Event) {
			e.Informacoes.Cronograma = Cronograma{Tipo: TipoEstruturado, Texto: "07:00 abertura"}
		}, map[string]string{"informacoes.cronograma.valor": MsgCronogramaFormat}},
		{"cronograma tipo", func(e *Event) { e.Informacoes.Cronograma.Tipo = "tabela" }, map[string]string{"informacoes.cronograma.tipo": MsgTipo}},
		{"cronograma row time", func(e *Event) { e.Informacoes.Cronograma.Linhas[0].Horario = "7h" }, map[string]string{"informacoes.cronograma.valor.0.horario": MsgHorario}},
		{"cronograma row descricao", func(e *Event) { e.Informacoes.Cronograma.Linhas[0].Descricao = "" }, map[string]string{"informacoes.cronograma.valor.0.descricao": MsgObrigatorio}},
		{"tipoPreco", func(e *Event) { e.Inscricoes.TipoPreco = "gratis" }, map[string]string{"inscricoes.tipoPreco": MsgTipo}},
		{"lote nome", func(e *Event) { e.Inscricoes.Lotes[0].Nome = "" }, map[string]string{"inscricoes.lotes.0.nome": MsgObrigatorio}},
		{"lote valor not negative", func(e *Event) { e.Inscricoes.Lotes[0].Valor = Dec(-1) }, map[string]string{"inscricoes.lotes.0.valor": MsgNaoNegativo}},
		{"lote valor two places", func(e *Event) { e.Inscricoes.Lotes[0].Valor = Dec(10.005) }, map[string]string{"inscricoes.lotes.0.valor": MsgCentavos}},
		{"lote valor not a number", func(e *Event) { e.Inscricoes.Lotes[0].Valor = Decimal{invalid: "abc"} }, map[string]string{"inscricoes.lotes.0.valor": MsgNumero}},
		{"lote valor blank is fine", func(e *Event) { e.Inscricoes.Lotes[0].Valor = Decimal{} }, nil},
		{"maxVagas not negative", func(e *Event) { e.Inscricoes.Lotes[0].MaxVagas = Int(-1) }, map[string]string{"inscricoes.lotes.0.maxVagas": MsgNaoNegativo}},
		{"maxVagas whole", func(e *Event) { e.Inscricoes.Lotes[0].MaxVagas = Integer{invalid: "10.5"} }, map[string]string{"inscricoes.lotes.0.maxVagas": MsgInteiro}},
		{"lote dataLimite", func(e *Event) { e.Inscricoes.Lotes[0].DataLimite = Date{invalid: "amanhã"} }, map[string]string{"inscricoes.lotes.0.dataLimite": MsgData}},
		{"precoKit valor", func(e *Event) { e.Inscricoes.PrecosPorKit[0].Valor = Dec(-5) }, map[string]string{"inscricoes.precosPorKit.0.valor": MsgNaoNegativo}},
		{"precoKit names a defined kit", func(e *Event) { e.Inscricoes.PrecosPorKit[0].KitNome = "Kit Premium" }, map[string]string{"inscricoes.precosPorKit.0.kitNome": MsgKitInexistente}},
		{"precoKit kitNome required", func(e *Event) { e.Inscricoes.PrecosPorKit[0].KitNome = "" }, map[string]string{"inscricoes.precosPorKit.0.kitNome": MsgObrigatorio}},
		{"periodo order", func(e *Event) { e.Inscricoes.Periodo.Fim = NewDate(2026, 4, 1) }, map[string]string{"inscricoes.periodo.fim": MsgPeriodoOrdem}},
		{"retirada local", func(e *Event) { e.RetiradaKits[0].Local = "" }, map[string]string{"retiradaKits.0.local": MsgObrigatorio}},
		{"retirada time", func(e *Event) { e.RetiradaKits[0].HorarioInicio = "25:00" }, map[string]string{"retiradaKits.0.horarioInicio": MsgHorario}},
		{"retirada hours order", func(e *Event) { e.RetiradaKits[0].HorarioFim = "08:00" }, map[string]string{"retiradaKits.0.horarioFim": MsgHorarioOrdem}},
		{"retirada date", func(e *Event) { e.RetiradaKits[0].Data = Date{invalid: "x"} }, map[string]string{"retiradaKits.0.data": MsgData}},
		{"kit nome", func(e *Event) { e.Kits[0].Nome = ""; e.Inscricoes.PrecosPorKit = nil }, map[string]string{"kits.0.nome": MsgObrigatorio}},
		{"kit names unique", func(e *Event) { e.Kits = append(e.Kits, e.Kits[0]) }, map[string]string{"kits.1.nome": MsgKitRepetido}},
		{"kit item nome", func(e *Event) { e.Kits[0].Items[1].Nome = "" }, map[string]string{"kits.0.items.1.nome": MsgObrigatorio}},
		{"at most 100 rows", func(e *Event) {
			e.Kits[0].Items = rows(101)
			for i := range e.Kits[0].Items {
				e.Kits[0].Items[i].Nome = "Item"
			}
		}, map[string]string{"kits.0.items": "Use no máximo 100 itens."}},
		{"largada id required", func(e *Event) { e.Largadas[0].ID = "" }, map[string]string{"largadas.0.id": MsgObrigatorio, "modalidades.0.largadaId": MsgLargada}},
		{"largada ids unique", func(e *Event) { e.Largadas = append(e.Largadas, Largada{ID: e.Largadas[0].ID, Nome: "Outra"}) }, map[string]string{"largadas.1.id": MsgLargadaRepetida}},
		{"largada nome", func(e *Event) { e.Largadas[0].Nome = "" }, map[string]string{"largadas.0.nome": MsgObrigatorio}},
		{"largada horario", func(e *Event) { e.Largadas[0].Horario = "8:00" }, map[string]string{"largadas.0.horario": MsgHorario}},
		{"modalidade needs a largada", func(e *Event) { e.Modalidades[0].LargadaID = "" }, map[string]string{"modalidades.0.largadaId": MsgLargada}},
		{"modalidade names a defined largada", func(e *Event) { e.Modalidades[0].LargadaID = "outra" }, map[string]string{"modalidades.0.largadaId": MsgLargada}},
		{"modalidade nome", func(e *Event) { e.Modalidades[0].Nome = ""; e.Premiacao.Estruturado = e.Premiacao.Estruturado[:1] }, map[string]string{"modalidades.0.nome": MsgObrigatorio}},
		{"modalidade names unique", func(e *Event) {
			m := e.Modalidades[0]
			m.Categorias = nil
			e.Modalidades = append(e.Modalidades, m)
		}, map[string]string{"modalidades.1.nome": MsgModalidadeRep}},
		{"km positive", func(e *Event) { e.Modalidades[0].Km = Dec(0) }, map[string]string{"modalidades.0.km": MsgPositivo}},
		{"km a number", func(e *Event) { e.Modalidades[0].Km = Decimal{invalid: "dez"} }, map[string]string{"modalidades.0.km": MsgNumero}},
		{"km bounded", func(e *Event) { e.Modalidades[0].Km = Dec(20000) }, map[string]string{"modalidades.0.km": "Informe no máximo 10.000 km."}},
		{"categoria nome", func(e *Event) { e.Modalidades[0].Categorias[0].Nome = "" }, map[string]string{"modalidades.0.categorias.0.nome": MsgObrigatorio}},
		{"categoria names unique", func(e *Event) { e.Modalidades[0].Categorias[1].Nome = "Geral" }, map[string]string{
			"modalidades.0.categorias.1.nome": MsgCategoriaRep, "premiacao.estruturado.2.categoriaNome": MsgCategoriaInex}},
		{"age from 0", func(e *Event) { e.Modalidades[0].Categorias[1].IdadeInicial = Int(-1) }, map[string]string{"modalidades.0.categorias.1.idadeInicial": MsgIdade}},
		{"age up to 120", func(e *Event) { e.Modalidades[0].Categorias[1].IdadeLimite = Int(121) }, map[string]string{"modalidades.0.categorias.1.idadeLimite": MsgIdade}},
		{"age whole", func(e *Event) { e.Modalidades[0].Categorias[1].IdadeInicial = Integer{invalid: "18.5"} }, map[string]string{"modalidades.0.categorias.1.idadeInicial": MsgInteiro}},
		{"age a number", func(e *Event) { e.Modalidades[0].Categorias[1].IdadeInicial = Integer{invalid: "x"} }, map[string]string{"modalidades.0.categorias.1.idadeInicial": MsgNumero}},
		{"idadeInicial ≤ idadeLimite", func(e *Event) { e.Modalidades[0].Categorias[1].IdadeInicial = Int(30) }, map[string]string{"modalidades.0.categorias.1.idadeLimite": MsgIdadeOrdem}},
		{"genero from the list", func(e *Event) { e.Modalidades[0].Categorias[1].Genero = "Outro" }, map[string]string{"modalidades.0.categorias.1.genero": MsgGenero}},
		{"premiacao tipo", func(e *Event) { e.Premiacao.Tipo = "lista" }, map[string]string{"premiacao.tipo": MsgTipo}},
		{"premio descricao", func(e *Event) { e.Premiacao.Estruturado[0].Descricao = "" }, map[string]string{"premiacao.estruturado.0.descricao": MsgObrigatorio}},
		{"premio nivel", func(e *Event) { e.Premiacao.Estruturado[0].Nivel = "podio" }, map[string]string{"premiacao.estruturado.0.nivel": MsgNivel}},
		{"geral has no modalidade", func(e *Event) { e.Premiacao.Estruturado[0].ModalidadeNome = "10 km" }, map[string]string{"premiacao.estruturado.0.modalidadeNome": MsgSemModalidade}},
		{"geral has no categoria", func(e *Event) { e.Premiacao.Estruturado[0].CategoriaNome = "Geral" }, map[string]string{"premiacao.estruturado.0.categoriaNome": MsgSemCategoria}},
		{"modalidade level names a modalidade", func(e *Event) { e.Premiacao.Estruturado[1].ModalidadeNome = "42 km" }, map[string]string{"premiacao.estruturado.1.modalidadeNome": MsgModalidadeInex}},
		{"modalidade level needs one", func(e *Event) { e.Premiacao.Estruturado[1].ModalidadeNome = "" }, map[string]string{"premiacao.estruturado.1.modalidadeNome": MsgObrigatorio}},
		{"modalidade level has no categoria", func(e *Event) { e.Premiacao.Estruturado[1].CategoriaNome = "Geral" }, map[string]string{"premiacao.estruturado.1.categoriaNome": MsgSemCategoria}},
		{"categoria level names a categoria of the modalidade", func(e *Event) { e.Premiacao.Estruturado[2].CategoriaNome = "Master" }, map[string]string{"premiacao.estruturado.2.categoriaNome": MsgCategoriaInex}},
		{"categoria level needs one", func(e *Event) { e.Premiacao.Estruturado[2].CategoriaNome = "" }, map[string]string{"premiacao.estruturado.2.categoriaNome": MsgObrigatorio}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := validEvent()
			c.change(&e)
			got := fieldErrors(t, e)
			want := c.want
			if want == nil {
				want = map[string]string{}
			}
			if !maps.Equal(got, want) {
				t.Fatalf("errors %v, want %v", got, want)
			}
		})
	}
}

func TestValidationErrorMessage(t *testing.T) {
	e := validEvent()
	e.Titulo, e.Local.Cidade = "", ""
	err := e.Validate()
	if err == nil || err.Error() != "event: invalid: local.cidade: Campo obrigatório. titulo: Campo obrigatório." {
		t.Fatalf("%v", err)
	}
}

// FORM-33 and the defaults of empty choices (CONST-5, CONST-6, genero Misto).
func TestNormalize(t *testing.T) {
	e, err := Decode([]byte(`{
		"titulo": "  Corrida  ", "categoria": "", "status": " ",
		"local": {"cidade": " Natal ", "estado": " rn "},
		"modalidades": [{"nome": "5 km", "categorias": [
			{"nome": "Livre", "qualquerIdade": true, "idadeInicial": "18", "idadeLimite": 30, "genero": ""}]}]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	e.Normalize()
	c := e.Modalidades[0].Categorias[0]
	if e.Titulo != "Corrida" || e.Local.Cidade != "Natal" || e.Local.Estado != "RN" {
		t.Errorf("trimmed: %q %q %q", e.Titulo, e.Local.Cidade, e.Local.Estado)
	}
	if e.Categoria != "Corrida de Rua" || e.Status != "Inscrições Abertas" || c.Genero != "Misto" {
		t.Errorf("defaults: %q %q %q", e.Categoria, e.Status, c.Genero)
	}
	if c.IdadeInicial != Int(0) || c.IdadeLimite != Int(120) {
		t.Errorf("qualquerIdade must force 0–120: %+v %+v", c.IdadeInicial, c.IdadeLimite)
	}
	if e.Informacoes.Cronograma.Tipo != TipoTexto || e.Premiacao.Tipo != TipoTexto || e.Inscricoes.TipoPreco != TipoPrecoLotes ||
		e.Modalidades[0].Percurso.Tipo != TipoTexto {
		t.Errorf("empty tipos: %+v", e)
	}
	if e.Kits == nil || e.Largadas == nil || e.Modalidades[0].Categorias == nil || e.Premiacao.Estruturado == nil {
		t.Error("lists left nil: they must encode as []")
	}
}

// tempoClassificacao: absent in older documents (net time then ranks), kept through JSON, and
// one of the two choices.
func TestTempoClassificacao(t *testing.T) {
	e := validEvent()
	e.TempoClassificacao = ""
	e.Normalize()
	if e.TempoClassificacao != TempoLiquido {
		t.Fatalf("default = %q", e.TempoClassificacao)
	}
	e.TempoClassificacao = TempoBruto
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.TempoClassificacao != TempoBruto {
		t.Fatalf("round trip = %q", back.TempoClassificacao)
	}
	e.TempoClassificacao = "chip"
	var ve *ValidationError
	if err := e.Validate(); !errors.As(err, &ve) || ve.Fields["tempoClassificacao"] != MsgTipo {
		t.Fatalf("Validate = %v", err)
	}
}
