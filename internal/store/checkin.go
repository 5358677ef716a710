package store

import (
	"cmp"
	"context"
	"slices"
	"time"

	"pelotao/internal/participant"
)

// Pickup is one kit pickup as a desk sent it (docs/product.md §10 "Kit pickup"). Its ID is made on the
// device: the same pickup sent again (a retry after a lost answer) is recorded once.
type Pickup struct {
	ID            string
	EventID       string
	ParticipantID string
	// At is when the desk handed the kit (the device's clock): offline pickups arrive later.
	At     time.Time
	Balcao string
	// PorUID and Por are the staff member who sent it: their account and their name.
	PorUID           string
	Por              string
	RetiradoPor      *participant.Terceiro // nil: the athlete in person
	CamisetaEntregue string
	// SemPagamento is the desk's word on payment (participant.Settings.KitRefusal): checked, not kept.
	SemPagamento *bool
}

// What the server answers for each pickup sent.
const (
	// PickupOK: recorded; it is the participant's pickup now.
	PickupOK = "ok"
	// PickupDuplicate: this id was already recorded as the pickup (a retry); nothing changed.
	PickupDuplicate = "duplicate"
	// PickupConflict: the kit had already been picked up (another id won); kept in the history.
	PickupConflict = "conflict"
	// PickupRefused: an unpaid kit the event's settings forbid or the desk did not confirm
	// (participant.Settings.KitRefusal); nothing is recorded, and PickupResult.Motivo says why.
	PickupRefused = "refused"
)

// PickupResult is the answer to one pickup: its status and the participant's pickup after it
// (on conflict, the one that won).
type PickupResult struct {
	ID     string
	Status string
	Kit    *participant.Kit
	Motivo string // why a pickup was refused (pt-BR)
}

// Refused is the answer to a pickup refused for motivo: the kit stays as it is.
func Refused(id string, kit *participant.Kit, motivo string) PickupResult {
	return PickupResult{ID: id, Status: PickupRefused, Kit: kit, Motivo: motivo}
}

// PickupRecord is a pickup as the history shows it: the current one, one undone, or one refused.
type PickupRecord struct {
	Pickup
	Nome        string
	NumeroPeito *int
	Status      string // PickupOK or PickupConflict
	RecordedAt  time.Time
	UndoneAt    *time.Time
	UndonePor   string
}

// PickupStats is the progress of an event's kit pickup.
type PickupStats struct {
	Total, Retirados int
	PorPercurso      []PercursoPickups // by modality name
	PorBalcao        []BalcaoPickups   // by desk name, current pickups only
	// PorQuartoDeHora counts current pickups by the quarter of an hour they were handed in,
	// oldest first; quarters without any are left out.
	PorQuartoDeHora []QuarterPickups
}

type PercursoPickups struct {
	Percurso         string
	Total, Retirados int
}

type BalcaoPickups struct {
	Balcao    string
	Retirados int
}

type QuarterPickups struct {
	Inicio    time.Time
	Retirados int
}

// CheckinStore records kit pickups. The first pickup recorded for a participant wins, atomically,
// across every server instance on one database; later ones are kept as conflicts. A pickup or
// an undo sets the participant's KitRetirado (kit_* columns) with a new rev, and adds to its
// history (participant.HistoryPickedUp, HistoryUndone).
type CheckinStore interface {
	// RecordPickups records each pickup, in order, and answers each. A participant that is not
	// the event's makes the whole call fail with ErrNotFound, recording nothing. A pickup of
	// an unpaid kit that participant.Settings.KitRefusal refuses is answered PickupRefused unless
	// its id was recorded before (then it is a duplicate, as always).
	RecordPickups(ctx context.Context, eventID string, pickups []Pickup) ([]PickupResult, error)
	// UndoPickup undoes the participant's current pickup (kept in the history, marked undone by
	// por). ErrNotFound: the participant has no pickup.
	UndoPickup(ctx context.Context, eventID, participantID, porUID, por string) error
	// Roster lists the event's participants whose rev is above since (all of them for 0),
	// pickups and undos included (they take a new rev), and the cursor to ask from next time:
	// the highest rev listed, or since when none changed. Asked from a cursor (since > 0), it
	// also lists the participants removed after it, marked Removido.
	Roster(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error)
	// PickupStats is the event's progress.
	PickupStats(ctx context.Context, eventID string) (PickupStats, error)
	// PickupHistory lists the event's pickups, newest recorded first, at most limit.
	PickupHistory(ctx context.Context, eventID string, limit int) ([]PickupRecord, error)
}

// KitColumns are the columns of a kit_pickups row that ScanKit reads.
const KitColumns = "at, balcao, por, retirado_por_nome, retirado_por_documento, camiseta_entregue"

// ScanKit reads a row of KitColumns: the kit a pickup handed; no row is nil.
func ScanKit(row Scanner) (*participant.Kit, error) {
	var k participant.Kit
	var nome, doc *string
	err := row.Scan(&k.At, &k.Balcao, &k.Por, &nome, &doc, &k.CamisetaEntregue)
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	k.At = k.At.UTC()
	if nome != nil {
		k.RetiradoPor = &participant.Terceiro{Nome: *nome, Documento: *doc}
	}
	return &k, nil
}

// PickupHistorySelect selects the columns ScanPickupRecord reads, from kit_pickups k and its
// participant p.
const PickupHistorySelect = `SELECT k.id, k.event_id, k.participant_id, k.at, k.balcao, k.por_uid, k.por,
	k.retirado_por_nome, k.retirado_por_documento, k.camiseta_entregue, k.status, k.recorded_at,
	k.undone_at, COALESCE(k.undone_por, ''), p.nome, p.numero_peito
	FROM kit_pickups k JOIN participants p ON p.id = k.participant_id`

// ScanPickupRecord reads a row of PickupHistorySelect.
func ScanPickupRecord(row Scanner) (PickupRecord, error) {
	var r PickupRecord
	var nome, doc *string
	if err := row.Scan(&r.ID, &r.EventID, &r.ParticipantID, &r.At, &r.Balcao, &r.PorUID, &r.Por, &nome, &doc,
		&r.CamisetaEntregue, &r.Status, &r.RecordedAt, &r.UndoneAt, &r.UndonePor, &r.Nome, &r.NumeroPeito); err != nil {
		return r, err
	}
	r.At, r.RecordedAt = r.At.UTC(), r.RecordedAt.UTC()
	if r.UndoneAt != nil {
		t := r.UndoneAt.UTC()
		r.UndoneAt = &t
	}
	if nome != nil {
		r.RetiradoPor = &participant.Terceiro{Nome: *nome, Documento: *doc}
	}
	return r, nil
}

// ReadPickupStats reads an event's progress with query; quarterStart is the database's SQL for
// the start of kit_at's quarter of an hour, as a time.
func ReadPickupStats(ctx context.Context, query Query, d SQLDialect, quarterStart, eventID string) (PickupStats, error) {
	what := d.Name + ": pickup stats"
	st := PickupStats{PorPercurso: []PercursoPickups{}, PorBalcao: []BalcaoPickups{}, PorQuartoDeHora: []QuarterPickups{}}
	byPercurso, err := QueryAll(ctx, query, what, func(row Scanner) (m PercursoPickups, err error) {
		err = row.Scan(&m.Percurso, &m.Total, &m.Retirados)
		return m, err
	}, `SELECT percurso, count(*), count(kit_at) FROM participants
		WHERE event_id = `+d.Placeholder(1)+` GROUP BY percurso ORDER BY percurso`, eventID)
	if err != nil {
		return st, err
	}
	for _, m := range byPercurso {
		st.Total += m.Total
		st.Retirados += m.Retirados
	}
	st.PorPercurso = byPercurso
	st.PorBalcao, err = QueryAll(ctx, query, what, func(row Scanner) (b BalcaoPickups, err error) {
		err = row.Scan(&b.Balcao, &b.Retirados)
		return b, err
	}, `SELECT kit_balcao, count(*) FROM participants
		WHERE event_id = `+d.Placeholder(1)+` AND kit_at IS NOT NULL GROUP BY kit_balcao ORDER BY kit_balcao`, eventID)
	if err != nil {
		return st, err
	}
	st.PorQuartoDeHora, err = QueryAll(ctx, query, what, func(row Scanner) (q QuarterPickups, err error) {
		err = row.Scan(&q.Inicio, &q.Retirados)
		q.Inicio = q.Inicio.UTC()
		return q, err
	}, `SELECT `+quarterStart+`, count(*) FROM participants
		WHERE event_id = `+d.Placeholder(1)+` AND kit_at IS NOT NULL GROUP BY 1 ORDER BY 1`, eventID)
	return st, err
}

// ReadRoster reads the event's participants whose rev is above since, in rev order, with
// query; and the cursor to ask from next time (CheckinStore.Roster).
func ReadRoster(ctx context.Context, query Query, d SQLDialect, eventID string, since int64) ([]participant.Participant, int64, error) {
	list, err := QueryAll(ctx, query, d.Name+": roster", ScanParticipant, "SELECT "+ParticipantColumns+
		" FROM participants WHERE event_id = "+d.Placeholder(1)+" AND rev > "+d.Placeholder(2)+" ORDER BY rev", eventID, since)
	if err != nil {
		return nil, since, err
	}
	if since > 0 { // a first read lists who is there; later ones also who left
		removed, err := QueryAll(ctx, query, d.Name+": roster removals", func(row Scanner) (p participant.Participant, err error) {
			err = row.Scan(&p.ID, &p.Rev)
			p.Removido = true
			return p, err
		}, "SELECT participant_id, rev FROM participant_removals WHERE event_id = "+d.Placeholder(1)+" AND rev > "+d.Placeholder(2)+
			" ORDER BY rev", eventID, since)
		if err != nil {
			return nil, since, err
		}
		if len(removed) > 0 {
			list = append(list, removed...)
			slices.SortFunc(list, func(a, b participant.Participant) int { return cmp.Compare(a.Rev, b.Rev) })
		}
	}
	if len(list) > 0 {
		since = list[len(list)-1].Rev
	}
	return list, since, nil
}
