// Package coaching holds the coaching plans offered on /training and the rules of an interest
// in one of them. The plans' words and prices are page content (web/src/features/training/content.ts);
// the server only needs their names, to accept nothing else.
package coaching

import (
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"
)

// Plans are the names of the plans, as docs/product.md §3 spells them.
var Plans = []string{"Iniciante", "Intermédio", "Avançado"}

// Limits of an interest's fields.
const (
	maxNome        = 120
	maxEmail       = 254
	minPhoneDigits = 10 // DDD + 8-digit landline
	maxPhoneDigits = 13 // 55 + DDD + 9-digit mobile
)

// Interest is what a visitor sends from a plan's button.
type Interest struct {
	Nome     string
	Email    string
	WhatsApp string
	Plano    string
}

// ValidationError holds a pt-BR message per field of an Interest.
type ValidationError map[string]string

func (e ValidationError) Error() string                  { return "coaching: invalid interest" }
func (e ValidationError) FieldErrors() map[string]string { return e }

// Clean returns the interest trimmed, with the WhatsApp number reduced to its digits, or a
// ValidationError naming every field that needs correcting.
func (in Interest) Clean() (Interest, error) {
	out := Interest{
		Nome:  strings.TrimSpace(in.Nome),
		Email: strings.TrimSpace(in.Email),
		Plano: strings.TrimSpace(in.Plano),
	}
	errs := ValidationError{}
	switch {
	case out.Nome == "":
		errs["nome"] = "Informe seu nome."
	case utf8.RuneCountInString(out.Nome) > maxNome:
		errs["nome"] = "Use no máximo 120 caracteres."
	}
	switch {
	case out.Email == "":
		errs["email"] = "Informe seu e-mail."
	case !validEmail(out.Email):
		errs["email"] = "Informe um e-mail válido, como nome@exemplo.com."
	}
	if digits, ok := phoneDigits(in.WhatsApp); ok {
		out.WhatsApp = digits
	} else {
		errs["whatsapp"] = "Informe um WhatsApp com DDD, como (11) 91234-5678."
	}
	if !slices.Contains(Plans, out.Plano) {
		errs["plano"] = "Escolha um dos planos: Iniciante, Intermédio ou Avançado."
	}
	if len(errs) > 0 {
		return Interest{}, errs
	}
	return out, nil
}

// validEmail accepts a bare address (no display name) whose domain has a dot, as people type them.
func validEmail(s string) bool {
	if len(s) > maxEmail {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	domain := s[strings.LastIndexByte(s, '@')+1:]
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

// phoneDigits reduces a Brazilian phone number as people write it — "+55 (11) 91234-5678" — to
// its digits. Empty is fine (the field is optional); letters or a wrong length are not.
func phoneDigits(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case strings.ContainsRune(" +()-.", r):
		default:
			return "", false
		}
	}
	n := b.Len()
	return b.String(), n == 0 && strings.TrimSpace(s) == "" || n >= minPhoneDigits && n <= maxPhoneDigits
}
