package results

import (
	"cmp"
	"slices"

	"pelotao/internal/textfold"
)

// GrupoDoRanking is an event's group (an assessoria) as its ranking sees it: its name and the
// bibs of its registrations.
type GrupoDoRanking struct {
	Nome   string
	Peitos []string
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
// the group whose registration holds their bib or, failing that, the group whose name their team
// column spells, both folded as the search folds text (docs/requirements.md GRP-41).
func RankGroups(rs []Result, grupos []GrupoDoRanking, n int) RankingDeGrupos {
	byBib := map[string]int{}
	byName := map[string]int{}
	for i, g := range grupos {
		byName[textfold.Fold(g.Nome)] = i
		for _, p := range g.Peitos {
			byBib[textfold.Fold(p)] = i
		}
	}
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
		g, ok := byBib[textfold.Fold(r.NumeroPeito)]
		if !ok || r.NumeroPeito == "" {
			if g, ok = byName[textfold.Fold(r.Equipe)]; !ok || r.Equipe == "" {
				continue
			}
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
