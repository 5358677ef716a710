package participant

import (
	"crypto/rand"
	_ "embed"
	"encoding/json"
	"strings"
)

// codigo.json says what a registration's code is (its alphabet and length) and which separators a
// typed code may have; the kit desk reads the same file.
//
//go:embed codigo.json
var codigoJSON []byte

// codigoRule is codigo.json, typed.
var codigoRule = func() (r struct {
	Alfabeto    string `json:"alfabeto"`
	Tamanho     int    `json:"tamanho"`
	Separadores string `json:"separadores"`
}) {
	if err := json.Unmarshal(codigoJSON, &r); err != nil {
		panic("internal/participant/codigo.json: " + err.Error())
	}
	// NewCodigo picks a symbol with 5 random bits: 32 symbols leave no bias.
	if len(r.Alfabeto) != 32 {
		panic("internal/participant/codigo.json: the alphabet must have 32 symbols")
	}
	return r
}()

// NewCodigo returns a registration's code: 10 symbols of an alphabet without look-alikes (0/O,
// 1/I), 50 bits from crypto/rand — unguessable, and short enough to read out at the kit desk.
func NewCodigo() string {
	b := make([]byte, codigoRule.Tamanho)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codigoRule.Alfabeto[b[i]&31]
	}
	return string(b)
}

// NormalizeCodigo is the registration code typed text is — any case, spaces and hyphens
// anywhere ("7xk2-mp9q-rz") — or "" when it cannot be one.
func NormalizeCodigo(s string) string {
	c := strings.ToUpper(strings.Map(func(r rune) rune {
		if strings.ContainsRune(codigoRule.Separadores, r) {
			return -1
		}
		return r
	}, s))
	if len(c) != codigoRule.Tamanho {
		return ""
	}
	for _, r := range c {
		if !strings.ContainsRune(codigoRule.Alfabeto, r) {
			return ""
		}
	}
	return c
}
