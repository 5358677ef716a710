package participant

import (
	_ "embed"
	"encoding/json"
	"errors"
	"strings"
)

// documento.json holds the document rules and their pt-BR messages; the registration form checks
// a document typed there with the same file before the server does.
//
//go:embed documento.json
var documentoJSON []byte

var documentoRules = func() (r struct {
	PassaporteMin int `json:"passaporteMin"`
	PassaporteMax int `json:"passaporteMax"`
	Messages      struct {
		CPFLetras, CPFTamanho, CPFRepetido, CPFDigitos string
		PassaporteTamanho, PassaporteLetras, Tipo      string
	} `json:"messages"`
}) {
	if err := json.Unmarshal(documentoJSON, &r); err != nil {
		panic("internal/participant/documento.json: " + err.Error())
	}
	return r
}()

// Document errors, in Portuguese: they are shown beside the cell or field that caused them.
var (
	errCPFLetters      = errors.New(documentoRules.Messages.CPFLetras)
	errCPFLength       = errors.New(documentoRules.Messages.CPFTamanho)
	errCPFRepeated     = errors.New(documentoRules.Messages.CPFRepetido)
	errCPFDigits       = errors.New(documentoRules.Messages.CPFDigitos)
	errPassportLength  = errors.New(documentoRules.Messages.PassaporteTamanho)
	errPassportLetters = errors.New(documentoRules.Messages.PassaporteLetras)
	errDocumentoTipo   = errors.New(documentoRules.Messages.Tipo)
)

// ParseCPF reads a CPF written with or without punctuation (123.456.789-09, 12345678909) and
// returns its 11 digits, checked by the Receita Federal's two check digits. Spreadsheets often
// drop leading zeros of a CPF kept as a number, so 8 to 10 digits are padded with zeros before
// the check (the check digits then tell whether that was right).
func ParseCPF(s string) (string, error) {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.' || r == '-' || r == ' ' || r == '/':
		default:
			return "", errCPFLetters
		}
	}
	d := b.String()
	if len(d) >= 8 && len(d) < 11 {
		d = strings.Repeat("0", 11-len(d)) + d
	}
	if len(d) != 11 {
		return "", errCPFLength
	}
	if strings.Count(d, d[:1]) == 11 {
		return "", errCPFRepeated
	}
	if cpfCheckDigit(d[:9]) != d[9] || cpfCheckDigit(d[:10]) != d[10] {
		return "", errCPFDigits
	}
	return d, nil
}

// cpfCheckDigit is the next check digit of the digits so far: each digit weighted from
// len+1 down to 2, the sum times 10 modulo 11, where 10 counts as 0.
func cpfCheckDigit(digits string) byte {
	sum, weight := 0, len(digits)+1
	for i := 0; i < len(digits); i++ {
		sum += int(digits[i]-'0') * weight
		weight--
	}
	d := sum * 10 % 11
	if d == 10 {
		d = 0
	}
	return byte('0' + d)
}

// CompleteCPF returns the CPF made of nine base digits and their two check digits (demo data
// and tests make valid CPFs with it).
func CompleteCPF(base9 string) string {
	d := base9 + string(cpfCheckDigit(base9))
	return d + string(cpfCheckDigit(d))
}

// FormatCPF writes 11 digits as 123.456.789-09.
func FormatCPF(d string) string {
	if len(d) != 11 {
		return d
	}
	return d[:3] + "." + d[3:6] + "." + d[6:9] + "-" + d[9:]
}

// MaskCPF shows only the middle six digits (***.456.789-**), as the kit desk sees a CPF: enough
// to tell two namesakes apart, not enough to use the number elsewhere (LGPD).
func MaskCPF(d string) string {
	if len(d) != 11 {
		return "***"
	}
	return "***." + d[3:6] + "." + d[6:9] + "-**"
}

// MaskPassport shows only a passport's last three characters.
func MaskPassport(p string) string {
	if len(p) <= 3 {
		return "***"
	}
	return "***" + p[len(p)-3:]
}

// ParseDocumento checks a document typed in a form: a CPF by its check digits (kept as 11 digits),
// a passport as 5 to 20 letters and digits (kept in upper case).
func ParseDocumento(d Documento) (Documento, error) {
	switch d.Tipo {
	case CPF:
		n, err := ParseCPF(d.Numero)
		return Documento{Tipo: CPF, Numero: n}, err
	case Passaporte:
		n, err := parsePassport(d.Numero)
		if err != nil {
			return Documento{Tipo: Passaporte}, err
		}
		return passport(n), nil
	}
	return Documento{}, errDocumentoTipo
}

// passport is the document of a passport number read (parsePassport): the CPF it is when it is
// 11 digits whose check digits are a CPF's — a Brazilian's CPF given as a passport, who is the
// same athlete as that CPF wherever documents are compared (an order's, an import's, an event's
// one registration per document; REG-302) — else the passport. Fewer digits are never padded
// into a CPF, as a spreadsheet's CPF cell is: a passport of 8 to 10 digits stays one.
func passport(n string) Documento {
	if len(n) == 11 && strings.Trim(n, "0123456789") == "" {
		if cpf, err := ParseCPF(n); err == nil {
			return Documento{Tipo: CPF, Numero: cpf}
		}
	}
	return Documento{Tipo: Passaporte, Numero: n}
}
