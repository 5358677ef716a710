package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"pelotao/internal/answercache"
	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/results"
)

// maxRankingN bounds the ranking's n, the best n times of each sex a group adds (GRP-44): the
// bound of the event's temposAssessoria, its default (GRP-31).
var maxRankingN = event.Const.Limits.TemposAssessoriaMax

// rankingKey is a ranking answer's key: the set as published (a re-import is a new key) and n.
type rankingKey struct {
	setID      string
	importedAt time.Time
	n          int
}

// rankingAnswer is GET …/results/{setId}/grupos's answer: the ranking and the set's status,
// which the page shows it as (preliminar or oficial).
type rankingAnswer struct {
	results.RankingDeGrupos
	Status string `json:"status"`
}

// listGroupRanking answers GET /api/events/{id}/results/{setId}/grupos?n=3: the event's groups
// ranked over the set's results (results.RankGroups, GRP-41..44), kept for a second as the
// public lists are (s.rankings): a 30,000-line set costs its decoding once for every visitor.
// Without n, the event's temposAssessoria (GRP-31); the results page always sends it.
func (s *Server) listGroupRanking(w http.ResponseWriter, r *http.Request) error {
	n := 0
	if raw := r.URL.Query().Get("n"); raw != "" {
		v, err := strconv.Atoi(raw)
		if err != nil || v < 1 || v > maxRankingN {
			return api.FieldError{"n": "Informe um número de 1 a " + strconv.Itoa(maxRankingN) + "."}
		}
		n = v
	}
	set, err := s.resultSetOf(r)
	if err != nil {
		return err
	}
	if n == 0 {
		e, err := s.store.GetEvent(r.Context(), set.EventID)
		if err != nil {
			return err
		}
		n = e.TemposDoRanking()
	}
	body, err := s.rankings.Get(rankingKey{set.ID, set.ImportedAt, n}, func() (answercache.Answer, error) {
		ranking, err := s.rankGroups(r, set, n)
		if err != nil {
			return answercache.Answer{}, err
		}
		b, err := json.Marshal(rankingAnswer{ranking, set.Status})
		return answercache.NewAnswer(append(b, '\n')), err
	})
	if err != nil {
		return err
	}
	writeAnswer(w, r, body, "no-store")
	return nil
}

// rankedLine is what the ranking reads of a stored line: decoding the rest (splits, places)
// would take as long again over a 30,000-line set.
type rankedLine struct {
	NumeroPeito  string `json:"numeroPeito"`
	Nome         string `json:"nome"`
	Sexo         string `json:"sexo"`
	Equipe       string `json:"equipe"`
	TempoBruto   string `json:"tempoBruto"`
	TempoLiquido string `json:"tempoLiquido"`
	Status       string `json:"status"`
	Chave        string `json:"chave"`
}

// key is the line's key in its set, as results.Result.Key: what its document is stored by.
func (l rankedLine) key() string {
	return results.Result{Chave: l.Chave, NumeroPeito: l.NumeroPeito}.Key()
}

// resultDocs is every line of set as stored: from the tables' memory (the results page has
// usually loaded the set already), or from the database for a set too large to keep there.
func (s *Server) resultDocs(ctx context.Context, set results.Set) ([]json.RawMessage, error) {
	docs, cached, err := s.resultsCache.Docs(ctx, s.store, set)
	if cached {
		return docs, err
	}
	rows, err := s.store.ResultLines(ctx, set.ID)
	docs = make([]json.RawMessage, len(rows))
	for i, row := range rows {
		docs[i] = row.Doc
	}
	return docs, err
}

// rankingGroups reads the event's groups with their bibs and documents, as the ranking matches
// results with them; none for an event without groups.
func (s *Server) rankingGroups(ctx context.Context, eventID string) ([]results.GrupoDoRanking, error) {
	groups, err := s.store.EventGroups(ctx, eventID, time.Now())
	if err != nil || len(groups) == 0 {
		return nil, err
	}
	keys, err := s.store.GroupKeys(ctx, eventID)
	if err != nil {
		return nil, err
	}
	ranking := make([]results.GrupoDoRanking, len(groups))
	for i, g := range groups {
		ranking[i] = results.GrupoDoRanking{Nome: g.Nome, Peitos: keys[g.ID].Peitos, Documentos: keys[g.ID].Documentos}
	}
	return ranking, nil
}

// groupOfResult is the name of the group an athlete's result counts for in the ranking, "" for
// none: what the athlete's result page says (GRP-33).
func (s *Server) groupOfResult(r *http.Request, set results.Set, res results.Result) (string, error) {
	groups, err := s.rankingGroups(r.Context(), set.EventID)
	return results.GroupOf(res, groups), err
}

// rankGroups reads the set's lines and their documents, the event's groups with their bibs and
// documents, and ranks them.
func (s *Server) rankGroups(r *http.Request, set results.Set, n int) (results.RankingDeGrupos, error) {
	ctx := r.Context()
	ranking, err := s.rankingGroups(ctx, set.EventID)
	if err != nil || len(ranking) == 0 {
		return results.RankGroups(nil, nil, n), err
	}
	documentos, err := s.store.ResultDocuments(ctx, set.ID)
	if err != nil {
		return results.RankingDeGrupos{}, err
	}
	docs, err := s.resultDocs(ctx, set)
	if err != nil {
		return results.RankingDeGrupos{}, err
	}
	lines := make([]results.Result, 0, len(docs))
	for _, doc := range docs {
		var l rankedLine
		if err := json.Unmarshal(doc, &l); err != nil {
			return results.RankingDeGrupos{}, fmt.Errorf("httpapi: decoding result: %w", err)
		}
		if l.Status == results.StatusOK { // only finishers count
			lines = append(lines, results.Result{NumeroPeito: l.NumeroPeito, Nome: l.Nome, Sexo: l.Sexo, Equipe: l.Equipe,
				TempoBruto: l.TempoBruto, TempoLiquido: l.TempoLiquido, Status: l.Status, Documento: documentos[l.key()]})
		}
	}
	return results.RankGroups(lines, ranking, n), nil
}
