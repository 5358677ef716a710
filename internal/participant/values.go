package participant

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/textfold"
)

// The cells of a ticketing export, read as Brazilian spreadsheets write them. Each parser
// returns a pt-BR message for a cell it cannot read.

// ParseDate reads dd/mm/aaaa (d/m/aaaa too, with / - or .) or ISO aaaa-mm-dd; an ISO date-time
// keeps its date. today bounds birth dates.
func ParseDate(s string, today time.Time) (string, error) {
	s = strings.TrimSpace(s)
	var y, m, d int
	var err error
	switch {
	case len(s) >= 10 && s[4] == '-' && s[7] == '-':
		_, err = fmt.Sscanf(s[:10], "%4d-%2d-%2d", &y, &m, &d)
	default:
		parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '-' || r == '.' })
		if len(parts) != 3 || len(parts[2]) != 4 {
			err = errors.New("formato")
			break
		}
		d, err = strconv.Atoi(parts[0])
		if err == nil {
			m, err = strconv.Atoi(parts[1])
		}
		if err == nil {
			y, err = strconv.Atoi(parts[2])
		}
	}
	date, valid := event.ParseDate(fmt.Sprintf("%04d-%02d-%02d", y, m, d))
	if err != nil || !valid {
		return "", errors.New("Data inválida: use dd/mm/aaaa (por exemplo 31/12/1990).")
	}
	iso := date.String()
	if y < 1900 || iso > today.Format("2006-01-02") {
		return "", errors.New("Data de nascimento fora do possível: confira o ano.")
	}
	return iso, nil
}

var paidWords = map[string]bool{
	"sim": true, "s": true, "pago": true, "paga": true, "aprovado": true, "aprovada": true, "confirmado": true,
	"confirmada": true, "true": true, "1": true, "yes": true, "y": true, "paid": true, "approved": true, "x": true,
	"nao": false, "n": false, "pendente": false, "aguardando pagamento": false, "aguardando": false, "false": false,
	"0": false, "no": false, "pending": false, "": false, "nao pago": false, "cancelado": false, "recusado": false,
}

// parsePaid reads Sim/Não, S/N, Pago/Aprovado/Pendente, true/false, 1/0 (and their English and
// feminine forms); an empty cell is not paid.
func parsePaid(s string) (bool, error) {
	paid, ok := paidWords[textfold.Fold(strings.TrimSpace(s))]
	if !ok {
		return false, errors.New("Valor de pagamento não reconhecido: use Sim ou Não (ou Pago/Pendente).")
	}
	return paid, nil
}

var sexWords = map[string]string{
	"f": "F", "feminino": "F", "female": "F", "mulher": "F", "fem": "F", "w": "F", "woman": "F",
	"m": "M", "masculino": "M", "male": "M", "homem": "M", "masc": "M", "man": "M",
	"x": "X", "outro": "X", "outros": "X", "nao binario": "X", "nao-binario": "X", "non binary": "X",
	"non-binary": "X", "other": "X", "nb": "X", "": "",
}

// ParseSexo reads F, M or X (and Feminino/Masculino/Não binário, Female/Male…).
func ParseSexo(s string) (string, error) {
	v, ok := sexWords[textfold.Fold(strings.TrimSpace(s))]
	if !ok {
		return "", errors.New("Sexo não reconhecido: use F, M ou X.")
	}
	return v, nil
}

// parseBib reads a bib number: a whole number from 1 to 999999 (a spreadsheet may write 12 as 12.0).
func parseBib(s string) (int, error) {
	s = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(s), ".0"), ",0")
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxBib {
		return 0, fmt.Errorf("Nº de peito inválido: use um número inteiro de 1 a %d.", maxBib)
	}
	return n, nil
}

const maxBib = 999999

// parseValor reads an amount as Brazilians write it (R$ 1.234,56; 89,9) or with a decimal point
// (89.90), into cents.
func parseValor(s string) (money.Centavos, error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "R$"))
	s = strings.ReplaceAll(s, " ", "")
	bad := errors.New("Valor inválido: use um número como 89,90.")
	if s == "" {
		return 0, bad
	}
	comma, dot := strings.LastIndexByte(s, ','), strings.LastIndexByte(s, '.')
	switch {
	case comma >= 0 && dot >= 0 && comma > dot: // 1.234,56
		s = strings.ReplaceAll(s, ".", "")
		s = strings.Replace(s, ",", ".", 1)
	case comma >= 0 && dot >= 0: // 1,234.56
		s = strings.ReplaceAll(s, ",", "")
	case comma >= 0: // 89,90
		s = strings.Replace(s, ",", ".", 1)
	case dot >= 0 && strings.Count(s, ".") > 1: // 1.234.567
		s = strings.ReplaceAll(s, ".", "")
	}
	c, err := money.ParseReais(s)
	if err != nil || c < 0 || c > 1e9 || strings.ContainsAny(s, "eE") {
		return 0, bad
	}
	return c, nil
}

// parseEmail accepts an address with one @ between two non-empty parts and no spaces, in lower
// case; ticketing systems have already checked it more strictly.
func parseEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	at := strings.IndexByte(s, '@')
	if s != "" && (at <= 0 || at != strings.LastIndexByte(s, '@') || at == len(s)-1 ||
		!strings.Contains(s[at:], ".") || strings.ContainsAny(s, " ,;<>\"") || len(s) > 254) {
		return "", errors.New("E-mail inválido.")
	}
	return s, nil
}

// parsePassport accepts 5 to 20 letters and digits, kept in upper case.
func parsePassport(s string) (string, error) {
	s = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if len(s) < documentoRules.PassaporteMin || len(s) > documentoRules.PassaporteMax {
		return "", errPassportLength
	}
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return "", errPassportLetters
		}
	}
	return s, nil
}

// parseDocType says whether a row's document is a CPF or a passport.
func parseDocType(s string) (string, error) {
	switch textfold.Fold(strings.TrimSpace(s)) {
	case "", "cpf":
		return CPF, nil
	case "passaporte", "passport", "pass":
		return Passaporte, nil
	}
	return "", errors.New("Tipo de documento não reconhecido: use CPF ou Passaporte.")
}
