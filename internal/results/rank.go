package results

import (
	"cmp"
	"slices"

	"pelotao/internal/event"
)

// rankingMs is the time a line is ranked by: the event's tempoClassificacao, else the time the
// line has (RankingTime, in milliseconds).
func rankingMs(l *line, rankBy string) int64 {
	if rankBy == event.TempoBruto {
		return cmp.Or(l.bruto, l.liquido)
	}
	return cmp.Or(l.liquido, l.bruto)
}

// rank orders the lines (finishers by ranking time, then the others in file order) and sets
// the places the file lacks. A kind of place the file has (fromFile) is kept as written, and
// then orders the finishers by it.
func rank(lines []*line, rankBy string, fromFile [3]bool) {
	rankMs := func(l *line) int64 { return rankingMs(l, rankBy) }
	finished := func(l *line) bool { return l.Status == StatusOK }
	slices.SortStableFunc(lines, func(a, b *line) int {
		if fa, fb := finished(a), finished(b); fa != fb {
			if fa {
				return -1
			}
			return 1
		}
		if !finished(a) {
			return 0
		}
		if fromFile[0] {
			return cmp.Compare(a.filePlaces[0], b.filePlaces[0])
		}
		return cmp.Compare(rankMs(a), rankMs(b))
	})

	// Places by competition ranking: equal times share a place, the next one skips.
	type group struct {
		count  int
		lastMs int64
		last   int
	}
	groups := [3]map[string]*group{{}, {}, {}}
	for _, l := range lines {
		if !finished(l) {
			continue
		}
		keys := [3]string{"", l.Sexo, l.Categoria}
		places := [3]**int{&l.Posicao, &l.PosicaoSexo, &l.PosicaoCategoria}
		ms := rankMs(l)
		for k := range 3 {
			if fromFile[k] {
				if n := l.filePlaces[k]; n > 0 {
					*places[k] = &n
				}
				continue
			}
			if k > 0 && keys[k] == "" {
				continue // no sex or category: no place within one
			}
			g := groups[k][keys[k]]
			if g == nil {
				g = &group{}
				groups[k][keys[k]] = g
			}
			g.count++
			if g.count == 1 || ms != g.lastMs {
				g.last = g.count
			}
			g.lastMs = ms
			n := g.last
			*places[k] = &n
		}
	}
}
