package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"pelotao/internal/answercache"
	"pelotao/internal/api"
	"pelotao/internal/event"
	"pelotao/internal/store"
)

// eventsClock tells the time that "today" is taken from; tests move it to around midnight.
var eventsClock = time.Now

// listEvents answers GET /api/events: summaries by dataEvento, descending unless order=asc.
// Public lists come from s.lists; owner=me depends on who asks, so it always asks the store.
func (s *Server) listEvents(w http.ResponseWriter, r *http.Request) error {
	q, err := s.eventQuery(r)
	if err != nil {
		return err
	}
	var body answercache.Answer
	if q.OwnerID == "" {
		body, err = s.publicList(r.Context(), q)
	} else {
		body, err = s.readList(r.Context(), q)
	}
	if errors.Is(err, store.ErrBadCursor) {
		return api.InvalidArgument("O parâmetro cursor é inválido: use o nextCursor da página anterior.")
	}
	if err != nil {
		return err
	}
	writeAnswer(w, r, body, "no-store")
	return nil
}

// publicList is the answer to a public list query (no owner), from s.lists while a recent one is kept.
func (s *Server) publicList(ctx context.Context, q store.EventQuery) (answercache.Answer, error) {
	return s.lists.Get(q, func() (answercache.Answer, error) { return s.readList(ctx, q) })
}

// readList asks the store for the answer to q.
func (s *Server) readList(ctx context.Context, q store.EventQuery) (answercache.Answer, error) {
	page, err := s.store.ListEvents(ctx, q)
	if err != nil {
		return answercache.Answer{}, err
	}
	return answercache.NewAnswer(encodeEventList(page)), nil
}

// encodeEventList makes {"events":[…],"nextCursor":"…"} from the summaries as the store keeps
// them, already JSON: copying them is what keeps a list of hundreds cheap.
func encodeEventList(page store.EventPage) []byte {
	buf := rawList("events", page.Events)
	if page.NextCursor != "" {
		buf = append(buf, `,"nextCursor":`...)
		buf = strconv.AppendQuote(buf, page.NextCursor)
	}
	return append(buf, "}\n"...)
}

// rawList begins an answer whose list is documents already JSON: {"name":[doc,doc,…], copied
// as they are, with room left for a few more fields and the closing brace.
func rawList(name string, docs []json.RawMessage) []byte {
	n := 64
	for _, doc := range docs {
		n += len(doc) + 1
	}
	buf := make([]byte, 0, n)
	buf = append(buf, `{"`...)
	buf = append(buf, name...)
	buf = append(buf, `":[`...)
	for i, doc := range docs {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, doc...)
	}
	return append(buf, ']')
}

// eventQuery reads the query string of GET /api/events.
func (s *Server) eventQuery(r *http.Request) (store.EventQuery, error) {
	v := r.URL.Query()
	q := store.EventQuery{
		Q:         v.Get("q"),
		Categoria: v.Get("categoria"),
		UF:        v.Get("uf"),
		Cursor:    v.Get("cursor"),
	}
	switch when := store.When(v.Get("when")); when {
	case store.Anytime, store.Upcoming, store.Past:
		q.When = when
		q.Today = event.Today(s.cfg.Location, eventsClock())
	default:
		return q, api.InvalidArgument("O parâmetro when aceita upcoming ou past.")
	}
	switch v.Get("order") {
	case "", "desc":
	case "asc":
		q.Ascending = true
	default:
		return q, api.InvalidArgument("O parâmetro order aceita asc ou desc.")
	}
	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > store.MaxListLimit {
			return q, api.InvalidArgument(fmt.Sprintf("O parâmetro limit deve ser um número de 1 a %d.", store.MaxListLimit))
		}
		q.Limit = n
	}
	switch v.Get("owner") {
	case "":
	case "me":
		u, ok := api.CurrentUser(r)
		if !ok {
			return q, api.ErrUnauthenticated
		}
		q.OwnerID = u.ID
	default:
		return q, api.InvalidArgument("O parâmetro owner aceita apenas me.")
	}
	if len(q.Q) > 200 {
		return q, api.InvalidArgument("A busca pode ter no máximo 200 caracteres.")
	}
	return q, nil
}

// getEvent answers GET /api/events/{id}: the whole document, encoded at most once a second
// (s.events) with its ETag. Browsers keep it and ask again with If-None-Match (no-cache: they
// must ask every time), which a 304 answers without the body.
func (s *Server) getEvent(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	body, err := s.events.Get(id, func() (answercache.Answer, error) {
		e, err := s.store.GetEvent(r.Context(), id)
		if err != nil {
			return answercache.Answer{}, err
		}
		b, err := json.Marshal(e)
		if err != nil {
			return answercache.Answer{}, err
		}
		return answercache.NewTaggedAnswer(append(b, '\n')), nil
	})
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	writeAnswer(w, r, body, "no-cache")
	return nil
}

// createEvent answers POST /api/events: the signed-in user becomes the owner, and the event gets
// the first free address of its title and year (FORM-41).
func (s *Server) createEvent(w http.ResponseWriter, r *http.Request) error {
	u, _ := api.CurrentUser(r)
	e, err := s.readEvent(r)
	if err != nil {
		return err
	}
	e.ID, e.CriadoEm, e.AtualizadoEm = "", time.Time{}, time.Time{}
	e.OwnerID = u.ID
	created, err := store.CreateSlugEvent(r.Context(), s.store, e)
	s.lists.Clear()
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/events/"+created.ID)
	api.WriteJSON(w, http.StatusCreated, created)
	return nil
}

// updateEvent answers PUT /api/events/{id}, for the event's owner only.
func (s *Server) updateEvent(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if err := s.requireEventOwner(r, id); err != nil {
		return err
	}
	e, err := s.readEvent(r)
	if err != nil {
		return err
	}
	e.ID = id
	updated, err := s.store.UpdateEvent(r.Context(), e)
	s.lists.Clear()
	s.events.Forget(id)
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	api.WriteJSON(w, http.StatusOK, updated)
	return nil
}

// deleteEvent answers DELETE /api/events/{id}, for the event's owner only.
func (s *Server) deleteEvent(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if err := s.requireEventOwner(r, id); err != nil {
		return err
	}
	err := s.store.DeleteEvent(r.Context(), id)
	s.lists.Clear()
	s.events.Forget(id)
	s.resultsCache.ForgetEvent(id)
	return api.NoContent(w, err, api.ErrEventNotFound)
}

// requireEventOwner lets through only the owner of event id; api.RequireUser runs before it.
func (s *Server) requireEventOwner(r *http.Request, id string) error {
	u, _ := api.CurrentUser(r)
	e, err := s.store.GetEvent(r.Context(), id)
	if err != nil {
		return api.NotFoundAs(err, api.ErrEventNotFound)
	}
	if e.OwnerID != u.ID {
		return api.ErrForbidden
	}
	return nil
}

// readEvent reads, normalises and validates the event in the request body, refusing card
// payments on a server that has no card provider (cardsRefused).
func (s *Server) readEvent(r *http.Request) (event.Event, error) {
	body, err := api.ReadBody(r)
	if err != nil {
		return event.Event{}, err
	}
	e, err := event.Decode(body)
	var decodeErr *event.DecodeError
	if errors.As(err, &decodeErr) {
		return event.Event{}, api.InvalidArgument(decodeErr.Message)
	}
	if err != nil {
		return event.Event{}, err
	}
	e.Normalize()
	if err := e.Validate(); err != nil {
		return event.Event{}, err
	}
	if err := s.cardsRefused(&e); err != nil {
		return event.Event{}, err
	}
	return e, nil
}

// cardsRefused answers 422 at inscricoes.cartao an event offering card payments when this server
// has no card provider (no PELOTAO_MP_ACCESS_TOKEN, no sandbox): nobody could pay by card, so the
// organizer is told now rather than the buyers later (docs/requirements.md CARD-17).
func (s *Server) cardsRefused(e *event.Event) error {
	if c := e.Inscricoes.Cartao; c != nil && c.Ativo && !s.cfg.CardsConfigured() {
		return &event.ValidationError{Fields: map[string]string{"inscricoes.cartao": event.MsgCartaoIndisponivel}}
	}
	return nil
}
