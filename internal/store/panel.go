package store

import (
	"context"
	"encoding/json"

	"pelotao/internal/money"
	"pelotao/internal/team"
)

// PanelEvent is an event of an account's organizer panel (GET /api/me/painel): the account's role
// on it, its list summary (event.Summary as JSON) and its figures.
type PanelEvent struct {
	ID      string
	Role    team.Role
	Summary json.RawMessage
	// The event's participants: how many, how many paid, how many picked their kit up, and the
	// sums of the paid and the unpaid ones' valor.
	Participants, Paid, KitsPickedUp int
	ValorPago, ValorPendente         money.Centavos
	// The result sets by status.
	Official, Preliminary int
	// Every Pix received for the event's orders, and the refunds DEVOLVIDO (as Finance has them).
	Received, Refunded money.Centavos
}

// PanelStore reads what an account's organizer panel shows.
type PanelStore interface {
	// Panel lists the events userID owns or holds a team role on (a role counts once its account's
	// e-mail is verified, as EventRole says), newest event first, each with its figures.
	Panel(ctx context.Context, userID string) ([]PanelEvent, error)
}

// PanelReader is PanelStore written once over a driver's Query (which takes ? parameters); Name
// starts its errors. Both stores embed one.
type PanelReader struct {
	Query Query
	Name  string
}

// panelEventIDs selects the ids of the events of the account named by its two parameters (the
// same user id twice). Each figure is read for all of them at once, grouped by event: an
// organizer with a thousand events costs four queries, not four thousand.
const panelEventIDs = `SELECT id FROM events WHERE owner_id = ?
	UNION SELECT s.event_id FROM event_staff s JOIN users u ON u.id = s.user_id AND u.email_verified_at IS NOT NULL
	WHERE s.user_id = ?`

// Panel implements PanelStore.
func (r PanelReader) Panel(ctx context.Context, userID string) ([]PanelEvent, error) {
	what := r.Name + ": organizer panel"
	// An owner invited to their own event is still its owner: the team row is left out.
	events, err := QueryAll(ctx, r.Query, what, func(row Scanner) (e PanelEvent, err error) {
		var role string
		var summary []byte
		err = row.Scan(&e.ID, &role, &summary)
		e.Role, e.Summary = team.Role(role), summary
		return e, err
	}, `SELECT id, role, summary FROM (
			SELECT id, 'owner' AS role, summary, data_evento FROM events WHERE owner_id = ?
			UNION ALL SELECT e.id, s.role, e.summary, e.data_evento FROM event_staff s JOIN events e ON e.id = s.event_id
			JOIN users u ON u.id = s.user_id AND u.email_verified_at IS NOT NULL
			WHERE s.user_id = ? AND e.owner_id <> ?
		) panel ORDER BY data_evento DESC, id DESC`, userID, userID, userID)
	if err != nil || len(events) == 0 {
		return events, err
	}
	byID := make(map[string]*PanelEvent, len(events))
	for i := range events {
		byID[events[i].ID] = &events[i]
	}
	// Each figure query selects (event id, figures…); fill copies a row's figures into its event.
	figures := func(fill func(e *PanelEvent, row Scanner) error, sql string, args ...any) error {
		_, err := QueryAll(ctx, r.Query, what, func(row Scanner) (struct{}, error) {
			var id string
			var e PanelEvent
			if err := fill(&e, WithKey{row, &id}); err != nil {
				return struct{}{}, err
			}
			if into := byID[id]; into != nil {
				merge(into, e)
			}
			return struct{}{}, nil
		}, sql, args...)
		return err
	}
	if err := figures(func(e *PanelEvent, row Scanner) error {
		return row.Scan(&e.Participants, &e.Paid, &e.KitsPickedUp, &e.ValorPago, &e.ValorPendente)
	}, `SELECT event_id, count(*), sum(CASE WHEN pago THEN 1 ELSE 0 END), count(kit_at),
		coalesce(sum(CASE WHEN pago THEN valor END), 0), coalesce(sum(CASE WHEN pago THEN NULL ELSE valor END), 0)
		FROM participants WHERE event_id IN (`+panelEventIDs+`) GROUP BY event_id`, userID, userID); err != nil {
		return nil, err
	}
	if err := figures(func(e *PanelEvent, row Scanner) error {
		return row.Scan(&e.Official, &e.Preliminary)
	}, `SELECT event_id, sum(CASE WHEN status = 'oficial' THEN 1 ELSE 0 END), sum(CASE WHEN status = 'oficial' THEN 0 ELSE 1 END)
		FROM result_sets WHERE event_id IN (`+panelEventIDs+`) GROUP BY event_id`, userID, userID); err != nil {
		return nil, err
	}
	// Payments (each Pix, each card payment approved: CARD-30) and refunds, each summed per event,
	// in one answer: an event's two rows add up.
	if err := figures(func(e *PanelEvent, row Scanner) error {
		return row.Scan(&e.Received, &e.Refunded)
	}, `SELECT o.event_id, sum(p.valor), 0 FROM (SELECT order_id, valor FROM pix_payments
		UNION ALL SELECT order_id, valor FROM card_payments WHERE aprovado_em IS NOT NULL) p JOIN orders o ON o.id = p.order_id
		WHERE o.event_id IN (`+panelEventIDs+`) GROUP BY o.event_id
		UNION ALL SELECT o.event_id, 0, sum(f.valor) FROM refunds f JOIN orders o ON o.id = f.order_id
		WHERE f.status = 'DEVOLVIDO' AND o.event_id IN (`+panelEventIDs+`) GROUP BY o.event_id`, userID, userID, userID, userID); err != nil {
		return nil, err
	}
	return events, nil
}

// merge adds the figures of e to into.
func merge(into *PanelEvent, e PanelEvent) {
	into.Participants += e.Participants
	into.Paid += e.Paid
	into.KitsPickedUp += e.KitsPickedUp
	into.ValorPago += e.ValorPago
	into.ValorPendente += e.ValorPendente
	into.Official += e.Official
	into.Preliminary += e.Preliminary
	into.Received += e.Received
	into.Refunded += e.Refunded
}
