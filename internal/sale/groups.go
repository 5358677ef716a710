package sale

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"pelotao/internal/store"
)

// touchMembers gives the participants of the registrations of where (on registrations r, with
// args) one new rev: the participants' lists and the kit desk's roster, kept by rev, then read
// their group's name again (GRP-48). Registrations not yet paid have no participant: then no
// rev is taken.
func touchMembers(ctx context.Context, tx store.GroupTx, where string, args ...any) error {
	var n int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM registrations r WHERE r.participant_id IS NOT NULL AND "+where,
		args...).Scan(&n); err != nil || n == 0 {
		return err
	}
	rev, err := tx.NextRevs(ctx, 1)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "UPDATE participants SET rev = ? WHERE id IN (SELECT r.participant_id FROM registrations r WHERE "+where+")",
		append([]any{rev}, args...)...)
	return err
}

// Groups implements GroupStore once for both databases, over a driver's reads and its write
// transactions. Every write runs under the event's order lock (InEventTx), so that group writes
// and the orders that count a group's registrations take turns.
type Groups struct {
	// Query reads with ? parameters and times as time.Time.
	Query store.Query
	// InEventTx runs fn in a write transaction holding eventID's order lock.
	InEventTx func(ctx context.Context, eventID string, fn func(store.GroupTx) error) error
	Name      string // the driver's, for errors
}

// CreateGroup implements GroupStore.
func (gs Groups) CreateGroup(ctx context.Context, g store.NewGroup) (store.Group, error) {
	err := gs.InEventTx(ctx, g.EventID, func(tx store.GroupTx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM events WHERE id = ?", g.EventID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return store.ErrNotFound
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
func (gs Groups) written(ctx context.Context, what, eventID, id, chave string, now time.Time, err error) (store.Group, error) {
	switch {
	case errors.Is(err, store.ErrConflict):
		taken, readErr := gs.one(ctx, now, "WHERE g.event_id = ? AND g.chave = ?", eventID, chave)
		if readErr != nil && !errors.Is(readErr, store.ErrNotFound) {
			return store.Group{}, readErr
		}
		return taken, store.ErrConflict
	case errors.Is(err, store.ErrNotFound):
		return store.Group{}, err
	case err != nil:
		return store.Group{}, fmt.Errorf("%s: %s: %w", gs.Name, what, err)
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
	ids, err := store.Collect(rows, func(r store.Scanner) (id string, err error) { return id, r.Scan(&id) })
	if err != nil {
		return "", fmt.Errorf("%s: group's event: %w", gs.Name, err)
	}
	if len(ids) == 0 {
		return "", store.ErrNotFound
	}
	return ids[0], nil
}

// inGroupTx runs fn in a write transaction holding the event's lock of group id, which fn is
// handed; ErrNotFound when there is no such group.
func (gs Groups) inGroupTx(ctx context.Context, id string, fn func(tx store.GroupTx, eventID string) error) (string, error) {
	eventID, err := gs.groupEvent(ctx, id)
	if err != nil {
		return "", err
	}
	return eventID, gs.InEventTx(ctx, eventID, func(tx store.GroupTx) error { return fn(tx, eventID) })
}

// RenameGroup implements GroupStore.
func (gs Groups) RenameGroup(ctx context.Context, id, nome, chave string) (store.Group, error) {
	eventID, err := gs.inGroupTx(ctx, id, func(tx store.GroupTx, _ string) error {
		n, err := tx.Exec(ctx, "UPDATE event_groups SET nome = ?, chave = ? WHERE id = ?", nome, chave, id)
		if err == nil && n == 0 {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		return touchMembers(ctx, tx, "r.grupo_id = ?", id)
	})
	return gs.written(ctx, "renaming group", eventID, id, chave, time.Now(), err)
}

// AddGroupCoach implements GroupStore.
func (gs Groups) AddGroupCoach(ctx context.Context, id, userID string, maxCoaches int, now time.Time) error {
	_, err := gs.inGroupTx(ctx, id, func(tx store.GroupTx, _ string) error {
		var n, already int
		if err := tx.QueryRow(ctx, `SELECT count(*), count(CASE WHEN user_id = ? THEN 1 END) FROM event_group_coaches
			WHERE grupo_id = ?`, userID, id).Scan(&n, &already); err != nil {
			return err
		}
		switch {
		case already > 0:
			return store.ErrConflict
		case n >= maxCoaches:
			return store.ErrGroupCoaches
		}
		_, err := tx.Exec(ctx, "INSERT INTO event_group_coaches (grupo_id, user_id, desde) VALUES (?, ?, ?)", id, userID, now)
		return err
	})
	return gs.wrap("adding a coach", err, store.ErrNotFound, store.ErrConflict, store.ErrGroupCoaches)
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
	_, err := gs.inGroupTx(ctx, id, func(tx store.GroupTx, _ string) error {
		var held int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
			WHERE r.grupo_id = ? AND `+holdCounts, id, now).Scan(&held); err != nil {
			return err
		}
		if held > 0 {
			return store.ErrGroupHasMembers
		}
		if err := touchMembers(ctx, tx, "r.grupo_id = ?", id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE registrations SET grupo_id = NULL WHERE grupo_id = ?", id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM event_groups WHERE id = ?", id)
		return err
	})
	return gs.wrap("removing group", err, store.ErrNotFound, store.ErrGroupHasMembers)
}

// MergeGroups implements GroupStore.
func (gs Groups) MergeGroups(ctx context.Context, eventID, from, into string) error {
	err := gs.InEventTx(ctx, eventID, func(tx store.GroupTx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM event_groups WHERE event_id = ? AND id IN (?, ?)",
			eventID, from, into).Scan(&n); err != nil {
			return err
		}
		if n != 2 {
			return store.ErrNotFound
		}
		if err := touchMembers(ctx, tx, "r.grupo_id = ?", from); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE registrations SET grupo_id = ? WHERE grupo_id = ?", into, from); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM event_groups WHERE id = ?", from)
		return err
	})
	return gs.wrap("merging groups", err, store.ErrNotFound)
}

// JoinGroup implements GroupStore.
func (gs Groups) JoinGroup(ctx context.Context, orderID, groupID string) error {
	_, err := gs.inGroupTx(ctx, groupID, func(tx store.GroupTx, eventID string) error {
		n, err := tx.Exec(ctx, "UPDATE registrations SET grupo_id = ? WHERE order_id = ? AND event_id = ?", groupID, orderID, eventID)
		if err == nil && n == 0 {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		return touchMembers(ctx, tx, "r.order_id = ?", orderID)
	})
	return gs.wrap("joining group", err, store.ErrNotFound)
}

// groupSelect selects a group g with its counts (the first parameter: now).
const groupSelect = `SELECT g.id, g.event_id, g.nome, g.codigo, g.criado_em,
	(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id WHERE r.grupo_id = g.id AND ` + holdCounts + `),
	(SELECT count(*) FROM registrations r WHERE r.grupo_id = g.id AND r.status = 'confirmada')
	FROM event_groups g `

func scanGroup(row store.Scanner) (store.Group, error) {
	var g store.Group
	err := row.Scan(&g.ID, &g.EventID, &g.Nome, &g.Codigo, &g.CriadoEm, &g.Inscritos, &g.Confirmados)
	g.CriadoEm = g.CriadoEm.UTC()
	return g, err
}

// groups reads the groups of where (on event_groups g, its parameters args) in the order of
// order, each with its coaches.
func (gs Groups) groups(ctx context.Context, now time.Time, where, order string, args ...any) ([]store.Group, error) {
	what := gs.Name + ": reading groups"
	list, err := store.QueryAll(ctx, gs.Query, what, scanGroup, groupSelect+where+" "+order, append([]any{now}, args...)...)
	if err != nil || len(list) == 0 {
		return list, err
	}
	type coach struct {
		group string
		store.GroupCoach
	}
	coaches, err := store.QueryAll(ctx, gs.Query, what, func(r store.Scanner) (c coach, err error) {
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

func (gs Groups) one(ctx context.Context, now time.Time, where string, args ...any) (store.Group, error) {
	list, err := gs.groups(ctx, now, where, "", args...)
	if err != nil {
		return store.Group{}, err
	}
	if len(list) == 0 {
		return store.Group{}, store.ErrNotFound
	}
	return list[0], nil
}

// Group implements GroupStore.
func (gs Groups) Group(ctx context.Context, id string, now time.Time) (store.Group, error) {
	return gs.one(ctx, now, "WHERE g.id = ?", id)
}

// GroupByCode implements GroupStore.
func (gs Groups) GroupByCode(ctx context.Context, eventID, codigo string, now time.Time) (store.Group, error) {
	return gs.one(ctx, now, "WHERE g.event_id = ? AND g.codigo = ?", eventID, codigo)
}

// GroupOfCode implements GroupStore.
func (gs Groups) GroupOfCode(ctx context.Context, codigo string, now time.Time) (store.Group, error) {
	return gs.one(ctx, now, "WHERE g.codigo = ?", codigo)
}

// EventGroups implements GroupStore.
func (gs Groups) EventGroups(ctx context.Context, eventID string, now time.Time) ([]store.Group, error) {
	return gs.groups(ctx, now, "WHERE g.event_id = ?", "ORDER BY g.chave, g.id", eventID)
}

// CoachGroups implements GroupStore.
func (gs Groups) CoachGroups(ctx context.Context, userID string, now time.Time) ([]store.Group, error) {
	return gs.groups(ctx, now, "WHERE g.id IN (SELECT grupo_id FROM event_group_coaches WHERE user_id = ?)",
		"ORDER BY g.criado_em DESC, g.id", userID)
}

// GroupMembers implements GroupStore.
func (gs Groups) GroupMembers(ctx context.Context, groupID string, now time.Time) ([]store.GroupMember, error) {
	return store.QueryAll(ctx, gs.Query, gs.Name+": group members", func(r store.Scanner) (m store.GroupMember, err error) {
		return m, r.Scan(&m.RegistrationID, &m.Nome, &m.Percurso, &m.Camiseta, &m.Status, &m.OrderID, &m.Pago, &m.ParticipantID)
	}, `SELECT r.id, r.nome, r.percurso, r.camiseta, r.status, r.order_id, r.status = 'confirmada', COALESCE(r.participant_id, '')
		FROM registrations r JOIN orders o ON o.id = r.order_id
		WHERE r.grupo_id = ? AND `+holdCounts+` ORDER BY r.nome, r.id`, groupID, now)
}

// GroupKeys implements GroupStore: a paid registration's bib is its participant's, its document
// its own.
func (gs Groups) GroupKeys(ctx context.Context, eventID string) (map[string]store.GroupKeys, error) {
	type member struct {
		group, documento string
		numero           *int64
	}
	list, err := store.QueryAll(ctx, gs.Query, gs.Name+": group keys", func(r store.Scanner) (m member, err error) {
		return m, r.Scan(&m.group, &m.documento, &m.numero)
	}, `SELECT r.grupo_id, r.doc_numero, p.numero_peito FROM registrations r LEFT JOIN participants p ON p.id = r.participant_id
		WHERE r.event_id = ? AND r.grupo_id IS NOT NULL AND r.status = 'confirmada'
		ORDER BY r.grupo_id, p.numero_peito, r.doc_numero`, eventID)
	if err != nil {
		return nil, err
	}
	out := map[string]store.GroupKeys{}
	for _, m := range list {
		k := out[m.group]
		if m.numero != nil {
			k.Peitos = append(k.Peitos, strconv.FormatInt(*m.numero, 10))
		}
		k.Documentos = append(k.Documentos, m.documento)
		out[m.group] = k
	}
	return out, nil
}

// GroupSales implements GroupStore.
func (gs Groups) GroupSales(ctx context.Context, eventID string) ([]store.GroupSale, error) {
	return store.QueryAll(ctx, gs.Query, gs.Name+": group sales", func(r store.Scanner) (s store.GroupSale, err error) {
		return s, r.Scan(&s.Nome, &s.Inscricoes, &s.Total)
	}, `SELECT g.nome, count(*), sum(r.total) FROM registrations r JOIN event_groups g ON g.id = r.grupo_id
		WHERE r.event_id = ? AND r.status = 'confirmada' GROUP BY g.id, g.nome, g.chave ORDER BY g.chave, g.id`, eventID)
}
