package store

import (
	"context"
	"strings"
)

// PageLimit is the size of a page of participants or orders asked as limit: 0 or less is
// DefaultParticipantLimit, at most MaxParticipantLimit.
func PageLimit(limit int) int {
	switch {
	case limit <= 0:
		return DefaultParticipantLimit
	case limit > MaxParticipantLimit:
		return MaxParticipantLimit
	}
	return limit
}

// OrderRev is where an event's orders stand (migration 0017_order_revs): Rev moves with every
// change of one of them, Removido is the Rev at which one was last deleted (0: none ever).
type OrderRev struct{ Rev, Removido int64 }

// ListedOrder is an order as the organizer's list keeps it: with its search text (folded names,
// documents, registration codes and its id, in lower case).
type ListedOrder struct {
	Order
	Busca string
}

// OrderRev reads where an event's orders stand; an event without orders is at 0.
func (r OrderReader) OrderRev(ctx context.Context, eventID string) (OrderRev, error) {
	revs, err := QueryAll(ctx, r.Query, r.Name+": orders' rev", func(row Scanner) (v OrderRev, err error) {
		err = row.Scan(&v.Rev, &v.Removido)
		return v, err
	}, "SELECT rev, removido FROM order_revs WHERE event_id = ?", eventID)
	if err != nil || len(revs) == 0 {
		return OrderRev{}, err
	}
	return revs[0], nil
}

// changedOrdersAtOnce is how many orders (or buyers) one query reads by id: each id is a
// parameter, and SQLite takes at most 32,766.
const changedOrdersAtOnce = 1000

// OrdersChangedAfter reads an event's orders whose rev is above since (every one for 0), each
// with its registrations, payments and refunds, in no particular order.
func (r OrderReader) OrdersChangedAfter(ctx context.Context, eventID string, since int64) ([]ListedOrder, error) {
	type changed struct {
		id, busca string
		rev       int64
	}
	ids, err := QueryAll(ctx, r.Query, r.Name+": changed orders", func(row Scanner) (c changed, err error) {
		err = row.Scan(&c.id, &c.busca, &c.rev)
		return c, err
	}, "SELECT id, busca, rev FROM orders WHERE event_id = ? AND rev > ?", eventID, since)
	if err != nil {
		return nil, err
	}
	out := make([]ListedOrder, 0, len(ids))
	for start := 0; start < len(ids); start += changedOrdersAtOnce {
		chunk := ids[start:min(start+changedOrdersAtOnce, len(ids))]
		args := make([]any, len(chunk))
		byID := make(map[string]changed, len(chunk))
		for i, c := range chunk {
			args[i], byID[c.id] = c.id, c
		}
		orders, err := r.readOrders(ctx, "WHERE id IN (?"+strings.Repeat(", ?", len(args)-1)+")", args...)
		if err != nil {
			return nil, err
		}
		for _, o := range orders {
			c := byID[o.ID]
			o.Rev = c.rev
			out = append(out, ListedOrder{Order: o, Busca: strings.ToLower(c.busca)})
		}
	}
	return out, nil
}

// Buyer is the account that bought an order, as the organizer sees it.
type Buyer struct{ Nome, Email string }

// Buyers implements OrderStore.
func (r OrderReader) Buyers(ctx context.Context, ids []string) (map[string]Buyer, error) {
	out := make(map[string]Buyer, len(ids))
	for start := 0; start < len(ids); start += changedOrdersAtOnce {
		chunk := ids[start:min(start+changedOrdersAtOnce, len(ids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		if _, err := QueryAll(ctx, r.Query, r.Name+": buyers", func(row Scanner) (struct{}, error) {
			var id string
			var b Buyer
			err := row.Scan(&id, &b.Nome, &b.Email)
			out[id] = b
			return struct{}{}, err
		}, "SELECT id, display_name, email FROM users WHERE id IN (?"+strings.Repeat(", ?", len(args)-1)+")", args...); err != nil {
			return nil, err
		}
	}
	return out, nil
}
