package event

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestDecodeRefusesWhatItCannotRead(t *testing.T) {
	cases := map[string]string{
		``:                           "Envie o evento em JSON no corpo da requisição.",
		`   `:                        "Envie o evento em JSON no corpo da requisição.",
		`[1]`:                        "O evento deve ser um objeto JSON.",
		`"texto"`:                    "O evento deve ser um objeto JSON.",
		`nada`:                       "O corpo da requisição não é um JSON válido",
		`{"titulo": "a",}`:           "O corpo da requisição não é um JSON válido",
		`{"titulo": "a"`:             "O corpo da requisição não é um JSON válido",
		`{"titulo": "a"} {}`:         "O corpo da requisição não é um JSON válido",
		`{"preco": 1}`:               `Campo desconhecido: "preco".`,
		`{"local": {"bairro": "x"}}`: `Campo desconhecido: "bairro".`,
		`{"kits": [{"nome": "K", "items": [{"nome": "a", "cor": "azul"}]}]}`:                     `Campo desconhecido: "cor".`,
		`{"informacoes": {"cronograma": {"tipo": "estruturado", "valor": [{"hora": "07:00"}]}}}`: `Campo desconhecido: "hora".`,
		`{"informacoes": {"cronograma": {"tipo": "texto", "valor": 7}}}`:                         `O campo "informacoes.cronograma.valor" deve ser um texto ou uma lista`,
		`{"informacoes": {"cronograma": {"tipo": "estruturado", "valor": [1]}}}`:                 `O campo "informacoes.cronograma.valor" deve ser um texto ou uma lista`,
		`{"titulo": 1}`:                     `O campo "titulo" tem um tipo de valor inválido (esperado: texto).`,
		`{"kits": {}}`:                      `O campo "kits" tem um tipo de valor inválido (esperado: lista).`,
		`{"inscricoes": {"ativas": "sim"}}`: `O campo "inscricoes.ativas" tem um tipo de valor inválido (esperado: verdadeiro ou falso).`,
		`{"title": "x", "titulo": "y"}`:     `Campo desconhecido: "titulo".`,
		`{"title": "x", "location": 5}`:     `tipo de valor inválido`,
	}
	for in, want := range cases {
		_, err := Decode([]byte(in))
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("%s: %v, want a DecodeError", in, err)
			continue
		}
		if !strings.Contains(de.Message, want) {
			t.Errorf("%s: %q, want it to contain %q", in, de.Message, want)
		}
	}
}

// throughJSON encodes v and decodes the JSON as an event, failing the test on either error.
func throughJSON(t *testing.T, v any) ([]byte, Event) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return b, e
}

// The polymorphic fields keep their shape through decode → encode, and a full document
// round-trips byte for byte.
func TestDocumentRoundTripsByteForByte(t *testing.T) {
	e := validEvent()
	e.ID, e.OwnerID = "abc", "dono"
	first, back := throughJSON(t, e)
	back.Normalize()
	second, _ := json.Marshal(back)
	if string(first) != string(second) {
		t.Fatalf("round trip differs:\n%s\n%s", first, second)
	}
	for _, want := range []string{
		`"cronograma":{"tipo":"estruturado","valor":[{"horario":"07:00","descricao":"Abertura"}]}`,
		`"premiacao":{"tipo":"estruturado","valor":"","estruturado":[{"descricao":"Troféu","nivel":"geral","modalidadeNome":"","categoriaNome":""}`,
		`"dataEvento":"2026-09-07"`,
		`"lotes":[{"nome":"1º Lote","valor":89.9,"maxVagas":500,"dataLimite":"2026-08-01","valoresPorModalidade":[]}]`,
	} {
		if !strings.Contains(string(first), want) {
			t.Errorf("encoded event lacks %s", want)
		}
	}

	text := `{"tipo":"texto","valor":"07:00 Abertura\n08:00 Largada"}`
	var c Cronograma
	if err := json.Unmarshal([]byte(text), &c); err != nil {
		t.Fatal(err)
	}
	if out, _ := json.Marshal(c); string(out) != text {
		t.Errorf("texto cronograma: %s", out)
	}
	if out, _ := json.Marshal(Cronograma{Tipo: TipoEstruturado}); string(out) != `{"tipo":"estruturado","valor":[]}` {
		t.Errorf("empty estruturado cronograma: %s", out)
	}
}

// Every field of the spec appears in the JSON under its spec name.
func TestSpecFieldNames(t *testing.T) {
	e := validEvent()
	b, _ := json.Marshal(e)
	for _, name := range []string{"id", "ownerId", "criadoEm", "atualizadoEm", "titulo", "categoria", "dataEvento", "status",
		"banners", "desktop", "mobile", "regulamentoUrl", "regulamento", "linkCompra", "local", "endereco", "cidade", "estado",
		"informacoes", "descricao", "informacoesImportantes", "cronograma", "tipo", "valor", "horario",
		"inscricoes", "ativas", "tipoPreco", "lotes", "maxVagas", "dataLimite", "precosPorKit", "kitNome", "textoPreco", "periodo", "inicio", "fim",
		"retiradaKits", "data", "horarioInicio", "horarioFim", "kits", "items", "largadas", "modalidades", "km", "largadaId",
		"percurso", "premiacaoGeral", "categorias", "idadeInicial", "idadeLimite", "qualquerIdade", "genero", "resultados",
		"pdfGeralURL", "pdfCategoriasURL", "premiacao", "estruturado", "nivel", "modalidadeNome", "categoriaNome"} {
		if !strings.Contains(string(b), `"`+name+`":`) {
			t.Errorf("JSON lacks %q", name)
		}
	}
}

// docs/product.md §3, last line: documents shaped as title, location, date, images, distances.
func TestDecodeOlderShape(t *testing.T) {
	e, err := Decode([]byte(`{
		"id": "antigo-1", "title": "Corrida do Farol", "location": "Farol da Barra, Salvador - BA",
		"date": "2026-11-20T03:00:00Z", "images": ["/files/d", "/files/m"], "distances": [5, "10", "21,1 km", "42K", ""],
		"status": false
	}`))
	if err != nil {
		t.Fatal(err)
	}
	e.Normalize()
	if err := e.Validate(); err != nil {
		t.Fatalf("mapped event invalid: %v", err)
	}
	if e.Titulo != "Corrida do Farol" || e.Local != (Local{Local: "Farol da Barra", Cidade: "Salvador", Estado: "BA"}) {
		t.Errorf("titulo/local: %q %+v", e.Titulo, e.Local)
	}
	if e.DataEvento != NewDate(2026, 11, 20) || e.Banners != (Banners{Desktop: "/files/d", Mobile: "/files/m"}) || e.Status != StatusEncerradas {
		t.Errorf("date/banners/status: %s %+v %q", e.DataEvento, e.Banners, e.Status)
	}
	if got := e.Summary(nil).Distances; len(got) != 4 || got[0] != 5 || got[1] != 10 || got[2] != 21.1 || got[3] != 42 {
		t.Errorf("distances: %v", got)
	}
	if e.Modalidades[2].Nome != "21,1 km" || e.Modalidades[0].LargadaID != e.Largadas[0].ID {
		t.Errorf("modalidades: %+v", e.Modalidades)
	}

	for line, want := range map[string]Local{
		"Curitiba/PR":                  {Cidade: "Curitiba", Estado: "PR"},
		"Orla, Maceió, AL":             {Local: "Orla", Cidade: "Maceió", Estado: "AL"},
		"Parque Municipal":             {Local: "Parque Municipal"},
		"Av. Paulista, São Paulo - sp": {Local: "Av. Paulista", Cidade: "São Paulo", Estado: "SP"},
	} {
		if got := parseLocationLine(line); got != want {
			t.Errorf("%q → %+v, want %+v", line, got, want)
		}
	}

	obj, err := Decode([]byte(`{"title": "X", "location": {"cidade": "Natal", "estado": "RN"}, "images": {"desktop": "/files/a", "mobile": ""}, "status": "Esgotado"}`))
	if err != nil || obj.Local.Cidade != "Natal" || obj.Banners.Desktop != "/files/a" || obj.Status != "Esgotado" || len(obj.Largadas) != 0 {
		t.Errorf("object forms: %v %+v", err, obj)
	}
}

func TestSummaryCarriesTheListFields(t *testing.T) {
	e := validEvent()
	e.Modalidades = append(e.Modalidades, Modalidade{Nome: "Caminhada"}, Modalidade{Nome: "3 km", Km: Dec(3)})
	s := e.Summary(nil)
	if s.Titulo != e.Titulo || s.Local != e.Local || s.LinkCompra != e.LinkCompra || s.DataEvento != e.DataEvento {
		t.Errorf("summary %+v", s)
	}
	if len(s.Distances) != 2 || s.Distances[0] != 10 || s.Distances[1] != 3 {
		t.Errorf("distances %v, want [10 3]", s.Distances)
	}
	var empty Event
	b, _ := json.Marshal(empty.Summary(nil))
	if !strings.Contains(string(b), `"distances":[]`) {
		t.Errorf("no modalidades must give distances [], got %s", b)
	}
}

func TestSearchTermsFoldAndBoundTheWords(t *testing.T) {
	if got := SearchTerms("  São  PAULO "); len(got) != 2 || got[0] != "sao" || got[1] != "paulo" {
		t.Errorf("SearchTerms: %q", got)
	}
	if got := SearchTerms(strings.Repeat("a ", 20)); len(got) != 8 {
		t.Errorf("SearchTerms keeps %d words, want 8", len(got))
	}
}
