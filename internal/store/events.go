package store

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"pelotao/internal/event"
)

// EventStore stores events (internal/event documents).
type EventStore interface {
	// CreateEvent stores a new event. It sets ID (when empty), CriadoEm and AtualizadoEm (when zero)
	// and returns the event as stored. A taken ID is ErrConflict.
	CreateEvent(ctx context.Context, e event.Event) (event.Event, error)
	// GetEvent returns one event, or ErrNotFound.
	GetEvent(ctx context.Context, id string) (event.Event, error)
	// UpdateEvent replaces the event with e.ID, keeping its OwnerID and CriadoEm whatever e says
	// and setting AtualizadoEm; it returns the event as stored, or ErrNotFound.
	UpdateEvent(ctx context.Context, e event.Event) (event.Event, error)
	// DeleteEvent removes an event, or returns ErrNotFound.
	DeleteEvent(ctx context.Context, id string) error
	// ListEvents returns one page of event summaries.
	ListEvents(ctx context.Context, q EventQuery) (EventPage, error)
}

// When selects events by date relative to EventQuery.Today.
type When string

const (
	Anytime  When = ""
	Upcoming When = "upcoming" // dataEvento on Today or later
	Past     When = "past"     // dataEvento before Today
)

// EventQuery selects and orders events. The zero value lists every event, newest date first.
type EventQuery struct {
	When      When
	Today     event.Date // the date that splits upcoming from past (event.Today in PELOTAO_TZ)
	Categoria string
	UF        string // local.estado
	OwnerID   string
	// Q matches events whose titulo, local.local, local.cidade or local.estado contain every word
	// of it, ignoring case and accents.
	Q string
	// Ascending orders by dataEvento ascending; the default is descending. Ties go by id in the
	// same direction, so pages are stable.
	Ascending bool
	Limit     int    // 1..MaxListLimit; 0 means DefaultListLimit
	Cursor    string // EventPage.NextCursor of the previous page
}

const (
	DefaultListLimit = 100
	MaxListLimit     = 500
)

// ErrBadCursor is a cursor that no EventPage produced.
var ErrBadCursor = errors.New("store: bad cursor")

// EventPage is one page of a listing; NextCursor is empty on the last page.
type EventPage struct {
	// Events are event.Summary values as JSON, exactly as stored: a list is served without
	// decoding and re-encoding each summary (Summaries decodes them for Go callers).
	Events     []json.RawMessage
	NextCursor string
}

// Summaries decodes the page's events.
func (p EventPage) Summaries() ([]event.Summary, error) {
	out := make([]event.Summary, len(p.Events))
	for i, raw := range p.Events {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			return nil, fmt.Errorf("store: decoding event summary: %w", err)
		}
	}
	return out, nil
}

// ListLimit is q.Limit made valid.
func (q EventQuery) ListLimit() int {
	switch {
	case q.Limit <= 0:
		return DefaultListLimit
	case q.Limit > MaxListLimit:
		return MaxListLimit
	}
	return q.Limit
}

// EventCursor is the position after which a page starts: the last (dataEvento, id) seen.
// Implementations share its encoding so that cursors stay opaque to clients.
type EventCursor struct {
	DataEvento string
	ID         string
}

func (c EventCursor) Encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(c.DataEvento + "|" + c.ID))
}

// DecodeEventCursor reads a cursor made by Encode.
func DecodeEventCursor(s string) (EventCursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return EventCursor{}, ErrBadCursor
	}
	date, id, ok := strings.Cut(string(b), "|")
	if _, valid := event.ParseDate(date); !ok || !valid || len(date) != len("2006-01-02") || id == "" {
		return EventCursor{}, ErrBadCursor
	}
	return EventCursor{DataEvento: date, ID: id}, nil
}

// The helpers below are shared by the implementations, so that both databases store the same
// columns and read the same queries; only placeholders and substring search differ.

// NewEventID returns a fresh, unguessable event id.
func NewEventID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// EventRow is an event as both databases store it: the columns that queries filter and sort
// on, beside the whole document and its summary as JSON.
type EventRow struct {
	ID, OwnerID            string
	CriadoEm, AtualizadoEm time.Time
	DataEvento             string // "2026-03-15": text sorts as the date does
	Categoria, Status      string
	Estado                 string
	Search                 string // event.SearchText
	Summary, Doc           []byte
}

// NewEventRow prepares e, whose result sets have setStatuses (its summary says what results it
// has published), for storing. The timestamps are cut to microseconds, the precision both
// databases keep.
func NewEventRow(e event.Event, setStatuses []string) (EventRow, error) {
	e.CriadoEm = e.CriadoEm.UTC().Truncate(time.Microsecond)
	e.AtualizadoEm = e.AtualizadoEm.UTC().Truncate(time.Microsecond)
	doc, err := json.Marshal(e)
	if err != nil {
		return EventRow{}, fmt.Errorf("store: encoding event: %w", err)
	}
	summary, err := json.Marshal(e.Summary(setStatuses))
	if err != nil {
		return EventRow{}, fmt.Errorf("store: encoding event summary: %w", err)
	}
	return EventRow{
		ID: e.ID, OwnerID: e.OwnerID, CriadoEm: e.CriadoEm, AtualizadoEm: e.AtualizadoEm,
		DataEvento: e.DataEvento.String(), Categoria: e.Categoria, Status: e.Status,
		Estado: e.Local.Estado, Search: e.SearchText(), Summary: summary, Doc: doc,
	}, nil
}

// SlugTries is how many numbered addresses CreateSlugEvent tries ("…-2027", "…-2027-2"…) before
// it gives the event a random id: past that, a readable address says little anyway.
const SlugTries = 50

// CreateSlugEvent stores a new event under the first free readable address of its title and year
// (event.SlugID, FORM-41). An address once given is never given again, even after its event is
// deleted (the event_ids table of migration 0012), so every old link keeps meaning one event.
func CreateSlugEvent(ctx context.Context, s EventStore, e event.Event) (event.Event, error) {
	slug := event.SlugID(e.Titulo, e.DataEvento)
	for n := 1; n <= SlugTries; n++ {
		e.ID = event.NumberedID(slug, n)
		created, err := s.CreateEvent(ctx, e)
		if !errors.Is(err, ErrConflict) {
			return created, err
		}
	}
	e.ID = ""
	return s.CreateEvent(ctx, e)
}

// PrepareNewEvent fills in what CreateEvent sets.
func PrepareNewEvent(e *event.Event, now time.Time) {
	if e.ID == "" {
		e.ID = NewEventID()
	}
	if e.CriadoEm.IsZero() {
		e.CriadoEm = now
	}
	if e.AtualizadoEm.IsZero() {
		e.AtualizadoEm = e.CriadoEm
	}
}

// DecodeEventDoc reads a stored document; the columns the database keeps for the fields the
// server owns win over the copy in the document.
func DecodeEventDoc(doc []byte, id, ownerID string, criadoEm, atualizadoEm time.Time) (event.Event, error) {
	e, kept := keptEvent(id, doc)
	if !kept {
		if err := json.Unmarshal(doc, &e); err != nil {
			return event.Event{}, fmt.Errorf("store: decoding event %s: %w", id, err)
		}
		keepEvent(id, doc, e)
	}
	e.ID, e.OwnerID, e.CriadoEm, e.AtualizadoEm = id, ownerID, criadoEm.UTC(), atualizadoEm.UTC()
	return e, nil
}

// SummaryTx is a write transaction as keeping an event's summary needs it.
type SummaryTx interface {
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	Exec(ctx context.Context, sql string, args ...any) error
}

// ResultSetStatuses returns the statuses of the result sets of event id, read with query: what
// its summary says of its results (event.Summary).
func ResultSetStatuses(ctx context.Context, query Query, d SQLDialect, id string) ([]string, error) {
	return QueryAll(ctx, query, d.Name+": reading result set statuses", func(row Scanner) (status string, err error) {
		err = row.Scan(&status)
		return status, err
	}, "SELECT status FROM result_sets WHERE event_id = "+d.Placeholder(1)+" ORDER BY percurso", id)
}

// RefreshEventSummary rewrites the summary of event id in tx after its result sets changed, so
// that the list says what results it has published (HOME-19). The caller holds the event's row
// (PostgreSQL: FOR UPDATE), so that an edit of the event does not write an older summary back.
func RefreshEventSummary(ctx context.Context, tx SummaryTx, d SQLDialect, id string) error {
	docs, err := QueryAll(ctx, tx.Query, d.Name+": reading the event to summarise", func(row Scanner) (doc []byte, err error) {
		err = row.Scan(&doc)
		return doc, err
	}, "SELECT doc FROM events WHERE id = "+d.Placeholder(1), id)
	if err != nil {
		return err
	}
	if len(docs) == 0 {
		return ErrNotFound
	}
	var e event.Event
	if err := json.Unmarshal(docs[0], &e); err != nil {
		return fmt.Errorf("%s: decoding event %s: %w", d.Name, id, err)
	}
	statuses, err := ResultSetStatuses(ctx, tx.Query, d, id)
	if err != nil {
		return err
	}
	summary, err := json.Marshal(e.Summary(statuses))
	if err != nil {
		return fmt.Errorf("store: encoding event summary: %w", err)
	}
	if err := tx.Exec(ctx, "UPDATE events SET summary = "+d.Placeholder(1)+" WHERE id = "+d.Placeholder(2), string(summary), id); err != nil {
		return fmt.Errorf("%s: rewriting the summary of event %s: %w", d.Name, id, err)
	}
	return nil
}

// SQLDialect is how one database writes what the queries built here differ in.
type SQLDialect struct {
	Name        string                            // the database's: its errors start with it
	Placeholder func(n int) string                // the n-th parameter (1-based): "?" or "$1"
	Contains    func(column, param string) string // column contains param as a substring
}

// eventListSQL builds the listing query for q: it selects summary, data_evento and id, and asks
// for one row more than the page, so the caller knows whether another page follows.
func eventListSQL(q EventQuery, d SQLDialect) (query string, args []any, limit int, err error) {
	var where []string
	arg := func(v any) string {
		args = append(args, v)
		return d.Placeholder(len(args))
	}
	switch q.When {
	case Anytime:
	case Upcoming, Past:
		if !q.Today.Valid() {
			return "", nil, 0, errors.New("store: listing upcoming or past events needs Today")
		}
		op := map[When]string{Upcoming: ">=", Past: "<"}[q.When]
		where = append(where, "data_evento "+op+" "+arg(q.Today.String()))
	default:
		return "", nil, 0, fmt.Errorf("store: unknown When %q", q.When)
	}
	if q.Categoria != "" {
		where = append(where, "categoria = "+arg(q.Categoria))
	}
	if q.UF != "" {
		where = append(where, "estado = "+arg(strings.ToUpper(q.UF)))
	}
	if q.OwnerID != "" {
		where = append(where, "owner_id = "+arg(q.OwnerID))
	}
	for _, term := range event.SearchQuery(q.Q) {
		words := make([]string, len(term.Words))
		for i, w := range term.Words {
			words[i] = d.Contains("search", arg(w))
		}
		cond := strings.Join(words, " AND ")
		if p := term.Place; p != nil {
			in := "estado = " + arg(p.UF)
			if p.Cidade != "" {
				in += " AND " + d.Contains("search", arg(p.Cidade))
			}
			cond = "((" + cond + ") OR (" + in + "))"
		}
		where = append(where, cond)
	}
	dir, cmp := "DESC", "<"
	if q.Ascending {
		dir, cmp = "ASC", ">"
	}
	if q.Cursor != "" {
		c, err := DecodeEventCursor(q.Cursor)
		if err != nil {
			return "", nil, 0, err
		}
		// Each use gets its own parameter: "?" placeholders are positional.
		where = append(where, fmt.Sprintf("(data_evento %s %s OR (data_evento = %s AND id %s %s))",
			cmp, arg(c.DataEvento), arg(c.DataEvento), cmp, arg(c.ID)))
	}
	var b strings.Builder
	b.WriteString("SELECT summary, data_evento, id FROM events")
	if len(where) > 0 {
		b.WriteString(" WHERE " + strings.Join(where, " AND "))
	}
	limit = q.ListLimit()
	fmt.Fprintf(&b, " ORDER BY data_evento %s, id %s LIMIT %d", dir, dir, limit+1)
	return b.String(), args, limit, nil
}

// eventListRow is one row of an eventListSQL query.
type eventListRow struct {
	Summary    []byte
	DataEvento string
	ID         string
}

// ReadEventPage reads the page of summaries q selects with query.
func ReadEventPage(ctx context.Context, query Query, d SQLDialect, q EventQuery) (EventPage, error) {
	stmt, args, limit, err := eventListSQL(q, d)
	if err != nil {
		return EventPage{}, err
	}
	rows, err := QueryAll(ctx, query, d.Name+": listing events", func(row Scanner) (r eventListRow, err error) {
		err = row.Scan(&r.Summary, &r.DataEvento, &r.ID)
		return r, err
	}, stmt, args...)
	if err != nil {
		return EventPage{}, err
	}
	// The query asks for one row more than limit: its presence says that a page follows.
	page := EventPage{Events: make([]json.RawMessage, 0, min(len(rows), limit))}
	for i, r := range rows {
		if i == limit {
			last := rows[i-1]
			page.NextCursor = EventCursor{DataEvento: last.DataEvento, ID: last.ID}.Encode()
			break
		}
		page.Events = append(page.Events, r.Summary)
	}
	return page, nil
}
