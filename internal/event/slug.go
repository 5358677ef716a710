package event

import (
	"strconv"
	"strings"

	"pelotao/internal/textfold"
)

// slugMaxLen keeps an address short enough to read and type; the year and a number still fit after it.
const slugMaxLen = 60

// SlugID is the readable address a new event is offered first (FORM-41): its title folded to lower
// case words without accents, joined by hyphens, then the year of its date — "Corrida da Lagoa" on
// 2027-05-09 is "corrida-da-lagoa-2027", like the demo events' ids. Only a–z, 0–9 and hyphens
// remain, so the id needs no escaping in a path; a title with none of them is "evento".
func SlugID(titulo string, date Date) string {
	var words []string
	length := 0
	for _, w := range strings.Fields(textfold.Fold(titulo)) {
		w = strings.Map(func(r rune) rune {
			if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
				return r
			}
			return -1
		}, w)
		if w == "" {
			continue
		}
		if length+len(w) > slugMaxLen {
			// A first word longer than the whole address is cut rather than lost.
			if len(words) == 0 {
				words = append(words, w[:slugMaxLen])
			}
			break
		}
		words = append(words, w)
		length += len(w) + 1
	}
	if len(words) == 0 {
		words = []string{"evento"}
	}
	if date.Valid() && words[len(words)-1] != strconv.Itoa(date.year) {
		words = append(words, strconv.Itoa(date.year))
	}
	return strings.Join(words, "-")
}

// NumberedID is the n-th address tried for slug: the slug itself first, then "slug-2", "slug-3"…
// for the events that come after one of the same title and year.
func NumberedID(slug string, n int) string {
	if n <= 1 {
		return slug
	}
	return slug + "-" + strconv.Itoa(n)
}
