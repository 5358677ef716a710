package postgres

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// rebind turns the ? parameters of the order logic's SQL (package store) into $1, $2, …
func rebind(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// orderTx is a write transaction as sale.OrderTx.
type orderTx struct{ tx pgx.Tx }

func (t orderTx) Exec(ctx context.Context, q string, a ...any) (int64, error) {
	tag, err := t.tx.Exec(ctx, rebind(q), a...)
	if isUniqueViolation(err) {
		return 0, fmt.Errorf("%w: %v", store.ErrConflict, err)
	}
	return tag.RowsAffected(), err
}

func (t orderTx) QueryRow(ctx context.Context, q string, a ...any) store.Scanner {
	return t.tx.QueryRow(ctx, rebind(q), a...)
}

func (t orderTx) Query(ctx context.Context, q string, a ...any) (store.Rows, error) {
	return t.tx.Query(ctx, rebind(q), a...)
}

func (t orderTx) NextRevs(ctx context.Context, n int) (int64, error) { return nextRevs(ctx, t.tx, n) }

// inOrderTx runs fn in a transaction that first takes the transaction-scoped advisory locks
// named by keys, in order: instances on one database then take turns per event (and per
// buyer), so two never count the same free slot. Callers name an event before a buyer, so
// two transactions never wait for each other's locks.
func (s *Store) inOrderTx(ctx context.Context, keys []string, fn func(sale.OrderTx) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for _, k := range keys {
			if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", k); err != nil {
				return fmt.Errorf("postgres: order lock: %w", err)
			}
		}
		return fn(orderTx{tx})
	})
}

func eventLock(eventID string) string  { return "pelotao-orders-event:" + eventID }
func buyerLock(buyerID string) string  { return "pelotao-orders-buyer:" + buyerID }
func refundLock(orderID string) string { return "pelotao-orders-refund:" + orderID }

// orderQuery is s.query for the order logic's SQL.
func (s *Store) orderQuery(ctx context.Context, q string, a ...any) (store.Rows, error) {
	return s.query(ctx, rebind(q), a...)
}

// CreateOrder implements store.OrderStore: an order refused commits its sender slot (REG-321).
func (s *Store) CreateOrder(ctx context.Context, o store.NewOrder) (store.Order, error) {
	var made store.Order
	var refused error
	err := s.inOrderTx(ctx, []string{eventLock(o.EventID), buyerLock(o.BuyerID)}, func(tx sale.OrderTx) (err error) {
		made, refused, err = sale.CreateOrderTx(ctx, tx, o)
		return err
	})
	if err == nil {
		err = refused
	}
	if err != nil || made.Status != "" {
		return made, err
	}
	return s.Order(ctx, made.ID)
}

// CreateOrderSet implements store.OrderStore: one transaction under the event's lock and the
// buyer's, its counts kept from one order to the next (keptTx).
func (s *Store) CreateOrderSet(ctx context.Context, set []store.NewOrder) ([]store.Order, int, error) {
	if len(set) == 0 {
		return nil, 0, nil
	}
	var made []store.Order
	var failed int
	err := s.inOrderTx(ctx, []string{eventLock(set[0].EventID), buyerLock(set[0].BuyerID)}, func(tx sale.OrderTx) (err error) {
		made, failed, err = sale.CreateOrderSetTx(ctx, keptTx{tx.(orderTx), map[string]sale.KeptTaken{}}, set)
		return err
	})
	return made, failed, err
}

// maxOrderBatch bounds the orders of one CreateOrders transaction, which holds a lock per buyer.
const maxOrderBatch = 200

var _ store.OrderBatcher = (*Store)(nil)

// CreateOrders implements store.OrderBatcher: maxOrderBatch orders to a transaction that holds
// their events' locks and their buyers' (events first, each kind in one order, as callers of
// inOrderTx name them), each order made by CreateOrderTx as CreateOrder makes it.
func (s *Store) CreateOrders(ctx context.Context, orders []store.NewOrder) error {
	for batch := range slices.Chunk(orders, maxOrderBatch) {
		var events, buyers []string
		for _, o := range batch {
			events, buyers = append(events, eventLock(o.EventID)), append(buyers, buyerLock(o.BuyerID))
		}
		slices.Sort(events)
		slices.Sort(buyers)
		err := s.inOrderTx(ctx, append(slices.Compact(events), slices.Compact(buyers)...), func(tx sale.OrderTx) error {
			kept := keptTx{tx.(orderTx), map[string]sale.KeptTaken{}}
			for _, o := range batch {
				if _, refused, err := sale.CreateOrderTx(ctx, kept, o); err != nil || refused != nil {
					return cmp.Or(err, refused)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// keptTx is an order transaction holding its events' locks to its end, so that an event's
// counts change only by its own orders: it keeps them from one order to the next
// (sale.TakenKeeper).
type keptTx struct {
	orderTx
	kept map[string]sale.KeptTaken // by event id
}

func (t keptTx) Taken(ctx context.Context, eventID string, now time.Time) (store.Taken, error) {
	k, ok := t.kept[eventID]
	if !ok || !k.HoldsAt(now) {
		var err error
		if k, err = sale.CountKept(ctx, t.orderTx, "postgres: taken", eventID, now); err != nil {
			return store.Taken{}, err
		}
		t.kept[eventID] = k
	}
	return k.Taken.Clone(), nil
}

func (t keptTx) Took(eventID string, after store.Taken, heldUntil time.Time) {
	t.kept[eventID] = t.kept[eventID].After(after, heldUntil)
}

// SetOrderPix implements store.OrderStore.
func (s *Store) SetOrderPix(ctx context.Context, orderID, copiaECola, location string) error {
	return s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error { return sale.SetOrderPixTx(ctx, tx, orderID, copiaECola, location) })
}

// DiscardOrder implements store.OrderStore.
func (s *Store) DiscardOrder(ctx context.Context, orderID string) error {
	return s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error { return sale.DiscardOrderTx(ctx, tx, orderID) })
}

// ConfirmOrder implements store.OrderStore.
func (s *Store) ConfirmOrder(ctx context.Context, p store.Payment, c store.Capacity) (store.Order, error) {
	var id, eventID string
	err := s.pool.QueryRow(ctx, "SELECT id, event_id FROM orders WHERE txid = $1", p.Txid).Scan(&id, &eventID)
	if store.IsNoRows(err) {
		return store.Order{}, store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, fmt.Errorf("postgres: order of txid: %w", err)
	}
	var refused error
	err = s.inOrderTx(ctx, []string{eventLock(eventID)}, func(tx sale.OrderTx) (err error) {
		refused, err = sale.ConfirmOrderTx(ctx, tx, id, eventID, p, c, time.Now())
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	o, err := s.Order(ctx, id)
	if err != nil {
		return o, err
	}
	return o, refused
}

// ExpireOrders implements store.OrderStore. No lock: expiring only frees, and each order's
// update waits for a confirmation of it under way. The orders to expire are locked first, in
// one order: each change of an order then takes its event's rev (migration 0017), and taking
// them row by row could wait on a confirmation of one order while holding the rev that
// confirmation waits for.
func (s *Store) ExpireOrders(ctx context.Context, now time.Time) (charges []store.Charges, err error) {
	err = s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error {
		if _, err := tx.Exec(ctx, `SELECT id FROM orders WHERE status = 'aguardando_pagamento' AND expira_em <= ?
			ORDER BY id FOR UPDATE`, now); err != nil {
			return fmt.Errorf("postgres: locking the holds passed: %w", err)
		}
		charges, err = sale.ExpireOrdersTx(ctx, tx, now)
		return err
	})
	return charges, err
}

// orderEventLock names the lock of the event of an order (ErrNotFound: no such order).
func (s *Store) orderEventLock(ctx context.Context, orderID string) ([]string, error) {
	var eventID string
	err := s.pool.QueryRow(ctx, "SELECT event_id FROM orders WHERE id = $1", orderID).Scan(&eventID)
	if store.IsNoRows(err) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: order's event: %w", err)
	}
	return []string{eventLock(eventID)}, nil
}

// SetOrderCard implements store.OrderStore.
func (s *Store) SetOrderCard(ctx context.Context, orderID, preferencia, checkoutURL string) error {
	return s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error { return sale.SetOrderCardTx(ctx, tx, orderID, preferencia, checkoutURL) })
}

// SwitchPayment implements store.OrderStore, under the order's event's lock (as ConfirmOrder).
func (s *Store) SwitchPayment(ctx context.Context, orderID, metodo, txid string, now time.Time) (store.Order, error) {
	lock, err := s.orderEventLock(ctx, orderID)
	if err != nil {
		return store.Order{}, err
	}
	if err := s.inOrderTx(ctx, lock, func(tx sale.OrderTx) error { return sale.SwitchPaymentTx(ctx, tx, orderID, metodo, txid, now) }); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// ConfirmCardPayment implements store.OrderStore, under the order's event's lock (as ConfirmOrder).
func (s *Store) ConfirmCardPayment(ctx context.Context, orderID string, p store.CardPayment, c store.Capacity) (store.Order, error) {
	lock, err := s.orderEventLock(ctx, orderID)
	if err != nil {
		return store.Order{}, err
	}
	var refused error
	err = s.inOrderTx(ctx, lock, func(tx sale.OrderTx) error {
		eventID, err := sale.OrderEvent(ctx, tx, orderID)
		if err == nil {
			refused, err = sale.ConfirmCardPaymentTx(ctx, tx, orderID, eventID, p, c, time.Now())
		}
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	o, err := s.Order(ctx, orderID)
	if err != nil {
		return o, err
	}
	return o, refused
}

// RecordCardPayment implements store.OrderStore, under the order's event's lock: two readings of
// one payment take turns.
func (s *Store) RecordCardPayment(ctx context.Context, orderID string, p store.CardPayment, motivo string) (o store.Order, changed bool, err error) {
	lock, err := s.orderEventLock(ctx, orderID)
	if err != nil {
		return store.Order{}, false, err
	}
	err = s.inOrderTx(ctx, lock, func(tx sale.OrderTx) (err error) {
		changed, err = sale.RecordCardPaymentTx(ctx, tx, orderID, p, motivo, time.Now())
		return err
	})
	if err != nil {
		return store.Order{}, false, err
	}
	o, err = s.Order(ctx, orderID)
	return o, changed, err
}

// ClaimCardChecks implements store.OrderStore.
func (s *Store) ClaimCardChecks(ctx context.Context, approvedSince, checkedBefore, now time.Time, n int) (ids []string, err error) {
	err = s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error {
		ids, err = sale.ClaimCardChecksTx(ctx, tx, approvedSince, checkedBefore, now, n)
		return err
	})
	return ids, err
}

// ClaimOrderReceipt implements store.OrderStore.
func (s *Store) ClaimOrderReceipt(ctx context.Context, orderID string, now time.Time) (claimed bool, err error) {
	err = s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error {
		claimed, err = sale.ClaimOrderReceiptTx(ctx, tx, orderID, now)
		return err
	})
	return claimed, err
}

// CancelOrder implements store.OrderStore, under the order's event's lock, as ConfirmOrder: a
// cancellation and a payment of one order take turns, and the later sees what the earlier did.
func (s *Store) CancelOrder(ctx context.Context, orderID string, by store.Actor) (store.Order, error) {
	var eventID string
	err := s.pool.QueryRow(ctx, "SELECT event_id FROM orders WHERE id = $1", orderID).Scan(&eventID)
	if store.IsNoRows(err) {
		return store.Order{}, store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, fmt.Errorf("postgres: order's event: %w", err)
	}
	lock := []string{eventLock(eventID)}
	if err := s.inOrderTx(ctx, lock, func(tx sale.OrderTx) error { return sale.CancelOrderTx(ctx, tx, orderID, by) }); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// CancelRegistration implements store.OrderStore, under the order's event's lock (as
// CancelOrder and ConfirmOrder) and then its refunds' (as AddRefund), in that order.
func (s *Store) CancelRegistration(ctx context.Context, registrationID string, refunds []store.Refund, by store.Actor) (store.Order, error) {
	var orderID, eventID string
	err := s.pool.QueryRow(ctx, "SELECT order_id, event_id FROM registrations WHERE id = $1", registrationID).Scan(&orderID, &eventID)
	if store.IsNoRows(err) {
		return store.Order{}, store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, fmt.Errorf("postgres: registration's order: %w", err)
	}
	lock := []string{eventLock(eventID), refundLock(orderID)}
	if err := s.inOrderTx(ctx, lock, func(tx sale.OrderTx) error {
		_, err := sale.CancelRegistrationTx(ctx, tx, registrationID, refunds, by)
		return err
	}); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// AddRefund implements store.OrderStore.
func (s *Store) AddRefund(ctx context.Context, orderID string, r store.Refund, by store.Actor) (store.Order, error) {
	lock := []string{refundLock(orderID)} // two refunds of one order take turns
	if err := s.inOrderTx(ctx, lock, func(tx sale.OrderTx) error { return sale.AddRefundTx(ctx, tx, orderID, r, by) }); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// SetRefundStatus implements store.OrderStore.
func (s *Store) SetRefundStatus(ctx context.Context, refundID, status string, now time.Time) (store.Order, error) {
	var orderID string
	err := s.inOrderTx(ctx, nil, func(tx sale.OrderTx) (err error) {
		orderID, err = sale.SetRefundStatusTx(ctx, tx, refundID, status, now)
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// SaveCoupon implements store.OrderStore.
func (s *Store) SaveCoupon(ctx context.Context, c store.Coupon) error {
	return s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error { return sale.SaveCouponTx(ctx, tx, c, time.Now()) })
}

// DeleteCoupon implements store.OrderStore.
func (s *Store) DeleteCoupon(ctx context.Context, eventID, codigo string) error {
	return s.inOrderTx(ctx, nil, func(tx sale.OrderTx) error { return sale.DeleteCouponTx(ctx, tx, eventID, codigo) })
}

// RecordPayment implements store.OrderStore.
func (s *Store) RecordPayment(ctx context.Context, p store.Payment, motivo string) (store.Order, error) {
	var id string
	err := s.inOrderTx(ctx, nil, func(tx sale.OrderTx) (err error) {
		id, err = sale.RecordPaymentTx(ctx, tx, p, motivo, time.Now())
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, id)
}

// EditRegistration implements store.OrderStore. A new document is checked under the event's
// lock, as an order's are.
func (s *Store) EditRegistration(ctx context.Context, registrationID string, e store.RegistrationEdit, by store.Actor) (store.Order, error) {
	var eventID string
	err := s.pool.QueryRow(ctx, "SELECT event_id FROM registrations WHERE id = $1", registrationID).Scan(&eventID)
	if store.IsNoRows(err) {
		return store.Order{}, store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, fmt.Errorf("postgres: registration's event: %w", err)
	}
	var id string
	err = s.inOrderTx(ctx, []string{eventLock(eventID)}, func(tx sale.OrderTx) (err error) {
		id, err = sale.EditRegistrationTx(ctx, tx, registrationID, e, by)
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, id)
}
