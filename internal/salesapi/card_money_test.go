package salesapi

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/mail"
	"pelotao/internal/mercadopago"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// paidByCard is a card order bought by bruno and paid on the sandbox in installments, with the
// payment Mercado Pago took.
func (w *cardWorld) paidByCard(t *testing.T, installments int) (orderAnswer, mercadopago.Payment) {
	t.Helper()
	o := w.buyByCard(t)
	p, err := w.mp.Pay(t.Context(), preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusApproved, Installments: installments})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.stored(t, o.ID); got.Status != store.OrderPaid {
		t.Fatalf("not paid: %+v", got)
	}
	return o, p
}

// refundBodies are the bodies of the refunds asked of Mercado Pago for payment p.
func (w *cardWorld) refundBodies(p mercadopago.Payment) []string {
	var out []string
	for _, r := range w.requests("POST", "/v1/payments/"+strconv.FormatInt(p.ID, 10)+"/refunds") {
		out = append(out, string(r.Body))
	}
	return out
}

// CARD-27: Financeiro splits the money by method, a card's with Mercado Pago's fees, and the
// figures add up with a refund (bruto − reembolsado − taxas = liquido); the organizer's orders
// (list and one) say each card order's installments, fees and net, and pedidos.csv has them in
// columns that add up to Financeiro's.
func TestCardMoneyInFinance(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 3)
		fee := p.Fees()
		if fee <= 0 {
			t.Fatalf("the sandbox took no fee: %+v", p)
		}
		base := "/api/events/" + w.eventID
		refunded := w.order(t, w.Call("POST", base+"/pedidos/"+o.ID+"/reembolso", `{"valor": 20}`, apitest.As(&ana)), 200)
		if refunded.Status != store.OrderPaid || len(refunded.Reembolsos) != 1 {
			t.Fatalf("refunded in part: %+v", refunded)
		}

		f := decode[orders.Figures](t, w.Call("GET", base+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		wantCard := orders.CardMoney{Bruto: 8990, Reembolsado: 2000, Taxas: fee, Liquido: 8990 - 2000 - fee}
		if f.PorMetodo.Cartao != wantCard || f.PorMetodo.Pix != (orders.PixMoney{}) || f.Bruto != 8990 || f.Reembolsado != 2000 {
			t.Fatalf("by method %+v, want card %+v", f.PorMetodo, wantCard)
		}

		type teamOrder struct {
			ID        string          `json:"id"`
			Pagamento string          `json:"pagamento"`
			Parcelas  *int            `json:"parcelas"`
			Taxas     *money.Centavos `json:"taxas"`
			Liquido   *money.Centavos `json:"liquido"`
		}
		check := func(what string, got teamOrder) {
			t.Helper()
			if got.Pagamento != "cartao" || got.Parcelas == nil || *got.Parcelas != 3 || got.Taxas == nil || *got.Taxas != fee ||
				got.Liquido == nil || *got.Liquido != wantCard.Liquido {
				t.Errorf("%s: %+v", what, got)
			}
		}
		list := decode[struct{ Pedidos []teamOrder }](t, w.Call("GET", base+"/pedidos", "", apitest.As(&ana)).Body.Bytes())
		if len(list.Pedidos) != 1 {
			t.Fatalf("list %+v", list)
		}
		check("the list", list.Pedidos[0])
		check("the order", decode[teamOrder](t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&ana)).Body.Bytes()))
		// The buyer reads the order without the seller's fees.
		if body := w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)).Body.String(); strings.Contains(body, `"taxas"`) ||
			strings.Contains(body, `"liquido"`) {
			t.Errorf("the buyer is told the fees: %s", body)
		}

		csv := w.Call("GET", base+"/pedidos.csv", "", apitest.As(&ana)).Body.String()
		net := wantCard.Liquido
		if !strings.Contains(csv, ";Situação da inscrição;Reembolsado;Pagamento;Parcelas;Taxas;Líquido\r\n") ||
			!strings.Contains(csv, ";Confirmada;20,00;Cartão;3;"+strings.Replace(fee.String(), ".", ",", 1)+";"+
				strings.Replace(net.String(), ".", ",", 1)+"\r\n") {
			t.Fatalf("export %q", csv)
		}
	})
}

// CARD-26: the organizer's refunds of a card order go to Mercado Pago (POST
// /v1/payments/{id}/refunds with the amount, X-Idempotency-Key set): part of it leaves the order
// paid, the rest refunds it in full and cancels its registration.
func TestCardOrderRefundedByTheOrganizer(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 3)
		path := "/api/events/" + w.eventID + "/pedidos/" + o.ID + "/reembolso"
		part := w.order(t, w.Call("POST", path, `{"valor": 20}`, apitest.As(&ana)), 200)
		if part.Status != store.OrderPaid || len(part.Reembolsos) != 1 || part.Reembolsos[0].Status != store.RefundReturned ||
			part.Reembolsos[0].Valor != 2000 {
			t.Fatalf("refunded in part: %+v", part)
		}
		whole := w.order(t, w.Call("POST", path, `{}`, apitest.As(&ana)), 200)
		if whole.Status != store.OrderRefunded || len(whole.Reembolsos) != 2 || whole.Reembolsos[1].Valor != 6990 ||
			whole.Inscricoes[0].Status != store.RegistrationCanceled {
			t.Fatalf("refunded in full: %+v", whole)
		}
		if got := strings.Join(w.refundBodies(p), " "); got != `{"amount":20.00} {"amount":69.90}` {
			t.Fatalf("the refunds asked: %s", got)
		}
		for _, r := range w.requests("POST", "/v1/payments/"+strconv.FormatInt(p.ID, 10)+"/refunds") {
			if r.Header.Get("X-Idempotency-Key") == "" || !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
				t.Fatalf("a refund without its key or token: %+v", r.Header)
			}
		}
	})
}

// CARD-26: a refund Mercado Pago refuses (400) or cannot take (503) stays pending, the order
// showing it so; the reconciliation asks for it again, with the same key, and it is made.
func TestCardRefundRefusedIsAskedAgain(t *testing.T) {
	for name, fault := range map[string]mpsandbox.Fault{"refused": mpsandbox.RefundRefused, "down": mpsandbox.Unavailable} {
		t.Run(name, func(t *testing.T) { testCardRefundAskedAgain(t, fault) })
	}
}

func testCardRefundAskedAgain(t *testing.T, fault mpsandbox.Fault) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 1)
		w.mp.Inject(fault, 1)
		pending := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{"valor": 10}`, apitest.As(&ana)), 200)
		if pending.Status != store.OrderPaid || len(pending.Reembolsos) != 1 || pending.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("fault %d: a refund refused: %+v", fault, pending)
		}
		f := decode[orders.Figures](t, w.Call("GET", "/api/events/"+w.eventID+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		if f.ReembolsoEmProcessamento != 1000 || f.PorMetodo.Cartao.Reembolsado != 0 {
			t.Fatalf("fault %d: Financeiro %+v", fault, f)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		got := w.stored(t, o.ID)
		if len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("fault %d: asked again: %+v", fault, got.Reembolsos)
		}
		reqs := w.requests("POST", "/v1/payments/"+strconv.FormatInt(p.ID, 10)+"/refunds")
		if len(reqs) != 2 || string(reqs[0].Body) != `{"amount":10.00}` || string(reqs[1].Body) != `{"amount":10.00}` ||
			reqs[0].Header.Get("X-Idempotency-Key") != reqs[1].Header.Get("X-Idempotency-Key") {
			t.Fatalf("fault %d: the refunds asked: %+v", fault, reqs)
		}
	})
}

// CARD-26: the buyer's cancellation within the consumer's 7 days refunds a paid card order in
// full through Mercado Pago, as a Pix order's goes through the PSP.
func TestPaidCardOrderCancelledByTheBuyer(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 6)
		got := w.order(t, w.Call("POST", "/api/pedidos/"+o.ID+"/cancelar", "", apitest.As(&bruno)), 200)
		if got.Status != store.OrderRefunded || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned ||
			got.Reembolsos[0].Valor != 8990 {
			t.Fatalf("cancelled: %+v", got)
		}
		if bodies := strings.Join(w.refundBodies(p), " "); bodies != `{"amount":89.90}` {
			t.Fatalf("the refund asked: %s", bodies)
		}
	})
}

// ownerMails are the e-mails to the event's owner (ana, given an account) of a card payment
// reversed, each its subject and text.
func (w *cardWorld) ownerMails(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, m := range w.mailsButConfirmations() {
		if m.Subject == mail.CardRefundedSubject || m.Subject == mail.CardChargebackSubject {
			if m.To != ana.Email {
				t.Errorf("%q to %s, not the event's owner", m.Subject, m.To)
			}
			out = append(out, m.Subject+": "+m.Text)
		}
	}
	return out
}

// withOwner gives ana, the events' owner, an account.
func withOwner(t *testing.T, st store.Store) {
	t.Helper()
	if err := st.CreateUser(t.Context(), store.User{ID: ana.ID, Email: ana.Email, DisplayName: ana.DisplayName,
		PasswordHash: "x", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// CARD-24: a paid card order whose payment Mercado Pago reports refunded at its side (the
// notification read back) becomes reembolsado — what our refunds had not returned recorded as
// returned, its registration cancelled — and the event's owner is told, once.
func TestCardRefundedAtMercadoPago(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		withOwner(t, st)
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 3)
		w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{"valor": 10}`, apitest.As(&ana)), 200)
		for range 2 { // the same status read twice records it once
			if _, err := w.mp.SetStatus(t.Context(), p.ID, mercadopago.StatusRefunded); err != nil {
				t.Fatal(err)
			}
		}
		got := w.stored(t, o.ID)
		if got.Status != store.OrderRefunded || got.Inscricoes[0].Status != store.RegistrationCanceled || len(got.Reembolsos) != 2 ||
			got.Reembolsos[1].Valor != 7990 || got.Reembolsos[1].Status != store.RefundReturned ||
			got.Reembolsos[1].Motivo != orders.MotivoEstornoMercadoPago {
			t.Fatalf("refunded at Mercado Pago: %+v", got)
		}
		if bodies := strings.Join(w.refundBodies(p), " "); bodies != `{"amount":10.00}` {
			t.Fatalf("Pelotão asked for more refunds: %s", bodies)
		}
		owner := w.ownerMails(t)
		if len(owner) != 1 || !strings.Contains(owner[0], "Pagamento com cartão estornado no Mercado Pago — Pelotão") ||
			!strings.Contains(owner[0], "R$ 79,90") || !strings.Contains(owner[0], o.ID) {
			t.Fatalf("the owner's e-mails: %q", owner)
		}
		f := decode[orders.Figures](t, w.Call("GET", "/api/events/"+w.eventID+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		if f.PorMetodo.Cartao.Reembolsado != 8990 || f.PorMetodo.Cartao.Liquido != -f.PorMetodo.Cartao.Taxas {
			t.Fatalf("Financeiro %+v", f.PorMetodo)
		}
	})
}

// CARD-24: a chargeback marks the paid order contestado for its team, keeps its registration and
// money as they were, and tells the event's owner, once.
func TestCardChargeback(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		withOwner(t, st)
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 1)
		for range 2 {
			if _, err := w.mp.SetStatus(t.Context(), p.ID, mercadopago.StatusChargedBack); err != nil {
				t.Fatal(err)
			}
		}
		got := w.stored(t, o.ID)
		if got.Status != store.OrderPaid || got.Inscricoes[0].Status != store.RegistrationConfirmed || len(got.Reembolsos) != 0 {
			t.Fatalf("charged back: %+v", got)
		}
		team := decode[struct {
			Status     string `json:"status"`
			Contestado bool   `json:"contestado"`
		}](t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&ana)).Body.Bytes())
		if team.Status != store.OrderPaid || !team.Contestado {
			t.Fatalf("the team's order: %+v", team)
		}
		owner := w.ownerMails(t)
		if len(owner) != 1 || !strings.HasPrefix(owner[0], "Pagamento com cartão contestado — Pelotão") ||
			!strings.Contains(owner[0], "continuam confirmadas") || !strings.Contains(owner[0], "R$ 89,90") {
			t.Fatalf("the owner's e-mails: %q", owner)
		}
		if m := w.mailsButConfirmations(); len(m) != 1 {
			t.Fatalf("%d e-mails, want the owner's only: %+v", len(m), m)
		}
	})
}

// CARD-51: a chargeback whose notification is lost is found by the reconciliation, which reads
// back a paid card order's payment once it has not been read for CardCheckEvery: the order is
// marked contestado and its owner told, once; a payment read a moment ago is not read again.
func TestCardChargebackWithheldFoundByReconciliation(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		withOwner(t, st)
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 1)
		if _, err := w.mp.SetStatusWithheld(p.ID, mercadopago.StatusChargedBack); err != nil {
			t.Fatal(err)
		}
		read := func() int { return len(w.requests("GET", "/v1/payments/"+strconv.FormatInt(p.ID, 10))) }
		before := read()
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.stored(t, o.ID); read() != before || len(got.Cartoes) != 1 || got.Cartoes[0].Status != string(mercadopago.StatusApproved) {
			t.Fatalf("read back before its time: %d reads, %+v", read()-before, got.Cartoes)
		}
		later := time.Now().Add(orders.CardCheckEvery + time.Minute)
		w.sales.reconcileAt(t.Context(), later)
		team := decode[struct {
			Status     string `json:"status"`
			Contestado bool   `json:"contestado"`
		}](t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&ana)).Body.Bytes())
		if team.Status != store.OrderPaid || !team.Contestado || read() != before+1 {
			t.Fatalf("the team's order after the reconciliation: %+v (%d reads)", team, read()-before)
		}
		w.sales.reconcileAt(t.Context(), later)
		if owner := w.ownerMails(t); read() != before+1 || len(owner) != 1 || !strings.HasPrefix(owner[0], "Pagamento com cartão contestado — Pelotão") {
			t.Fatalf("the owner's e-mails %q, %d reads", owner, read()-before)
		}
	})
}

// CARD-52: a refund Mercado Pago keeps refusing (4xx) is asked again until CardRefundGiveUp after
// it was made, then recorded NAO_REALIZADO — off Financeiro's refunds under way, its money
// refundable again — and the organizer's new refund goes through.
func TestCardRefundRefusedGivesUp(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 1)
		w.mp.Inject(mpsandbox.RefundRefused, 3)
		refund := func(key string) orderAnswer {
			return w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{"valor": 10}`,
				apitest.As(&ana), apitest.Header("Idempotency-Key", key)), 200)
		}
		refund("primeiro")
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.stored(t, o.ID); len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("refused, before CardRefundGiveUp: %+v", got.Reembolsos)
		}
		w.sales.orders.Now = func() time.Time { return time.Now().Add(orders.CardRefundGiveUp + time.Minute) }
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.stored(t, o.ID); len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundFailed {
			t.Fatalf("refused past CardRefundGiveUp: %+v", got.Reembolsos)
		}
		f := decode[orders.Figures](t, w.Call("GET", "/api/events/"+w.eventID+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		if f.ReembolsoEmProcessamento != 0 || f.PorMetodo.Cartao.Reembolsado != 0 {
			t.Fatalf("Financeiro after a refund not made: %+v", f)
		}
		again := refund("segundo")
		if len(again.Reembolsos) != 2 || again.Reembolsos[1].Status != store.RefundReturned {
			t.Fatalf("asked again by the organizer: %+v", again.Reembolsos)
		}
		if n := len(w.refundBodies(p)); n != 4 {
			t.Fatalf("%d refunds asked of Mercado Pago, want 4", n)
		}
	})
}

// CARD-52: a refund refused because Mercado Pago refunded the whole payment meanwhile (at its
// panel, its notification lost) is recorded DEVOLVIDO when the payment reads refunded.
func TestCardRefundRefusedOfARefundedPayment(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 1)
		w.mp.Inject(mpsandbox.Unavailable, 1)
		w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{"valor": 10}`, apitest.As(&ana))
		if _, err := w.mp.SetStatusWithheld(p.ID, mercadopago.StatusRefunded); err != nil {
			t.Fatal(err)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.stored(t, o.ID); len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("refused of a payment refunded in full: %+v", got.Reembolsos)
		}
	})
}
