package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Group is an assessoria or any group of athletes of one event (docs/requirements.md GRP-1):
// its coaches, creator first, and its counts: Inscritos are its registrations held or
// confirmed, Confirmados those paid.
type Group struct {
	ID          string
	EventID     string
	Nome        string
	Codigo      string
	CriadoEm    time.Time
	Coaches     []GroupCoach
	Inscritos   int
	Confirmados int
}

// GroupCoach is one coach of a group: an account and its name.
type GroupCoach struct {
	UserID string
	Nome   string
}

// NewGroup is a group to create: Chave is its name folded (internal/groups.Chave), unique in the
// event; Codigo its code, unique everywhere; CoachID the account creating it, its first coach.
type NewGroup struct {
	ID, EventID, Nome, Chave, Codigo, CoachID string
	Now                                       time.Time
}

// GroupMember is a registration of a group held or confirmed, for its coaches' page (GRP-12).
type GroupMember struct {
	RegistrationID string
	Nome           string
	Percurso       string
	Camiseta       string
	Status         string // the registration's: pendente (held) or confirmada
	OrderID        string
	Pago           bool
}

var (
	// ErrGroupHasMembers refuses removing a group with a registration held or confirmed (GRP-8).
	ErrGroupHasMembers = errors.New("store: the group has registrations")
	// ErrGroupCoaches refuses a coach past the group's limit (GRP-6).
	ErrGroupCoaches = errors.New("store: the group has its coaches")
)

// GroupStore stores events' groups. An event's deletion removes its groups; a registration of a
// removed group keeps no group.
type GroupStore interface {
	// CreateGroup stores g with its creator as coach. ErrConflict: the event has a group of
	// g.Chave (or, unlikely, another group has g.Codigo), answered with the group of g.Chave when
	// there is one; ErrNotFound: no such event.
	CreateGroup(ctx context.Context, g NewGroup) (Group, error)
	// Group is one group with its coaches and counts at now, or ErrNotFound.
	Group(ctx context.Context, id string, now time.Time) (Group, error)
	// GroupByCode is the event's group of the code, or ErrNotFound (another event's code too).
	GroupByCode(ctx context.Context, eventID, codigo string, now time.Time) (Group, error)
	// EventGroups lists the event's groups by name.
	EventGroups(ctx context.Context, eventID string, now time.Time) ([]Group, error)
	// CoachGroups lists the groups userID coaches, newest first.
	CoachGroups(ctx context.Context, userID string, now time.Time) ([]Group, error)
	// GroupMembers lists the group's registrations held or confirmed at now, by name.
	GroupMembers(ctx context.Context, groupID string, now time.Time) ([]GroupMember, error)
	// GroupBibs lists the bibs of the event's groups' paid registrations, by group id, for the
	// ranking by assessoria (GRP-43); a registration without a bib has none.
	GroupBibs(ctx context.Context, eventID string) (map[string][]string, error)
	// RenameGroup gives the group a new name (chave: folded). ErrConflict: another group of the
	// event has chave, answered with it; ErrNotFound: no such group.
	RenameGroup(ctx context.Context, id, nome, chave string) (Group, error)
	// AddGroupCoach makes userID a coach of the group. ErrGroupCoaches: the group has
	// maxCoaches; ErrConflict: userID coaches it already; ErrNotFound: no such group.
	AddGroupCoach(ctx context.Context, id, userID string, maxCoaches int, now time.Time) error
	// DeleteGroup removes the group: ErrGroupHasMembers while a registration of it is held or
	// confirmed at now; ErrNotFound: no such group.
	DeleteGroup(ctx context.Context, id string, now time.Time) error
	// MergeGroups moves every registration of group from into group into, of the same event,
	// and removes from. ErrNotFound: either is missing or of another event.
	MergeGroups(ctx context.Context, eventID, from, into string) error
	// JoinGroup puts every registration of the order in the group of the order's event: what an
	// order with a group's code does (GRP-3). ErrNotFound: no such order, or the group is not
	// of its event.
	JoinGroup(ctx context.Context, orderID, groupID string) error
}

// GroupTx is a write transaction as the group writes use it: SQL with ? parameters, times as
// time.Time, a unique violation as ErrConflict. OrderTx is one.
type GroupTx interface {
	Exec(ctx context.Context, sql string, args ...any) (int64, error)
	QueryRow(ctx context.Context, sql string, args ...any) Scanner
}

// Groups implements GroupStore once for both databases, over a driver's reads and its write
// transactions. Every write runs under the event's order lock (InEventTx), so that group writes
// and the orders that count a group's registrations take turns.
type Groups struct {
	// Query reads with ? parameters and times as time.Time.
	Query Query
	// InEventTx runs fn in a write transaction holding eventID's order lock.
	InEventTx func(ctx context.Context, eventID string, fn func(GroupTx) error) error
	Name      string // the driver's, for errors
}

// CreateGroup implements GroupStore.
func (gs Groups) CreateGroup(ctx context.Context, g NewGroup) (Group, error) {
	err := gs.InEventTx(ctx, g.EventID, func(tx GroupTx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM events WHERE id = ?", g.EventID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		if _, err := tx.Exec(ctx, `INSERT INTO event_groups (id, event_id, nome, chave, codigo, criado_por, criado_em)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, g.ID, g.EventID, g.Nome, g.Chave, g.Codigo, g.CoachID, g.Now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO event_group_coaches (grupo_id, user_id, desde) VALUES (?, ?, ?)", g.ID, g.CoachID, g.Now)
		return err
	})
	return gs.written(ctx, "creating group", g.EventID, g.ID, g.Chave, g.Now, err)
}

// written answers a write of group id: the group as it stands, or on ErrConflict the event's
// group of chave (read after the transaction: PostgreSQL aborts one at its conflict).
func (gs Groups) written(ctx context.Context, what, eventID, id, chave string, now time.Time, err error) (Group, error) {
	switch {
	case errors.Is(err, ErrConflict):
		taken, readErr := gs.one(ctx, now, "WHERE g.event_id = ? AND g.chave = ?", eventID, chave)
		if readErr != nil && !errors.Is(readErr, ErrNotFound) {
			return Group{}, readErr
		}
		return taken, ErrConflict
	case errors.Is(err, ErrNotFound):
		return Group{}, err
	case err != nil:
		return Group{}, fmt.Errorf("%s: %s: %w", gs.Name, what, err)
	}
	return gs.Group(ctx, id, now)
}

// groupEvent is the event of the group, read before a write takes the event's lock.
func (gs Groups) groupEvent(ctx context.Context, id string) (string, error) {
	rows, err := gs.Query(ctx, "SELECT event_id FROM event_groups WHERE id = ?", id)
	if err != nil {
		return "", fmt.Errorf("%s: group's event: %w", gs.Name, err)
	}
	defer rows.Close()
	ids, err := Collect(rows, func(r Scanner) (id string, err error) { return id, r.Scan(&id) })
	if err != nil {
		return "", fmt.Errorf("%s: group's event: %w", gs.Name, err)
	}
	if len(ids) == 0 {
		return "", ErrNotFound
	}
	return ids[0], nil
}

// inGroupTx runs fn in a write transaction holding the event's lock of group id, which fn is
// handed; ErrNotFound when there is no such group.
func (gs Groups) inGroupTx(ctx context.Context, id string, fn func(tx GroupTx, eventID string) error) (string, error) {
	eventID, err := gs.groupEvent(ctx, id)
	if err != nil {
		return "", err
	}
	return eventID, gs.InEventTx(ctx, eventID, func(tx GroupTx) error { return fn(tx, eventID) })
}

// RenameGroup implements GroupStore.
func (gs Groups) RenameGroup(ctx context.Context, id, nome, chave string) (Group, error) {
	eventID, err := gs.inGroupTx(ctx, id, func(tx GroupTx, _ string) error {
		n, err := tx.Exec(ctx, "UPDATE event_groups SET nome = ?, chave = ? WHERE id = ?", nome, chave, id)
		if err == nil && n == 0 {
			return ErrNotFound
		}
		return err
	})
	return gs.written(ctx, "renaming group", eventID, id, chave, time.Now(), err)
}

// AddGroupCoach implements GroupStore.
func (gs Groups) AddGroupCoach(ctx context.Context, id, userID string, maxCoaches int, now time.Time) error {
	_, err := gs.inGroupTx(ctx, id, func(tx GroupTx, _ string) error {
		var n, already int
		if err := tx.QueryRow(ctx, `SELECT count(*), count(CASE WHEN user_id = ? THEN 1 END) FROM event_group_coaches
			WHERE grupo_id = ?`, userID, id).Scan(&n, &already); err != nil {
			return err
		}
		switch {
		case already > 0:
			return ErrConflict
		case n >= maxCoaches:
			return ErrGroupCoaches
		}
		_, err := tx.Exec(ctx, "INSERT INTO event_group_coaches (grupo_id, user_id, desde) VALUES (?, ?, ?)", id, userID, now)
		return err
	})
	return gs.wrap("adding a coach", err, ErrNotFound, ErrConflict, ErrGroupCoaches)
}

// wrap names a failed write but for the errors the interface answers as they are.
func (gs Groups) wrap(what string, err error, plain ...error) error {
	for _, p := range plain {
		if errors.Is(err, p) {
			return p
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %s: %w", gs.Name, what, err)
	}
	return nil
}

// DeleteGroup implements GroupStore. Under the event's lock no order can hold a registration
// of the group between the count and the removal.
func (gs Groups) DeleteGroup(ctx context.Context, id string, now time.Time) error {
	_, err := gs.inGroupTx(ctx, id, func(tx GroupTx, _ string) error {
		var held int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
			WHERE r.grupo_id = ? AND `+holdCounts, id, now).Scan(&held); err != nil {
			return err
		}
		if held > 0 {
			return ErrGroupHasMembers
		}
		if _, err := tx.Exec(ctx, "UPDATE registrations SET grupo_id = NULL WHERE grupo_id = ?", id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM event_groups WHERE id = ?", id)
		return err
	})
	return gs.wrap("removing group", err, ErrNotFound, ErrGroupHasMembers)
}

// MergeGroups implements GroupStore.
func (gs Groups) MergeGroups(ctx context.Context, eventID, from, into string) error {
	err := gs.InEventTx(ctx, eventID, func(tx GroupTx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM event_groups WHERE event_id = ? AND id IN (?, ?)",
			eventID, from, into).Scan(&n); err != nil {
			return err
		}
		if n != 2 {
			return ErrNotFound
		}
		if _, err := tx.Exec(ctx, "UPDATE registrations SET grupo_id = ? WHERE grupo_id = ?", into, from); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM event_groups WHERE id = ?", from)
		return err
	})
	return gs.wrap("merging groups", err, ErrNotFound)
}

// JoinGroup implements GroupStore.
func (gs Groups) JoinGroup(ctx context.Context, orderID, groupID string) error {
	_, err := gs.inGroupTx(ctx, groupID, func(tx GroupTx, eventID string) error {
		n, err := tx.Exec(ctx, "UPDATE registrations SET grupo_id = ? WHERE order_id = ? AND event_id = ?", groupID, orderID, eventID)
		if err == nil && n == 0 {
			return ErrNotFound
		}
		return err
	})
	return gs.wrap("joining group", err, ErrNotFound)
}

// groupSelect selects a group g with its counts (the first parameter: now).
const groupSelect = `SELECT g.id, g.event_id, g.nome, g.codigo, g.criado_em,
	(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id WHERE r.grupo_id = g.id AND ` + holdCounts + `),
	(SELECT count(*) FROM registrations r WHERE r.grupo_id = g.id AND r.status = 'confirmada')
	FROM event_groups g `

func scanGroup(row Scanner) (Group, error) {
	var g Group
	err := row.Scan(&g.ID, &g.EventID, &g.Nome, &g.Codigo, &g.CriadoEm, &g.Inscritos, &g.Confirmados)
	g.CriadoEm = g.CriadoEm.UTC()
	return g, err
}

// groups reads the groups of where (on event_groups g, its parameters args) in the order of
// order, each with its coaches.
func (gs Groups) groups(ctx context.Context, now time.Time, where, order string, args ...any) ([]Group, error) {
	what := gs.Name + ": reading groups"
	list, err := QueryAll(ctx, gs.Query, what, scanGroup, groupSelect+where+" "+order, append([]any{now}, args...)...)
	if err != nil || len(list) == 0 {
		return list, err
	}
	type coach struct {
		group string
		GroupCoach
	}
	coaches, err := QueryAll(ctx, gs.Query, what, func(r Scanner) (c coach, err error) {
		return c, r.Scan(&c.group, &c.UserID, &c.Nome)
	}, `SELECT c.grupo_id, c.user_id, u.display_name FROM event_group_coaches c JOIN users u ON u.id = c.user_id
		WHERE c.grupo_id IN (SELECT g.id FROM event_groups g `+where+`) ORDER BY c.desde, c.user_id`, args...)
	if err != nil {
		return nil, err
	}
	at := make(map[string]int, len(list))
	for i, g := range list {
		at[g.ID] = i
	}
	for _, c := range coaches {
		if i, ok := at[c.group]; ok {
			list[i].Coaches = append(list[i].Coaches, c.GroupCoach)
		}
	}
	return list, nil
}

func (gs Groups) one(ctx context.Context, now time.Time, where string, args ...any) (Group, error) {
	list, err := gs.groups(ctx, now, where, "", args...)
	if err != nil {
		return Group{}, err
	}
	if len(list) == 0 {
		return Group{}, ErrNotFound
	}
	return list[0], nil
}

// Group implements GroupStore.
func (gs Groups) Group(ctx context.Context, id string, now time.Time) (Group, error) {
	return gs.one(ctx, now, "WHERE g.id = ?", id)
}

// GroupByCode implements GroupStore.
func (gs Groups) GroupByCode(ctx context.Context, eventID, codigo string, now time.Time) (Group, error) {
	return gs.one(ctx, now, "WHERE g.event_id = ? AND g.codigo = ?", eventID, codigo)
}

// EventGroups implements GroupStore.
func (gs Groups) EventGroups(ctx context.Context, eventID string, now time.Time) ([]Group, error) {
	return gs.groups(ctx, now, "WHERE g.event_id = ?", "ORDER BY g.chave, g.id", eventID)
}

// CoachGroups implements GroupStore.
func (gs Groups) CoachGroups(ctx context.Context, userID string, now time.Time) ([]Group, error) {
	return gs.groups(ctx, now, "WHERE g.id IN (SELECT grupo_id FROM event_group_coaches WHERE user_id = ?)",
		"ORDER BY g.criado_em DESC, g.id", userID)
}

// GroupMembers implements GroupStore.
func (gs Groups) GroupMembers(ctx context.Context, groupID string, now time.Time) ([]GroupMember, error) {
	return QueryAll(ctx, gs.Query, gs.Name+": group members", func(r Scanner) (m GroupMember, err error) {
		return m, r.Scan(&m.RegistrationID, &m.Nome, &m.Percurso, &m.Camiseta, &m.Status, &m.OrderID, &m.Pago)
	}, `SELECT r.id, r.nome, r.percurso, r.camiseta, r.status, r.order_id, r.status = 'confirmada'
		FROM registrations r JOIN orders o ON o.id = r.order_id
		WHERE r.grupo_id = ? AND `+holdCounts+` ORDER BY r.nome, r.id`, groupID, now)
}

// GroupBibs implements GroupStore: a paid registration's bib is its participant's.
func (gs Groups) GroupBibs(ctx context.Context, eventID string) (map[string][]string, error) {
	type bib struct {
		group  string
		numero int64
	}
	list, err := QueryAll(ctx, gs.Query, gs.Name+": group bibs", func(r Scanner) (b bib, err error) {
		return b, r.Scan(&b.group, &b.numero)
	}, `SELECT r.grupo_id, p.numero_peito FROM registrations r JOIN participants p ON p.id = r.participant_id
		WHERE r.event_id = ? AND r.grupo_id IS NOT NULL AND r.status = 'confirmada' AND p.numero_peito IS NOT NULL
		ORDER BY r.grupo_id, p.numero_peito`, eventID)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, b := range list {
		out[b.group] = append(out[b.group], strconv.FormatInt(b.numero, 10))
	}
	return out, nil
}
