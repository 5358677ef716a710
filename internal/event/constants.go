package event

import (
	_ "embed"
	"encoding/json"
	"slices"
)

// constants.json holds the lists and defaults of docs/product.md §9 and docs/requirements.md DATA-5, the limits and
// the pt-BR validation messages. The web app imports the same file (web/src/lib/events/event.ts,
// the form's rules), so the form and the server never disagree; testdata/validation_cases.json
// is the case table both run.
//
//go:embed constants.json
var constantsJSON []byte

// UF is a Brazilian state.
type UF struct {
	Sigla string `json:"sigla"`
	Nome  string `json:"nome"`
}

// FusoHorario is a time zone an event may keep its clock in: an IANA name of the tz database's
// Brazil zones and its pt-BR label.
type FusoHorario struct {
	Zona string `json:"zona"`
	Nome string `json:"nome"`
}

// Defaults are the values a new event starts with (docs/product.md §9).
type Defaults struct {
	Categoria    string `json:"categoria"`
	Status       string `json:"status"`
	PrimeiroLote string `json:"primeiroLote"`
	Largada      struct {
		Nome    string `json:"nome"`
		Horario string `json:"horario"`
	} `json:"largada"`
	RetiradaKit struct {
		HorarioInicio string `json:"horarioInicio"`
		HorarioFim    string `json:"horarioFim"`
	} `json:"retiradaKit"`
	Kit struct {
		Nome  string   `json:"nome"`
		Items []string `json:"items"`
	} `json:"kit"`
	CronogramaPrimeiroHorario string   `json:"cronogramaPrimeiroHorario"`
	Genero                    string   `json:"genero"`
	IdadeMinima               int      `json:"idadeMinima"`
	IdadeMaxima               int      `json:"idadeMaxima"`
	TempoClassificacao        string   `json:"tempoClassificacao"`
	ModoInscricao             string   `json:"modoInscricao"`
	TamanhosCamiseta          []string `json:"tamanhosCamiseta"`
	MeiaEntradaIdoso          bool     `json:"meiaEntradaIdoso"`
	EdicaoDiasAntes           int      `json:"edicaoDiasAntes"`  // edicaoAte left blank: this many days before the event
	GrupoMax                  int      `json:"grupoMax"`         // grupoMax left blank: a group's most registrations (GRP-17)
	FusoHorario               string   `json:"fusoHorario"`      // the zone of an event that names none
	TemposAssessoria          int      `json:"temposAssessoria"` // the ranking by assessoria's n (GRP-31)
}

// Limits bound what one event may hold. Characters are counted as a person counts them, in
// Unicode code points (Go runes; [...s].length in the browser), after trimming.
type Limits struct {
	TituloMax int     `json:"tituloMax"` // characters
	TextoMax  int     `json:"textoMax"`  // characters of a long text
	ListaMax  int     `json:"listaMax"`  // rows of any list
	NomeMax   int     `json:"nomeMax"`   // characters of a short text
	URLMax    int     `json:"urlMax"`    // characters of a link
	KmMax     float64 `json:"kmMax"`     // distance of a modalidade
	ValorMax  float64 `json:"valorMax"`  // a price, in reais
	VagasMax  int     `json:"vagasMax"`  // places of a lote
	IdadeMin  int     `json:"idadeMin"`  // ages of a categoria
	IdadeMax  int     `json:"idadeMax"`
	// IdadeMinimaMax bounds a modalidade's idadeMinima (1 to it, or blank).
	IdadeMinimaMax int `json:"idadeMinimaMax"`
	// ParcelasMax bounds inscricoes.cartao.parcelasMax: Mercado Pago's most installments (CARD-16).
	ParcelasMax int `json:"parcelasMax"`
	// TemposAssessoriaMax bounds temposAssessoria and the ranking route's n (GRP-31, GRP-44).
	TemposAssessoriaMax int `json:"temposAssessoriaMax"`
	// A group price tier's minimo is at least DescontoGrupoMinimo registrations; its percentual
	// 1 to DescontoGrupoPercentualMax (GRP-20).
	DescontoGrupoMinimo        int `json:"descontoGrupoMinimo"`
	DescontoGrupoPercentualMax int `json:"descontoGrupoPercentualMax"`
}

// Messages are the pt-BR texts shown next to a field, on the server's 422 and in the web form
// alike. {min} and {max} stand for numbers written the pt-BR way (see Fill).
type Messages struct {
	Obrigatorio           string `json:"obrigatorio"`
	URL                   string `json:"url"`
	Largada               string `json:"largada"`
	Categoria             string `json:"categoria"`
	Status                string `json:"status"`
	Estado                string `json:"estado"`
	Genero                string `json:"genero"`
	Tipo                  string `json:"tipo"`
	Nivel                 string `json:"nivel"`
	Data                  string `json:"data"`
	Horario               string `json:"horario"`
	Numero                string `json:"numero"`
	Inteiro               string `json:"inteiro"`
	NaoNegativo           string `json:"naoNegativo"`
	Positivo              string `json:"positivo"`
	Centavos              string `json:"centavos"`
	Idade                 string `json:"idade"`
	IdadeOrdem            string `json:"idadeOrdem"`
	HorarioOrdem          string `json:"horarioOrdem"`
	PeriodoOrdem          string `json:"periodoOrdem"`
	LargadaRepetida       string `json:"largadaRepetida"`
	KitRepetido           string `json:"kitRepetido"`
	ModalidadeRepetida    string `json:"modalidadeRepetida"`
	CategoriaRepetida     string `json:"categoriaRepetida"`
	KitInexistente        string `json:"kitInexistente"`
	ModalidadeInexistente string `json:"modalidadeInexistente"`
	CategoriaInexistente  string `json:"categoriaInexistente"`
	SemModalidade         string `json:"semModalidade"`
	SemCategoria          string `json:"semCategoria"`
	CronogramaFormato     string `json:"cronogramaFormato"`
	CaracteresMax         string `json:"caracteresMax"`
	ItensMax              string `json:"itensMax"`
	KmMax                 string `json:"kmMax"`
	VagasMax              string `json:"vagasMax"`
	IdadeMinima           string `json:"idadeMinima"`
	TextoComPelotao       string `json:"textoComPelotao"`
	ValorRepetido         string `json:"valorRepetido"`
	TamanhoRepetido       string `json:"tamanhoRepetido"`
	LoteRepetido          string `json:"loteRepetido"`
	FusoHorario           string `json:"fusoHorario"`
	CNPJ                  string `json:"cnpj"`
	ParcelasMax           string `json:"parcelasMax"`
	TemposAssessoria      string `json:"temposAssessoria"`
	// The group settings' texts (GRP-17, GRP-20).
	GrupoMax                string `json:"grupoMax"`
	DescontoGrupoMinimo     string `json:"descontoGrupoMinimo"`
	DescontoGrupoPercentual string `json:"descontoGrupoPercentual"`
	DescontoGrupoOrdem      string `json:"descontoGrupoOrdem"`
}

// Constants is constants.json, typed.
type Constants struct {
	Categorias      []string `json:"categorias"`
	Statuses        []string `json:"statuses"`
	OpenStatus      string   `json:"openStatus"`
	Generos         []string `json:"generos"`
	TiposPreco      []string `json:"tiposPreco"`
	TiposCronograma []string `json:"tiposCronograma"`
	TiposPremiacao  []string `json:"tiposPremiacao"`
	NiveisPremiacao []string `json:"niveisPremiacao"`
	TiposPercurso   []string `json:"tiposPercurso"`
	TemposClassif   []string `json:"temposClassificacao"`
	ModosInscricao  []string `json:"modosInscricao"`
	UFs             []UF     `json:"ufs"`
	// FusosHorarios are the zones an event may keep its clock in (docs/requirements.md REG-220).
	FusosHorarios []FusoHorario `json:"fusosHorarios"`
	Defaults      Defaults      `json:"defaults"`
	Limits        Limits        `json:"limits"`
	Messages      Messages      `json:"messages"`

	// PastStatus is what an event whose date has passed is, whatever its document still says,
	// unless its status is one of StatusesAfterDate, which stay true after the date (ShownStatus).
	PastStatus        string   `json:"pastStatus"`
	StatusesAfterDate []string `json:"statusesAfterDate"`
}

// Const is the project's one copy of the event constants.
var Const = func() Constants {
	var c Constants
	if err := json.Unmarshal(constantsJSON, &c); err != nil {
		panic("internal/event/constants.json: " + err.Error())
	}
	return c
}()

// Values of the enumerations that code branches on. Each is checked against constants.json by
// the tests, so a change there cannot leave them behind.
const (
	TipoTexto       = "texto"
	TipoEstruturado = "estruturado"
	TipoPrecoLotes  = "lotes"
	TipoPrecoKit    = "kit"
	PercursoLink    = "link"
	NivelGeral      = "geral"
	NivelModalidade = "modalidade"
	NivelCategoria  = "categoria"
	TempoLiquido    = "liquido"
	TempoBruto      = "bruto"
	ModoExterno     = "externo"
	ModoPelotao     = "pelotao"
)

// IsUF reports whether sigla is one of the 27 UFs.
func IsUF(sigla string) bool {
	return slices.ContainsFunc(Const.UFs, func(u UF) bool { return u.Sigla == sigla })
}
