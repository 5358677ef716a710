package storetest

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"pelotao/internal/store"
)

func testCardPayments(t *testing.T, open Open) {
	t.Run("RecordedOnceAndConfirmed", func(t *testing.T) { testCardPaymentConfirm(t, open(t)) })
	t.Run("LateAndAnotherAmount", func(t *testing.T) { testCardPaymentLate(t, open(t)) })
	t.Run("Switch", func(t *testing.T) { testPaymentSwitch(t, open(t)) })
	t.Run("FinanceByMethod", func(t *testing.T) { testCardFinance(t, open(t)) })
	t.Run("ChecksOfPaidCards", func(t *testing.T) { testCardChecks(t, open(t)) })
}

// CARD-51: the reconciliation reads back the approved card payments of paid orders, each at most
// once a period, a few at a time, the least recently read first, within a window after approval;
// a declined card, a Pix, a payment no longer approved are not read.
func testCardChecks(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{}
	before := time.Now()
	paidOrder(t, s, eventID, "cc-pix", before, c, athlete("Ana Pix", "5 km", ""))
	var ids []string
	for i, id := range []string{"501", "502"} {
		o := mustOrder(t, s, cardOrder(eventID, "cc-"+id, before, c, athlete("Cartão "+id, "10 km", "")))
		if _, err := s.ConfirmCardPayment(ctx, o.ID, store.CardPayment{ID: id, Status: "approved", Valor: o.Total, Parcelas: 1}, c); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.ID)
		if i == 0 {
			time.Sleep(10 * time.Millisecond) // 501 approved before 502, whatever the clock's grain
		}
	}
	declined := mustOrder(t, s, cardOrder(eventID, "cc-503", before, c, athlete("Recusado", "10 km", "")))
	if _, _, err := s.RecordCardPayment(ctx, declined.ID, store.CardPayment{ID: "503", Status: "rejected", Valor: declined.Total}, ""); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	claim := func(at time.Time, n int, want ...string) {
		t.Helper()
		got, err := s.ClaimCardChecks(ctx, at.Add(-120*24*time.Hour), at.Add(-6*time.Hour), at, n)
		if err != nil || !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("checks at %v (n %d): %v %v, want %v", at.Sub(now), n, got, err, want)
		}
	}
	claim(now, 10)                                 // approved now: not yet
	claim(now.Add(7*time.Hour), 1, "501")          // the older approval first, one a tick
	claim(now.Add(7*time.Hour), 10, "502")         // 501 read at this time: not again
	claim(now.Add(8*time.Hour), 10)                // none read 6 hours ago yet
	claim(now.Add(14*time.Hour), 10, "501", "502") // read 7 hours ago: again
	claim(now.Add(121*24*time.Hour), 10)           // out of the window
	if _, _, err := s.RecordCardPayment(ctx, ids[0], store.CardPayment{ID: "501", Status: "charged_back", Valor: 1}, ""); err != nil {
		t.Fatal(err)
	}
	claim(now.Add(21*time.Hour), 10, "502") // charged back: no longer approved
}

// CARD-27: Financeiro's money by method — a card's fees are Mercado Pago's of the payments
// approved, and bruto − reembolsado − taxas = liquido with a refund returned; a refund under way
// is apart; a declined card counts nothing; each order says its own.
func testCardFinance(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	c := store.Capacity{}
	pix := paidOrder(t, s, eventID, "fm-1", now, c, athlete("Ana Pix", "5 km", ""))
	card := mustOrder(t, s, cardOrder(eventID, "fm-2", now, c, athlete("Bia Cartão", "10 km", ""), athlete("Caio Cartão", "10 km", "")))
	if _, _, err := s.RecordCardPayment(ctx, card.ID, store.CardPayment{ID: "301", Status: "rejected", Valor: card.Total, Parcelas: 6, Taxas: 99}, ""); err != nil {
		t.Fatal(err)
	}
	card, err := s.ConfirmCardPayment(ctx, card.ID, store.CardPayment{ID: "302", Status: "approved", Valor: card.Total, Parcelas: 3,
		Taxas: 899, Liquido: card.Total - 899}, c)
	if err != nil || card.Status != store.OrderPaid {
		t.Fatalf("paid by card: %+v %v", card, err)
	}
	by := store.Actor{Nome: "Dona", At: now}
	if _, err := s.AddRefund(ctx, card.ID, store.Refund{ID: "DM1", EndToEndID: "302", Valor: 2000}, by); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRefund(ctx, card.ID, store.Refund{ID: "DM2", EndToEndID: "302", Valor: 300}, by); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddRefund(ctx, pix.ID, store.Refund{ID: "DM3", EndToEndID: pix.Pagamentos[0].EndToEndID, Valor: 100}, by); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"DM1", "DM3"} {
		if _, err := s.SetRefundStatus(ctx, id, store.RefundReturned, now); err != nil {
			t.Fatal(err)
		}
	}
	f, err := s.EventFinance(ctx, eventID, now)
	if err != nil {
		t.Fatal(err)
	}
	wantCard := store.MethodMoney{Recebido: card.Total, Reembolsado: 2000, EmProcessamento: 300, Taxas: 899}
	wantPix := store.MethodMoney{Recebido: pix.Total, Reembolsado: 100}
	if f.PorMetodo[store.PaymentCard] != wantCard || f.PorMetodo[store.PaymentPix] != wantPix {
		t.Fatalf("by method %+v, want card %+v and pix %+v", f.PorMetodo, wantCard, wantPix)
	}
	if got := f.PorMetodo[store.PaymentCard].Liquido(); got != card.Total-2000-899 {
		t.Errorf("card net %d, want %d", got, card.Total-2000-899)
	}
	if f.Recebido != card.Total+pix.Total || f.Reembolsado != 2100 || f.ReembolsoEmProcessamento != 300 {
		t.Errorf("the whole: received %d, refunded %d, refunding %d", f.Recebido, f.Reembolsado, f.ReembolsoEmProcessamento)
	}
	got, err := s.Order(ctx, card.ID)
	if err != nil || store.MoneyOf(got, store.PaymentCard) != wantCard || store.Installments(got) != 3 ||
		store.MoneyOf(got, store.PaymentPix) != (store.MethodMoney{}) {
		t.Fatalf("the card order's money: %+v, %d installments, %v", store.MoneyOf(got, store.PaymentCard), store.Installments(got), err)
	}
}

// cardOrder is order, paid by card: no Pix charge is made for it.
func cardOrder(eventID, buyer string, now time.Time, c store.Capacity, items ...store.NewRegistration) store.NewOrder {
	o := order(eventID, buyer, now, c, items...)
	o.Txid, o.Pagamento = "", store.PaymentCard
	return o
}

func history(t *testing.T, s store.Store, orderID, tipo string) int {
	t.Helper()
	h, err := s.OrderHistory(context.Background(), orderID)
	if err != nil {
		t.Fatal(err)
	}
	return len(slices.DeleteFunc(h, func(e store.OrderEvent) bool { return e.Tipo != tipo }))
}

// CARD-20, CARD-22: a card order keeps its method and preference; each Mercado Pago payment is
// recorded once per id and status — a declined one leaves the order awaiting payment, an approved
// one confirms it and is money received, refundable like a Pix (its refund says its method).
func testCardPaymentConfirm(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{Modalidades: map[string]int{"10 km": 1}}
	now := time.Now()
	o := mustOrder(t, s, cardOrder(eventID, "c1", now, c, athlete("Ana Cartão", "10 km", "")))
	if o.Pagamento != store.PaymentCard || o.Txid != "" {
		t.Fatalf("a card order: pagamento %q, txid %q", o.Pagamento, o.Txid)
	}
	if err := s.SetOrderCard(ctx, o.ID, "pref-1", "https://mp.example/checkout/pref-1"); err != nil {
		t.Fatal(err)
	}
	pix := mustOrder(t, s, order(eventID, "c2", now, store.Capacity{}, athlete("Bia Pix", "5 km", "")))
	if pix.Pagamento != store.PaymentPix {
		t.Fatalf("an order by default: %q", pix.Pagamento)
	}
	if err := s.SetOrderCard(ctx, pix.ID, "pref-2", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a preference on a Pix order: %v", err)
	}

	declined := store.CardPayment{ID: "101", Status: "rejected", StatusDetail: "cc_rejected_insufficient_amount", Valor: o.Total, Parcelas: 3}
	got, changed, err := s.RecordCardPayment(ctx, o.ID, declined, "")
	if err != nil || !changed || got.Status != store.OrderAwaiting || len(got.Cartoes) != 1 || len(got.Pagamentos) != 0 ||
		got.Cartoes[0].Status != "rejected" || got.Cartoes[0].Parcelas != 3 || got.Preferencia != "pref-1" ||
		got.CheckoutURL != "https://mp.example/checkout/pref-1" {
		t.Fatalf("a declined card: changed %v, %+v %v", changed, got, err)
	}
	if _, changed, err := s.RecordCardPayment(ctx, o.ID, declined, ""); err != nil || changed {
		t.Fatalf("the same payment again: changed %v, %v", changed, err)
	}
	if _, err := s.ConfirmCardPayment(ctx, o.ID, declined, c); err != nil {
		t.Fatal(err)
	}
	if n := history(t, s, o.ID, store.OrderCardPaymentEvent); n != 1 {
		t.Fatalf("the declined payment is in the history %d times, want 1", n)
	}

	approved := store.CardPayment{ID: "102", Status: "approved", StatusDetail: "accredited", Valor: o.Total, Parcelas: 6, Taxas: 449, Liquido: o.Total - 449}
	paid, err := s.ConfirmCardPayment(ctx, o.ID, approved, c)
	if err != nil || paid.Status != store.OrderPaid || paid.Inscricoes[0].Codigo == "" || len(paid.Pagamentos) != 1 ||
		paid.Pagamentos[0] != (store.Payment{EndToEndID: "102", Metodo: store.PaymentCard, Valor: o.Total, Horario: *paid.Cartoes[1].AprovadoEm}) ||
		len(paid.Cartoes) != 2 || paid.Cartoes[1].Taxas != 449 || paid.Cartoes[1].Liquido != o.Total-449 {
		t.Fatalf("an approved card: %+v %v", paid, err)
	}
	again, err := s.ConfirmCardPayment(ctx, o.ID, approved, c)
	if err != nil || again.Inscricoes[0].Codigo != paid.Inscricoes[0].Codigo || len(again.Pagamentos) != 1 {
		t.Fatalf("the approval read again: %+v %v", again, err)
	}
	if ps, _ := s.EventParticipants(ctx, eventID); len(ps) != 1 {
		t.Fatalf("participants %d, want 1", len(ps))
	}
	if _, err := s.ConfirmCardPayment(ctx, "nenhum", approved, c); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a payment of no order: %v", err)
	}
	mustCreateUser(t, s, "dono-1", "dono@example.com")
	if panel, err := s.Panel(ctx, "dono-1"); err != nil || len(panel) != 1 || panel[0].Received != o.Total {
		t.Fatalf("the organizer's panel counts the card received: %+v %v", panel, err)
	}

	by := store.Actor{Nome: "Pelotão", At: now}
	if _, err := s.AddRefund(ctx, o.ID, store.Refund{ID: "DC1", EndToEndID: "101", Valor: 1}, by); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refund of a declined card (no money received): %v", err)
	}
	got, err = s.AddRefund(ctx, o.ID, store.Refund{ID: "DC2", EndToEndID: "102", Valor: o.Total, Motivo: "m"}, by)
	if err != nil || len(got.Reembolsos) != 1 || got.Reembolsos[0].Metodo != store.PaymentCard {
		t.Fatalf("a card payment's refund: %+v %v", got.Reembolsos, err)
	}
	pending, err := s.RefundsInProgress(ctx)
	if err != nil || len(pending) != 1 || pending[0].Metodo != store.PaymentCard || pending[0].EndToEndID != "102" {
		t.Fatalf("refunds in progress: %+v %v", pending, err)
	}
	got, err = s.SetRefundStatus(ctx, "DC2", store.RefundReturned, now)
	if err != nil || got.Status != store.OrderRefunded || got.Inscricoes[0].Status != store.RegistrationCanceled {
		t.Fatalf("refunded in full: %+v %v", got, err)
	}
}

// CARD-23, CARD-25: a card approved after the hold confirms if the registrations still fit, else
// it is kept for its refund; an expired card order names its preference to withdraw; a payment
// of another amount is recorded, money received, confirming nothing.
func testCardPaymentLate(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	c := store.Capacity{Modalidades: map[string]int{"21,1 km": 1}}
	past := time.Now().Add(-time.Hour)
	late := mustOrder(t, s, cardOrder(eventID, "cl1", past, c, athlete("Ana Atrasada", "21,1 km", "")))
	if err := s.SetOrderCard(ctx, late.ID, "pref-late", "https://mp.example/p"); err != nil {
		t.Fatal(err)
	}
	charges, err := s.ExpireOrders(ctx, time.Now())
	if err != nil || !slices.Contains(charges, store.Charges{Preferencia: "pref-late"}) {
		t.Fatalf("expired %+v %v: want the preference", charges, err)
	}
	got, err := s.ConfirmCardPayment(ctx, late.ID, store.CardPayment{ID: "201", Status: "approved", Valor: late.Total, Parcelas: 1}, c)
	if err != nil || got.Status != store.OrderPaid {
		t.Fatalf("a late card with room: %+v %v", got, err)
	}
	lost := mustOrder(t, s, cardOrder(eventID, "cl2", past, store.Capacity{}, athlete("Bia Atrasada", "21,1 km", "")))
	got, err = s.ConfirmCardPayment(ctx, lost.ID, store.CardPayment{ID: "202", Status: "approved", Valor: lost.Total, Parcelas: 1}, c)
	if !errors.Is(err, store.ErrSoldOut) || got.Status == store.OrderPaid || len(got.Pagamentos) != 1 || got.Pagamentos[0].Metodo != store.PaymentCard {
		t.Fatalf("a late card without room: %+v %v", got, err)
	}

	other := mustOrder(t, s, cardOrder(eventID, "cl3", time.Now(), store.Capacity{}, athlete("Cida Outra", "5 km", "")))
	got, changed, err := s.RecordCardPayment(ctx, other.ID, store.CardPayment{ID: "203", Status: "approved", Valor: other.Total - 1, Parcelas: 1}, "outro valor")
	if err != nil || !changed || got.Status != store.OrderAwaiting || len(got.Pagamentos) != 1 || got.Pagamentos[0].Valor != other.Total-1 {
		t.Fatalf("another amount: %+v %v", got, err)
	}
	if n := history(t, s, other.ID, store.OrderReturnedEvent); n != 1 {
		t.Fatalf("another amount in the history %d times, want 1", n)
	}
}

// CARD-21: an order awaiting payment switches method, its hold keeping its end; the Pix charge
// made before stays named (a Pix paid just before its removal is found); past its hold, or paid,
// it does not switch.
func testPaymentSwitch(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, s)
	now := time.Now()
	o := mustOrder(t, s, order(eventID, "s1", now, store.Capacity{}, athlete("Ana Troca", "5 km", "")))
	if err := s.SetOrderPix(ctx, o.ID, "000201copia", "loc"); err != nil {
		t.Fatal(err)
	}
	card, err := s.SwitchPayment(ctx, o.ID, store.PaymentCard, "", now)
	if err != nil || card.Pagamento != store.PaymentCard || card.Txid != o.Txid || card.CopiaECola != "" || !card.ExpiraEm.Equal(o.ExpiraEm) {
		t.Fatalf("to card: %+v %v", card, err)
	}
	if err := s.SetOrderCard(ctx, o.ID, "pref-s", "https://mp.example/s"); err != nil {
		t.Fatal(err)
	}
	txid := newTxid()
	back, err := s.SwitchPayment(ctx, o.ID, store.PaymentPix, txid, now)
	if err != nil || back.Pagamento != store.PaymentPix || back.Txid != txid || back.CheckoutURL != "" || back.Preferencia != "pref-s" ||
		!back.ExpiraEm.Equal(o.ExpiraEm) {
		t.Fatalf("back to Pix: %+v %v", back, err)
	}
	if n := history(t, s, o.ID, store.OrderSwitchedEvent); n != 2 {
		t.Fatalf("switches in the history: %d, want 2", n)
	}
	if _, err := s.SwitchPayment(ctx, o.ID, store.PaymentCard, "", o.ExpiraEm.Add(time.Second)); !errors.Is(err, store.ErrNotPending) {
		t.Fatalf("past its hold: %v", err)
	}
	if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E-switch", Txid: txid, Valor: o.Total, Horario: now}, store.Capacity{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SwitchPayment(ctx, o.ID, store.PaymentCard, "", now); !errors.Is(err, store.ErrNotPending) {
		t.Fatalf("paid: %v", err)
	}
}
