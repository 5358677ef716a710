package event

import (
	"strings"

	"pelotao/internal/textfold"
)

// SearchText is what a text search of the events list looks in: titulo and the venue, city and
// state, folded (textfold.Fold).
func (e *Event) SearchText() string {
	return textfold.Fold(strings.Join([]string{e.Titulo, e.Local.Local, e.Local.Cidade, e.Local.Estado}, " "))
}

// SearchTerms splits a query into folded words; an event matches when its SearchText contains
// every one. At most 8 words count, so a query cannot grow the SQL without limit.
func SearchTerms(q string) []string {
	words := textfold.Words(q)
	if len(words) > 8 {
		words = words[:8]
	}
	return words
}
