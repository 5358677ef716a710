package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"pelotao/internal/sale"
	"pelotao/internal/store"
)

// orderTx is a write transaction as sale.OrderTx: one savepoint of a batch (order_batch.go),
// which the single writer already serialises, so no other lock is needed. Its statements are
// prepared once per batch, and run to their end whatever their caller's context (see
// writeBatch).
type orderTx struct {
	tx     *sql.Tx
	stmts  map[string]*sql.Stmt // query → prepared in tx
	counts *batchCounts
}

// stmt is q prepared in the batch's transaction.
func (t orderTx) stmt(ctx context.Context, q string) (*sql.Stmt, error) {
	if st, ok := t.stmts[q]; ok {
		return st, nil
	}
	st, err := t.tx.PrepareContext(ctx, q)
	if err == nil {
		t.stmts[q] = st
	}
	return st, err
}

var _ sale.TakenKeeper = orderTx{}

// args stores times as the order tables keep them (Unix milliseconds).
func args(in []any) []any {
	for i, a := range in {
		if t, ok := a.(time.Time); ok {
			in[i] = unixMilli(t)
		}
	}
	return in
}

func (t orderTx) Exec(ctx context.Context, q string, a ...any) (int64, error) {
	ctx = context.WithoutCancel(ctx)
	st, err := t.stmt(ctx, q)
	if err != nil {
		return 0, err
	}
	res, err := st.ExecContext(ctx, args(a)...)
	if isUniqueViolation(err) {
		return 0, fmt.Errorf("%w: %v", store.ErrConflict, err)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (t orderTx) QueryRow(ctx context.Context, q string, a ...any) store.Scanner {
	ctx = context.WithoutCancel(ctx)
	st, err := t.stmt(ctx, q)
	if err != nil {
		return failedRow{err}
	}
	return timeRow{st.QueryRowContext(ctx, args(a)...)}
}

func (t orderTx) Query(ctx context.Context, q string, a ...any) (store.Rows, error) {
	ctx = context.WithoutCancel(ctx)
	st, err := t.stmt(ctx, q)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args(a)...)
	if err != nil {
		return nil, err
	}
	return timeRows{rows}, nil
}

// failedRow is a row whose query could not be prepared: Scan reports why.
type failedRow struct{ err error }

func (r failedRow) Scan(...any) error { return r.err }

func (t orderTx) NextRevs(ctx context.Context, n int) (int64, error) {
	return nextRevs(context.WithoutCancel(ctx), t.tx, n)
}

// Taken implements sale.TakenKeeper with the batch's counts.
func (t orderTx) Taken(ctx context.Context, eventID string, now time.Time) (store.Taken, error) {
	return t.counts.taken(context.WithoutCancel(ctx), t, eventID, now)
}

// Took implements sale.TakenKeeper.
func (t orderTx) Took(eventID string, after store.Taken, heldUntil time.Time) {
	t.counts.took(eventID, after, heldUntil)
}

// orderQuery is s.query with the order tables' times, its statements kept prepared (hotStmt):
// a registration opening reads an order a few times per buyer.
func (s *Store) orderQuery(ctx context.Context, q string, a ...any) (store.Rows, error) {
	rows, err := s.read.hotRows(ctx, q, args(a)...)
	if err != nil {
		return nil, err
	}
	return timeRows{rows}, nil
}

// CreateOrder implements store.OrderStore: an order refused commits its sender slot (REG-321).
func (s *Store) CreateOrder(ctx context.Context, o store.NewOrder) (store.Order, error) {
	var made store.Order
	var refused error
	err := s.writeOrder(ctx, func(tx sale.OrderTx) (err error) {
		made, refused, err = sale.CreateOrderTx(ctx, tx, o)
		return err
	}, true)
	if err == nil {
		err = refused
	}
	if err != nil || made.Status != "" {
		return made, err
	}
	return s.Order(ctx, made.ID)
}

// CreateOrderSet implements store.OrderStore: one savepoint of the writer's batch, which
// keeps the counts from one order to the next and drops them with a savepoint rolled back.
func (s *Store) CreateOrderSet(ctx context.Context, set []store.NewOrder) ([]store.Order, int, error) {
	var made []store.Order
	var failed int
	err := s.writeOrder(ctx, func(tx sale.OrderTx) (err error) {
		made, failed, err = sale.CreateOrderSetTx(ctx, tx, set)
		return err
	}, true)
	return made, failed, err
}

// SetOrderPix implements store.OrderStore.
func (s *Store) SetOrderPix(ctx context.Context, orderID, copiaECola, location string) error {
	return s.writeOrder(ctx, func(tx sale.OrderTx) error { return sale.SetOrderPixTx(ctx, tx, orderID, copiaECola, location) }, true)
}

// DiscardOrder implements store.OrderStore.
func (s *Store) DiscardOrder(ctx context.Context, orderID string) error {
	return s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.DiscardOrderTx(ctx, tx, orderID) })
}

// ConfirmOrder implements store.OrderStore.
func (s *Store) ConfirmOrder(ctx context.Context, p store.Payment, c store.Capacity) (store.Order, error) {
	var id string
	var refused error
	err := s.inOrderTx(ctx, func(tx sale.OrderTx) error {
		var eventID string
		var err error
		if id, eventID, err = sale.OrderOfTxid(ctx, tx, p.Txid); err != nil {
			return err
		}
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

// ExpireOrders implements store.OrderStore.
func (s *Store) ExpireOrders(ctx context.Context, now time.Time) (charges []store.Charges, err error) {
	err = s.inOrderTx(ctx, func(tx sale.OrderTx) error {
		charges, err = sale.ExpireOrdersTx(ctx, tx, now)
		return err
	})
	return charges, err
}

// SetOrderCard implements store.OrderStore.
func (s *Store) SetOrderCard(ctx context.Context, orderID, preferencia, checkoutURL string) error {
	return s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.SetOrderCardTx(ctx, tx, orderID, preferencia, checkoutURL) })
}

// SwitchPayment implements store.OrderStore.
func (s *Store) SwitchPayment(ctx context.Context, orderID, metodo, txid string, now time.Time) (store.Order, error) {
	if err := s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.SwitchPaymentTx(ctx, tx, orderID, metodo, txid, now) }); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// ConfirmCardPayment implements store.OrderStore.
func (s *Store) ConfirmCardPayment(ctx context.Context, orderID string, p store.CardPayment, c store.Capacity) (store.Order, error) {
	var refused error
	err := s.inOrderTx(ctx, func(tx sale.OrderTx) error {
		eventID, err := sale.OrderEvent(ctx, tx, orderID)
		if err != nil {
			return err
		}
		refused, err = sale.ConfirmCardPaymentTx(ctx, tx, orderID, eventID, p, c, time.Now())
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

// RecordCardPayment implements store.OrderStore.
func (s *Store) RecordCardPayment(ctx context.Context, orderID string, p store.CardPayment, motivo string) (o store.Order, changed bool, err error) {
	err = s.inOrderTx(ctx, func(tx sale.OrderTx) error {
		if _, err := sale.OrderEvent(ctx, tx, orderID); err != nil {
			return err
		}
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
	err = s.inOrderTx(ctx, func(tx sale.OrderTx) error {
		ids, err = sale.ClaimCardChecksTx(ctx, tx, approvedSince, checkedBefore, now, n)
		return err
	})
	return ids, err
}

// ClaimOrderReceipt implements store.OrderStore.
func (s *Store) ClaimOrderReceipt(ctx context.Context, orderID string, now time.Time) (claimed bool, err error) {
	err = s.inOrderTx(ctx, func(tx sale.OrderTx) error {
		claimed, err = sale.ClaimOrderReceiptTx(ctx, tx, orderID, now)
		return err
	})
	return claimed, err
}

// CancelOrder implements store.OrderStore.
func (s *Store) CancelOrder(ctx context.Context, orderID string, by store.Actor) (store.Order, error) {
	if err := s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.CancelOrderTx(ctx, tx, orderID, by) }); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// CancelRegistration implements store.OrderStore.
func (s *Store) CancelRegistration(ctx context.Context, registrationID string, refunds []store.Refund, by store.Actor) (store.Order, error) {
	var orderID string
	if err := s.inOrderTx(ctx, func(tx sale.OrderTx) (err error) {
		orderID, err = sale.CancelRegistrationTx(ctx, tx, registrationID, refunds, by)
		return err
	}); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// AddRefund implements store.OrderStore.
func (s *Store) AddRefund(ctx context.Context, orderID string, r store.Refund, by store.Actor) (store.Order, error) {
	if err := s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.AddRefundTx(ctx, tx, orderID, r, by) }); err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, orderID)
}

// SetRefundStatus implements store.OrderStore.
func (s *Store) SetRefundStatus(ctx context.Context, refundID, status string, now time.Time) (store.Order, error) {
	var orderID string
	err := s.inOrderTx(ctx, func(tx sale.OrderTx) (err error) {
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
	return s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.SaveCouponTx(ctx, tx, c, time.Now()) })
}

// DeleteCoupon implements store.OrderStore.
func (s *Store) DeleteCoupon(ctx context.Context, eventID, codigo string) error {
	return s.inOrderTx(ctx, func(tx sale.OrderTx) error { return sale.DeleteCouponTx(ctx, tx, eventID, codigo) })
}

// RecordPayment implements store.OrderStore.
func (s *Store) RecordPayment(ctx context.Context, p store.Payment, motivo string) (store.Order, error) {
	var id string
	err := s.inOrderTx(ctx, func(tx sale.OrderTx) (err error) {
		id, err = sale.RecordPaymentTx(ctx, tx, p, motivo, time.Now())
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, id)
}

// EditRegistration implements store.OrderStore.
func (s *Store) EditRegistration(ctx context.Context, registrationID string, e store.RegistrationEdit, by store.Actor) (store.Order, error) {
	var id string
	err := s.inOrderTx(ctx, func(tx sale.OrderTx) (err error) {
		id, err = sale.EditRegistrationTx(ctx, tx, registrationID, e, by)
		return err
	})
	if err != nil {
		return store.Order{}, err
	}
	return s.Order(ctx, id)
}
