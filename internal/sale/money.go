package sale

import (
	"context"
	"fmt"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/store"
	"pelotao/internal/textfold"
)

// OrderByTxid implements OrderStore.
func (r OrderReader) OrderByTxid(ctx context.Context, txid string) (store.Order, error) {
	return r.oneOrder(ctx, "WHERE txid = ?", txid)
}

// OrderOfRegistration implements OrderStore.
func (r OrderReader) OrderOfRegistration(ctx context.Context, registrationID string) (store.Order, error) {
	return r.oneOrder(ctx, "WHERE id = (SELECT order_id FROM registrations WHERE id = ?)", registrationID)
}

func (r OrderReader) oneOrder(ctx context.Context, where string, args ...any) (store.Order, error) {
	orders, err := r.readOrders(ctx, where, args...)
	if err == nil && len(orders) == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, err
	}
	return orders[0], nil
}

// RefundsInProgress implements OrderStore.
func (r OrderReader) RefundsInProgress(ctx context.Context) ([]store.Refund, error) {
	return store.QueryAll(ctx, r.Query, r.Name+": refunds in progress", func(row store.Scanner) (f store.Refund, err error) {
		err = row.Scan(&f.ID, &f.OrderID, &f.EndToEndID, &f.Metodo, &f.Valor, &f.Status, &f.Motivo, &f.CriadoEm)
		f.CriadoEm = f.CriadoEm.UTC()
		return f, err
	}, "SELECT id, order_id, end_to_end_id, metodo, valor, status, motivo, criado_em FROM refunds WHERE status = 'EM_PROCESSAMENTO' ORDER BY criado_em, id")
}

// RecordPaymentTx is RecordPayment inside tx; it returns the payment's order.
func RecordPaymentTx(ctx context.Context, tx OrderTx, p store.Payment, motivo string, now time.Time) (string, error) {
	orderID, _, err := OrderOfTxid(ctx, tx, p.Txid)
	if err != nil {
		return "", err
	}
	n, err := tx.Exec(ctx, `INSERT INTO pix_payments (end_to_end_id, order_id, txid, valor, horario, recebido_em)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (end_to_end_id) DO NOTHING`, p.EndToEndID, orderID, p.Txid, p.Valor, p.Horario, now)
	if err != nil || n == 0 {
		return orderID, err
	}
	return orderID, addOrderEvent(ctx, tx, orderID, store.OrderReturnedEvent, now, "",
		map[string]any{"endToEndId": p.EndToEndID, "valor": int64(p.Valor), "motivo": motivo})
}

// removeRegistrations takes the participants of an order refunded in full (or a free one
// cancelled) out of the event and makes its registrations cancelada: those cancelled alone before
// (CancelRegistrationTx) left already.
func removeRegistrations(ctx context.Context, tx OrderTx, orderID string, now time.Time) error {
	list, err := collectTx(ctx, tx, func(row store.Scanner) (g leaving, err error) {
		err = row.Scan(&g.eventID, &g.participantID)
		return g, err
	}, "SELECT event_id, participant_id FROM registrations WHERE order_id = ? AND status = 'confirmada' AND participant_id IS NOT NULL", orderID)
	if err != nil {
		return fmt.Errorf("sale: refunded registrations: %w", err)
	}
	if _, err := tx.Exec(ctx, "UPDATE registrations SET status = 'cancelada' WHERE order_id = ?", orderID); err != nil {
		return err
	}
	return removeParticipants(ctx, tx, list, now)
}

// leaving is a participant sold here whose registration is cancelled.
type leaving struct{ eventID, participantID string }

// removeParticipants takes participants out of the event: the rows are deleted (lists, totals,
// exports and document checks forget them) and each removal takes a rev, so the rosters that
// follow changes see it. Their registrations stay, cancelada, in their order.
func removeParticipants(ctx context.Context, tx OrderTx, list []leaving, now time.Time) error {
	if len(list) == 0 {
		return nil
	}
	rev, err := tx.NextRevs(ctx, len(list))
	if err != nil {
		return err
	}
	for _, g := range list {
		if _, err := tx.Exec(ctx, "DELETE FROM participants WHERE id = ?", g.participantID); err != nil {
			return fmt.Errorf("sale: removing participant: %w", err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO participant_removals (event_id, participant_id, rev, removido_em) VALUES (?, ?, ?, ?)",
			g.eventID, g.participantID, rev, now); err != nil {
			return fmt.Errorf("sale: participant removal: %w", err)
		}
		rev++
	}
	return nil
}

// CancelRegistrationTx is CancelRegistration inside tx, which holds the order's event's lock (as
// CancelOrderTx's and ConfirmOrderTx's callers) and its refunds' (as AddRefundTx's): a payment,
// a cancellation, a refund and another registration's cancellation of one order take turns
// (REG-240, REG-241).
func CancelRegistrationTx(ctx context.Context, tx OrderTx, registrationID string, refunds []store.Refund, by store.Actor) (orderID string, err error) {
	var eventID, nome, status, orderStatus string
	var participantID *string
	err = tx.QueryRow(ctx, `SELECT r.order_id, r.event_id, r.nome, r.status, r.participant_id, o.status FROM registrations r
		JOIN orders o ON o.id = r.order_id WHERE r.id = ?`, registrationID).Scan(&orderID, &eventID, &nome, &status, &participantID, &orderStatus)
	if store.IsNoRows(err) {
		return "", store.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("sale: cancelling registration: %w", err)
	}
	if orderStatus != store.OrderPaid || status != store.RegistrationConfirmed {
		return orderID, store.ErrNotPending
	}
	var confirmed int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM registrations WHERE order_id = ? AND status = 'confirmada'", orderID).Scan(&confirmed); err != nil {
		return "", fmt.Errorf("sale: order's registrations: %w", err)
	}
	if confirmed < 2 {
		return orderID, store.ErrLastRegistration
	}
	if n, err := tx.Exec(ctx, "UPDATE registrations SET status = 'cancelada' WHERE id = ? AND status = 'confirmada'", registrationID); err != nil {
		return "", fmt.Errorf("sale: cancelling registration: %w", err)
	} else if n == 0 {
		return orderID, store.ErrNotPending
	}
	if participantID != nil {
		if err := removeParticipants(ctx, tx, []leaving{{eventID, *participantID}}, by.At); err != nil {
			return "", err
		}
	}
	var valor money.Centavos
	for _, r := range refunds {
		if err := AddRefundTx(ctx, tx, orderID, r, by); err != nil {
			return "", err
		}
		valor += r.Valor
	}
	return orderID, addOrderEvent(ctx, tx, orderID, store.OrderRegistrationCanceledEvent, by.At, by.UserID,
		map[string]any{"inscricaoId": registrationID, "nome": nome, "valor": int64(valor), "por": by.Nome})
}

// EditRegistrationTx is EditRegistration inside tx; it returns the registration's order.
func EditRegistrationTx(ctx context.Context, tx OrderTx, registrationID string, e store.RegistrationEdit, by store.Actor) (string, error) {
	var orderID, eventID string
	var participantID *string
	err := tx.QueryRow(ctx, "SELECT order_id, event_id, participant_id FROM registrations WHERE id = ?", registrationID).
		Scan(&orderID, &eventID, &participantID)
	if store.IsNoRows(err) {
		return "", store.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("sale: registration: %w", err)
	}
	if _, docChanged := e.Changes["documento"]; docChanged {
		var n int
		if err := tx.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
			 WHERE r.event_id = ? AND r.doc_tipo = ? AND r.doc_numero = ? AND r.id <> ? AND `+holdCounts+`) +
			(SELECT count(*) FROM participants WHERE event_id = ? AND doc_tipo = ? AND doc_numero = ? AND inscricao <> ?)`,
			eventID, e.Documento.Tipo, e.Documento.Numero, registrationID, by.At, eventID, e.Documento.Tipo, e.Documento.Numero,
			registrationID).Scan(&n); err != nil {
			return "", fmt.Errorf("sale: document check: %w", err)
		}
		if n > 0 {
			return "", &store.AlreadyRegisteredError{}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE registrations SET nome = ?, doc_tipo = ?, doc_numero = ?, categoria = ?, camiseta = ?, atleta = ?
		WHERE id = ?`, e.Nome, e.Documento.Tipo, e.Documento.Numero, e.Categoria, e.Camiseta, string(e.Atleta), registrationID); err != nil {
		return "", fmt.Errorf("sale: editing registration: %w", err)
	}
	if _, err := tx.Exec(ctx, "UPDATE orders SET busca = busca || ' ' || ? WHERE id = ?",
		textfold.Fold(e.Nome)+" "+e.Documento.Numero, orderID); err != nil {
		return "", err
	}
	if participantID != nil {
		reg, err := collectTx(ctx, tx, scanRegistration, "SELECT "+registrationColumns+" FROM registrations WHERE id = ?", registrationID)
		if err != nil {
			return "", err
		}
		row := store.NewParticipantRow(eventID, registrationParticipant(reg[0]))
		rev, err := tx.NextRevs(ctx, 1)
		if err != nil {
			return "", err
		}
		if _, err := tx.Exec(ctx, `UPDATE participants SET nome = ?, nome_ordem = ?, doc_tipo = ?, doc_numero = ?, email = ?,
			telefone = ?, nascimento = ?, sexo = ?, camiseta = ?, equipe = ?, categoria = ?, rev = ?, atualizado_em = ? WHERE id = ?`,
			row.Nome, row.NomeOrdem, row.DocTipo, row.DocNumero, row.Email, row.Telefone, row.Nascimento, row.Sexo, row.Camiseta,
			row.Equipe, e.Categoria, rev, by.At, *participantID); err != nil {
			return "", fmt.Errorf("sale: editing participant: %w", err)
		}
	}
	return orderID, addOrderEvent(ctx, tx, orderID, store.OrderEditedEvent, by.At, by.UserID,
		map[string]any{"inscricaoId": registrationID, "por": by.Nome, "alteracoes": e.Changes})
}
