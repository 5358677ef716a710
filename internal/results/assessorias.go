package results

import (
	"cmp"
	"slices"
	"strings"

	"pelotao/internal/participant"
	"pelotao/internal/textfold"
)

// GrupoDoRanking is an event's group (an assessoria) as its ranking sees it: its name and the
// bibs and documents (DocumentKey) of its registrations.
type GrupoDoRanking struct {
	Nome       string
	Peitos     []string
	Documentos []string
}

// RankingDeGrupos is a set's ranking by assessoria (GET /api/events/{id}/results/{setId}/grupos).
type RankingDeGrupos struct {
	PorConcluintes []ConcluintesDoGrupo      `json:"porConcluintes"`
	PorTempo       map[string][]TempoDoGrupo `json:"porTempo"`
}

// ConcluintesDoGrupo is a group's number of finishers in the set.
type ConcluintesDoGrupo struct {
	Nome        string `json:"nome"`
	Concluintes int    `json:"concluintes"`
}

// TempoDoGrupo is the sum of a group's best n times of one sex, and whose they are, fastest first.
type TempoDoGrupo struct {
	Nome    string   `json:"nome"`
	Tempo   string   `json:"tempo"`
	Atletas []string `json:"atletas"`
	nth     int64    // the n-th time, which breaks a tie
	total   int64
}

// RankGroups ranks an event's groups over one set's results: by the number of finishers, and, for
// each sex, by the sum of the best n times (net, else gun when a line has no net time) among the
// groups with n finishers of that sex, a tie going to the smaller n-th time. A finisher counts for
// the group whose registration holds their bib or their document or, failing that, the group whose
// name their team column spells, folded as the search folds text (docs/requirements.md GRP-41,
// GRP-32).
func RankGroups(rs []Result, grupos []GrupoDoRanking, n int) RankingDeGrupos {
	m := newGroupMatcher(grupos)
	type finisher struct {
		nome string
		ms   int64
	}
	finishers := make([]int, len(grupos))
	bySex := map[string][][]finisher{"F": make([][]finisher, len(grupos)), "M": make([][]finisher, len(grupos))}
	for _, r := range rs {
		if r.Status != StatusOK {
			continue
		}
		g, ok := m.groupOf(r)
		if !ok {
			continue
		}
		finishers[g]++
		t, msg := parseTime(cmp.Or(r.TempoLiquido, r.TempoBruto))
		if groups, known := bySex[r.Sexo]; known && msg == "" {
			groups[g] = append(groups[g], finisher{r.Nome, t.ms})
		}
	}

	out := RankingDeGrupos{PorConcluintes: []ConcluintesDoGrupo{}, PorTempo: map[string][]TempoDoGrupo{}}
	for i, c := range finishers {
		if c > 0 {
			out.PorConcluintes = append(out.PorConcluintes, ConcluintesDoGrupo{grupos[i].Nome, c})
		}
	}
	slices.SortFunc(out.PorConcluintes, func(a, b ConcluintesDoGrupo) int {
		return cmp.Or(cmp.Compare(b.Concluintes, a.Concluintes), cmp.Compare(textfold.Fold(a.Nome), textfold.Fold(b.Nome)))
	})
	for sexo, groups := range bySex {
		ranked := []TempoDoGrupo{}
		for i, fs := range groups {
			if n < 1 || len(fs) < n {
				continue
			}
			slices.SortStableFunc(fs, func(a, b finisher) int { return cmp.Compare(a.ms, b.ms) })
			t := TempoDoGrupo{Nome: grupos[i].Nome, Atletas: make([]string, 0, n), nth: fs[n-1].ms}
			for _, f := range fs[:n] {
				t.total += f.ms
				t.Atletas = append(t.Atletas, f.nome)
			}
			t.Tempo = fromMs(t.total).text
			ranked = append(ranked, t)
		}
		slices.SortFunc(ranked, func(a, b TempoDoGrupo) int {
			return cmp.Or(cmp.Compare(a.total, b.total), cmp.Compare(a.nth, b.nth), cmp.Compare(textfold.Fold(a.Nome), textfold.Fold(b.Nome)))
		})
		out.PorTempo[sexo] = ranked
	}
	return out
}

// GroupOf is the name of the group a result counts for among grupos, as RankGroups counts it
// (GRP-33: the athlete's result page names it); "" for none.
func GroupOf(r Result, grupos []GrupoDoRanking) string {
	if g, ok := newGroupMatcher(grupos).groupOf(r); ok {
		return grupos[g].Nome
	}
	return ""
}

// groupMatcher finds a result's group: by bib, by document, else by team name.
type groupMatcher struct {
	byBib, byDocument, byName map[string]int
}

func newGroupMatcher(grupos []GrupoDoRanking) groupMatcher {
	m := groupMatcher{byBib: map[string]int{}, byDocument: map[string]int{}, byName: map[string]int{}}
	for i, g := range grupos {
		m.byName[textfold.Fold(g.Nome)] = i
		for _, p := range g.Peitos {
			m.byBib[textfold.Fold(p)] = i
		}
		for _, d := range g.Documentos {
			m.byDocument[d] = i
		}
	}
	return m
}

// groupOf is the index of r's group among the matcher's, and whether it has one.
func (m groupMatcher) groupOf(r Result) (int, bool) {
	if g, ok := m.byBib[textfold.Fold(r.NumeroPeito)]; ok && r.NumeroPeito != "" {
		return g, true
	}
	if g, ok := m.byDocument[r.Documento]; ok && r.Documento != "" {
		return g, true
	}
	g, ok := m.byName[textfold.Fold(r.Equipe)]
	return g, ok && r.Equipe != ""
}

// DocumentKey is a document as the ranking matches it (GRP-32): a CPF's 11 digits however written
// (punctuated, or with the leading zeros a spreadsheet drops), else the letters and digits of a
// passport in upper case; "" for a cell that holds neither. A registration's document (a CPF's
// digits, a passport in upper case) is its own key.
func DocumentKey(s string) string {
	if cpf, err := participant.ParseCPF(s); err == nil {
		return cpf
	}
	key := strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			return r
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return -1
	}, s)
	if len(key) < 5 || len(key) > 20 {
		return ""
	}
	return key
}
