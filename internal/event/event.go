// Package event is the Event document of docs/product.md §3: its fields (JSON names exactly as the spec
// writes them), its constants and defaults, decoding of what clients send (including the older
// shape the athlete panel read), normalisation, validation and the calendar-date rule that
// splits upcoming from past events.
package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"
)

// Event is one event. The server sets ID, OwnerID, CriadoEm and AtualizadoEm; clients may send
// them back (they read the document and save it again) but the values they send are ignored.
type Event struct {
	ID           string    `json:"id"`
	OwnerID      string    `json:"ownerId"`
	CriadoEm     time.Time `json:"criadoEm"`
	AtualizadoEm time.Time `json:"atualizadoEm"`

	Titulo         string        `json:"titulo"`
	Categoria      string        `json:"categoria"`
	DataEvento     Date          `json:"dataEvento"`
	Status         string        `json:"status"`
	Banners        Banners       `json:"banners"`
	RegulamentoURL string        `json:"regulamentoUrl"`
	Regulamento    string        `json:"regulamento"`
	LinkCompra     string        `json:"linkCompra"`
	Local          Local         `json:"local"`
	Informacoes    Informacoes   `json:"informacoes"`
	Inscricoes     Inscricoes    `json:"inscricoes"`
	RetiradaKits   []RetiradaKit `json:"retiradaKits"`
	Kits           []Kit         `json:"kits"`
	Largadas       []Largada     `json:"largadas"`
	Modalidades    []Modalidade  `json:"modalidades"`
	Premiacao      Premiacao     `json:"premiacao"`
	// TempoClassificacao is which time ranks the imported results: "liquido" (net, chip time,
	// the default) or "bruto" (gun time, as some federation rules rank).
	TempoClassificacao string `json:"tempoClassificacao"`
	// TemposAssessoria is the ranking by assessoria's n: how many best times of each sex a group
	// adds (docs/requirements.md GRP-31), 1 to Limits.TemposAssessoriaMax; Normalize sets the
	// default (3) for a document that has none.
	TemposAssessoria Integer `json:"temposAssessoria"`
	// FusoHorario is the IANA zone the event keeps its clock in (REG-220), one of
	// Const.FusosHorarios; Normalize sets the default for a document that has none.
	FusoHorario string `json:"fusoHorario"`
	// Organizador is the seller the receipt names: legal name and CNPJ, both optional.
	Organizador Organizador `json:"organizador"`
}

type Banners struct {
	Desktop string `json:"desktop"`
	Mobile  string `json:"mobile"`
}

type Local struct {
	Local    string `json:"local"`
	Endereco string `json:"endereco"`
	Cidade   string `json:"cidade"`
	Estado   string `json:"estado"` // UF, e.g. "SP"
}

type Informacoes struct {
	Descricao              string     `json:"descricao"`
	InformacoesImportantes string     `json:"informacoesImportantes"`
	Cronograma             Cronograma `json:"cronograma"`
}

// Cronograma is the schedule: free text (tipo "texto", valor a string) or rows (tipo
// "estruturado", valor a list). Only the part that matches Tipo is written out.
type Cronograma struct {
	Tipo   string
	Texto  string
	Linhas []LinhaCronograma
}

type LinhaCronograma struct {
	Horario   string `json:"horario"`
	Descricao string `json:"descricao"`
}

type cronogramaJSON struct {
	Tipo  string          `json:"tipo"`
	Valor json.RawMessage `json:"valor"`
}

func (c Cronograma) MarshalJSON() ([]byte, error) {
	var valor any = c.Texto
	if c.Tipo == TipoEstruturado {
		linhas := c.Linhas
		if linhas == nil {
			linhas = []LinhaCronograma{}
		}
		valor = linhas
	}
	return json.Marshal(struct {
		Tipo  string `json:"tipo"`
		Valor any    `json:"valor"`
	}{c.Tipo, valor})
}

func (c *Cronograma) UnmarshalJSON(b []byte) error {
	var raw cronogramaJSON
	if err := strictUnmarshal(b, &raw); err != nil {
		return err
	}
	*c = Cronograma{Tipo: raw.Tipo}
	v := bytes.TrimSpace(raw.Valor)
	switch {
	case len(v) == 0 || bytes.Equal(v, []byte("null")):
	case v[0] == '[':
		if err := strictUnmarshal(v, &c.Linhas); err != nil {
			return cronogramaError(err)
		}
	default:
		if err := strictUnmarshal(v, &c.Texto); err != nil {
			return cronogramaError(err)
		}
	}
	return nil
}

// cronogramaError names the field in a type error: the decoder of the whole event cannot see
// inside this type's own decoding.
func cronogramaError(err error) error {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return &DecodeError{Message: `O campo "informacoes.cronograma.valor" deve ser um texto ou uma lista de {horario, descricao}.`, err: err}
	}
	return err
}

type Inscricoes struct {
	Ativas       bool       `json:"ativas"`
	TipoPreco    string     `json:"tipoPreco"` // lotes, kit or texto
	Lotes        []Lote     `json:"lotes"`
	PrecosPorKit []PrecoKit `json:"precosPorKit"`
	TextoPreco   string     `json:"textoPreco"`
	Periodo      Periodo    `json:"periodo"`

	// The offer when Pelotão sells the bib itself (docs/http-api.md, "The event's offer").
	// Modo is externo (the button opens linkCompra, as before registration existed) or pelotao.
	Modo  string  `json:"modo"`
	Vagas Integer `json:"vagas"` // slots of the whole event; blank: no limit
	// TamanhosCamiseta are the shirt sizes an athlete picks from; empty becomes the default list.
	TamanhosCamiseta []string `json:"tamanhosCamiseta"`
	// MeiaEntradaIdoso: half price for athletes aged 60 or more (Estatuto do Idoso, art. 23).
	// A pointer because an older document lacks it and the default is true; Normalize sets it.
	MeiaEntradaIdoso *bool `json:"meiaEntradaIdoso"`
	// EdicaoAte is the last day athletes may edit shirt, team and emergency contact; blank:
	// EdicaoAteDias days before the event (see EdicaoAteEfetiva).
	EdicaoAte Date `json:"edicaoAte"`
	// Cartao offers card payments (Mercado Pago) beside Pix (docs/requirements.md CARD-16); nil,
	// as Normalize makes one not active: Pix only.
	Cartao *Cartao `json:"cartao,omitempty"`
	// GrupoMax is the most registrations one group of the event holds or confirms (GRP-17);
	// blank: Const.Defaults.GrupoMax (see GrupoMaxEfetivo).
	GrupoMax Integer `json:"grupoMax"`
	// DescontosGrupo are the group price tiers, minimo strictly increasing (GRP-20).
	DescontosGrupo []DescontoGrupo `json:"descontosGrupo"`
}

// DescontoGrupo is a group price tier: an order of a group that reaches Minimo registrations
// (its own athletes included) gets Percentual off each athlete (GRP-21).
type DescontoGrupo struct {
	Minimo     Integer `json:"minimo"`
	Percentual Integer `json:"percentual"`
}

// GrupoMaxEfetivo is the most registrations a group of the event holds or confirms.
func (in Inscricoes) GrupoMaxEfetivo() int {
	if in.GrupoMax.Valid {
		return in.GrupoMax.Value
	}
	return Const.Defaults.GrupoMax
}

// Cartao is the event's card payment setting.
type Cartao struct {
	Ativo       bool    `json:"ativo"`
	ParcelasMax Integer `json:"parcelasMax"` // the most installments a buyer may choose, 1 to Limits.ParcelasMax
}

// ModoPelotao reports whether Pelotão sells this event's registrations itself.
func (in Inscricoes) ModoPelotao() bool { return in.Modo == ModoPelotao }

// MeiaEntrada reports whether the 60+ half price applies (true unless the organizer turned it off).
func (in Inscricoes) MeiaEntrada() bool { return in.MeiaEntradaIdoso == nil || *in.MeiaEntradaIdoso }

// TemposDoRanking is the ranking by assessoria's n (GRP-31): temposAssessoria, or the default for
// a document stored before the setting existed.
func (e *Event) TemposDoRanking() int {
	if !e.TemposAssessoria.Valid {
		return Const.Defaults.TemposAssessoria
	}
	return e.TemposAssessoria.Value
}

// EdicaoAteEfetiva is the last day athletes may edit their registration: edicaoAte, or the
// default number of days before the event.
func (e *Event) EdicaoAteEfetiva() Date {
	if e.Inscricoes.EdicaoAte.Valid() || !e.DataEvento.Valid() {
		return e.Inscricoes.EdicaoAte
	}
	return e.DataEvento.AddDays(-Const.Defaults.EdicaoDiasAntes)
}

type Lote struct {
	Nome       string  `json:"nome"`
	Valor      Decimal `json:"valor"`
	MaxVagas   Integer `json:"maxVagas"`
	DataLimite Date    `json:"dataLimite"`
	// ValoresPorModalidade overrides Valor for the modalities it names.
	ValoresPorModalidade []ValorModalidade `json:"valoresPorModalidade"`
}

// ValorModalidade is a lot's price for one modality.
type ValorModalidade struct {
	ModalidadeNome string  `json:"modalidadeNome"`
	Valor          Decimal `json:"valor"`
}

type PrecoKit struct {
	KitNome string  `json:"kitNome"`
	Valor   Decimal `json:"valor"`
}

type Periodo struct {
	Inicio Date `json:"inicio"`
	Fim    Date `json:"fim"`
}

type RetiradaKit struct {
	Local         string `json:"local"`
	Data          Date   `json:"data"`
	HorarioInicio string `json:"horarioInicio"`
	HorarioFim    string `json:"horarioFim"`
}

type Kit struct {
	Nome  string    `json:"nome"`
	Items []ItemKit `json:"items"`
}

type ItemKit struct {
	Nome string `json:"nome"`
}

type Largada struct {
	ID      string `json:"id"`
	Nome    string `json:"nome"`
	Horario string `json:"horario"`
}

type Modalidade struct {
	Nome           string                `json:"nome"`
	Km             Decimal               `json:"km"`
	LargadaID      string                `json:"largadaId"`
	Percurso       Percurso              `json:"percurso"`
	PremiacaoGeral string                `json:"premiacaoGeral"`
	Categorias     []CategoriaModalidade `json:"categorias"`
	Resultados     Resultados            `json:"resultados"`
	Vagas          Integer               `json:"vagas"` // slots of this modality; blank: no limit
	// IdadeMinima is the youngest age admitted, counted on the event's day (REG-250); blank: none.
	IdadeMinima Integer `json:"idadeMinima"`
}

type Percurso struct {
	Tipo  string `json:"tipo"` // texto (a description) or link (a map URL)
	Valor string `json:"valor"`
}

type CategoriaModalidade struct {
	Nome          string  `json:"nome"`
	IdadeInicial  Integer `json:"idadeInicial"`
	IdadeLimite   Integer `json:"idadeLimite"`
	QualquerIdade bool    `json:"qualquerIdade"`
	Genero        string  `json:"genero"`
	Premiacao     string  `json:"premiacao"`
}

type Resultados struct {
	PDFGeralURL      string `json:"pdfGeralURL"`
	PDFCategoriasURL string `json:"pdfCategoriasURL"`
}

// Premiacao is the prize list: text in Valor (tipo "texto") or rows in Estruturado
// (tipo "estruturado"). Both parts are kept as sent.
type Premiacao struct {
	Tipo        string              `json:"tipo"`
	Valor       string              `json:"valor"`
	Estruturado []PremioEstruturado `json:"estruturado"`
}

type PremioEstruturado struct {
	Descricao      string `json:"descricao"`
	Nivel          string `json:"nivel"` // geral, modalidade or categoria
	ModalidadeNome string `json:"modalidadeNome"`
	CategoriaNome  string `json:"categoriaNome"`
}

// Summary is what a list of events carries: what a card and the athlete panel show
// (web/src/lib/events/event.ts EventSummary).
type Summary struct {
	ID         string    `json:"id"`
	Titulo     string    `json:"titulo"`
	Categoria  string    `json:"categoria"`
	DataEvento Date      `json:"dataEvento"`
	Status     string    `json:"status"`
	Banners    Banners   `json:"banners"`
	Local      Local     `json:"local"`
	LinkCompra string    `json:"linkCompra"`
	Distances  []float64 `json:"distances"` // modalidades[].km in order, blanks left out
	// Resultados is what results the event has published (PublishedResults): the store keeps it
	// as result sets are published, replaced or removed. It stays the last field: migration 0027
	// appended it to the summaries already stored.
	Resultados string `json:"resultados"`
}

// What a summary says of the results its event has published (Summary.Resultados, EVT-33,
// HOME-19). The first two are the statuses of a result set (internal/results).
const (
	ResultadosOficial    = "oficial"
	ResultadosPreliminar = "preliminar"
	ResultadosNenhum     = "nenhum"
)

// PublishedResults is what e has published, given the statuses of its result sets (EVT-33):
// preliminar when any set is (a status not known reads as preliminary, as on the results page);
// oficial when every set is or, with none, when a modality attaches a result file; nenhum
// otherwise. The web app's publishedResults (web/src/features/events/resultStatuses.ts) is its
// twin: testdata/published_results_cases.json is the table both run.
func (e *Event) PublishedResults(setStatuses []string) string {
	switch {
	case slices.ContainsFunc(setStatuses, func(s string) bool { return s != ResultadosOficial }):
		return ResultadosPreliminar
	case len(setStatuses) > 0 || slices.ContainsFunc(e.Modalidades, Modalidade.hasResultFile):
		return ResultadosOficial
	}
	return ResultadosNenhum
}

// hasResultFile reports whether m attaches a results PDF.
func (m Modalidade) hasResultFile() bool {
	return strings.TrimSpace(m.Resultados.PDFGeralURL) != "" || strings.TrimSpace(m.Resultados.PDFCategoriasURL) != ""
}

// Summary returns the list view of e, whose result sets have setStatuses.
func (e *Event) Summary(setStatuses []string) Summary {
	distances := make([]float64, 0, len(e.Modalidades))
	for _, m := range e.Modalidades {
		if m.Km.Valid {
			distances = append(distances, m.Km.Value)
		}
	}
	return Summary{
		ID: e.ID, Titulo: e.Titulo, Categoria: e.Categoria, DataEvento: e.DataEvento,
		Status: e.Status, Banners: e.Banners, Local: e.Local, LinkCompra: e.LinkCompra,
		Distances: distances, Resultados: e.PublishedResults(setStatuses),
	}
}

// IsUpcoming reports whether e is listed under 'Próximos Eventos' on today.
func (e *Event) IsUpcoming(today Date) bool { return e.DataEvento.IsUpcoming(today) }

// ShownStatus is the status the site shows for e on today (docs/requirements.md TRUTH-1): an event
// whose date has passed is PastStatus ('Evento Realizado'), as an organizer seldom comes back to
// say so, unless it was cancelled or postponed (StatusesAfterDate). The web app's shownStatus
// (web/src/features/events/eventDisplay.ts) is its twin; testdata/shown_status_cases.json is the
// table both run.
func (e *Event) ShownStatus(today Date) string {
	if e.IsUpcoming(today) || slices.Contains(Const.StatusesAfterDate, e.Status) {
		return e.Status
	}
	return Const.PastStatus
}

// New returns an event holding the defaults of docs/product.md §9, as the new-event form starts.
func New() Event {
	d := Const.Defaults
	items := make([]ItemKit, len(d.Kit.Items))
	for i, nome := range d.Kit.Items {
		items[i] = ItemKit{Nome: nome}
	}
	e := Event{
		Categoria: d.Categoria,
		Status:    d.Status,
		Informacoes: Informacoes{
			Cronograma: Cronograma{Tipo: TipoTexto},
		},
		Inscricoes: Inscricoes{
			Ativas:    true,
			TipoPreco: TipoPrecoLotes,
			Lotes:     []Lote{{Nome: d.PrimeiroLote}},
		},
		Kits:               []Kit{{Nome: d.Kit.Nome, Items: items}},
		Largadas:           []Largada{{ID: "largada-1", Nome: d.Largada.Nome, Horario: d.Largada.Horario}},
		Premiacao:          Premiacao{Tipo: TipoTexto},
		TempoClassificacao: d.TempoClassificacao,
		FusoHorario:        d.FusoHorario,
	}
	e.Normalize()
	return e
}

// NovaLinhaCronograma is the first row of a schedule switched to estruturado.
func NovaLinhaCronograma() LinhaCronograma {
	return LinhaCronograma{Horario: Const.Defaults.CronogramaPrimeiroHorario}
}

// NovaRetiradaKit is a new kit-pickup row with the default hours.
func NovaRetiradaKit() RetiradaKit {
	return RetiradaKit{HorarioInicio: Const.Defaults.RetiradaKit.HorarioInicio, HorarioFim: Const.Defaults.RetiradaKit.HorarioFim}
}
