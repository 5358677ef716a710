package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"pelotao/internal/money"
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
	// ErrConflict: another import added the same participant meanwhile, or a row's document was
	// sold in Pelotão or held by an order after the plan was made (participants.CheckClaimed).
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
	// Q: participant.QueryTerms (name or e-mail words, CPF or passport, bib; by prefix), or a
	// whole registration code (participant.QueryCodigo).
	Q           string
	Percurso    string // exact modality, as stored
	KitRetirado *bool
	Pago        *bool
	Grupo       string // a group's id: its participants only (GRP-47); "": everyone
	Limit       int    // 1..MaxParticipantLimit; 0: DefaultParticipantLimit
	Cursor      string // ParticipantPage.NextCursor
}

const (
	DefaultParticipantLimit = 50
	MaxParticipantLimit     = 500
)

// ParticipantPage is one page; Total counts every participant the query selects. The participants
// are the roster's own (a Roster never changes once made): read them, never write to them.
type ParticipantPage struct {
	Participants []*participant.Participant
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
// the implementations' scanners use (selected FROM participants, unaliased). responsavel is the
// minor's guardian as JSON, or ”. After it, whether a registration sold here had the 60+ half
// price: its discount without a coupon, as registration.Price gives no other (its registration is
// found by primary key, and only for participants sold here). The last three are the group of a
// registration sold here, its id, name and code, or ” (GRP-47, GRP-61): a group's writes give
// its participants a new rev (sale.Groups), so what is kept by rev reads them again.
const ParticipantColumns = `id, inscricao, doc_tipo, doc_numero, nome, email, telefone, nascimento, sexo, percurso,
	camiseta, equipe, numero_peito, pago, valor, kit_at, kit_balcao, kit_por, kit_retirado_por, kit_camiseta_entregue, rev,
	origem, codigo, categoria, responsavel,
	CASE WHEN origem = 'pelotao' THEN EXISTS (SELECT 1 FROM registrations r
		WHERE r.id = participants.inscricao AND r.cupom = '' AND r.desconto > 0) ELSE false END,
	CASE WHEN origem = 'pelotao' THEN coalesce((SELECT r.grupo_id FROM registrations r
		WHERE r.id = participants.inscricao), '') ELSE '' END,
	CASE WHEN origem = 'pelotao' THEN coalesce((SELECT g.nome FROM registrations r JOIN event_groups g ON g.id = r.grupo_id
		WHERE r.id = participants.inscricao), '') ELSE '' END,
	CASE WHEN origem = 'pelotao' THEN coalesce((SELECT g.codigo FROM registrations r JOIN event_groups g ON g.id = r.grupo_id
		WHERE r.id = participants.inscricao), '') ELSE '' END`

// ParticipantRow is a participant as both databases store its own columns (not the kit's).
type ParticipantRow struct {
	ID, EventID, Inscricao, DocTipo, DocNumero, Nome, NomeOrdem, Email, Telefone string
	Nascimento                                                                   *string
	Sexo, Percurso, Camiseta, Equipe                                             string
	NumeroPeito                                                                  *int
	Pago                                                                         bool
	Valor                                                                        *money.Centavos
}

// NewParticipantRow is p as stored in event eventID.
func NewParticipantRow(eventID string, p participant.Participant) ParticipantRow {
	r := ParticipantRow{ID: p.ID, EventID: eventID, Inscricao: p.Inscricao, DocTipo: p.Documento.Tipo,
		DocNumero: p.Documento.Numero, Nome: p.Nome, NomeOrdem: participant.SortKey(p), Email: p.Email,
		Telefone: p.Telefone, Nascimento: p.Nascimento, Sexo: p.Sexo, Percurso: p.Percurso, Camiseta: p.Camiseta,
		Equipe: p.Equipe, NumeroPeito: p.NumeroPeito, Pago: p.Pago}
	if p.Valor != nil {
		v := *p.Valor
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

// ReadParticipantSummary runs stmt with query and counts its rows: percurso, sexo, camiseta,
// the group's name ("" for none), how many participants, paid ones and kits picked up each
// (modality, sex, shirt, group) has, and the cents of its paid and unpaid values; what starts
// its errors. PorGrupo lists the groups having participants by name (GRP-49).
func ReadParticipantSummary(ctx context.Context, query Query, what, stmt string, args ...any) (participant.Summary, error) {
	type group struct {
		percurso, sexo, camiseta, grupo string
		n, pagos, kits                  int
		pago, pendente                  money.Centavos
	}
	groups, err := QueryAll(ctx, query, what, func(row Scanner) (g group, err error) {
		err = row.Scan(&g.percurso, &g.sexo, &g.camiseta, &g.grupo, &g.n, &g.pagos, &g.kits, &g.pago, &g.pendente)
		return g, err
	}, stmt, args...)
	s := participant.Summary{PorPercurso: map[string]int{}, PorSexo: map[string]int{}, PorCamiseta: map[string]map[string]int{},
		PorGrupo: []participant.GrupoTotais{}}
	grupos := map[string]int{} // name → index in PorGrupo
	for _, g := range groups {
		if g.grupo != "" {
			i, ok := grupos[g.grupo]
			if !ok {
				i = len(s.PorGrupo)
				grupos[g.grupo] = i
				s.PorGrupo = append(s.PorGrupo, participant.GrupoTotais{Nome: g.grupo, Camisetas: map[string]int{}})
			}
			s.PorGrupo[i].Inscritos += g.n
			s.PorGrupo[i].Camisetas[SummaryKey(g.camiseta)] += g.n
		}
		s.Total += g.n
		s.Pagos += g.pagos
		s.KitRetirado += g.kits
		s.ValorPago += g.pago
		s.ValorPendente += g.pendente
		p := SummaryKey(g.percurso)
		s.PorPercurso[p] += g.n
		s.PorSexo[SummaryKey(g.sexo)] += g.n
		if s.PorCamiseta[p] == nil {
			s.PorCamiseta[p] = map[string]int{}
		}
		s.PorCamiseta[p][SummaryKey(g.camiseta)] += g.n
	}
	slices.SortFunc(s.PorGrupo, func(a, b participant.GrupoTotais) int { return strings.Compare(a.Nome, b.Nome) })
	return s, err
}

// ScanParticipantSettings reads an event's settings document; no row is the settings of an
// event that never set them.
func ScanParticipantSettings(row Scanner) (participant.Settings, error) {
	set := participant.Settings{FaixasPeito: []participant.FaixaPeito{}}
	var doc []byte
	err := row.Scan(&doc)
	if IsNoRows(err) {
		return set, nil
	}
	if err != nil {
		return set, fmt.Errorf("store: participant settings: %w", err)
	}
	if err := json.Unmarshal(doc, &set); err != nil {
		return set, fmt.Errorf("store: participant settings: %w", err)
	}
	return set, nil
}

// ScanParticipant reads a row of ParticipantColumns.
func ScanParticipant(row Scanner) (participant.Participant, error) {
	var p participant.Participant
	var kitAt *time.Time
	var balcao, por, retiradoPor, camiseta *string
	var responsavel string
	if err := row.Scan(&p.ID, &p.Inscricao, &p.Documento.Tipo, &p.Documento.Numero, &p.Nome, &p.Email, &p.Telefone,
		&p.Nascimento, &p.Sexo, &p.Percurso, &p.Camiseta, &p.Equipe, &p.NumeroPeito, &p.Pago, &p.Valor, &kitAt, &balcao, &por,
		&retiradoPor, &camiseta, &p.Rev, &p.Origem, &p.Codigo, &p.Categoria, &responsavel, &p.MeiaEntrada, &p.GrupoID, &p.Grupo, &p.GrupoCodigo); err != nil {
		return p, err
	}
	if responsavel != "" {
		p.Responsavel = &participant.Responsavel{}
		if err := json.Unmarshal([]byte(responsavel), p.Responsavel); err != nil {
			return p, fmt.Errorf("store: participant %s guardian: %w", p.ID, err)
		}
	}
	if p.Origem == participant.OrigemPelotao {
		p.InscricaoID = p.Inscricao
	}
	if kitAt != nil {
		str := func(s *string) string {
			if s == nil {
				return ""
			}
			return *s
		}
		p.KitRetirado = &participant.Kit{At: kitAt.UTC(), Balcao: str(balcao), Por: str(por), CamisetaEntregue: str(camiseta)}
		if str(retiradoPor) != "" {
			var t participant.Terceiro
			if err := json.Unmarshal([]byte(*retiradoPor), &t); err != nil {
				return p, fmt.Errorf("store: participant %s: kit_retirado_por: %w", p.ID, err)
			}
			p.KitRetirado.RetiradoPor = &t
		}
	}
	return p, nil
}

// ScanHistoryEntry reads a row of participant_history's tipo, em, por_nome and detalhe.
func ScanHistoryEntry(row Scanner) (participant.HistoryEntry, error) {
	var h participant.HistoryEntry
	var detalhe *string
	err := row.Scan(&h.Tipo, &h.Em, &h.Por, &detalhe)
	h.Em = h.Em.UTC()
	if detalhe != nil {
		h.Detalhe = json.RawMessage(*detalhe)
	}
	return h, err
}
