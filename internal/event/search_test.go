package event_test

import (
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/event/eventtest"
)

// HOME-18, FIND-1: every state by its name, with or without accents, in any case; the same cases
// as web/src/lib/events/eventSearch.test.ts.
func TestSearchQueryNamesEveryState(t *testing.T) {
	cases := eventtest.StateCases()
	states := map[string]bool{}
	for _, c := range cases {
		states[c.UF] = true
		terms := event.SearchQuery(c.Q)
		if len(terms) != 1 || terms[0].Place == nil || *terms[0].Place != (event.Place{UF: c.UF}) {
			t.Errorf("SearchQuery(%q) = %+v, want the one state %s", c.Q, terms, c.UF)
		}
	}
	if len(states) != len(event.Const.UFs) {
		t.Errorf("the cases name %d states, constants.json has %d", len(states), len(event.Const.UFs))
	}
}

// The longest run of words that names a place is one term; the other words stay words.
func TestSearchQueryTakesTheLongestPlace(t *testing.T) {
	terms := event.SearchQuery("Meia mato grosso do sul 2027")
	if len(terms) != 3 || terms[0].Place != nil || terms[2].Place != nil ||
		terms[1].Place == nil || *terms[1].Place != (event.Place{UF: "MS"}) || len(terms[1].Words) != 4 {
		t.Errorf("SearchQuery = %+v, want meia, the state MS, 2027", terms)
	}
	floripa := event.SearchQuery("floripa")
	if len(floripa) != 1 || floripa[0].Place == nil || *floripa[0].Place != (event.Place{UF: "SC", Cidade: "florianopolis"}) {
		t.Errorf("SearchQuery(floripa) = %+v, want Florianópolis, SC", floripa)
	}
}
