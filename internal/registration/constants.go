package registration

import (
	_ "embed"
	"encoding/json"
	"strconv"
	"strings"
)

// constants.json holds the limits and the pt-BR texts of registration: the registration form will
// read the same file, as the event form reads internal/event/constants.json.
//
//go:embed constants.json
var constantsJSON []byte

// Constants is constants.json, typed.
type Constants struct {
	Limits struct {
		AtletasMin       int `json:"atletasMin"`
		AtletasMax       int `json:"atletasMax"`
		IdadeMeiaEntrada int `json:"idadeMeiaEntrada"`
		IdadeMax         int `json:"idadeMax"`
		// An athlete younger than Maioridade on the event's day registers with a guardian (REG-252).
		Maioridade int `json:"maioridade"`
		// The buyer cancels with a full refund within CancelamentoDias of paying while the event
		// is more than CancelamentoHorasAntes away (CDC art. 49 as Brazilian ticketing applies it).
		CancelamentoDias       int `json:"cancelamentoDias"`
		CancelamentoHorasAntes int `json:"cancelamentoHorasAntes"`
		// A coupon's code is CupomCodigoMin to CupomCodigoMax letters, digits, '-' or '_'; a
		// percentage coupon takes at most CupomPercentualMax percent.
		CupomCodigoMin     int `json:"cupomCodigoMin"`
		CupomCodigoMax     int `json:"cupomCodigoMax"`
		CupomPercentualMax int `json:"cupomPercentualMax"`
		// One account has at most PedidosAbertosMax orders awaiting payment at once (REG-44).
		PedidosAbertosMax int `json:"pedidosAbertosMax"`
		// An order's Idempotency-Key has at most IdempotencyKeyMax characters (REG-191).
		IdempotencyKeyMax int `json:"idempotencyKeyMax"`
	} `json:"limits"`
	Codes struct {
		Encerradas      string `json:"encerradas"`
		Esgotado        string `json:"esgotado"`
		ForaDoPrazo     string `json:"foraDoPrazo"`
		EdicaoEncerrada string `json:"edicaoEncerrada"`
		NaoCancelavel   string `json:"naoCancelavel"`
		LimitePedidos   string `json:"limitePedidos"`
		// LimiteInscricoes: the account holds the most registrations it may in the event (REG-192).
		LimiteInscricoes string `json:"limiteInscricoes"`
		// IdempotencyKeyInvalida: too long; IdempotencyKeyReutilizada: sent again with another body (REG-191).
		IdempotencyKeyInvalida    string `json:"idempotencyKeyInvalida"`
		IdempotencyKeyReutilizada string `json:"idempotencyKeyReutilizada"`
		// MuitosPedidos: the client address made too many orders or quotes (REG-193).
		MuitosPedidos string `json:"muitosPedidos"`
	} `json:"codes"`
	// The pt-BR names of an order's and a registration's statuses (store.OrderAwaiting…), as the
	// organizer's lists and exports show them.
	StatusPedido    map[string]string `json:"statusPedido"`
	StatusInscricao map[string]string `json:"statusInscricao"`
	Motivos         struct {
		Externo            string `json:"externo"`
		Fechadas           string `json:"fechadas"`
		Realizado          string `json:"realizado"`
		AntesDoPeriodo     string `json:"antesDoPeriodo"`
		DepoisDoPeriodo    string `json:"depoisDoPeriodo"`
		LotesEncerrados    string `json:"lotesEncerrados"`
		SemPreco           string `json:"semPreco"`
		Esgotado           string `json:"esgotado"`
		ModalidadeEsgotada string `json:"modalidadeEsgotada"`
	} `json:"motivos"`
	Messages struct {
		Atletas           string `json:"atletas"`
		NomeCompleto      string `json:"nomeCompleto"`
		DocumentoRepetido string `json:"documentoRepetido"`
		NascimentoFuturo  string `json:"nascimentoFuturo"`
		NascimentoIdade   string `json:"nascimentoIdade"`
		Sexo              string `json:"sexo"`
		Email             string `json:"email"`
		Celular           string `json:"celular"`
		Percurso          string `json:"percurso"`
		Kit               string `json:"kit"`
		Camiseta          string `json:"camiseta"`
		Aceite            string `json:"aceite"`
		SemCategoria      string `json:"semCategoria"`
		IdadeMinima       string `json:"idadeMinima"`
		ResponsavelNome   string `json:"responsavelNome"`
		ResponsavelDoc    string `json:"responsavelDocumento"`
		CupomInvalido     string `json:"cupomInvalido"` // unknown or paused: a buyer cannot tell which (REG-205)
		CupomVencido      string `json:"cupomVencido"`
		CupomEsgotado     string `json:"cupomEsgotado"`
		CupomModalidade   string `json:"cupomModalidade"`

		CancelamentoPagamento string `json:"cancelamentoPagamento"`
		CancelamentoEvento    string `json:"cancelamentoEvento"`
		NaoCancelavel         string `json:"naoCancelavel"`
		EdicaoEncerrada       string `json:"edicaoEncerrada"`
		EdicaoSoOrganizacao   string `json:"edicaoSoOrganizacao"`
		ReembolsoMaior        string `json:"reembolsoMaior"`
		ReembolsoNada         string `json:"reembolsoNada"`
		ReembolsoPedido       string `json:"reembolsoPedido"`
		ReembolsoValor        string `json:"reembolsoValor"`

		CupomCodigoVazio           string `json:"cupomCodigoVazio"`
		CupomValorZero             string `json:"cupomValorZero"`
		CupomCodigo                string `json:"cupomCodigo"`
		CupomTipo                  string `json:"cupomTipo"`
		CupomPercentual            string `json:"cupomPercentual"`
		CupomValor                 string `json:"cupomValor"`
		CupomMaxUsos               string `json:"cupomMaxUsos"`
		CupomModalidadeInexistente string `json:"cupomModalidadeInexistente"`
		CupomRepetido              string `json:"cupomRepetido"`

		LimitePedidos             string `json:"limitePedidos"`
		LimiteInscricoes          string `json:"limiteInscricoes"`
		IdempotencyKeyLonga       string `json:"idempotencyKeyLonga"`
		IdempotencyKeyReutilizada string `json:"idempotencyKeyReutilizada"`
		MuitosPedidos             string `json:"muitosPedidos"`
	} `json:"messages"`
}

// Const is the project's one copy of the registration constants.
var Const = func() Constants {
	var c Constants
	if err := json.Unmarshal(constantsJSON, &c); err != nil {
		panic("internal/registration/constants.json: " + err.Error())
	}
	return c
}()

// Fill writes values into a message's {name} placeholders.
func Fill(msg string, kv ...string) string {
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

func itoa(n int) string { return strconv.Itoa(n) }
