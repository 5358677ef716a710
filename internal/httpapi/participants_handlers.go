package httpapi

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/participant"
	"pelotao/internal/sheet"
	"pelotao/internal/store"
)

const (
	// previewRows is how many lines a dry run shows (participants and results alike).
	previewRows = 20
	// maxPrintRows bounds a printed list: a desk's range, not the whole event at once.
	maxPrintRows = 5000
)

var (
	errParticipantNotFound = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "Inscrito não encontrado."}
	errImportConflict      = &api.Error{Status: http.StatusConflict, Code: "conflict",
		Message: "Os inscritos mudaram enquanto o arquivo era importado (outra importação, ou uma inscrição pelo Pelotão, ao mesmo tempo). Envie o arquivo de novo."}
)

// readMapping reads the optional form field mapping: a JSON object from a header of the file
// (as written there) to a field name.
func readMapping(raw string) (map[string]string, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, nil
	}
	var m map[string]string
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		msg := `O mapeamento (mapping) deve ser um objeto JSON de cabeçalho para campo, como {"Atleta": "nome"}.`
		return nil, &api.Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument", Message: msg,
			Fields: map[string]string{"mapping": msg}}
	}
	return m, nil
}

// previewRow is a participant of a dry run, with the row it comes from.
type previewRow struct {
	Row int `json:"row"`
	participant.Participant
}

// missingShownMax is how many of the participants a file leaves out a dry run names.
const missingShownMax = 100

// missingShown is the first missingShown participants of missing (the event's, not in the file)
// by name, for the organizer to see who they are before importing: usually cancellations.
func missingShown(missing []participant.Participant) []participant.Participant {
	shown := append([]participant.Participant{}, missing...)
	slices.SortFunc(shown, func(a, b participant.Participant) int {
		return cmp.Or(cmp.Compare(participant.SortKey(a), participant.SortKey(b)), cmp.Compare(a.ID, b.ID))
	})
	return shown[:min(len(shown), missingShownMax)]
}

// importParticipants answers POST /api/events/{id}/participants: a spreadsheet of
// registrations (docs/product.md §10). dryRun=1 answers what the import would do; otherwise it is saved
// whole or, with any bad row, not at all (422 with error.rows). Both answers list the rows left
// out because their document is of a registration sold in Pelotão or held by an order awaiting
// payment (jaInscritos).
func (s *Server) importParticipants(w http.ResponseWriter, r *http.Request) error {
	up, err := readSheetUpload(r)
	if err != nil {
		return err
	}
	mapping, err := readMapping(up.Fields["mapping"])
	if err != nil {
		return err
	}
	table, err := up.Table(participant.Vocabulary)
	if err != nil {
		return err
	}
	parsed, err := participant.Parse(table, mapping, time.Now().In(s.cfg.Location))
	var fe *participant.FileError
	var me *participant.MappingError
	switch {
	case errors.As(err, &fe):
		return invalidFile(fe.Message)
	case errors.As(err, &me):
		return &api.Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument", Message: me.Message,
			Fields: map[string]string{"mapping": me.Message}}
	case err != nil:
		return err
	}
	id := r.PathValue("id")
	existing, err := s.store.EventParticipants(r.Context(), id)
	if err != nil {
		return err
	}
	settings, err := s.store.ParticipantSettings(r.Context(), id)
	if err != nil {
		return err
	}
	held, err := s.store.HeldDocuments(r.Context(), id, time.Now())
	if err != nil {
		return err
	}
	plan := participant.PlanImport(existing, held, parsed, settings)
	questions := append(sheetQuestion(table, up), parsed.Questions...)
	if dryRun(up) {
		rows := make([]previewRow, 0, previewRows)
		for _, row := range parsed.Rows[:min(previewRows, len(parsed.Rows))] {
			rows = append(rows, previewRow{Row: row.Line, Participant: row.P})
		}
		api.WriteJSON(w, http.StatusOK, map[string]any{"columns": parsed.Columns, "rows": rows, "errors": nonNilSlice(plan.Errors),
			"counts": plan.Counts(), "missingParticipants": missingShown(plan.Missing), "jaInscritos": nonNilSlice(plan.JaInscritos),
			"questions": nonNilSlice(questions), "notes": nonNilSlice(table.Notes), "sheets": nonNilSlice(table.Sheets), "sheet": table.Sheet})
		return nil
	}
	if len(plan.Errors) > 0 {
		return rowErrors(plan.Errors)
	}
	if len(questions) > 0 {
		return errOpenQuestions
	}
	u, _ := api.CurrentUser(r)
	err = s.store.ApplyImport(r.Context(), id, plan, store.Actor{UserID: u.ID, Nome: u.DisplayName, At: time.Now().UTC().Truncate(time.Millisecond)})
	if errors.Is(err, store.ErrConflict) {
		return errImportConflict
	}
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, struct {
		participant.Counts
		JaInscritos []sheet.RowError `json:"jaInscritos"`
	}{plan.Counts(), nonNilSlice(plan.JaInscritos)})
	return nil
}

// boolParam reads an optional true/false query parameter.
func boolParam(r *http.Request, name string) (*bool, error) {
	switch r.URL.Query().Get(name) {
	case "":
		return nil, nil
	case "true", "1":
		v := true
		return &v, nil
	case "false", "0":
		v := false
		return &v, nil
	}
	return nil, api.InvalidArgument(fmt.Sprintf("O parâmetro %s aceita true ou false.", name))
}

// listParticipants answers GET /api/events/{id}/participants: a page by name, with the filters
// q (name or e-mail words, CPF, passport, bib or registration code), percurso, kitRetirado, pago
// and grupo (a group's id, GRP-47: an id of no group of the event finds no one).
func (s *Server) listParticipants(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q := store.ParticipantQuery{EventID: r.PathValue("id"), Q: v.Get("q"), Percurso: v.Get("percurso"), Grupo: v.Get("grupo"),
		Cursor: v.Get("cursor")}
	if len(q.Q) > 200 {
		return api.InvalidArgument("A busca pode ter no máximo 200 caracteres.")
	}
	var err error
	if q.KitRetirado, err = boolParam(r, "kitRetirado"); err != nil {
		return err
	}
	if q.Pago, err = boolParam(r, "pago"); err != nil {
		return err
	}
	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > store.MaxParticipantLimit {
			return api.InvalidArgument(fmt.Sprintf("O parâmetro limit deve ser um número de 1 a %d.", store.MaxParticipantLimit))
		}
		q.Limit = n
	}
	page, err := s.store.ListParticipants(r.Context(), q)
	if errors.Is(err, store.ErrBadCursor) {
		return api.InvalidArgument("O parâmetro cursor é inválido: use o nextCursor da página anterior.")
	}
	if err != nil {
		return err
	}
	return s.participantsJSON.WritePage(w, page, api.EventRoleOf(r))
}

// getParticipant answers GET /api/events/{id}/participants/{participantId}: the participant
// and its history (historico).
func (s *Server) getParticipant(w http.ResponseWriter, r *http.Request) error {
	id, pid := r.PathValue("id"), r.PathValue("participantId")
	p, err := s.store.GetParticipant(r.Context(), id, pid)
	if err != nil {
		return api.NotFoundAs(err, errParticipantNotFound)
	}
	h, err := s.store.ParticipantHistory(r.Context(), id, pid)
	if err != nil {
		return err
	}
	role := api.EventRoleOf(r)
	if h, err = participant.HistoryForRole(h, role); err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, struct {
		participant.Participant
		Historico []participant.HistoryEntry `json:"historico"`
	}{participant.ForRole(p, role), h})
	return nil
}

// participantSummary answers GET /api/events/{id}/participants/summary.
func (s *Server) participantSummary(w http.ResponseWriter, r *http.Request) error {
	sum, err := s.store.ParticipantSummary(r.Context(), r.PathValue("id"))
	return api.WriteOK(w, sum, err)
}

// getParticipantSettings answers GET /api/events/{id}/participants/settings: {"faixasPeito":[…]}.
func (s *Server) getParticipantSettings(w http.ResponseWriter, r *http.Request) error {
	set, err := s.store.ParticipantSettings(r.Context(), r.PathValue("id"))
	return api.WriteOK(w, set, err)
}

// putParticipantSettings answers PUT /api/events/{id}/participants/settings: the bib ranges by
// modality that imports give to participants the file leaves without a bib, and whether the kit
// desks may hand unpaid kits. A field the body leaves out keeps its value (each tab saves its own).
func (s *Server) putParticipantSettings(w http.ResponseWriter, r *http.Request) error {
	in, err := s.store.ParticipantSettings(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if err := api.ReadJSON(r, &in); err != nil {
		return err
	}
	set, err := in.Clean()
	if err != nil {
		return err
	}
	if err := s.store.SetParticipantSettings(r.Context(), r.PathValue("id"), set); err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, set)
	return nil
}
