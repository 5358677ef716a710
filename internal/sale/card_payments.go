package sale

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/store"
)

// paymentsReceived is the money an order received, whatever its method, as rows (id, order_id,
// valor, metodo): each Pix, each card payment once approved. A refund names one of them.
const paymentsReceived = `SELECT end_to_end_id AS id, order_id, valor, 'pix' AS metodo FROM pix_payments
	UNION ALL SELECT payment_id, order_id, valor, 'cartao' FROM card_payments WHERE aprovado_em IS NOT NULL`

const cardPaymentColumns = "payment_id, status, status_detail, valor, parcelas, taxas, liquido, aprovado_em"

func scanCardPayment(row store.Scanner) (store.CardPayment, error) {
	var c store.CardPayment
	err := row.Scan(&c.ID, &c.Status, &c.StatusDetail, &c.Valor, &c.Parcelas, &c.Taxas, &c.Liquido, &c.AprovadoEm)
	if c.AprovadoEm != nil {
		t := c.AprovadoEm.UTC()
		c.AprovadoEm = &t
	}
	return c, err
}

// cardApproved is the card payment status that confirms (Mercado Pago's approved).
const cardApproved = "approved"

// OrderEvent returns the event of an order; ErrNotFound.
func OrderEvent(ctx context.Context, tx OrderTx, orderID string) (string, error) {
	var eventID string
	err := tx.QueryRow(ctx, "SELECT event_id FROM orders WHERE id = ?", orderID).Scan(&eventID)
	if store.IsNoRows(err) {
		return "", store.ErrNotFound
	}
	return eventID, err
}

// recordCardTx records the card payment p of the order, or its new status: changed is false when
// it was recorded with this status before; approved is true when this is the first time it is
// read approved (money received), which alone may confirm the order.
func recordCardTx(ctx context.Context, tx OrderTx, orderID string, p store.CardPayment, now time.Time) (changed, approved bool, err error) {
	var was, ofOrder string
	var aprovado *time.Time
	err = tx.QueryRow(ctx, "SELECT order_id, status, aprovado_em FROM card_payments WHERE payment_id = ?", p.ID).Scan(&ofOrder, &was, &aprovado)
	switch {
	case store.IsNoRows(err):
		var at any
		if p.Status == cardApproved {
			at = now
		}
		if _, err := tx.Exec(ctx, `INSERT INTO card_payments (payment_id, order_id, status, status_detail, valor, parcelas, taxas,
			liquido, aprovado_em, recebido_em, atualizado_em) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, p.ID, orderID, p.Status,
			p.StatusDetail, p.Valor, p.Parcelas, p.Taxas, p.Liquido, at, now, now); err != nil {
			return false, false, fmt.Errorf("sale: recording card payment: %w", err)
		}
		return true, p.Status == cardApproved, nil
	case err != nil:
		return false, false, fmt.Errorf("sale: card payment: %w", err)
	case ofOrder != orderID:
		return false, false, fmt.Errorf("sale: card payment %s is of order %s, not %s", p.ID, ofOrder, orderID)
	case was == p.Status:
		return false, false, nil
	}
	approved = p.Status == cardApproved && aprovado == nil
	var at any
	if approved {
		at = now
	}
	if _, err := tx.Exec(ctx, `UPDATE card_payments SET status = ?, status_detail = ?, parcelas = ?, taxas = ?, liquido = ?,
		aprovado_em = coalesce(aprovado_em, ?), atualizado_em = ? WHERE payment_id = ?`, p.Status, p.StatusDetail, p.Parcelas,
		p.Taxas, p.Liquido, at, now, p.ID); err != nil {
		return false, false, fmt.Errorf("sale: card payment status: %w", err)
	}
	return true, approved, nil
}

// ConfirmCardPaymentTx is ConfirmCardPayment inside tx, under the lock of the order's event (as
// ConfirmOrderTx, whose refusals it shares).
func ConfirmCardPaymentTx(ctx context.Context, tx OrderTx, orderID, eventID string, p store.CardPayment, c store.Capacity, now time.Time) (refused, err error) {
	changed, approved, err := recordCardTx(ctx, tx, orderID, p, now)
	switch {
	case err != nil:
		return nil, err
	case !changed && p.Status == cardApproved: // read again: what it answered then (REG-301)
		return recordedRefusal(ctx, tx, orderID, cardReceived(p), now)
	case !approved:
		if changed {
			err = cardHistory(ctx, tx, orderID, p, now)
		}
		return nil, err // not approved: nothing to confirm
	}
	return confirmPaidTx(ctx, tx, orderID, eventID, cardReceived(p), c, now)
}

// RecordCardPaymentTx is RecordCardPayment inside tx.
func RecordCardPaymentTx(ctx context.Context, tx OrderTx, orderID string, p store.CardPayment, motivo string, now time.Time) (bool, error) {
	changed, approved, err := recordCardTx(ctx, tx, orderID, p, now)
	if err != nil || !changed {
		return changed, err
	}
	if approved { // money received that confirms nothing: kept for its refund, as RecordPaymentTx keeps a Pix
		return true, addOrderEvent(ctx, tx, orderID, store.OrderReturnedEvent, now, "",
			cardReceived(p).note(map[string]any{"valor": int64(p.Valor), "motivo": motivo}))
	}
	return true, cardHistory(ctx, tx, orderID, p, now)
}

func cardReceived(p store.CardPayment) received { return received{"pagamentoId", p.ID, int64(p.Valor)} }

// cardHistory notes in the order's history a card payment's new status that confirms nothing.
func cardHistory(ctx context.Context, tx OrderTx, orderID string, p store.CardPayment, now time.Time) error {
	return addOrderEvent(ctx, tx, orderID, store.OrderCardPaymentEvent, now, "",
		cardReceived(p).note(map[string]any{"status": p.Status, "statusDetail": p.StatusDetail, "valor": int64(p.Valor)}))
}

// SetOrderCardTx is SetOrderCard inside tx.
func SetOrderCardTx(ctx context.Context, tx OrderTx, orderID, preferencia, checkoutURL string) error {
	n, err := tx.Exec(ctx, `UPDATE orders SET preferencia = ?, checkout_url = ? WHERE id = ? AND status = 'aguardando_pagamento'
		AND pagamento = 'cartao'`, preferencia, checkoutURL, orderID)
	if err != nil {
		return fmt.Errorf("sale: order's preference: %w", err)
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// SwitchPaymentTx is SwitchPayment inside tx, under the lock of the order's event: a payment
// confirming the order meanwhile and the switch take turns.
func SwitchPaymentTx(ctx context.Context, tx OrderTx, orderID, metodo, txid string, now time.Time) error {
	var n int64
	var err error
	switch metodo {
	case store.PaymentPix:
		n, err = tx.Exec(ctx, `UPDATE orders SET pagamento = 'pix', txid = ?, copia_e_cola = '', location = '', checkout_url = ''
			WHERE id = ? AND status = 'aguardando_pagamento' AND expira_em > ?`, txid, orderID, now)
	case store.PaymentCard:
		n, err = tx.Exec(ctx, `UPDATE orders SET pagamento = 'cartao', copia_e_cola = '', location = '', checkout_url = ''
			WHERE id = ? AND status = 'aguardando_pagamento' AND expira_em > ?`, orderID, now)
	default:
		return fmt.Errorf("sale: no payment method %q", metodo)
	}
	if err != nil {
		return fmt.Errorf("sale: switching payment: %w", err)
	}
	if n == 0 {
		return store.ErrNotPending
	}
	return addOrderEvent(ctx, tx, orderID, store.OrderSwitchedEvent, now, "", map[string]string{"pagamento": metodo})
}

// ClaimCardChecksTx picks at most n approved card payments of paid orders, approved since
// approvedSince and not read back since checkedBefore (the least recently read first, one never
// read from its approval), and records them read back at now (CARD-51).
func ClaimCardChecksTx(ctx context.Context, tx OrderTx, approvedSince, checkedBefore, now time.Time, n int) ([]string, error) {
	ids, err := store.QueryAll(ctx, tx.Query, "card checks", func(row store.Scanner) (id string, err error) {
		err = row.Scan(&id)
		return id, err
	}, `SELECT cp.payment_id FROM card_payments cp JOIN orders o ON o.id = cp.order_id
		LEFT JOIN card_checks c ON c.payment_id = cp.payment_id
		WHERE o.status = 'pago' AND cp.status = ? AND cp.aprovado_em >= ? AND COALESCE(c.conferido_em, cp.aprovado_em) <= ?
		ORDER BY COALESCE(c.conferido_em, cp.aprovado_em), cp.payment_id LIMIT ?`, cardApproved, approvedSince, checkedBefore, n)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if _, err := tx.Exec(ctx, `INSERT INTO card_checks (payment_id, conferido_em) VALUES (?, ?)
			ON CONFLICT (payment_id) DO UPDATE SET conferido_em = excluded.conferido_em`, id, now); err != nil {
			return nil, fmt.Errorf("card checks: %w", err)
		}
	}
	return ids, nil
}
