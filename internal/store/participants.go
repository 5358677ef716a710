package store

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"pelotao/internal/participant"
)

// ParticipantStore stores events' participants (docs/product.md §10, "Participants"), their history and
// their settings. An event's deletion removes them all (LGPD).
//
// Every insert or update of a participant takes a new Rev from one counter of the database,
// in commit order, so "what changed after rev N" (the kit desk's roster) misses nothing. The
// kit pickup columns (kit_*) are written only by the kit desk, never by an import.
type ParticipantStore interface {
	// EventParticipants returns all of an event's participants by name (re-import, export).
	EventParticipants(ctx context.Context, eventID string) ([]participant.Participant, error)
	// ApplyImport saves an import plan without errors in one transaction: its additions (ids
	// are given here), its updates (kit pickups untouched) with a history entry each.
	// ErrConflict: another import added the same participant meanwhile.
	ApplyImport(ctx context.Context, eventID string, plan participant.Plan, by Actor) error
	// ListParticipants returns one page of an event's participants, by name.
	ListParticipants(ctx context.Context, q ParticipantQuery) (ParticipantPage, error)
	// GetParticipant returns one participant of an event, or ErrNotFound.
	GetParticipant(ctx context.Context, eventID, id string) (participant.Participant, error)
	// ParticipantHistory lists what happened to a participant, oldest first.
	ParticipantHistory(ctx context.Context, eventID, id string) ([]participant.HistoryEntry, error)
	// ParticipantSummary counts an event's participants for purchasing.
	ParticipantSummary(ctx context.Context, eventID string) (participant.Summary, error)
	// ParticipantsByBib lists the participants with a bib from `from` to `to`, by bib.
	ParticipantsByBib(ctx context.Context, eventID string, from, to int) ([]participant.Participant, error)
	// ParticipantSettings returns an event's participant settings (zero when never set).
	ParticipantSettings(ctx context.Context, eventID string) (participant.Settings, error)
	// SetParticipantSettings replaces them; ErrNotFound: no such event.
	SetParticipantSettings(ctx context.Context, eventID string, s participant.Settings) error
}

// Actor is who does a write, for the history: the user's id and name, and when.
type Actor struct {
	UserID string
	Nome   string
	At     time.Time
}

// ParticipantQuery selects a page of an event's participants.
type ParticipantQuery struct {
	EventID string
	// Q: participant.QueryTerms (name or e-mail words, CPF or passport, bib; by prefix).
	Q           string
	Percurso    string // exact modality, as stored
	KitRetirado *bool
	Pago        *bool
	Limit       int    // 1..MaxParticipantLimit; 0: DefaultParticipantLimit
	Cursor      string // ParticipantPage.NextCursor
}

const (
	DefaultParticipantLimit = 50
	MaxParticipantLimit     = 500
)

// ParticipantPage is one page; Total counts every participant the query selects.
type ParticipantPage struct {
	Participants []participant.Participant
	Total        int
	NextCursor   string
}

// NewParticipantID returns a fresh, unguessable participant id.
func NewParticipantID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ParticipantColumns are the columns of a participant row in the order ParticipantValues and
// the implementations' scanners use.
const ParticipantColumns = `id, inscricao, doc_tipo, doc_numero, nome, email, telefone, nascimento, sexo, percurso,
	camiseta, equipe, numero_peito, pago, valor, kit_at, kit_balcao, kit_por, kit_retirado_por, kit_camiseta_entregue, rev`

// participantCursor is the position after which a page starts: the last (nome_ordem, id).
func encodeParticipantCursor(sortKey, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(sortKey + "\x00" + id))
}

func decodeParticipantCursor(s string) (string, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return "", "", ErrBadCursor
	}
	key, id, ok := strings.Cut(string(b), "\x00")
	if !ok || id == "" {
		return "", "", ErrBadCursor
	}
	return key, id, nil
}

// ParticipantListSQL builds the page query of q (ParticipantColumns and nome_ordem, one row
// more than the page) and the count query of the same selection.
//
// A search term t matches a participant with an indexed term in [t, t+U+FFFF): a prefix, found
// in the terms' key, which carries each participant's nome_ordem. The matches of every term
// (DISTINCT, INTERSECT) are counted, ordered and cut to the page inside the terms' index, and
// only the page's participants are read; CROSS JOIN keeps them in that order (SQLite reads it as
// "this table first": left to itself it walks every participant of the event by name and tests
// each against the terms). Filters on the participant's own columns need every match read, so
// with them the page is cut after the join.
func ParticipantListSQL(q ParticipantQuery, d SQLDialect) (page string, pageArgs []any, count string, countArgs []any, limit int, err error) {
	limit = q.Limit
	switch {
	case limit <= 0:
		limit = DefaultParticipantLimit
	case limit > MaxParticipantLimit:
		limit = MaxParticipantLimit
	}
	var cursorKey, cursorID string
	if q.Cursor != "" {
		if cursorKey, cursorID, err = decodeParticipantCursor(q.Cursor); err != nil {
			return "", nil, "", nil, 0, err
		}
	}
	// Placeholders are numbered in the order the text uses them ("?" is positional).
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return d.Placeholder(len(args))
	}
	after := func(key, id string) string { // the cursor's keyset condition
		return fmt.Sprintf("(%s > %s OR (%s = %s AND %s > %s))", key, arg(cursorKey), key, arg(cursorKey), id, arg(cursorID))
	}
	filters := func() (where []string) {
		if q.Percurso != "" {
			where = append(where, "participants.percurso = "+arg(q.Percurso))
		}
		if q.KitRetirado != nil {
			where = append(where, map[bool]string{true: "participants.kit_at IS NOT NULL", false: "participants.kit_at IS NULL"}[*q.KitRetirado])
		}
		if q.Pago != nil {
			where = append(where, "participants.pago = "+arg(*q.Pago))
		}
		return where
	}
	columns := qualified("participants", ParticipantColumns)
	terms := participant.QueryTerms(q.Q)
	if len(terms) == 0 {
		where := append([]string{"participants.event_id = " + arg(q.EventID)}, filters()...)
		count, countArgs = "SELECT count(*) FROM participants WHERE "+strings.Join(where, " AND "), slices.Clone(args)
		if q.Cursor != "" {
			where = append(where, after("participants.nome_ordem", "participants.id"))
		}
		page = fmt.Sprintf("SELECT %s, participants.nome_ordem FROM participants WHERE %s ORDER BY participants.nome_ordem, participants.id LIMIT %d",
			columns, strings.Join(where, " AND "), limit+1)
		return page, args, count, countArgs, limit, nil
	}
	subs := make([]string, len(terms))
	for i, t := range terms {
		subs[i] = fmt.Sprintf("SELECT DISTINCT nome_ordem, participant_id FROM participant_terms WHERE event_id = %s AND term >= %s AND term < %s",
			arg(q.EventID), arg(t), arg(t+"\uffff"))
	}
	matches := "(" + strings.Join(subs, " INTERSECT ") + ") m"
	where := filters()
	if len(where) == 0 {
		count, countArgs = "SELECT count(*) FROM "+matches, slices.Clone(args)
		cut := ""
		if q.Cursor != "" {
			cut = " WHERE " + after("m.nome_ordem", "m.participant_id")
		}
		page = fmt.Sprintf(`SELECT %s, participants.nome_ordem FROM (SELECT m.nome_ordem, m.participant_id FROM %s%s
			ORDER BY m.nome_ordem, m.participant_id LIMIT %d) p CROSS JOIN participants
			WHERE participants.id = p.participant_id ORDER BY p.nome_ordem, p.participant_id`, columns, matches, cut, limit+1)
		return page, args, count, countArgs, limit, nil
	}
	where = append([]string{"participants.id = m.participant_id"}, where...)
	count, countArgs = "SELECT count(*) FROM "+matches+" CROSS JOIN participants WHERE "+strings.Join(where, " AND "), slices.Clone(args)
	if q.Cursor != "" {
		where = append(where, after("m.nome_ordem", "m.participant_id"))
	}
	page = fmt.Sprintf("SELECT %s, m.nome_ordem FROM %s CROSS JOIN participants WHERE %s ORDER BY m.nome_ordem, m.participant_id LIMIT %d",
		columns, matches, strings.Join(where, " AND "), limit+1)
	return page, args, count, countArgs, limit, nil
}

// qualified prefixes each of a comma-separated column list with table.
func qualified(table, columns string) string {
	cols := strings.Split(columns, ",")
	for i, c := range cols {
		cols[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}

// ParticipantPageFrom makes a page of rows read with ParticipantListSQL (sortKeys beside them).
func ParticipantPageFrom(list []participant.Participant, sortKeys []string, limit, total int) ParticipantPage {
	page := ParticipantPage{Participants: list, Total: total}
	if len(list) > limit {
		page.Participants = list[:limit]
		page.NextCursor = encodeParticipantCursor(sortKeys[limit-1], list[limit-1].ID)
	}
	return page
}

// ParticipantRow is a participant as both databases store its own columns (not the kit's).
type ParticipantRow struct {
	ID, EventID, Inscricao, DocTipo, DocNumero, Nome, NomeOrdem, Email, Telefone string
	Nascimento                                                                   *string
	Sexo, Percurso, Camiseta, Equipe                                             string
	NumeroPeito                                                                  *int
	Pago                                                                         bool
	Valor                                                                        *int64
	Terms                                                                        []string
}

// NewParticipantRow is p as stored in event eventID.
func NewParticipantRow(eventID string, p participant.Participant) ParticipantRow {
	r := ParticipantRow{ID: p.ID, EventID: eventID, Inscricao: p.Inscricao, DocTipo: p.Documento.Tipo,
		DocNumero: p.Documento.Numero, Nome: p.Nome, NomeOrdem: participant.SortKey(p), Email: p.Email,
		Telefone: p.Telefone, Nascimento: p.Nascimento, Sexo: p.Sexo, Percurso: p.Percurso, Camiseta: p.Camiseta,
		Equipe: p.Equipe, NumeroPeito: p.NumeroPeito, Pago: p.Pago, Terms: participant.SearchTerms(p)}
	if p.Valor != nil {
		v := int64(*p.Valor)
		r.Valor = &v
	}
	return r
}

// SummaryUnknown is the key of Summary's maps for a value a participant lacks.
const SummaryUnknown = "não informado"

// SummaryKey is the key of a value in a Summary map.
func SummaryKey(v string) string {
	if v == "" {
		return SummaryUnknown
	}
	return v
}

// AddToSummary counts n participants of one (modality, sex, shirt) group, of which pagos paid
// and kits picked up.
func AddToSummary(s *participant.Summary, percurso, sexo, camiseta string, n, pagos, kits int) {
	s.Total += n
	s.Pagos += pagos
	s.KitRetirado += kits
	p := SummaryKey(percurso)
	s.PorPercurso[p] += n
	s.PorSexo[SummaryKey(sexo)] += n
	if s.PorCamiseta[p] == nil {
		s.PorCamiseta[p] = map[string]int{}
	}
	s.PorCamiseta[p][SummaryKey(camiseta)] += n
}

// DecodeParticipantSettings reads the settings document of a query that ended with err
// (noRows: the driver's "no row"; the event never had settings).
func DecodeParticipantSettings(doc string, err, noRows error) (participant.Settings, error) {
	set := participant.Settings{FaixasPeito: []participant.FaixaPeito{}}
	if errors.Is(err, noRows) {
		return set, nil
	}
	if err != nil {
		return set, fmt.Errorf("store: participant settings: %w", err)
	}
	if err := json.Unmarshal([]byte(doc), &set); err != nil {
		return set, fmt.Errorf("store: participant settings: %w", err)
	}
	return set, nil
}
