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
	} `json:"limits"`
	Codes struct {
		Encerradas string `json:"encerradas"`
		Esgotado   string `json:"esgotado"`
	} `json:"codes"`
	Motivos struct {
		Externo            string `json:"externo"`
		Fechadas           string `json:"fechadas"`
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
		CupomInexistente  string `json:"cupomInexistente"`
		CupomPausado      string `json:"cupomPausado"`
		CupomVencido      string `json:"cupomVencido"`
		CupomEsgotado     string `json:"cupomEsgotado"`
		CupomModalidade   string `json:"cupomModalidade"`
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

// fill writes values into a message's {name} placeholders.
func fill(msg string, kv ...string) string {
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

func itoa(n int) string { return strconv.Itoa(n) }
