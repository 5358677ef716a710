package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/textfold"
)

// Finance is an event's money as stored (OrderStore.EventFinance); package orders groups it.
type Finance struct {
	Received int64 // every Pix received for the event's orders, in centavos
	Refunded int64 // the refunds DEVOLVIDO
	// Refunding is the refunds still EM_PROCESSAMENTO: asked of the PSP, not yet returned (REG-272).
	Refunding int64
	Orders    map[string]int // order status → how many
	Sold      []SoldGroup
}

// SoldGroup is the confirmed registrations of one lot (” when priced by kit) and modality whose
// orders were paid within one hour (UTC): how many and their total. A sale of 30,000 is then a
// few thousand groups to place on days, not 30,000; an hour falls within one calendar day of a
// zone whose offset is whole hours, as every Brazilian zone's is, so the days are grouped in the
// event's zone from them exactly.
type SoldGroup struct {
	Lote, Percurso string
	Hora           time.Time // the hour's start
	Inscricoes     int
	Total          int64
}

// RegistrationEdit is a registration's data after an edit: the columns, the athlete as typed
// (JSON) and, for the history, what changed.
type RegistrationEdit struct {
	Nome                string
	Documento           participant.Documento
	Categoria, Camiseta string
	Atleta              json.RawMessage
	Changes             map[string]Change
}

// Change is one field's value before and after an edit.
type Change struct {
	De   any `json:"de"`
	Para any `json:"para"`
}

// OrderByTxid implements OrderStore.
func (r OrderReader) OrderByTxid(ctx context.Context, txid string) (Order, error) {
	return r.oneOrder(ctx, "WHERE txid = ?", txid)
}

// OrderOfRegistration implements OrderStore.
func (r OrderReader) OrderOfRegistration(ctx context.Context, registrationID string) (Order, error) {
	return r.oneOrder(ctx, "WHERE id = (SELECT order_id FROM registrations WHERE id = ?)", registrationID)
}

func (r OrderReader) oneOrder(ctx context.Context, where string, args ...any) (Order, error) {
	orders, err := r.readOrders(ctx, where, args...)
	if err == nil && len(orders) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return Order{}, err
	}
	return orders[0], nil
}

// RefundsInProgress implements OrderStore.
func (r OrderReader) RefundsInProgress(ctx context.Context) ([]Refund, error) {
	return QueryAll(ctx, r.Query, r.Name+": refunds in progress", func(row Scanner) (f Refund, err error) {
		err = row.Scan(&f.ID, &f.OrderID, &f.EndToEndID, &f.Valor, &f.Status, &f.Motivo, &f.CriadoEm)
		f.CriadoEm = f.CriadoEm.UTC()
		return f, err
	}, "SELECT id, order_id, end_to_end_id, valor, status, motivo, criado_em FROM refunds WHERE status = 'EM_PROCESSAMENTO' ORDER BY criado_em, id")
}

// RecordPaymentTx is RecordPayment inside tx; it returns the payment's order.
func RecordPaymentTx(ctx context.Context, tx OrderTx, p Payment, motivo string, now time.Time) (string, error) {
	orderID, _, err := OrderOfTxid(ctx, tx, p.Txid)
	if err != nil {
		return "", err
	}
	n, err := tx.Exec(ctx, `INSERT INTO pix_payments (end_to_end_id, order_id, txid, valor, horario, recebido_em)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (end_to_end_id) DO NOTHING`, p.EndToEndID, orderID, p.Txid, p.Valor, p.Horario, now)
	if err != nil || n == 0 {
		return orderID, err
	}
	return orderID, addOrderEvent(ctx, tx, orderID, OrderReturnedEvent, now, "",
		map[string]any{"endToEndId": p.EndToEndID, "valor": p.Valor, "motivo": motivo})
}

// removeRegistrations takes the participants of an order refunded in full (or a free one
// cancelled) out of the event and makes its registrations cancelada: those cancelled alone before
// (CancelRegistrationTx) left already.
func removeRegistrations(ctx context.Context, tx OrderTx, orderID string, now time.Time) error {
	list, err := collectTx(ctx, tx, func(row Scanner) (g leaving, err error) {
		err = row.Scan(&g.eventID, &g.participantID)
		return g, err
	}, "SELECT event_id, participant_id FROM registrations WHERE order_id = ? AND status = 'confirmada' AND participant_id IS NOT NULL", orderID)
	if err != nil {
		return fmt.Errorf("store: refunded registrations: %w", err)
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
			return fmt.Errorf("store: removing participant: %w", err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO participant_removals (event_id, participant_id, rev, removido_em) VALUES (?, ?, ?, ?)",
			g.eventID, g.participantID, rev, now); err != nil {
			return fmt.Errorf("store: participant removal: %w", err)
		}
		rev++
	}
	return nil
}

// CancelRegistrationTx is CancelRegistration inside tx, which holds the order's event's lock (as
// CancelOrderTx's and ConfirmOrderTx's callers) and its refunds' (as AddRefundTx's): a payment,
// a cancellation, a refund and another registration's cancellation of one order take turns
// (REG-240, REG-241).
func CancelRegistrationTx(ctx context.Context, tx OrderTx, registrationID string, refunds []Refund, by Actor) (orderID string, err error) {
	var eventID, nome, status, orderStatus string
	var participantID *string
	err = tx.QueryRow(ctx, `SELECT r.order_id, r.event_id, r.nome, r.status, r.participant_id, o.status FROM registrations r
		JOIN orders o ON o.id = r.order_id WHERE r.id = ?`, registrationID).Scan(&orderID, &eventID, &nome, &status, &participantID, &orderStatus)
	if IsNoRows(err) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: cancelling registration: %w", err)
	}
	if orderStatus != OrderPaid || status != RegistrationConfirmed {
		return orderID, ErrNotPending
	}
	var confirmed int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM registrations WHERE order_id = ? AND status = 'confirmada'", orderID).Scan(&confirmed); err != nil {
		return "", fmt.Errorf("store: order's registrations: %w", err)
	}
	if confirmed < 2 {
		return orderID, ErrLastRegistration
	}
	if n, err := tx.Exec(ctx, "UPDATE registrations SET status = 'cancelada' WHERE id = ? AND status = 'confirmada'", registrationID); err != nil {
		return "", fmt.Errorf("store: cancelling registration: %w", err)
	} else if n == 0 {
		return orderID, ErrNotPending
	}
	if participantID != nil {
		if err := removeParticipants(ctx, tx, []leaving{{eventID, *participantID}}, by.At); err != nil {
			return "", err
		}
	}
	var valor int64
	for _, r := range refunds {
		if err := AddRefundTx(ctx, tx, orderID, r, by); err != nil {
			return "", err
		}
		valor += r.Valor
	}
	return orderID, addOrderEvent(ctx, tx, orderID, OrderRegistrationCanceledEvent, by.At, by.UserID,
		map[string]any{"inscricaoId": registrationID, "nome": nome, "valor": valor, "por": by.Nome})
}

// EditRegistrationTx is EditRegistration inside tx; it returns the registration's order.
func EditRegistrationTx(ctx context.Context, tx OrderTx, registrationID string, e RegistrationEdit, by Actor) (string, error) {
	var orderID, eventID string
	var participantID *string
	err := tx.QueryRow(ctx, "SELECT order_id, event_id, participant_id FROM registrations WHERE id = ?", registrationID).
		Scan(&orderID, &eventID, &participantID)
	if IsNoRows(err) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: registration: %w", err)
	}
	if _, docChanged := e.Changes["documento"]; docChanged {
		var n int
		if err := tx.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
			 WHERE r.event_id = ? AND r.doc_tipo = ? AND r.doc_numero = ? AND r.id <> ? AND `+holdCounts+`) +
			(SELECT count(*) FROM participants WHERE event_id = ? AND doc_tipo = ? AND doc_numero = ? AND inscricao <> ?)`,
			eventID, e.Documento.Tipo, e.Documento.Numero, registrationID, by.At, eventID, e.Documento.Tipo, e.Documento.Numero,
			registrationID).Scan(&n); err != nil {
			return "", fmt.Errorf("store: document check: %w", err)
		}
		if n > 0 {
			return "", &AlreadyRegisteredError{}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE registrations SET nome = ?, doc_tipo = ?, doc_numero = ?, categoria = ?, camiseta = ?, atleta = ?
		WHERE id = ?`, e.Nome, e.Documento.Tipo, e.Documento.Numero, e.Categoria, e.Camiseta, string(e.Atleta), registrationID); err != nil {
		return "", fmt.Errorf("store: editing registration: %w", err)
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
		row := NewParticipantRow(eventID, registrationParticipant(reg[0]))
		rev, err := tx.NextRevs(ctx, 1)
		if err != nil {
			return "", err
		}
		if _, err := tx.Exec(ctx, `UPDATE participants SET nome = ?, nome_ordem = ?, doc_tipo = ?, doc_numero = ?, email = ?,
			telefone = ?, nascimento = ?, sexo = ?, camiseta = ?, equipe = ?, categoria = ?, rev = ?, atualizado_em = ? WHERE id = ?`,
			row.Nome, row.NomeOrdem, row.DocTipo, row.DocNumero, row.Email, row.Telefone, row.Nascimento, row.Sexo, row.Camiseta,
			row.Equipe, e.Categoria, rev, by.At, *participantID); err != nil {
			return "", fmt.Errorf("store: editing participant: %w", err)
		}
	}
	return orderID, addOrderEvent(ctx, tx, orderID, OrderEditedEvent, by.At, by.UserID,
		map[string]any{"inscricaoId": registrationID, "por": by.Nome, "alteracoes": e.Changes})
}
