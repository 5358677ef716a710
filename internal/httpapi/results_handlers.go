package httpapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

var errResultSetNotFound = &Error{Status: http.StatusNotFound, Code: "not-found", Message: "Resultado não encontrado."}

// resultsPreview answers a dry run: the mapping as guessed (or given), the first lines as they
// would be saved, every row error and the counts.
type resultsPreview struct {
	Columns []results.Column `json:"columns"`
	Rows    []results.Result `json:"rows"`
	Errors  []sheet.RowError `json:"errors"`
	Counts  results.Counts   `json:"counts"`
}

// importResults answers POST /api/events/{id}/results (owner and gestao): a modality's results
// from a spreadsheet, previewed (dryRun=1) or published, replacing the modality's set.
func (s *Server) importResults(w http.ResponseWriter, r *http.Request) error {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	if err != nil {
		return notFoundAs(err, errEventNotFound)
	}
	up, err := readSheetUpload(r)
	if err != nil {
		return err
	}
	fields := map[string]string{}
	percurso := strings.TrimSpace(up.Fields["percurso"])
	var modalidade *event.Modalidade
	for i := range e.Modalidades {
		if e.Modalidades[i].Nome == percurso {
			modalidade = &e.Modalidades[i]
		}
	}
	switch {
	case percurso == "":
		fields["percurso"] = event.MsgObrigatorio
	case modalidade == nil:
		fields["percurso"] = event.MsgModalidadeInex
	}
	status := strings.TrimSpace(up.Fields["status"])
	if status == "" {
		status = results.Preliminar
	}
	if status != results.Preliminar && status != results.Oficial {
		fields["status"] = "Escolha preliminar ou oficial."
	}
	mapping, err := readMapping(up.Fields["mapping"])
	if err != nil {
		return err
	}
	if len(fields) > 0 {
		return &Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument",
			Message: "Alguns campos precisam de correção.", Fields: fields}
	}
	km := 0.0
	if modalidade.Km.Valid {
		km = modalidade.Km.Value
	}
	parsed := results.Parse(up.Table, results.Options{Km: km, RankBy: e.TempoClassificacao, Mapping: mapping})
	if dry := up.Fields["dryRun"]; dry == "1" || dry == "true" {
		rows := parsed.Results[:min(previewRows, len(parsed.Results))]
		writeJSON(w, http.StatusOK, resultsPreview{Columns: parsed.Columns, Rows: rows,
			Errors: nonNilSlice(parsed.Errors), Counts: results.CountOf(parsed.Results)})
		return nil
	}
	if len(parsed.Errors) > 0 {
		return rowErrors(parsed.Errors)
	}
	set, err := s.store.ReplaceResultSet(r.Context(), results.Set{EventID: e.ID, Percurso: percurso, Status: status}, parsed.Results)
	s.resultsCache.ForgetSet(set.ID)
	if err != nil {
		return notFoundAs(err, errEventNotFound)
	}
	w.Header().Set("Location", "/api/events/"+e.ID+"/results/"+set.ID)
	writeJSON(w, http.StatusCreated, set)
	return nil
}

func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// listResultSets answers GET /api/events/{id}/results: the event's published modalities.
func (s *Server) listResultSets(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return notFoundAs(err, errEventNotFound)
	}
	sets, err := s.store.ListResultSets(r.Context(), id)
	if err != nil {
		return err
	}
	// In the order of the event's modalities, as its page lists them.
	order := func(percurso string) int {
		for i, m := range e.Modalidades {
			if m.Nome == percurso {
				return i
			}
		}
		return len(e.Modalidades)
	}
	slices.SortStableFunc(sets, func(a, b results.Set) int { return order(a.Percurso) - order(b.Percurso) })
	writeJSON(w, http.StatusOK, map[string]any{"resultSets": sets})
	return nil
}

// resultSetOf reads the route's set (resultsCache.set), 404 when the event has no such set.
func (s *Server) resultSetOf(r *http.Request) (results.Set, error) {
	set, err := s.resultsCache.Set(r.Context(), s.store, eventIDOf(r), r.PathValue("setId"))
	return set, notFoundAs(err, errResultSetNotFound)
}

// eventIDOf is the event of a request to the results API ({id}) or to the athlete's page, whose
// pattern names it {eventId} as every page of the registry does.
func eventIDOf(r *http.Request) string {
	if id := r.PathValue("id"); id != "" {
		return id
	}
	return r.PathValue("eventId")
}

// listResults answers GET /api/events/{id}/results/{setId}: a page of the table, filtered.
func (s *Server) listResults(w http.ResponseWriter, r *http.Request) error {
	q, err := resultQuery(r)
	if err != nil {
		return err
	}
	set, err := s.resultSetOf(r)
	if err != nil {
		return err
	}
	q.SetID = set.ID
	page, err := s.resultsPage(r.Context(), set, q)
	if errors.Is(err, store.ErrBadCursor) {
		return invalidArgument("O parâmetro cursor é inválido.")
	}
	if err != nil {
		return err
	}
	writeResultsPage(w, page)
	return nil
}

// resultsPage is the page q asks of set: from memory, or from the database for a set too large
// to keep there.
func (s *Server) resultsPage(ctx context.Context, set results.Set, q store.ResultQuery) (store.ResultPage, error) {
	page, cached, err := s.resultsCache.Page(ctx, s.store, set, q)
	if !cached {
		page, err = s.store.ListResults(ctx, q)
	}
	return page, err
}

// writeResultsPage writes the page as resultsPageJSON has it.
func writeResultsPage(w http.ResponseWriter, page store.ResultPage) {
	b := resultsPageJSON(page)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

// resultsPageJSON is {"results":[…],"total":n,"nextCursor":"…"|null}. The lines are the JSON the
// store holds, written as they are: encoding/json would re-check and compact each, the better
// part of the request's time.
func resultsPageJSON(page store.ResultPage) []byte {
	b := rawList("results", page.Results)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(page.Total), 10)
	b = append(b, `,"nextCursor":`...)
	if page.NextCursor == "" {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendQuote(b, page.NextCursor)
	}
	return append(b, "}\n"...)
}

func resultQuery(r *http.Request) (store.ResultQuery, error) {
	v := r.URL.Query()
	q := store.ResultQuery{Q: v.Get("q"), Sexo: v.Get("sexo"), Categoria: v.Get("categoria"), Cursor: v.Get("cursor")}
	for name, val := range map[string]string{"q": q.Q, "sexo": q.Sexo, "categoria": q.Categoria, "cursor": q.Cursor} {
		if utf8.RuneCountInString(val) > 200 || !utf8.ValidString(val) {
			return q, invalidArgument("O parâmetro " + name + " é inválido.")
		}
	}
	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > store.MaxResultLimit {
			return q, invalidArgument("O parâmetro limit deve ser um número de 1 a " + strconv.Itoa(store.MaxResultLimit) + ".")
		}
		q.Limit = n
	}
	return q, nil
}

// athleteAnswer is GET …/athletes/{bib}'s answer.
type athleteAnswer = results.AthleteResult

var errAthleteNotFound = &Error{Status: http.StatusNotFound, Code: "not-found", Message: "Atleta não encontrado neste resultado."}

// athleteResult reads one athlete's answer; the certificate, the card and the page use it too.
func (s *Server) athleteResult(r *http.Request) (athleteAnswer, error) {
	set, err := s.resultSetOf(r)
	if err != nil {
		return athleteAnswer{}, err
	}
	res, err := s.store.GetResult(r.Context(), set.ID, r.PathValue("bib"))
	if err != nil {
		return athleteAnswer{}, notFoundAs(err, errAthleteNotFound)
	}
	a := athleteAnswer{ResultSet: set, Athlete: results.Athlete{Result: res, Total: set.Total, Concluintes: set.Finishers,
		TotalSexo: set.FinishersBy.Sexo[res.Sexo], TotalCategoria: set.FinishersBy.Categoria[res.Categoria]}}
	if res.Posicao != nil {
		pct := results.MaisRapidoQue(*res.Posicao, set.Finishers)
		a.MaisRapidoQue = &pct
	}
	return a, nil
}

// getAthleteResult answers GET /api/events/{id}/results/{setId}/athletes/{bib}.
func (s *Server) getAthleteResult(w http.ResponseWriter, r *http.Request) error {
	a, err := s.athleteResult(r)
	return writeOK(w, a, err)
}

// deleteResultSet answers DELETE /api/events/{id}/results/{setId} (owner and gestao).
func (s *Server) deleteResultSet(w http.ResponseWriter, r *http.Request) error {
	err := s.store.DeleteResultSet(r.Context(), r.PathValue("id"), r.PathValue("setId"))
	s.resultsCache.ForgetSet(r.PathValue("setId"))
	return noContent(w, err, errResultSetNotFound)
}
