package sale

import (
	"context"
	"strings"

	"pelotao/internal/store"
)

// OrderRev reads where an event's orders stand; an event without orders is at 0.
func (r OrderReader) OrderRev(ctx context.Context, eventID string) (store.OrderRev, error) {
	revs, err := store.QueryAll(ctx, r.Query, r.Name+": orders' rev", func(row store.Scanner) (v store.OrderRev, err error) {
		err = row.Scan(&v.Rev, &v.Removido)
		return v, err
	}, "SELECT rev, removido FROM order_revs WHERE event_id = ?", eventID)
	if err != nil || len(revs) == 0 {
		return store.OrderRev{}, err
	}
	return revs[0], nil
}

// changedOrdersAtOnce is how many orders (or buyers) one query reads by id: each id is a
// parameter, and SQLite takes at most 32,766.
const changedOrdersAtOnce = 1000

// OrdersChangedAfter reads an event's orders whose rev is above since (every one for 0), each
// with its registrations, payments and refunds, in no particular order.
func (r OrderReader) OrdersChangedAfter(ctx context.Context, eventID string, since int64) ([]store.ListedOrder, error) {
	type changed struct {
		id, busca string
		rev       int64
	}
	ids, err := store.QueryAll(ctx, r.Query, r.Name+": changed orders", func(row store.Scanner) (c changed, err error) {
		err = row.Scan(&c.id, &c.busca, &c.rev)
		return c, err
	}, "SELECT id, busca, rev FROM orders WHERE event_id = ? AND rev > ?", eventID, since)
	if err != nil {
		return nil, err
	}
	out := make([]store.ListedOrder, 0, len(ids))
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
			out = append(out, store.ListedOrder{Order: o, Busca: strings.ToLower(c.busca)})
		}
	}
	return out, nil
}

// Buyers implements OrderStore.
func (r OrderReader) Buyers(ctx context.Context, ids []string) (map[string]store.Buyer, error) {
	out := make(map[string]store.Buyer, len(ids))
	for start := 0; start < len(ids); start += changedOrdersAtOnce {
		chunk := ids[start:min(start+changedOrdersAtOnce, len(ids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		if _, err := store.QueryAll(ctx, r.Query, r.Name+": buyers", func(row store.Scanner) (struct{}, error) {
			var id string
			var b store.Buyer
			err := row.Scan(&id, &b.Nome, &b.Email)
			out[id] = b
			return struct{}{}, err
		}, "SELECT id, display_name, email FROM users WHERE id IN (?"+strings.Repeat(", ?", len(args)-1)+")", args...); err != nil {
			return nil, err
		}
	}
	return out, nil
}
