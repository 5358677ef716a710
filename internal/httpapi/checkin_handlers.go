package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/httpgzip"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// The kit desk's routes (docs/product.md §10 "Kit pickup"): the roster a desk keeps offline, the pickups
// it sends, undo, and the organizer tab's progress and history.

const (
	// maxCheckinsPerRequest bounds one POST: a desk that was offline for hours sends its queue
	// in batches of at most this many (web/src/features/kit-desk/sync.ts sends 100).
	maxCheckinsPerRequest = 500
	// maxCheckinBody leaves room for maxCheckinsPerRequest pickups of a few hundred bytes.
	maxCheckinBody  = 512 << 10
	maxHistoryLimit = 500
)

var (
	errRosterClosed = &api.Error{Status: http.StatusGone, Code: "checkin/closed",
		Message: fmt.Sprintf("A retirada de kits deste evento foi encerrada: a lista de inscritos deixa de ser enviada aos balcões %d dias depois da data do evento.", team.RosterDaysAfter)}
	errNoPickup          = &api.Error{Status: http.StatusNotFound, Code: "not-found", Message: "O kit deste inscrito não consta como retirado."}
	errPickupParticipant = &api.Error{Status: http.StatusUnprocessableEntity, Code: "invalid-argument",
		Message: "Uma das retiradas é de um inscrito que não pertence a este evento."}
)

// checkinClock tells the time the roster's cutoff is measured from.
var checkinClock = time.Now

// rosterParticipant is a participant as a desk keeps it: only what the desk shows or searches
// (no e-mail, phone or birth date on a device that may be lost), the document masked for the
// retirada role; a registration sold here adds its code (searched, and read from its QR code),
// category, registration id and whether it had the 60+ half price.
type rosterParticipant struct {
	ID          string                `json:"id"`
	Nome        string                `json:"nome"`
	Documento   participant.Documento `json:"documento"`
	Percurso    string                `json:"percurso"`
	Camiseta    string                `json:"camiseta"`
	NumeroPeito *int                  `json:"numeroPeito"`
	Pago        bool                  `json:"pago"`
	KitRetirado *participant.Kit      `json:"kitRetirado"`
	Origem      string                `json:"origem"`
	Codigo      string                `json:"codigo,omitempty"`
	Categoria   string                `json:"categoria,omitempty"`
	InscricaoID string                `json:"inscricaoId,omitempty"`
	MeiaEntrada bool                  `json:"meiaEntrada,omitempty"`
	// Responsavel is the name of a minor's guardian, whose signed authorization the desk checks.
	Responsavel string `json:"responsavel,omitempty"`
	// Grupo and GrupoCodigo name the registration's group ("" and absent when none): the desk
	// finds a group's members offline by its code, read from the coach's QR code (GRP-48, GRP-61).
	Grupo       string `json:"grupo"`
	GrupoCodigo string `json:"grupoCodigo,omitempty"`
}

// getRoster answers GET /api/events/{id}/checkin/roster[?since=cursor]; asked from a cursor,
// "removidos" names the participants that left the event since (a refunded registration).
func (s *Server) getRoster(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return err
	}
	if rosterClosed(e.DataEvento, e.Today(checkinClock())) {
		return errRosterClosed
	}
	var since int64
	if v := r.URL.Query().Get("since"); v != "" {
		if since, err = strconv.ParseInt(v, 10, 64); err != nil || since < 0 {
			return api.InvalidArgument("Cursor inválido: baixe a lista de inscritos de novo.")
		}
	}
	list, cursor, err := s.store.Roster(r.Context(), id, since)
	if err != nil {
		return err
	}
	settings, err := s.store.ParticipantSettings(r.Context(), id)
	if err != nil {
		return err
	}
	role := api.EventRoleOf(r)
	out := make([]rosterParticipant, 0, len(list))
	removed := []string{}
	for _, p := range list {
		if p.Removido {
			removed = append(removed, p.ID)
			continue
		}
		doc := p.Documento
		if !team.SeesFullDocument(role) {
			doc = doc.Masked()
		}
		rp := rosterParticipant{ID: p.ID, Nome: p.Nome, Documento: doc, Percurso: p.Percurso, Camiseta: p.Camiseta,
			NumeroPeito: p.NumeroPeito, Pago: p.Pago, KitRetirado: p.KitRetirado, Origem: p.Origem, Codigo: p.Codigo,
			Categoria: p.Categoria, InscricaoID: p.InscricaoID, MeiaEntrada: p.MeiaEntrada, Grupo: p.Grupo, GrupoCodigo: p.GrupoCodigo}
		if p.Responsavel != nil {
			rp.Responsavel = p.Responsavel.Nome
		}
		out = append(out, rp)
	}
	return writeJSONGzip(w, r, map[string]any{"participants": out, "removidos": removed, "cursor": strconv.FormatInt(cursor, 10),
		"role": role, "bloquearKitSemPagamento": settings.BloquearKitSemPagamento})
}

// rosterClosed reports whether the roster may no longer be served on today: after the event's
// date plus team.RosterDaysAfter days. An event without a date keeps it.
func rosterClosed(date, today event.Date) bool {
	return date.Valid() && today.Compare(date.AddDays(team.RosterDaysAfter)) > 0
}

// checkinJSON is one pickup as a desk sends it.
type checkinJSON struct {
	ID               string                `json:"id"`
	ParticipantID    string                `json:"participantId"`
	At               time.Time             `json:"at"`
	RetiradoPor      *participant.Terceiro `json:"retiradoPor"`
	CamisetaEntregue string                `json:"camisetaEntregue"`
	Balcao           string                `json:"balcao"`
	// SemPagamento: the volunteer confirmed handing an unpaid kit (true) or the desk took the
	// registration for paid (false); clients of the contract before it leave it out.
	SemPagamento *bool `json:"semPagamento"`
}

// validate checks one pickup as the desk's form does, and more (the server is the authority).
func (c *checkinJSON) validate(i int, errs api.FieldError) {
	at := func(field string) string { return fmt.Sprintf("checkins[%d].%s", i, field) }
	text := func(field, v string, max int, required string) string {
		v = strings.TrimSpace(v)
		switch {
		case v == "" && required != "":
			errs[at(field)] = required
		case utf8.RuneCountInString(v) > max:
			errs[at(field)] = fmt.Sprintf("Use no máximo %d caracteres.", max)
		}
		return v
	}
	c.ID = text("id", c.ID, 64, "Informe o identificador da retirada.")
	c.ParticipantID = text("participantId", c.ParticipantID, 64, "Informe o inscrito.")
	c.Balcao = text("balcao", c.Balcao, 40, "Informe o balcão.")
	c.CamisetaEntregue = text("camisetaEntregue", c.CamisetaEntregue, 20, "")
	if c.At.IsZero() {
		errs[at("at")] = "Informe quando o kit foi entregue."
	} else if c.At.After(checkinClock().Add(24 * time.Hour)) {
		errs[at("at")] = "A hora da retirada está no futuro: confira o relógio do aparelho."
	}
	if c.RetiradoPor != nil {
		c.RetiradoPor.Nome = text("retiradoPor.nome", c.RetiradoPor.Nome, 120, "Informe o nome de quem retirou.")
		c.RetiradoPor.Documento = text("retiradoPor.documento", c.RetiradoPor.Documento, 40, "Informe o documento de quem retirou.")
	}
}

// postCheckins answers POST /api/events/{id}/checkin: one answer per pickup, in order.
func (s *Server) postCheckins(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Checkins []checkinJSON `json:"checkins"`
	}
	if err := api.ReadJSON(r, &body); err != nil {
		return err
	}
	switch n := len(body.Checkins); {
	case n == 0:
		return api.InvalidArgument("Envie ao menos uma retirada em checkins.")
	case n > maxCheckinsPerRequest:
		return api.InvalidArgument(fmt.Sprintf("Envie no máximo %d retiradas por vez.", maxCheckinsPerRequest))
	}
	errs := api.FieldError{}
	for i := range body.Checkins {
		body.Checkins[i].validate(i, errs)
	}
	if len(errs) > 0 {
		return errs
	}
	u, _ := api.CurrentUser(r)
	por := u.DisplayName
	if strings.TrimSpace(por) == "" {
		por = u.Email
	}
	pickups := make([]store.Pickup, len(body.Checkins))
	for i, c := range body.Checkins {
		pickups[i] = store.Pickup{ID: c.ID, EventID: r.PathValue("id"), ParticipantID: c.ParticipantID, At: c.At.UTC(),
			Balcao: c.Balcao, PorUID: u.ID, Por: por, RetiradoPor: c.RetiradoPor, CamisetaEntregue: c.CamisetaEntregue,
			SemPagamento: c.SemPagamento}
	}
	results, err := s.store.RecordPickups(r.Context(), r.PathValue("id"), pickups)
	if err != nil {
		return api.NotFoundAs(err, errPickupParticipant)
	}
	type answer struct {
		ID          string           `json:"id"`
		Status      string           `json:"status"`
		KitRetirado *participant.Kit `json:"kitRetirado"`
		Motivo      string           `json:"motivo,omitempty"`
	}
	out := make([]answer, len(results))
	for i, res := range results {
		out[i] = answer{ID: res.ID, Status: res.Status, KitRetirado: res.Kit, Motivo: res.Motivo}
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"checkins": out})
	return nil
}

// deleteCheckin answers DELETE /api/events/{id}/checkin/{participantId}: the pickup undone,
// kept in the history.
func (s *Server) deleteCheckin(w http.ResponseWriter, r *http.Request) error {
	if !team.Can(api.EventRoleOf(r), team.UndoPickup) {
		return api.ErrForbidden
	}
	u, _ := api.CurrentUser(r)
	err := s.store.UndoPickup(r.Context(), r.PathValue("id"), r.PathValue("participantId"), u.ID, u.DisplayName)
	return api.NoContent(w, err, errNoPickup)
}

// getCheckinStats answers GET /api/events/{id}/checkin/stats: the organizer tab's progress.
func (s *Server) getCheckinStats(w http.ResponseWriter, r *http.Request) error {
	st, err := s.store.PickupStats(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	type percurso struct {
		Percurso  string `json:"percurso"`
		Total     int    `json:"total"`
		Retirados int    `json:"retirados"`
	}
	type balcao struct {
		Balcao    string `json:"balcao"`
		Retirados int    `json:"retirados"`
	}
	type quarter struct {
		Inicio    time.Time `json:"inicio"`
		Retirados int       `json:"retirados"`
	}
	body := struct {
		Total           int        `json:"total"`
		Retirados       int        `json:"retirados"`
		PorPercurso     []percurso `json:"porPercurso"`
		PorBalcao       []balcao   `json:"porBalcao"`
		PorQuartoDeHora []quarter  `json:"porQuartoDeHora"`
	}{Total: st.Total, Retirados: st.Retirados, PorPercurso: []percurso{}, PorBalcao: []balcao{}, PorQuartoDeHora: []quarter{}}
	for _, p := range st.PorPercurso {
		body.PorPercurso = append(body.PorPercurso, percurso(p))
	}
	for _, b := range st.PorBalcao {
		body.PorBalcao = append(body.PorBalcao, balcao(b))
	}
	for _, q := range st.PorQuartoDeHora {
		body.PorQuartoDeHora = append(body.PorQuartoDeHora, quarter(q))
	}
	api.WriteJSON(w, http.StatusOK, body)
	return nil
}

// getCheckinHistory answers GET /api/events/{id}/checkin/history[?limit=n]: pickups, newest
// first, with those undone and those refused as conflicts.
func (s *Server) getCheckinHistory(w http.ResponseWriter, r *http.Request) error {
	limit := 100
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxHistoryLimit {
			return api.InvalidArgument(fmt.Sprintf("limit deve ser um número de 1 a %d.", maxHistoryLimit))
		}
		limit = n
	}
	records, err := s.store.PickupHistory(r.Context(), r.PathValue("id"), limit)
	if err != nil {
		return err
	}
	type record struct {
		ID               string                `json:"id"`
		ParticipantID    string                `json:"participantId"`
		Nome             string                `json:"nome"`
		NumeroPeito      *int                  `json:"numeroPeito"`
		At               time.Time             `json:"at"`
		Balcao           string                `json:"balcao"`
		Por              string                `json:"por"`
		RetiradoPor      *participant.Terceiro `json:"retiradoPor"`
		CamisetaEntregue string                `json:"camisetaEntregue"`
		Status           string                `json:"status"`
		RegistradoEm     time.Time             `json:"registradoEm"`
		DesfeitoEm       *time.Time            `json:"desfeitoEm"`
		DesfeitoPor      string                `json:"desfeitoPor"`
	}
	out := make([]record, len(records))
	for i, h := range records {
		out[i] = record{ID: h.ID, ParticipantID: h.ParticipantID, Nome: h.Nome, NumeroPeito: h.NumeroPeito, At: h.At,
			Balcao: h.Balcao, Por: h.Por, RetiradoPor: h.RetiradoPor, CamisetaEntregue: h.CamisetaEntregue,
			Status: h.Status, RegistradoEm: h.RecordedAt, DesfeitoEm: h.UndoneAt, DesfeitoPor: h.UndonePor}
	}
	api.WriteJSON(w, http.StatusOK, map[string]any{"history": out})
	return nil
}

// writeJSONGzip is api.WriteJSON for large answers (a roster of 30,000 participants): compressed
// for clients that accept it.
func writeJSONGzip(w http.ResponseWriter, r *http.Request, v any) error {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	body := httpgzip.Compress(r, h, buf.Bytes())
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body) // a client gone away is not the server's error
	return nil
}
