package event

import "strings"

// Organizador is who sells the event's registrations, as the receipt names them (REG-270): the
// company's legal name and CNPJ. Both optional; an event sold elsewhere seldom needs them.
type Organizador struct {
	RazaoSocial string `json:"razaoSocial"`
	CNPJ        string `json:"cnpj"`
}

// cnpjPunctuation is what a CNPJ may be written with ("12.345.678/0001-95"); it is not part of it.
var cnpjPunctuation = strings.NewReplacer(".", "", "/", "", "-", "", " ", "")

// NormalizeCNPJ writes a valid CNPJ as 12.345.678/0001-95, whatever punctuation it came with,
// and leaves anything else as it is for Validate to refuse.
func NormalizeCNPJ(s string) string {
	c := strings.ToUpper(cnpjPunctuation.Replace(s))
	if !ValidCNPJ(c) {
		return s
	}
	return c[0:2] + "." + c[2:5] + "." + c[5:8] + "/" + c[8:12] + "-" + c[12:14]
}

// ValidCNPJ reports whether s is a CNPJ whose two check digits agree (REG-271), written with or
// without its punctuation. The first twelve characters may be letters (the alphanumeric CNPJ of
// IN RFB 2.229/2024): each counts as its ASCII code less 48, as digits do. Twelve equal digits
// pass the arithmetic but are no CNPJ. The web form checks the same way (cnpj.ts).
func ValidCNPJ(s string) bool {
	c := strings.ToUpper(cnpjPunctuation.Replace(s))
	if len(c) != 14 {
		return false
	}
	for i := range 14 {
		ch := c[i]
		digit := ch >= '0' && ch <= '9'
		if !digit && (i >= 12 || ch < 'A' || ch > 'Z') {
			return false
		}
	}
	if strings.Count(c, c[:1]) == 14 {
		return false
	}
	return c[12] == cnpjCheckDigit(c[:12]) && c[13] == cnpjCheckDigit(c[:13])
}

// cnpjCheckDigit is the next check digit of the characters before it: weights 2 to 9 from the
// right, repeating; 11 less the sum's remainder by 11, or 0 when that remainder is 0 or 1.
func cnpjCheckDigit(s string) byte {
	sum, weight := 0, 2
	for i := len(s) - 1; i >= 0; i-- {
		sum += int(s[i]-'0') * weight
		weight++
		if weight > 9 {
			weight = 2
		}
	}
	if r := sum % 11; r >= 2 {
		return byte('0' + 11 - r)
	}
	return '0'
}
