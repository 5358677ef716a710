package event

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold lowers s and strips its accents, so that a search for "sao paulo" finds "São Paulo".
// Runs of spaces become one space.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsSpace(r):
			if !space {
				b.WriteByte(' ')
			}
			space = true
		default:
			b.WriteRune(unicode.ToLower(r))
			space = false
		}
	}
	return strings.TrimSuffix(b.String(), " ")
}

// SearchText is what a text search of the events list looks in: titulo and the venue, city and
// state, folded.
func (e *Event) SearchText() string {
	return Fold(strings.Join([]string{e.Titulo, e.Local.Local, e.Local.Cidade, e.Local.Estado}, " "))
}

// SearchTerms splits a query into folded words; an event matches when its SearchText contains
// every one. At most 8 words count, so a query cannot grow the SQL without limit.
func SearchTerms(q string) []string {
	words := strings.Fields(Fold(q))
	if len(words) > 8 {
		words = words[:8]
	}
	return words
}
