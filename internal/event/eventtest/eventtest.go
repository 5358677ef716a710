// Package eventtest gives tests and tools outside internal/event a valid event to send.
package eventtest

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// JSON is a complete, valid event as the form sends it (numbers typed as text), for POST /api/events.
func JSON(titulo, date string) string {
	return fmt.Sprintf(`{
	"titulo": %q, "categoria": "Corrida de Rua", "dataEvento": %q, "status": "Inscrições Abertas",
	"banners": {"desktop": "/files/abc", "mobile": "https://cdn.exemplo.com.br/m.webp"},
	"regulamentoUrl": "/files/reg", "regulamento": "", "linkCompra": "https://ingressos.exemplo.com.br/x",
	"local": {"local": "Parque", "endereco": "Av. Principal, 100", "cidade": "Curitiba", "estado": "PR"},
	"informacoes": {"descricao": "Corrida de rua", "informacoesImportantes": "", "cronograma": {"tipo": "estruturado", "valor": [{"horario": "06:00", "descricao": "Abertura"}]}},
	"inscricoes": {"ativas": true, "tipoPreco": "kit", "lotes": [], "precosPorKit": [{"kitNome": "Kit Básico", "valor": "79,90"}], "textoPreco": "", "periodo": {"inicio": "", "fim": ""}},
	"retiradaKits": [{"local": "Loja", "data": "", "horarioInicio": "09:00", "horarioFim": "18:00"}],
	"kits": [{"nome": "Kit Básico", "items": [{"nome": "Camiseta"}]}],
	"largadas": [{"id": "l1", "nome": "Largada Geral", "horario": "06:30"}],
	"modalidades": [{"nome": "10 km", "km": 10, "largadaId": "l1", "percurso": {"tipo": "link", "valor": "https://mapa.exemplo.com.br/10"}, "premiacaoGeral": "",
		"categorias": [{"nome": "Geral", "idadeInicial": "", "idadeLimite": "", "qualquerIdade": true, "genero": "Misto", "premiacao": ""}],
		"resultados": {"pdfGeralURL": "", "pdfCategoriasURL": ""}}],
	"premiacao": {"tipo": "texto", "valor": "Medalhas", "estruturado": []}
}`, titulo, date)
}

//go:embed search_cases.json
var searchCasesJSON []byte

// SearchCase is a search of the events list and the titles it finds, sorted.
type SearchCase struct {
	Q     string   `json:"q"`
	Found []string `json:"found"`
}

// SearchEvent is where an event of the search cases is.
type SearchEvent struct {
	Titulo, Local, Cidade, Estado string
}

// SearchCases are the events of search_cases.json and the searches over them, which the store's
// conformance suite runs through its SQL and web/src/features/events/eventList.test.ts through the
// home page's filter: states by name and cities by the names runners use (internal/event/places.json).
func SearchCases() ([]SearchEvent, []SearchCase) {
	c := searchCases()
	return c.Events, c.Searches
}

// StateCase is a search that names a state, as typed (accents or none, any case), and its sigla.
type StateCase struct {
	Q  string `json:"q"`
	UF string `json:"uf"`
}

// StateCases are the 27 states of search_cases.json, each by its name typed two ways, which
// internal/event's SearchQuery and web/src/lib/events/eventSearch.ts must both read as that state.
func StateCases() []StateCase {
	return searchCases().States
}

func searchCases() (c struct {
	Events   []SearchEvent
	Searches []SearchCase
	States   []StateCase
}) {
	if err := json.Unmarshal(searchCasesJSON, &c); err != nil {
		panic("eventtest/search_cases.json: " + err.Error())
	}
	return c
}
