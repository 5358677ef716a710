package event

import (
	_ "embed"
	"encoding/json"
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

// Place is where an event is: a state (Cidade "") or one city of it (Cidade folded).
type Place struct {
	UF, Cidade string
}

// Term is one part of an events search: an event matches it when its SearchText contains every
// one of Words, or, when the words name a place (Place not nil), when the event is there — its
// state is Place.UF and, for a city, its SearchText contains Place.Cidade.
type Term struct {
	Words []string
	Place *Place
}

//go:embed places.json
var placesJSON []byte

// placeNames are the names a search knows places by, folded: each of the 27 states by its name
// (constants.json ufs), and the names runners use for cities ("Floripa", "Sampa", "BH") from
// places.json, which web/src/lib/events/placeNames.ts reads too. A state named like its capital
// ("são paulo", "rio de janeiro") finds the whole state, the city's events among them: the search
// box offers "cidade ou estado", so an ambiguous name answers both; the city alone is "Sampa".
var placeNames, longestPlaceName = func() (map[string]Place, int) {
	var table struct {
		Apelidos []struct {
			Nome, UF, Cidade string
		}
	}
	if err := json.Unmarshal(placesJSON, &table); err != nil {
		panic("internal/event/places.json: " + err.Error())
	}
	names := map[string]Place{}
	for _, uf := range Const.UFs {
		names[textfold.Fold(uf.Nome)] = Place{UF: uf.Sigla}
	}
	for _, a := range table.Apelidos {
		if !IsUF(a.UF) {
			panic("internal/event/places.json: unknown uf " + a.UF)
		}
		names[textfold.Fold(a.Nome)] = Place{UF: a.UF, Cidade: textfold.Fold(a.Cidade)}
	}
	longest := 0
	for name := range names {
		longest = max(longest, len(strings.Fields(name)))
	}
	return names, longest
}()

// SearchQuery splits an events search into its terms (SearchTerms' words), the longest run of
// words that names a place becoming one term: "corrida santa catarina" is "corrida", then the
// state of Santa Catarina or the words "santa" and "catarina".
func SearchQuery(q string) []Term {
	words := SearchTerms(q)
	var terms []Term
	for i := 0; i < len(words); {
		n := 1
		var place *Place
		for size := min(longestPlaceName, len(words)-i); size > 0; size-- {
			if p, ok := placeNames[strings.Join(words[i:i+size], " ")]; ok {
				n, place = size, &p
				break
			}
		}
		terms = append(terms, Term{Words: words[i : i+n], Place: place})
		i += n
	}
	return terms
}
