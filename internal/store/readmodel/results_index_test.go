package readmodel

import (
	"slices"
	"testing"

	"pelotao/internal/event"
	"pelotao/internal/store"
	"pelotao/internal/store/storetest"
	"pelotao/internal/textfold"
)

// TestLineIndexMatchesTheText checks the index against the rule it stands for: a line matches
// when its folded text contains every word of the search (textfold.Matches) and it has the
// sex and category asked for.
func TestLineIndexMatchesTheText(t *testing.T) {
	rs := storetest.RaceResults(3000)
	rs[7].Nome, rs[7].Equipe = "Maria D'Ávila Conceição", "Pé-na-Estrada"
	rs[8].Nome, rs[8].NumeroPeito = "JOÃO DA SILVA", "112"
	rs[9].Nome = "Aaaa Aaab"
	lines := make([]indexedLine, len(rs))
	for i, r := range rs {
		lines[i] = indexedLine{search: store.ResultSearchText(r), sexo: r.Sexo, categoria: r.Categoria}
	}
	x := newLineIndex(lines)
	for _, c := range []struct{ q, sexo, categoria string }{
		{"silva", "", ""}, {"SILVA", "F", ""}, {"joao", "", ""}, {"joão da silva", "", ""}, {"ana gonçalves", "", ""},
		{"d'avila", "", ""}, {"avila", "", ""}, {"pe-na", "", ""}, {"na-estrada", "", ""}, {"ritmo", "F", "F3034"},
		{"112", "", ""}, {"1", "", ""}, {"11", "M", ""}, {"10999", "", ""}, {"a", "", ""}, {"aa", "", ""}, {"aaa", "", ""},
		{"aaaa", "", ""}, {"aab", "", ""}, {"lva", "", ""}, {"ilvas", "", ""}, {"zzz", "", ""}, {"qualquer coisa", "", ""},
		{"", "F", ""}, {"", "", "M3044"}, {"", "M", "F3034"}, {"", "X", ""}, {"silva", "", "nenhuma"},
	} {
		terms := event.SearchTerms(c.q)
		var want []int
		for i, l := range lines {
			if textfold.Matches(l.search, terms) && (c.sexo == "" || l.sexo == c.sexo) && (c.categoria == "" || l.categoria == c.categoria) {
				want = append(want, i)
			}
		}
		set := x.matching(terms, c.sexo, c.categoria)
		var got []int
		set.each(0, func(i int) bool { got = append(got, i); return true })
		if !slices.Equal(got, want) || set.count() != len(want) {
			t.Errorf("%+v: %d lines (count %d), want %d", c, len(got), set.count(), len(want))
		}
	}
	if x.matching(nil, "", "") != nil {
		t.Error("a search of nothing selects lines instead of every line")
	}
	// Lines from a cursor on, stopping when asked.
	set := x.matching([]string{"silva"}, "", "")
	var from100 []int
	set.each(100, func(i int) bool { from100 = append(from100, i); return len(from100) < 5 })
	if len(from100) != 5 || from100[0] < 100 {
		t.Fatalf("from line 100: %v", from100)
	}
	for _, i := range from100 {
		if !textfold.Matches(lines[i].search, []string{"silva"}) {
			t.Fatalf("line %d (%q) does not have silva", i, lines[i].search)
		}
	}
}
