package event

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
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

// The case table shared with the web form (formSchema.cases.test.ts): each case changes the
// base event and expects exactly its field errors. The server runs every case, serverOnly ones too.
func TestValidationCases(t *testing.T) {
	b, err := os.ReadFile("testdata/validation_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Base  map[string]any
		Cases []struct {
			Name   string
			Set    map[string]any
			Errors map[string]string
		}
	}
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range table.Cases {
		t.Run(c.Name, func(t *testing.T) {
			doc := any(cloneJSON(t, table.Base))
			for _, path := range slices.Sorted(maps.Keys(c.Set)) {
				if doc, err = setPath(doc, strings.Split(path, "."), expand(c.Set[path])); err != nil {
					t.Fatal(err)
				}
			}
			_, e := throughJSON(t, doc)
			e.Normalize()
			if got := fieldErrors(t, e); !maps.Equal(got, c.Errors) {
				t.Fatalf("errors %v, want %v", got, c.Errors)
			}
		})
	}
}

func cloneJSON(t *testing.T, v map[string]any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// expand turns {"$repeat": v, "times": n} into v repeated n times: a text, or a list of copies.
func expand(v any) any {
	m, ok := v.(map[string]any)
	if !ok || m["$repeat"] == nil {
		return v
	}
	n := int(m["times"].(float64))
	if s, ok := m["$repeat"].(string); ok {
		return strings.Repeat(s, n)
	}
	list := make([]any, n)
	for i := range list {
		list[i] = m["$repeat"]
	}
	return list
}

// setPath returns doc with v at a dotted path; a list index one past the end appends.
func setPath(doc any, path []string, v any) (any, error) {
	if len(path) == 0 {
		return v, nil
	}
	key, rest := path[0], path[1:]
	switch d := doc.(type) {
	case map[string]any:
		inner, err := setPath(d[key], rest, v)
		d[key] = inner
		return d, err
	case []any:
		i, err := strconv.Atoi(key)
		if err != nil || i > len(d) {
			return d, fmt.Errorf("no list item %q", key)
		}
		if i == len(d) {
			d = append(d, nil)
		}
		d[i], err = setPath(d[i], rest, v)
		return d, err
	}
	return doc, fmt.Errorf("cannot set %q in %T", key, doc)
}

// The ages' bounds and message come from constants.json, as the form reads them.
func TestMessagesFromConstants(t *testing.T) {
	m := reflect.ValueOf(Const.Messages)
	for i := range m.NumField() {
		if m.Field(i).String() == "" {
			t.Errorf("constants.json has no message %s", m.Type().Field(i).Name)
		}
	}
	if MsgIdade != "Informe uma idade entre 0 e 120 anos." {
		t.Errorf("MsgIdade = %q", MsgIdade)
	}
	if got := Fill(Const.Messages.CaracteresMax, 0, 20000); got != "Use no máximo 20.000 caracteres." {
		t.Errorf("Fill = %q", got)
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
func TestNormalizeTrimsAndFillsDefaults(t *testing.T) {
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
func TestTempoClassificacaoDefaultsToNetTime(t *testing.T) {
	e := validEvent()
	e.TempoClassificacao = ""
	e.Normalize()
	if e.TempoClassificacao != TempoLiquido {
		t.Fatalf("default = %q", e.TempoClassificacao)
	}
	e.TempoClassificacao = TempoBruto
	if _, back := throughJSON(t, e); back.TempoClassificacao != TempoBruto {
		t.Fatalf("round trip = %q", back.TempoClassificacao)
	}
	e.TempoClassificacao = "chip"
	var ve *ValidationError
	if err := e.Validate(); !errors.As(err, &ve) || ve.Fields["tempoClassificacao"] != MsgTipo {
		t.Fatalf("Validate = %v", err)
	}
}

// REG-16: a document written before the offer existed reads as today's externo event, with the
// default shirt sizes, the 60+ half price and no slot limits; the offer's fields keep their
// values through JSON.
func TestOfferFields(t *testing.T) {
	older := validEvent()
	b, _ := json.Marshal(older)
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	in := doc["inscricoes"].(map[string]any)
	for _, k := range []string{"modo", "vagas", "tamanhosCamiseta", "meiaEntradaIdoso", "edicaoAte"} {
		delete(in, k)
	}
	_, e := throughJSON(t, doc)
	e.Normalize()
	if e.Inscricoes.Modo != ModoExterno || e.Inscricoes.ModoPelotao() || !e.Inscricoes.MeiaEntrada() ||
		!slices.Equal(e.Inscricoes.TamanhosCamiseta, []string{"PP", "P", "M", "G", "GG", "XG"}) ||
		e.Inscricoes.Vagas.Valid || e.Modalidades[0].Vagas.Valid {
		t.Fatalf("older document: %+v", e.Inscricoes)
	}
	if got := e.EdicaoAteEfetiva(); got != NewDate(2026, 8, 31) {
		t.Errorf("default edicaoAte = %v, want 7 days before 2026-09-07", got)
	}

	off := false
	e.Inscricoes.Modo = ModoPelotao
	e.Inscricoes.Vagas = Int(800)
	e.Inscricoes.TamanhosCamiseta = []string{"P", "M", "Infantil"}
	e.Inscricoes.MeiaEntradaIdoso = &off
	e.Inscricoes.EdicaoAte = NewDate(2026, 9, 1)
	e.Inscricoes.Lotes[0].ValoresPorModalidade = []ValorModalidade{{ModalidadeNome: "10 km", Valor: Dec(99.9)}}
	e.Modalidades[0].Vagas = Int(500)
	e.Modalidades[0].IdadeMinima = Int(16)
	first, back := throughJSON(t, e)
	back.Normalize()
	if second, _ := json.Marshal(back); string(first) != string(second) {
		t.Fatalf("round trip differs:\n%s\n%s", first, second)
	}
	for _, want := range []string{`"modo":"pelotao","vagas":800,"tamanhosCamiseta":["P","M","Infantil"],"meiaEntradaIdoso":false,"edicaoAte":"2026-09-01"`,
		`"valoresPorModalidade":[{"modalidadeNome":"10 km","valor":99.9}]`, `"vagas":500,"idadeMinima":16}`} {
		if !strings.Contains(string(first), want) {
			t.Errorf("encoded event lacks %s", want)
		}
	}
	if back.Inscricoes.MeiaEntrada() || back.EdicaoAteEfetiva() != NewDate(2026, 9, 1) {
		t.Errorf("decoded offer: %+v", back.Inscricoes)
	}
	if err := back.Validate(); err != nil {
		t.Errorf("valid offer refused: %v", err)
	}
}
