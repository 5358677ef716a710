package httpapi

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

var errResultSetNotFound = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Resultado não encontrado."}

// resultsPreview answers a dry run: the mapping as guessed (or given), the first lines as they
// would be saved, every row error, the counts, and what the organizer is asked and told.
type resultsPreview struct {
	Columns   []sheet.Column   `json:"columns"`
	Rows      []results.Result `json:"rows"`
	Errors    []sheet.RowError `json:"errors"`
	Counts    results.Counts   `json:"counts"`
	Questions []sheet.Question `json:"questions"`
	Notes     []string         `json:"notes"`
	Sheets    []string         `json:"sheets"`
	Sheet     string           `json:"sheet"`
	// Races are the file's races when a column splits it, each with its modality.
	Races []results.Race `json:"races"`
}

// resultsImportForm is what the import's form says besides the file.
type resultsImportForm struct {
	modalidade *event.Modalidade // nil when the file's race column says
	status     string            // "" keeps each set's status (preliminar for a new one)
	downgrade  bool              // the organizer confirmed taking oficial back to preliminar
	mapping    map[string]string
	races      map[string]string
}

func readResultsForm(e *event.Event, up sheetUpload) (resultsImportForm, error) {
	f := resultsImportForm{downgrade: up.Fields["confirmarRebaixamento"] == "1"}
	fields := api.FieldError{}
	if percurso := strings.TrimSpace(up.Fields["percurso"]); percurso != "" {
		for i := range e.Modalidades {
			if e.Modalidades[i].Nome == percurso {
				f.modalidade = &e.Modalidades[i]
			}
		}
		if f.modalidade == nil {
			fields["percurso"] = event.MsgModalidadeInex
		}
	}
	f.status = strings.TrimSpace(up.Fields["status"])
	if f.status != "" && f.status != results.Preliminar && f.status != results.Oficial {
		fields["status"] = "Escolha preliminar ou oficial."
	}
	var err error
	if f.mapping, err = readMapping(up.Fields["mapping"]); err != nil {
		return f, err
	}
	if raw := strings.TrimSpace(up.Fields["percursos"]); raw != "" {
		if json.Unmarshal([]byte(raw), &f.races) != nil {
			fields["percursos"] = `Envie as provas como um objeto JSON de prova para modalidade, como {"10K": "10 km"}.`
		}
	}
	if len(fields) > 0 {
		return f, fields
	}
	return f, nil
}

// importResults answers POST /api/events/{id}/results (owner and gestao): a timing company's
// file, previewed (dryRun=1) or published, replacing the set of each modality it holds — one
// modality (percurso), or the several its race column names.
func (s *Server) importResults(w http.ResponseWriter, r *http.Request) error {
	e, err := s.store.GetEvent(r.Context(), r.PathValue("id"))
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	up, err := readSheetUpload(r)
	if err != nil {
		return err
	}
	form, err := readResultsForm(&e, up)
	if err != nil {
		return err
	}
	table, err := up.Table(results.Vocabulary)
	if err != nil {
		return err
	}
	o := results.Options{RankBy: e.TempoClassificacao, Sport: e.Categoria, Mapping: form.mapping, Races: form.races}
	for _, m := range e.Modalidades {
		o.Modalities = append(o.Modalities, results.Modality{Nome: m.Nome, Km: m.Km.Value})
	}
	if form.modalidade != nil {
		o.Km = form.modalidade.Km.Value
	}
	parsed := results.Parse(table, o)
	if form.modalidade == nil && parsed.Races == nil && len(parsed.Errors) == 0 {
		return api.FieldError{"percurso": event.MsgObrigatorio}
	}
	sets := parsed.Races
	if parsed.Races == nil && form.modalidade != nil {
		sets = []results.Race{{Percurso: form.modalidade.Nome, Results: parsed.Results}}
	}
	published, err := s.store.ListResultSets(r.Context(), e.ID)
	if err != nil {
		return err
	}
	questions := append(sheetQuestion(table, up), parsed.Questions...)
	statusOf, downgrades := setStatuses(published, sets, form)
	if len(downgrades) > 0 && !form.downgrade {
		questions = append(questions, sheet.Question{Kind: sheet.QuestionStatus, Options: []string{results.Oficial, results.Preliminar},
			Guess: results.Oficial, Message: fmt.Sprintf("Os resultados de %s já são oficiais. Voltar para preliminar?", strings.Join(downgrades, ", "))})
	}
	if dryRun(up) {
		var rows []results.Result
		var counts results.Counts
		if len(sets) > 0 {
			rows, counts = sets[0].Results[:min(previewRows, len(sets[0].Results))], results.CountOf(sets[0].Results)
		}
		api.WriteJSON(w, http.StatusOK, resultsPreview{Columns: parsed.Columns, Rows: nonNilSlice(rows), Errors: nonNilSlice(parsed.Errors),
			Counts: counts, Questions: nonNilSlice(questions), Notes: nonNilSlice(append(table.Notes, parsed.Notes...)),
			Sheets: nonNilSlice(table.Sheets), Sheet: table.Sheet, Races: nonNilSlice(parsed.Races)})
		return nil
	}
	if len(parsed.Errors) > 0 {
		return rowErrors(parsed.Errors)
	}
	if len(downgrades) > 0 && !form.downgrade {
		return api.FieldError{"status": "Os resultados já são oficiais: confirme (confirmarRebaixamento) para voltar a preliminar."}
	}
	if len(questions) > 0 {
		return errOpenQuestions
	}
	var last results.Set
	for _, race := range sets {
		if race.Percurso == "" {
			continue // a race the organizer left out
		}
		set, err := s.store.ReplaceResultSet(r.Context(), results.Set{EventID: e.ID, Percurso: race.Percurso, Status: statusOf[race.Percurso]}, race.Results)
		s.resultsCache.ForgetSet(set.ID)
		s.lists.Clear() // the event's summary says what it has published (HOME-19)
		if err != nil {
			return api.NotFoundAs(err, api.ErrEventNotFound)
		}
		last = set
	}
	w.Header().Set("Location", "/api/events/"+e.ID+"/results/"+last.ID)
	api.WriteJSON(w, http.StatusCreated, last)
	return nil
}

// setStatuses is the status each modality's set is published with: the form's, else the one
// the set it replaces has (preliminar for a new one). Downgrades are the modalities whose
// oficial set the form takes back to preliminar.
func setStatuses(published []results.Set, sets []results.Race, f resultsImportForm) (map[string]string, []string) {
	current := map[string]string{}
	for _, p := range published {
		current[p.Percurso] = p.Status
	}
	out := map[string]string{}
	var downgrades []string
	for _, race := range sets {
		if race.Percurso == "" {
			continue
		}
		out[race.Percurso] = cmp.Or(f.status, current[race.Percurso], results.Preliminar)
		if current[race.Percurso] == results.Oficial && out[race.Percurso] == results.Preliminar {
			downgrades = append(downgrades, race.Percurso)
		}
	}
	return out, downgrades
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
		return api.NotFoundAs(err, api.ErrEventNotFound)
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
	api.WriteJSON(w, http.StatusOK, map[string]any{"resultSets": sets})
	return nil
}

// resultSetOf reads the route's set (resultsCache.set), 404 when the event has no such set.
func (s *Server) resultSetOf(r *http.Request) (results.Set, error) {
	set, err := s.resultsCache.Set(r.Context(), s.store, eventIDOf(r), r.PathValue("setId"))
	return set, api.NotFoundAs(err, errResultSetNotFound)
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
		return api.InvalidArgument("O parâmetro cursor é inválido.")
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
			return q, api.InvalidArgument("O parâmetro " + name + " é inválido.")
		}
	}
	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > store.MaxResultLimit {
			return q, api.InvalidArgument("O parâmetro limit deve ser um número de 1 a " + strconv.Itoa(store.MaxResultLimit) + ".")
		}
		q.Limit = n
	}
	return q, nil
}

// athleteAnswer is GET …/athletes/{bib}'s answer.
type athleteAnswer = results.AthleteResult

var errAthleteNotFound = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Atleta não encontrado neste resultado."}

// athleteResult reads one athlete's answer; the certificate, the card and the page use it too.
func (s *Server) athleteResult(r *http.Request) (athleteAnswer, error) {
	set, err := s.resultSetOf(r)
	if err != nil {
		return athleteAnswer{}, err
	}
	res, err := s.store.GetResult(r.Context(), set.ID, r.PathValue("bib"))
	if err != nil {
		return athleteAnswer{}, api.NotFoundAs(err, errAthleteNotFound)
	}
	a := results.AthleteIn(set, res)
	a.Grupo, err = s.groupOfResult(r, set, res)
	return a, err
}

// getAthleteResult answers GET /api/events/{id}/results/{setId}/athletes/{bib}.
func (s *Server) getAthleteResult(w http.ResponseWriter, r *http.Request) error {
	a, err := s.athleteResult(r)
	return api.WriteOK(w, a, err)
}

// deleteResultSet answers DELETE /api/events/{id}/results/{setId} (owner and gestao).
func (s *Server) deleteResultSet(w http.ResponseWriter, r *http.Request) error {
	err := s.store.DeleteResultSet(r.Context(), r.PathValue("id"), r.PathValue("setId"))
	s.resultsCache.ForgetSet(r.PathValue("setId"))
	s.lists.Clear() // the event's summary says what it has published (HOME-19)
	return api.NoContent(w, err, errResultSetNotFound)
}
