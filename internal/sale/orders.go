// Package sale is the registration sale's engine: the rules every write of an order keeps inside
// its database transaction, written once for both databases over OrderTx (SQL with ?
// parameters; each driver opens the transaction under its own locks and rewrites the dialect).
// It counts what an event's registrations take (capacity, lots, coupon uses, documents, the
// buyer's and the address's limits), creates, confirms, expires and cancels orders, gives bibs,
// records payments and refunds, and reads orders back (OrderReader). Package store declares
// what it reads and writes (types, interfaces, errors); the drivers keep SQL of their own only;
// package orders is what the server does around an order once made (the PSP, e-mails).
package sale

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/textfold"
)

// OrderTx is a write transaction as the order logic here uses it: SQL with ? parameters (a
// driver rewrites them to its own), times as time.Time both ways, and a unique violation as
// ErrConflict. Each database opens it under its own lock (OrderTx's callers say which).
type OrderTx interface {
	Exec(ctx context.Context, sql string, args ...any) (int64, error)
	QueryRow(ctx context.Context, sql string, args ...any) store.Scanner
	Query(ctx context.Context, sql string, args ...any) (store.Rows, error)
	// NextRevs takes n values of the participants' change counter (see ParticipantStore).
	NextRevs(ctx context.Context, n int) (int64, error)
	// Lock serialises, until the transaction ends, the transactions that lock the same name, on
	// every instance (SQLite's single writer serialises them all already).
	Lock(ctx context.Context, name string) error
}

// holdCounts is the condition on registrations r of orders o that count against capacity:
// confirmed, or held by an order whose hold has not passed (the parameter: now).
const holdCounts = `(r.status = 'confirmada' OR (o.status = 'aguardando_pagamento' AND o.expira_em > ?))`

// orderIDByIdempotency returns the order an earlier request of the buyer with o's key made in
// o's event, or "": ErrIdempotencyKeyReused when that request had another body (an order made
// before the body was kept, its hash ”, is taken as the same request).
func orderIDByIdempotency(ctx context.Context, tx OrderTx, o store.NewOrder) (string, error) {
	if o.IdempotencyKey == "" {
		return "", nil
	}
	var id, hash string
	err := tx.QueryRow(ctx, "SELECT id, idempotency_hash FROM orders WHERE buyer_id = ? AND event_id = ? AND idempotency_key = ?",
		o.BuyerID, o.EventID, o.IdempotencyKey).Scan(&id, &hash)
	if store.IsNoRows(err) {
		return "", nil
	}
	if err == nil && hash != "" && hash != o.IdempotencyHash {
		return "", refusal{store.ErrIdempotencyKeyReused}
	}
	return id, err
}

// CreateOrderTx is CreateOrder inside tx, which holds the event's lock (and, where locks are
// per event, the buyer's): it takes the order's sender slot, reads the counts and the coupon,
// has the order priced from them, checks every count, then inserts. It returns the order as
// written, so that the caller need not read it back, or only its ID (its Status empty) when the
// caller must read it: the first order, when the buyer's IdempotencyKey made one before in the
// event with the same IdempotencyHash, and a free order, confirmed at once.
//
// refused is why a rule refused the order (sold out, a limit, the pricer's own refusal…), with
// err nil: the transaction commits then, keeping the order's sender slot and nothing else, as
// every check comes before the order's writes (REG-321). err is a failure to roll back.
//
// The order's times are kept to the millisecond, as SQLite stores them, so that the order
// returned is the order either store reads.
func CreateOrderTx(ctx context.Context, tx OrderTx, o store.NewOrder) (made store.Order, refused, err error) {
	made, err = createOrder(ctx, tx, o)
	if r, ok := errors.AsType[refusal](err); ok {
		return store.Order{}, r.err, nil
	}
	return made, nil, err
}

// refusal is a rule refusing an order in createOrder, told apart from its failures.
type refusal struct{ err error }

func (r refusal) Error() string { return r.err.Error() }

func createOrder(ctx context.Context, tx OrderTx, o store.NewOrder) (store.Order, error) {
	if o.Sender != nil {
		if err := takeOrderSlot(ctx, tx, *o.Sender, o.Now); err != nil {
			return store.Order{}, err
		}
	}
	if first, err := orderIDByIdempotency(ctx, tx, o); err != nil || first != "" {
		return store.Order{ID: first}, err
	}
	o.Now, o.ExpiraEm = o.Now.UTC().Truncate(time.Millisecond), o.ExpiraEm.UTC().Truncate(time.Millisecond)
	var taken store.Taken
	var err error
	keeper, keeps := tx.(TakenKeeper)
	if keeps {
		taken, err = keeper.Taken(ctx, o.EventID, o.Now)
	} else {
		taken, err = countTaken(ctx, tx.Query, "sale: capacity", o.EventID, "", o.Now)
	}
	if err != nil {
		return store.Order{}, err
	}
	cupom := store.CouponKey(o.Cupom)
	coupon, err := orderCoupon(ctx, tx, o.EventID, cupom)
	if err != nil {
		return store.Order{}, err
	}
	if coupon != nil {
		coupon.Usos = taken.Cupons[cupom]
	}
	group, err := orderGroup(ctx, tx, o)
	if err != nil {
		if errors.Is(err, store.ErrGroupUnknown) {
			err = refusal{err}
		}
		return store.Order{}, err
	}
	taken.Grupo = group.held
	items, err := o.Price(taken, coupon)
	if err != nil {
		return store.Order{}, refusal{err}
	}
	var total money.Centavos
	for _, it := range items {
		total += it.Total
	}
	if err := group.room(o.Grupo, len(items)); err != nil {
		return store.Order{}, refusal{err}
	}
	if err := buyerRoom(ctx, tx, o, total > 0, len(items), group.coach); err != nil {
		return store.Order{}, err
	}
	if err := checkDocuments(ctx, tx, o.EventID, o.Now, items); err != nil {
		return store.Order{}, err
	}
	// The pricer had these counts; checking them again keeps every limit whatever it priced.
	if err := fits(o.Vagas, &taken, items); err != nil {
		return store.Order{}, refusal{err}
	}
	if err := couponRoom(coupon, &taken, items); err != nil {
		return store.Order{}, refusal{err}
	}

	id := store.NewParticipantID()
	var busca []string
	for _, it := range items {
		busca = append(busca, textfold.Fold(it.Nome), it.DocNumero)
	}
	var key any
	if o.IdempotencyKey != "" {
		key = o.IdempotencyKey
	}
	pagamento := o.Pagamento
	if pagamento == "" || total == 0 { // a free order is paid by nobody: it stays as every order was
		pagamento = store.PaymentPix
	}
	written := store.Order{ID: id, EventID: o.EventID, BuyerID: o.BuyerID, Status: store.OrderAwaiting, Total: total, Cupom: cupom,
		Pagamento: pagamento, CriadoEm: o.Now, ExpiraEm: o.ExpiraEm, Inscricoes: make([]store.Registration, len(items))}
	var txid any
	if total > 0 && o.Txid != "" {
		txid, written.Txid = o.Txid, o.Txid
	}
	if _, err := tx.Exec(ctx, `INSERT INTO orders (id, event_id, buyer_id, status, total, cupom, idempotency_key, idempotency_hash,
		txid, copia_e_cola, location, criado_em, expira_em, busca, pagamento) VALUES (?, ?, ?, 'aguardando_pagamento', ?, ?, ?, ?, ?, '', '', ?, ?, ?, ?)`,
		id, o.EventID, o.BuyerID, total, cupom, key, o.IdempotencyHash, txid, o.Now, o.ExpiraEm, id+" "+strings.Join(busca, " "), pagamento); err != nil {
		return store.Order{}, fmt.Errorf("sale: inserting order: %w", err)
	}
	for i, it := range items {
		usesCoupon := ""
		if it.UsaCupom {
			usesCoupon = cupom
		}
		atleta := it.Atleta
		if len(atleta) == 0 {
			atleta = json.RawMessage("{}")
		}
		r := store.Registration{ID: store.NewParticipantID(), DocTipo: it.DocTipo, DocNumero: it.DocNumero, Nome: it.Nome, Percurso: it.Percurso,
			Lote: it.Lote, Categoria: it.Categoria, Camiseta: it.Camiseta, Valor: it.Valor, Desconto: it.Desconto, Total: it.Total,
			Status: store.RegistrationPending, Atleta: atleta, DescontoGrupo: it.DescontoGrupo}
		if _, err := tx.Exec(ctx, `INSERT INTO registrations (id, order_id, event_id, posicao, doc_tipo, doc_numero, nome,
			percurso, lote, categoria, camiseta, cupom, valor, desconto, total, status, atleta, grupo_id, desconto_grupo)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, id, o.EventID, i,
			r.DocTipo, r.DocNumero, r.Nome, r.Percurso, r.Lote, r.Categoria, r.Camiseta, usesCoupon, r.Valor,
			r.Desconto, r.Total, r.Status, string(atleta), group.id, r.DescontoGrupo); err != nil {
			return store.Order{}, fmt.Errorf("sale: inserting registration: %w", err)
		}
		written.Inscricoes[i] = r
	}
	if err := addOrderEvent(ctx, tx, id, store.OrderCreated, o.Now, o.BuyerID, nil); err != nil {
		return store.Order{}, err
	}
	heldUntil := o.ExpiraEm
	if total == 0 {
		if err := confirmOrderTx(ctx, tx, id, o.EventID, o.Now); err != nil {
			return store.Order{}, err
		}
		heldUntil, written = time.Time{}, store.Order{ID: id}
	}
	if keeps {
		keeper.Took(o.EventID, taken, heldUntil)
	}
	return written, nil
}

// CreateOrderSetTx is CreateOrderSet inside tx, which holds the lock of the orders' one event
// (and its buyer's): each order is created by CreateOrderTx in turn, so that each counts the
// ones before it; failed is the index of the order refused, whose error is returned for the
// caller to roll the whole transaction back (GRP-71).
func CreateOrderSetTx(ctx context.Context, tx OrderTx, set []store.NewOrder) (made []store.Order, failed int, err error) {
	made = make([]store.Order, len(set))
	for i, o := range set {
		var refused error
		if made[i], refused, err = CreateOrderTx(ctx, tx, o); err == nil {
			err = refused // the whole set goes back: none of its orders is kept
		}
		if err != nil {
			return nil, i, err
		}
	}
	return made, 0, nil
}

// groupOfOrder is the group an order joins, as its transaction reads it: id (nil: none), name,
// registrations held or confirmed, and whether the buyer coaches it.
type groupOfOrder struct {
	id    any
	nome  string
	held  int
	coach bool
}

// orderGroup reads the group of o.Grupo in o's event under the event's lock, which the group
// writes hold too, so that orders of one group count it in turns (GRP-21); ErrGroupUnknown
// when the event has no group of the code. An order without a group gets the zero group.
func orderGroup(ctx context.Context, tx OrderTx, o store.NewOrder) (groupOfOrder, error) {
	var g groupOfOrder
	if o.Grupo == nil {
		return g, nil
	}
	var id string
	var coach int
	err := tx.QueryRow(ctx, `SELECT g.id, g.nome,
		(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id WHERE r.grupo_id = g.id AND `+holdCounts+`),
		(SELECT count(*) FROM event_group_coaches c WHERE c.grupo_id = g.id AND c.user_id = ?)
		FROM event_groups g WHERE g.event_id = ? AND g.codigo = ?`, o.Now, o.BuyerID, o.EventID, o.Grupo.Codigo).Scan(&id, &g.nome, &g.held, &coach)
	if store.IsNoRows(err) {
		return g, store.ErrGroupUnknown
	}
	if err != nil {
		return g, fmt.Errorf("sale: order's group: %w", err)
	}
	g.id, g.coach = id, coach > 0
	return g, nil
}

// room refuses n more registrations past the group's limit (GRP-18).
func (g groupOfOrder) room(o *store.OrderGroup, n int) error {
	if o != nil && g.held+n > o.Max {
		return &store.GroupFullError{Nome: g.nome, Held: g.held, Max: o.Max}
	}
	return nil
}

// buyerRoom refuses an order of n registrations past the buyer's limits: its orders awaiting
// payment in every event, when the order holds (a free one is paid at once), and its
// registrations held or confirmed in o's event but those of the groups it coaches, which count
// against each group's limit instead — and when the buyer coaches the order's own group, that
// limit alone applies (GRP-19). Both are counted in one statement, through the buyer's orders
// (orders_by_buyer), under the event's lock: concurrent orders of the buyer take turns.
func buyerRoom(ctx context.Context, tx OrderTx, o store.NewOrder, holds bool, n int, coach bool) error {
	openMax, accountMax := 0, o.InscricoesPorContaMax
	if holds {
		openMax = o.PedidosAbertosMax
	}
	if coach {
		accountMax = 0
	}
	if openMax == 0 && accountMax == 0 {
		return nil
	}
	var open, registrations int
	if err := tx.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM orders WHERE buyer_id = ? AND status = 'aguardando_pagamento' AND expira_em > ?),
		(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
		 WHERE o.buyer_id = ? AND o.event_id = ? AND `+holdCounts+` AND (r.grupo_id IS NULL
		 OR r.grupo_id NOT IN (SELECT grupo_id FROM event_group_coaches WHERE user_id = ?)))`,
		o.BuyerID, o.Now, o.BuyerID, o.EventID, o.Now, o.BuyerID).Scan(&open, &registrations); err != nil {
		return fmt.Errorf("sale: the buyer's orders: %w", err)
	}
	if openMax > 0 && open >= openMax {
		return refusal{store.ErrOrderLimit}
	}
	if accountMax > 0 && registrations+n > accountMax {
		return refusal{&store.RegistrationLimitError{Held: registrations, Max: accountMax}}
	}
	return nil
}

// orderCoupon reads the event's coupon of the folded code cupom, its uses left for the caller to
// count; nil when cupom is empty or names no coupon.
func orderCoupon(ctx context.Context, tx OrderTx, eventID, cupom string) (*store.Coupon, error) {
	if cupom == "" {
		return nil, nil
	}
	found, err := readCoupons(ctx, tx.Query, "sale: order's coupon", "0", "WHERE c.event_id = ? AND c.codigo_chave = ?", eventID, cupom)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	return &found[0], nil
}

// checkDocuments refuses a document held or confirmed in the event (by an order, or as a
// participant imported or sold) or given twice in the order.
func checkDocuments(ctx context.Context, tx OrderTx, eventID string, now time.Time, items []store.NewRegistration) error {
	seen := map[string]bool{}
	for i, it := range items {
		k := it.DocTipo + ":" + it.DocNumero
		if seen[k] {
			return refusal{&store.AlreadyRegisteredError{Index: i}}
		}
		seen[k] = true
		var n int
		if err := tx.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
			 WHERE r.event_id = ? AND r.doc_tipo = ? AND r.doc_numero = ? AND `+holdCounts+`) +
			(SELECT count(*) FROM participants WHERE event_id = ? AND doc_tipo = ? AND doc_numero = ?)`,
			eventID, it.DocTipo, it.DocNumero, now, eventID, it.DocTipo, it.DocNumero).Scan(&n); err != nil {
			return fmt.Errorf("sale: document check: %w", err)
		}
		if n > 0 {
			return refusal{&store.AlreadyRegisteredError{Index: i}}
		}
	}
	return nil
}

// fits tells whether items fit in c beside what the event has taken, adding them to taken.
func fits(c store.Capacity, taken *store.Taken, items []store.NewRegistration) error {
	modality, lot := taken.Modalidades, taken.Lotes
	for _, it := range items {
		taken.Evento++
		modality[it.Percurso]++
		if it.Lote != "" {
			lot[it.Lote]++
		}
		if c.Evento != nil && taken.Evento > *c.Evento {
			return &store.SoldOutError{Limit: store.LimitEvent}
		}
		if max, ok := c.Modalidades[it.Percurso]; ok && modality[it.Percurso] > max {
			return &store.SoldOutError{Limit: store.LimitModality, Name: it.Percurso}
		}
		if max, ok := c.Lotes[it.Lote]; ok && it.Lote != "" && lot[it.Lote] > max {
			return &store.SoldOutError{Limit: store.LimitLot, Name: it.Lote}
		}
	}
	return nil
}

// couponRoom refuses items that take more uses of coupon than it has left beside those taken,
// or a coupon unknown (nil) or paused; it adds their uses to taken.
func couponRoom(coupon *store.Coupon, taken *store.Taken, items []store.NewRegistration) error {
	want := 0
	for _, it := range items {
		if it.UsaCupom {
			want++
		}
	}
	if want == 0 {
		return nil
	}
	if coupon == nil || !coupon.Ativo {
		return store.ErrCouponUsedUp
	}
	key := store.CouponKey(coupon.Codigo)
	if coupon.MaxUsos != nil && taken.Cupons[key]+want > *coupon.MaxUsos {
		return store.ErrCouponUsedUp
	}
	taken.Cupons[key] += want
	return nil
}

func collectTx[T any](ctx context.Context, tx OrderTx, scan func(store.Scanner) (T, error), sql string, args ...any) ([]T, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.Collect(rows, scan)
}

// addOrderEvent adds an entry to the order's history. Its detail keeps a valor in whole centavos,
// a JSON integer (int64, not money.Centavos, which JSON writes in reais), as the history always
// has; the API answers it in reais (salesapi's historyDetail).
func addOrderEvent(ctx context.Context, tx OrderTx, orderID, tipo string, at time.Time, por string, detalhe any) error {
	var d any
	if detalhe != nil {
		b, err := json.Marshal(detalhe)
		if err != nil {
			return err
		}
		d = string(b)
	}
	if _, err := tx.Exec(ctx, "INSERT INTO order_history (order_id, tipo, em, por, detalhe) VALUES (?, ?, ?, ?, ?)",
		orderID, tipo, at, por, d); err != nil {
		return fmt.Errorf("sale: order history: %w", err)
	}
	return nil
}

// OrderOfTxid returns the id and event of the order of a charge; ErrNotFound.
func OrderOfTxid(ctx context.Context, tx OrderTx, txid string) (id, eventID string, err error) {
	err = tx.QueryRow(ctx, "SELECT id, event_id FROM orders WHERE txid = ?", txid).Scan(&id, &eventID)
	if store.IsNoRows(err) {
		return "", "", store.ErrNotFound
	}
	return id, eventID, err
}

// ConfirmOrderTx is ConfirmOrder inside tx, under the lock of the order's event. An order whose
// hold passed (swept or not) is confirmed only if its registrations still fit c; any order only if
// none of its documents is in the event meanwhile (a participant imported while it was held, or,
// for a late payment, another order's registration) — such an order ends expirado, its
// registrations cancelada. refused is why a recorded payment confirmed nothing (ErrSoldOut,
// ErrCouponUsedUp, ErrAlreadyRegistered, ErrNotPending): the transaction commits then, keeping
// the payment for its refund; err is a failure to roll back.
func ConfirmOrderTx(ctx context.Context, tx OrderTx, orderID, eventID string, p store.Payment, c store.Capacity, now time.Time) (refused, err error) {
	n, err := tx.Exec(ctx, `INSERT INTO pix_payments (end_to_end_id, order_id, txid, valor, horario, recebido_em)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (end_to_end_id) DO NOTHING`, p.EndToEndID, orderID, p.Txid, p.Valor, p.Horario, now)
	if err != nil {
		return nil, fmt.Errorf("sale: recording payment: %w", err)
	}
	if n == 0 { // recorded before: a webhook delivered again, or the reconciliation after it
		return recordedRefusal(ctx, tx, orderID, pixReceived(p), now)
	}
	return confirmPaidTx(ctx, tx, orderID, eventID, pixReceived(p), c, now)
}

// received names a payment in an order's history: by its provider's key ("endToEndId" for a
// Pix, "pagamentoId" for a card), its id and amount.
type received struct {
	key, id string
	valor   int64
}

func pixReceived(p store.Payment) received {
	return received{"endToEndId", p.EndToEndID, int64(p.Valor)}
}

func (p received) note(more map[string]any) map[string]any {
	more[p.key] = p.id
	return more
}

// confirmPaidTx confirms the order of a payment p just recorded, whatever its method, as
// ConfirmOrderTx says.
func confirmPaidTx(ctx context.Context, tx OrderTx, orderID, eventID string, p received, c store.Capacity, now time.Time) (refused, err error) {
	var status, cupom string
	var expira time.Time
	if err := tx.QueryRow(ctx, "SELECT status, expira_em, cupom FROM orders WHERE id = ?", orderID).Scan(&status, &expira, &cupom); err != nil {
		return nil, fmt.Errorf("sale: order %s: %w", orderID, err)
	}
	if status == store.OrderAwaiting || status == store.OrderExpired {
		i, taken, err := documentTaken(ctx, tx, orderID, now)
		if err != nil {
			return nil, err
		}
		if taken {
			return &store.AlreadyRegisteredError{Index: i}, refuseTaken(ctx, tx, orderID, i, p, now)
		}
	}
	late := status == store.OrderExpired || (status == store.OrderAwaiting && !expira.After(now))
	if late {
		items, err := collectTx(ctx, tx, func(row store.Scanner) (it store.NewRegistration, err error) {
			var c string
			err = row.Scan(&it.Percurso, &it.Lote, &c)
			it.UsaCupom = c != ""
			return it, err
		}, "SELECT percurso, lote, cupom FROM registrations WHERE order_id = ?", orderID)
		var taken store.Taken
		var coupon *store.Coupon
		if err == nil {
			taken, err = countTaken(ctx, tx.Query, "sale: capacity", eventID, orderID, now)
		}
		if err == nil {
			coupon, err = orderCoupon(ctx, tx, eventID, cupom)
		}
		if err == nil {
			err = fits(c, &taken, items)
		}
		if err == nil {
			err = couponRoom(coupon, &taken, items)
		}
		if errors.Is(err, store.ErrSoldOut) || errors.Is(err, store.ErrCouponUsedUp) {
			return err, addOrderEvent(ctx, tx, orderID, store.OrderLatePaidEvent, now, "", p.note(map[string]any{"confirmado": false}))
		}
		if err != nil {
			return nil, err
		}
		if _, err := tx.Exec(ctx, "UPDATE registrations SET status = 'pendente' WHERE order_id = ?", orderID); err != nil {
			return nil, err
		}
	} else if status != store.OrderAwaiting {
		return store.ErrNotPending, addOrderEvent(ctx, tx, orderID, store.OrderLatePaidEvent, now, "", p.note(map[string]any{"status": status}))
	}
	return nil, confirmOrderTx(ctx, tx, orderID, eventID, now)
}

// documentTaken tells whether a registration of the order has a document in the event beside it
// at now — a participant (imported, or sold here), or a registration of another order confirmed
// or held — and the position of the first.
func documentTaken(ctx context.Context, tx OrderTx, orderID string, now time.Time) (posicao int, taken bool, err error) {
	err = tx.QueryRow(ctx, `SELECT r.posicao FROM registrations r WHERE r.order_id = ? AND (
		EXISTS (SELECT 1 FROM participants p WHERE p.event_id = r.event_id AND p.doc_tipo = r.doc_tipo AND p.doc_numero = r.doc_numero)
		OR EXISTS (SELECT 1 FROM registrations x JOIN orders o ON o.id = x.order_id WHERE x.event_id = r.event_id
			AND x.doc_tipo = r.doc_tipo AND x.doc_numero = r.doc_numero AND x.order_id <> r.order_id
			AND (x.status = 'confirmada' OR (o.status = 'aguardando_pagamento' AND o.expira_em > ?))))
		ORDER BY r.posicao LIMIT 1`, orderID, now).Scan(&posicao)
	if store.IsNoRows(err) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("sale: documents at payment: %w", err)
	}
	return posicao, true, nil
}

// refuseTaken ends an order whose payment p cannot confirm it because the document of its
// registration at posicao is in the event already: expirado, its registrations cancelada (their
// holds freed at once), the payment kept for its return.
func refuseTaken(ctx context.Context, tx OrderTx, orderID string, posicao int, p received, now time.Time) error {
	if _, err := tx.Exec(ctx, "UPDATE orders SET status = 'expirado' WHERE id = ? AND status IN ('aguardando_pagamento', 'expirado')", orderID); err != nil {
		return fmt.Errorf("sale: refusing payment: %w", err)
	}
	if _, err := tx.Exec(ctx, "UPDATE registrations SET status = 'cancelada' WHERE order_id = ?", orderID); err != nil {
		return err
	}
	return addOrderEvent(ctx, tx, orderID, store.OrderReturnedEvent, now, "",
		p.note(map[string]any{"valor": p.valor, "motivo": DocumentTakenNote, "posicao": posicao}))
}

// recordedRefusal is why the payment p, recorded before, confirmed nothing, as the
// order's history kept it in the payment's own transaction: the refusal ConfirmOrderTx gave then
// (the position of the athlete whose document was taken as it was then, or, for a payment
// refused before the history kept it, as it is now), or nil for the payment that confirmed the
// order. A payment read again thus answers the same, and its caller returns it again (the same
// refund) when the first return was never recorded — a server stopped, a context cancelled or a
// database busy between the refusal and its refund (REG-301).
func recordedRefusal(ctx context.Context, tx OrderTx, orderID string, p received, now time.Time) (error, error) {
	type kept struct {
		Tipo        string `json:"-"`
		EndToEndID  string `json:"endToEndId"`
		PagamentoID string `json:"pagamentoId"`
		Motivo      string `json:"motivo"`
		Confirmado  *bool  `json:"confirmado"`
		Posicao     *int   `json:"posicao"`
	}
	found, err := collectTx(ctx, tx, func(row store.Scanner) (r kept, err error) {
		var d *string
		if err := row.Scan(&r.Tipo, &d); err != nil || d == nil {
			return r, err
		}
		return r, json.Unmarshal([]byte(*d), &r)
	}, "SELECT tipo, detalhe FROM order_history WHERE order_id = ? AND tipo IN (?, ?) ORDER BY id",
		orderID, store.OrderReturnedEvent, store.OrderLatePaidEvent)
	if err != nil {
		return nil, fmt.Errorf("sale: the payment's refusal: %w", err)
	}
	for _, r := range found {
		id := r.EndToEndID
		if p.key == "pagamentoId" {
			id = r.PagamentoID
		}
		switch {
		case id != p.id:
		case r.Tipo == store.OrderReturnedEvent && r.Motivo == DocumentTakenNote:
			if r.Posicao != nil {
				return &store.AlreadyRegisteredError{Index: *r.Posicao}, nil
			}
			i, _, err := documentTaken(ctx, tx, orderID, now)
			return &store.AlreadyRegisteredError{Index: i}, err
		case r.Tipo == store.OrderLatePaidEvent && r.Confirmado != nil && !*r.Confirmado:
			return store.ErrSoldOut, nil
		default: // an order paid or cancelled before (or a payment of another amount, RecordPayment)
			return store.ErrNotPending, nil
		}
	}
	return nil, nil
}

// DocumentTakenNote is why the order's history says a payment was refused for a document already
// in the event.
const DocumentTakenNote = "CPF ou passaporte já inscrito no evento"

// confirmOrderTx makes a held order paid: each registration gets its codigo and becomes a
// participant, with the next bib of its modality's range when the event set one.
func confirmOrderTx(ctx context.Context, tx OrderTx, orderID, eventID string, now time.Time) error {
	n, err := tx.Exec(ctx, "UPDATE orders SET status = 'pago', pago_em = ? WHERE id = ? AND status IN ('aguardando_pagamento', 'expirado')", now, orderID)
	if err != nil {
		return fmt.Errorf("sale: confirming order: %w", err)
	}
	if n == 0 {
		return store.ErrNotPending
	}
	regs, err := collectTx(ctx, tx, scanRegistration, "SELECT "+registrationColumns+" FROM registrations WHERE order_id = ? ORDER BY posicao", orderID)
	if err != nil {
		return fmt.Errorf("sale: order's registrations: %w", err)
	}
	var settings participant.Settings
	if len(regs) > 0 {
		if settings, err = store.ScanParticipantSettings(tx.QueryRow(ctx, "SELECT doc FROM participant_settings WHERE event_id = ?", eventID)); err != nil {
			return err
		}
	}
	rev, err := tx.NextRevs(ctx, len(regs))
	if err != nil {
		return err
	}
	busca := orderID
	for _, r := range regs {
		bib, err := nextBib(ctx, tx, eventID, r.Percurso, settings)
		if err != nil {
			return err
		}
		codigo := participant.NewCodigo()
		p := registrationParticipant(r)
		p.NumeroPeito = bib
		row := store.NewParticipantRow(eventID, p)
		row.ID = store.NewParticipantID()
		responsavel := ""
		if p.Responsavel != nil {
			b, err := json.Marshal(p.Responsavel)
			if err != nil {
				return err
			}
			responsavel = string(b)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO participants (id, event_id, inscricao, doc_tipo, doc_numero, nome, nome_ordem,
			email, telefone, nascimento, sexo, percurso, camiseta, equipe, numero_peito, pago, valor, rev, criado_em, atualizado_em,
			origem, codigo, categoria, responsavel) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pelotao', ?, ?, ?)`,
			row.ID, eventID, row.Inscricao, row.DocTipo, row.DocNumero, row.Nome, row.NomeOrdem, row.Email, row.Telefone,
			row.Nascimento, row.Sexo, row.Percurso, row.Camiseta, row.Equipe, row.NumeroPeito, true, r.Total, rev, now, now,
			codigo, r.Categoria, responsavel); err != nil {
			return fmt.Errorf("sale: registration %s as participant: %w", r.ID, err)
		}
		rev++
		if _, err := tx.Exec(ctx, "UPDATE registrations SET status = 'confirmada', codigo = ?, participant_id = ? WHERE id = ?",
			codigo, row.ID, r.ID); err != nil {
			return fmt.Errorf("sale: confirming registration: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO participant_history (participant_id, tipo, em, por, por_nome, detalhe)
			VALUES (?, ?, ?, '', 'Pelotão', NULL)`, row.ID, participant.HistoryRegistered, now); err != nil {
			return fmt.Errorf("sale: participant history: %w", err)
		}
		busca += " " + codigo
	}
	if _, err := tx.Exec(ctx, "UPDATE orders SET busca = busca || ' ' || ? WHERE id = ?", strings.ToLower(busca), orderID); err != nil {
		return err
	}
	return addOrderEvent(ctx, tx, orderID, store.OrderPaidEvent, now, "", nil)
}

// registrationParticipant is the participant a paid registration makes (its bib aside).
func registrationParticipant(r store.Registration) participant.Participant {
	var a struct {
		Email      string  `json:"email"`
		Celular    string  `json:"celular"`
		Nascimento *string `json:"nascimento"`
		Sexo       string  `json:"sexo"`
		Equipe     string  `json:"equipe"`
		// Responsavel: a minor's guardian (REG-252).
		Responsavel *participant.Responsavel `json:"responsavel"`
	}
	_ = json.Unmarshal(r.Atleta, &a) // the athlete's contact is optional to the participant
	return participant.Participant{Inscricao: r.ID, Nome: r.Nome, Email: a.Email, Telefone: a.Celular,
		Documento: participant.Documento{Tipo: r.DocTipo, Numero: r.DocNumero}, Nascimento: a.Nascimento, Sexo: a.Sexo,
		Percurso: r.Percurso, Camiseta: r.Camiseta, Equipe: a.Equipe, Pago: true, Categoria: r.Categoria, Responsavel: a.Responsavel}
}

// nextBib is the lowest free number of the modality's bib range after the highest taken, or nil
// when the modality has no range or the range is full (the organizer assigns it then).
func nextBib(ctx context.Context, tx OrderTx, eventID, percurso string, s participant.Settings) (*int, error) {
	for _, f := range s.FaixasPeito {
		if participant.Key(f.Percurso) != participant.Key(percurso) {
			continue
		}
		var top *int64
		if err := tx.QueryRow(ctx, "SELECT max(numero_peito) FROM participants WHERE event_id = ? AND numero_peito BETWEEN ? AND ?",
			eventID, f.Inicio, f.Fim).Scan(&top); err != nil {
			return nil, fmt.Errorf("sale: bib range: %w", err)
		}
		next := f.Inicio
		if top != nil {
			next = int(*top) + 1
		}
		if next > f.Fim {
			return nil, nil
		}
		return &next, nil
	}
	return nil, nil
}

// ExpireOrdersTx marks expirado the orders whose hold passed at now and returns their charges.
func ExpireOrdersTx(ctx context.Context, tx OrderTx, now time.Time) ([]store.Charges, error) {
	type expired struct {
		id, preferencia string
		txid            *string
	}
	gone, err := collectTx(ctx, tx, func(row store.Scanner) (e expired, err error) {
		err = row.Scan(&e.id, &e.txid, &e.preferencia)
		return e, err
	}, "UPDATE orders SET status = 'expirado' WHERE status = 'aguardando_pagamento' AND expira_em <= ? RETURNING id, txid, preferencia", now)
	if err != nil {
		return nil, fmt.Errorf("sale: expiring orders: %w", err)
	}
	charges := []store.Charges{}
	for _, e := range gone {
		if _, err := tx.Exec(ctx, "UPDATE registrations SET status = 'cancelada' WHERE order_id = ?", e.id); err != nil {
			return nil, err
		}
		if err := addOrderEvent(ctx, tx, e.id, store.OrderExpiredEvent, now, "", nil); err != nil {
			return nil, err
		}
		c := store.Charges{Preferencia: e.preferencia}
		if e.txid != nil {
			c.Txid = *e.txid
		}
		if c != (store.Charges{}) {
			charges = append(charges, c)
		}
	}
	return charges, nil
}

// CancelOrderTx cancels an order awaiting payment, or a free one (paid at once, no money to
// return). The order changes only from the status read: a payment confirmed (or a hold expired)
// meanwhile makes it ErrNotPending, never a paid order cancelled with its money kept. Callers
// hold the lock ConfirmOrderTx's callers hold (the event's), so a payment and a cancellation of
// one order take turns (REG-182).
func CancelOrderTx(ctx context.Context, tx OrderTx, orderID string, by store.Actor) error {
	var status string
	var total money.Centavos
	if err := tx.QueryRow(ctx, "SELECT status, total FROM orders WHERE id = ?", orderID).Scan(&status, &total); store.IsNoRows(err) {
		return store.ErrNotFound
	} else if err != nil {
		return fmt.Errorf("sale: cancelling order: %w", err)
	}
	if status != store.OrderAwaiting && (status != store.OrderPaid || total != 0) {
		return store.ErrNotPending
	}
	if n, err := tx.Exec(ctx, "UPDATE orders SET status = 'cancelado' WHERE id = ? AND status = ?", orderID, status); err != nil {
		return fmt.Errorf("sale: cancelling order: %w", err)
	} else if n == 0 {
		return store.ErrNotPending
	}
	if err := removeRegistrations(ctx, tx, orderID, by.At); err != nil {
		return err
	}
	return addOrderEvent(ctx, tx, orderID, store.OrderCanceledEvent, by.At, by.UserID, map[string]string{"por": by.Nome})
}

// AddRefundTx is AddRefund inside tx.
func AddRefundTx(ctx context.Context, tx OrderTx, orderID string, r store.Refund, by store.Actor) error {
	var received, taken money.Centavos
	var metodo string
	err := tx.QueryRow(ctx, `SELECT p.valor, p.metodo, (SELECT coalesce(sum(f.valor), 0) FROM refunds f
		WHERE f.end_to_end_id = p.id AND f.status <> 'NAO_REALIZADO' AND f.id <> ?)
		FROM (`+paymentsReceived+`) p WHERE p.id = ? AND p.order_id = ?`, r.ID, r.EndToEndID, orderID).Scan(&received, &metodo, &taken)
	if store.IsNoRows(err) {
		return store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("sale: refund's payment: %w", err)
	}
	if r.Valor <= 0 || taken+r.Valor > received {
		return store.ErrRefundTooLarge
	}
	n, err := tx.Exec(ctx, `INSERT INTO refunds (id, order_id, end_to_end_id, metodo, valor, status, motivo, criado_em, atualizado_em)
		VALUES (?, ?, ?, ?, ?, 'EM_PROCESSAMENTO', ?, ?, ?) ON CONFLICT (id) DO NOTHING`, r.ID, orderID, r.EndToEndID, metodo, r.Valor,
		r.Motivo, by.At, by.At)
	if err != nil || n == 0 {
		return err
	}
	// por: who asked — the organizer, the buyer cancelling, or Pelotão returning a payment by itself.
	return addOrderEvent(ctx, tx, orderID, store.OrderRefundEvent, by.At, by.UserID,
		map[string]any{"id": r.ID, "valor": int64(r.Valor), "status": store.RefundProcessing, "motivo": r.Motivo, "por": by.Nome})
}

// SetRefundStatusTx is SetRefundStatus inside tx; it returns the refund's order.
func SetRefundStatusTx(ctx context.Context, tx OrderTx, refundID, status string, now time.Time) (string, error) {
	var orderID, was string
	err := tx.QueryRow(ctx, "SELECT order_id, status FROM refunds WHERE id = ?", refundID).Scan(&orderID, &was)
	if store.IsNoRows(err) {
		return "", store.ErrNotFound
	}
	if err != nil || was == status {
		return orderID, err
	}
	if _, err := tx.Exec(ctx, "UPDATE refunds SET status = ?, atualizado_em = ? WHERE id = ?", status, now, refundID); err != nil {
		return "", fmt.Errorf("sale: refund status: %w", err)
	}
	if err := addOrderEvent(ctx, tx, orderID, store.OrderRefundEvent, now, "", map[string]any{"id": refundID, "status": status}); err != nil {
		return "", err
	}
	n, err := tx.Exec(ctx, `UPDATE orders SET status = 'reembolsado' WHERE id = ? AND status = 'pago'
		AND total <= (SELECT coalesce(sum(valor), 0) FROM refunds WHERE order_id = ? AND status = 'DEVOLVIDO')`, orderID, orderID)
	if err != nil {
		return "", fmt.Errorf("sale: refunded order: %w", err)
	}
	if n == 1 {
		if err := removeRegistrations(ctx, tx, orderID, now); err != nil {
			return "", err
		}
	}
	return orderID, nil
}

// SetOrderPixTx is SetOrderPix inside tx.
func SetOrderPixTx(ctx context.Context, tx OrderTx, orderID, copiaECola, location string) error {
	n, err := tx.Exec(ctx, "UPDATE orders SET copia_e_cola = ?, location = ? WHERE id = ? AND status = 'aguardando_pagamento'",
		copiaECola, location, orderID)
	if err != nil {
		return fmt.Errorf("sale: order's charge: %w", err)
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// DiscardOrderTx deletes an order awaiting payment (its registrations, history go with it).
func DiscardOrderTx(ctx context.Context, tx OrderTx, orderID string) error {
	n, err := tx.Exec(ctx, "DELETE FROM orders WHERE id = ? AND status = 'aguardando_pagamento'", orderID)
	if err != nil {
		return fmt.Errorf("sale: discarding order: %w", err)
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// SaveCouponTx creates or replaces a coupon.
func SaveCouponTx(ctx context.Context, tx OrderTx, c store.Coupon, now time.Time) error {
	mods := c.Modalidades
	if mods == nil {
		mods = []string{}
	}
	m, _ := json.Marshal(mods)
	_, err := tx.Exec(ctx, `INSERT INTO coupons (event_id, codigo_chave, codigo, tipo, valor, max_usos, valido_ate, modalidades, ativo, criado_em)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, codigo_chave) DO UPDATE SET codigo = excluded.codigo,
		tipo = excluded.tipo, valor = excluded.valor, max_usos = excluded.max_usos, valido_ate = excluded.valido_ate,
		modalidades = excluded.modalidades, ativo = excluded.ativo`, c.EventID, store.CouponKey(c.Codigo), strings.TrimSpace(c.Codigo),
		c.Tipo, c.Valor, c.MaxUsos, c.ValidoAte, string(m), c.Ativo, now)
	if err != nil {
		return fmt.Errorf("sale: saving coupon: %w", err)
	}
	return nil
}

// DeleteCouponTx removes a coupon no registration took.
func DeleteCouponTx(ctx context.Context, tx OrderTx, eventID, codigo string) error {
	var used int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM registrations WHERE event_id = ? AND cupom = ?", eventID, store.CouponKey(codigo)).Scan(&used); err != nil {
		return err
	}
	if used > 0 {
		return store.ErrConflict
	}
	n, err := tx.Exec(ctx, "DELETE FROM coupons WHERE event_id = ? AND codigo_chave = ?", eventID, store.CouponKey(codigo))
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

const orderColumns = "id, event_id, buyer_id, status, total, cupom, txid, copia_e_cola, location, criado_em, expira_em, pago_em, pagamento, preferencia, checkout_url"

func scanOrder(row store.Scanner) (store.Order, error) {
	var o store.Order
	var txid *string
	err := row.Scan(&o.ID, &o.EventID, &o.BuyerID, &o.Status, &o.Total, &o.Cupom, &txid, &o.CopiaECola, &o.Location,
		&o.CriadoEm, &o.ExpiraEm, &o.PagoEm, &o.Pagamento, &o.Preferencia, &o.CheckoutURL)
	if txid != nil {
		o.Txid = *txid
	}
	o.CriadoEm, o.ExpiraEm = o.CriadoEm.UTC(), o.ExpiraEm.UTC()
	if o.PagoEm != nil {
		t := o.PagoEm.UTC()
		o.PagoEm = &t
	}
	return o, err
}

const registrationColumns = `id, doc_tipo, doc_numero, nome, percurso, lote, categoria, camiseta, valor, desconto, total,
	status, codigo, participant_id, atleta, desconto_grupo`

func scanRegistration(row store.Scanner) (store.Registration, error) {
	var r store.Registration
	var codigo, pid *string
	var atleta string
	err := row.Scan(&r.ID, &r.DocTipo, &r.DocNumero, &r.Nome, &r.Percurso, &r.Lote, &r.Categoria, &r.Camiseta, &r.Valor,
		&r.Desconto, &r.Total, &r.Status, &codigo, &pid, &atleta, &r.DescontoGrupo)
	if codigo != nil {
		r.Codigo = *codigo
	}
	if pid != nil {
		r.ParticipantID = *pid
	}
	r.Atleta = json.RawMessage(atleta)
	return r, err
}

// TakenCounts implements OrderStore.
func (r OrderReader) TakenCounts(ctx context.Context, eventID string, now time.Time) (store.Taken, error) {
	return countTaken(ctx, r.Query, r.Name+": taken", eventID, "", now)
}

// countTaken counts the registrations taking the event's capacity at now, but those of the
// order except (” none).
func countTaken(ctx context.Context, q store.Query, what, eventID, except string, now time.Time) (store.Taken, error) {
	t := store.Taken{Modalidades: map[string]int{}, Lotes: map[string]int{}, Cupons: map[string]int{}}
	type group struct {
		percurso, lote, cupom string
		n                     int
	}
	groups, err := store.QueryAll(ctx, q, what, func(row store.Scanner) (g group, err error) {
		err = row.Scan(&g.percurso, &g.lote, &g.cupom, &g.n)
		return g, err
	}, `SELECT r.percurso, r.lote, r.cupom, count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
		WHERE r.event_id = ? AND o.id <> ? AND `+holdCounts+` GROUP BY r.percurso, r.lote, r.cupom`, eventID, except, now)
	for _, g := range groups {
		t.Evento += g.n
		t.Modalidades[g.percurso] += g.n
		if g.lote != "" {
			t.Lotes[g.lote] += g.n
		}
		if g.cupom != "" {
			t.Cupons[g.cupom] += g.n
		}
	}
	return t, err
}

// OrderReader is OrderStore's reads, written once over a driver's Query (which takes ? parameters
// and times as time.Time); Name starts its errors. Both stores embed one.
type OrderReader struct {
	Query store.Query
	Name  string
}

// readOrders reads the orders selected by where (with its ordering), each with its
// registrations, payments and refunds.
func (r OrderReader) readOrders(ctx context.Context, where string, args ...any) ([]store.Order, error) {
	what := r.Name + ": orders"
	orders, err := store.QueryAll(ctx, r.Query, what, scanOrder, "SELECT "+orderColumns+" FROM orders "+where, args...)
	if err != nil || len(orders) == 0 {
		return orders, err
	}
	// Each part is read for the whole page at once: a page of 50 orders is 4 queries, not 151.
	byID := make(map[string]*store.Order, len(orders))
	ids := make([]any, len(orders))
	for i := range orders {
		byID[orders[i].ID], ids[i] = &orders[i], orders[i].ID
	}
	in := "order_id IN (?" + strings.Repeat(", ?", len(ids)-1) + ")"
	var orderID string
	if _, err := store.QueryAll(ctx, r.Query, what, func(row store.Scanner) (struct{}, error) {
		reg, err := scanRegistration(store.WithKey{Scanner: row, ID: &orderID})
		if err == nil {
			byID[orderID].Inscricoes = append(byID[orderID].Inscricoes, reg)
		}
		return struct{}{}, err
	}, "SELECT order_id, "+registrationColumns+" FROM registrations WHERE "+in+" ORDER BY order_id, posicao", ids...); err != nil {
		return nil, err
	}
	if _, err := store.QueryAll(ctx, r.Query, what, func(row store.Scanner) (struct{}, error) {
		var p store.Payment
		err := row.Scan(&orderID, &p.EndToEndID, &p.Txid, &p.Valor, &p.Horario)
		if err == nil {
			p.Horario, p.Metodo = p.Horario.UTC(), store.PaymentPix
			byID[orderID].Pagamentos = append(byID[orderID].Pagamentos, p)
		}
		return struct{}{}, err
	}, "SELECT order_id, end_to_end_id, txid, valor, horario FROM pix_payments WHERE "+in+" ORDER BY order_id, horario", ids...); err != nil {
		return nil, err
	}
	if _, err := store.QueryAll(ctx, r.Query, what, func(row store.Scanner) (struct{}, error) {
		var f store.Refund
		err := row.Scan(&orderID, &f.ID, &f.EndToEndID, &f.Metodo, &f.Valor, &f.Status, &f.Motivo, &f.CriadoEm)
		if err == nil {
			f.CriadoEm = f.CriadoEm.UTC()
			byID[orderID].Reembolsos = append(byID[orderID].Reembolsos, f)
		}
		return struct{}{}, err
	}, "SELECT order_id, id, end_to_end_id, metodo, valor, status, motivo, criado_em FROM refunds WHERE "+in+" ORDER BY order_id, criado_em", ids...); err != nil {
		return nil, err
	}
	if _, err := store.QueryAll(ctx, r.Query, what, func(row store.Scanner) (struct{}, error) {
		c, err := scanCardPayment(store.WithKey{Scanner: row, ID: &orderID})
		if err == nil {
			o := byID[orderID]
			o.Cartoes = append(o.Cartoes, c)
			if c.AprovadoEm != nil { // money received: a payment as a Pix is, for its refunds
				o.Pagamentos = append(o.Pagamentos, store.Payment{EndToEndID: c.ID, Metodo: store.PaymentCard, Valor: c.Valor, Horario: *c.AprovadoEm})
			}
		}
		return struct{}{}, err
	}, "SELECT order_id, "+cardPaymentColumns+" FROM card_payments WHERE "+in+" ORDER BY order_id, recebido_em, payment_id", ids...); err != nil {
		return nil, err
	}
	return orders, nil
}

// Order implements OrderStore.
func (r OrderReader) Order(ctx context.Context, id string) (store.Order, error) {
	orders, err := r.readOrders(ctx, "WHERE id = ?", id)
	if err != nil {
		return store.Order{}, err
	}
	if len(orders) == 0 {
		return store.Order{}, store.ErrNotFound
	}
	return orders[0], nil
}

// OrderByIdempotencyKey implements OrderStore.
func (r OrderReader) OrderByIdempotencyKey(ctx context.Context, buyerID, eventID, key string) (store.Order, error) {
	orders, err := r.readOrders(ctx, "WHERE buyer_id = ? AND event_id = ? AND idempotency_key = ?", buyerID, eventID, key)
	if err == nil && len(orders) == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, err
	}
	return orders[0], nil
}

// OrdersOfBuyer implements OrderStore.
func (r OrderReader) OrdersOfBuyer(ctx context.Context, buyerID string) ([]store.Order, error) {
	return r.readOrders(ctx, "WHERE buyer_id = ? ORDER BY criado_em DESC, id DESC", buyerID)
}

// OrdersOfAthleteEmail implements OrderStore.
func (r OrderReader) OrdersOfAthleteEmail(ctx context.Context, email string) ([]store.Order, error) {
	return r.readOrders(ctx, `WHERE id IN (SELECT rg.order_id FROM registrations rg JOIN participants p ON p.id = rg.participant_id
		WHERE rg.status = 'confirmada' AND lower(p.email) = lower(?)) ORDER BY criado_em DESC, id DESC`, email)
}

// OrderOfCode implements OrderStore.
func (r OrderReader) OrderOfCode(ctx context.Context, codigo string) (store.Order, error) {
	orders, err := r.readOrders(ctx, "WHERE id = (SELECT order_id FROM registrations WHERE codigo = ?)", codigo)
	if err == nil && len(orders) == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Order{}, err
	}
	return orders[0], nil
}

// ClaimOrderReceiptTx is ClaimOrderReceipt inside tx.
func ClaimOrderReceiptTx(ctx context.Context, tx OrderTx, orderID string, now time.Time) (bool, error) {
	n, err := tx.Exec(ctx, "UPDATE orders SET recibo_em = ? WHERE id = ? AND status = 'pago' AND recibo_em IS NULL", now, orderID)
	return n == 1, err
}

// HeldDocuments implements OrderStore.
func (r OrderReader) HeldDocuments(ctx context.Context, eventID string, now time.Time) ([]participant.Held, error) {
	return store.QueryAll(ctx, r.Query, r.Name+": held documents", func(row store.Scanner) (h participant.Held, err error) {
		err = row.Scan(&h.Documento.Tipo, &h.Documento.Numero, &h.Nome)
		return h, err
	}, `SELECT r.doc_tipo, r.doc_numero, r.nome FROM registrations r JOIN orders o ON o.id = r.order_id
		WHERE r.event_id = ? AND o.status = 'aguardando_pagamento' AND o.expira_em > ? ORDER BY r.order_id, r.posicao`, eventID, now)
}

// OrdersAwaitingPayment implements OrderStore.
func (r OrderReader) OrdersAwaitingPayment(ctx context.Context, createdBy, expiredSince time.Time) ([]store.Order, error) {
	return r.readOrders(ctx, `WHERE criado_em <= ? AND (status = 'aguardando_pagamento' OR (status IN ('expirado', 'cancelado') AND expira_em >= ?))
		ORDER BY criado_em, id`, createdBy, expiredSince)
}

// OrderHistory implements OrderStore.
func (r OrderReader) OrderHistory(ctx context.Context, orderID string) ([]store.OrderEvent, error) {
	return store.QueryAll(ctx, r.Query, r.Name+": order history", func(row store.Scanner) (e store.OrderEvent, err error) {
		var d *string
		err = row.Scan(&e.Tipo, &e.Em, &e.Por, &d)
		e.Em = e.Em.UTC()
		if d != nil {
			e.Detalhe = json.RawMessage(*d)
		}
		return e, err
	}, "SELECT tipo, em, por, detalhe FROM order_history WHERE order_id = ? ORDER BY id", orderID)
}

// Coupons implements OrderStore: the uses are those of confirmed and held registrations now.
func (r OrderReader) Coupons(ctx context.Context, eventID string) ([]store.Coupon, error) {
	return readCoupons(ctx, r.Query, r.Name+": coupons", `(SELECT count(*) FROM registrations r JOIN orders o ON o.id = r.order_id
		WHERE r.event_id = c.event_id AND r.cupom = c.codigo_chave AND `+holdCounts+`)`, "WHERE c.event_id = ?", time.Now(), eventID)
}

// readCoupons reads the coupons c selected by where, their uses the SQL expression usos (its
// parameters first in args).
func readCoupons(ctx context.Context, q store.Query, what, usos, where string, args ...any) ([]store.Coupon, error) {
	return store.QueryAll(ctx, q, what, func(row store.Scanner) (c store.Coupon, err error) {
		var max *int64
		var mods string
		err = row.Scan(&c.EventID, &c.Codigo, &c.Tipo, &c.Valor, &max, &c.ValidoAte, &mods, &c.Ativo, &c.Usos)
		if max != nil {
			m := int(*max)
			c.MaxUsos = &m
		}
		if err == nil {
			err = json.Unmarshal([]byte(mods), &c.Modalidades)
		}
		return c, err
	}, `SELECT c.event_id, c.codigo, c.tipo, c.valor, c.max_usos, c.valido_ate, c.modalidades, c.ativo, `+usos+`
		FROM coupons c `+where+` ORDER BY c.codigo_chave`, args...)
}

// A TakenKeeper is an OrderTx that keeps an event's counts from one order it creates to the
// next, instead of counting the registrations again for each (SQLite writes a batch of orders in
// one transaction). CreateOrderTx asks it for the counts and tells it what each order took.
type TakenKeeper interface {
	// Taken is the event's counts at now, as kept or counted afresh; it is asked before the
	// transaction writes anything.
	Taken(ctx context.Context, eventID string, now time.Time) (store.Taken, error)
	// Took tells that an order just created made the event's counts after; its hold ends at
	// heldUntil (zero: confirmed at once, it never ends).
	Took(eventID string, after store.Taken, heldUntil time.Time)
}
