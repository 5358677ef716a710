package salesapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// The faults of these tests: the PSP unreachable, and the server dying around a charge. Each
// runs on both databases, against the sandbox PSP behind faultyPSP.

// chargeFault is what happens to the next charge the server asks for.
type chargeFault int32

const (
	chargeWorks chargeFault = iota
	killedBeforePSP
	killedAfterPSP // the PSP made the charge; the server died before recording its code
	answerLost     // the PSP made the charge; its answer never came back (a timeout)
)

// serverKilled is the panic that stands for the process dying: no deferred cleanup of the
// handler's runs, as none would under kill -9, and what the database committed stays.
type serverKilled struct{}

var errUnreachable = errors.New("the PSP is unreachable")

// faultyPSP is the PSP as faults leave it: down (every call fails as an unreachable PSP's
// would), or the next charge meeting a chargeFault. It counts the devoluções asked, by id.
type faultyPSP struct {
	pix.PSP
	down   atomic.Bool
	charge atomic.Int32

	mu      sync.Mutex
	asked   map[string]int // devolução id → PUTs that reached the PSP or would have
	charged []string       // every txid a charge was asked for
}

func newFaultyPSP(w *pixWorld) *faultyPSP {
	f := &faultyPSP{PSP: w.sales.psp, asked: map[string]int{}}
	w.sales.psp, w.sales.orders.PSP = f, f
	return f
}

func (f *faultyPSP) CreateCharge(ctx context.Context, txid string, c pix.NewCharge) (pix.Charge, error) {
	f.mu.Lock()
	f.charged = append(f.charged, txid)
	f.mu.Unlock()
	switch chargeFault(f.charge.Swap(int32(chargeWorks))) {
	case killedBeforePSP:
		panic(serverKilled{})
	case killedAfterPSP:
		_, _ = f.PSP.CreateCharge(ctx, txid, c)
		panic(serverKilled{})
	case answerLost:
		_, _ = f.PSP.CreateCharge(ctx, txid, c)
		return pix.Charge{}, context.DeadlineExceeded
	}
	if f.down.Load() {
		return pix.Charge{}, errUnreachable
	}
	return f.PSP.CreateCharge(ctx, txid, c)
}

func (f *faultyPSP) lastTxid() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.charged[len(f.charged)-1]
}

func (f *faultyPSP) Charge(ctx context.Context, txid string) (pix.Charge, error) {
	if f.down.Load() {
		return pix.Charge{}, errUnreachable
	}
	return f.PSP.Charge(ctx, txid)
}

func (f *faultyPSP) RemoveCharge(ctx context.Context, txid string) (pix.Charge, error) {
	if f.down.Load() {
		return pix.Charge{}, errUnreachable
	}
	return f.PSP.RemoveCharge(ctx, txid)
}

func (f *faultyPSP) Refund(ctx context.Context, endToEndID, id string, amount money.Centavos) (pix.Refund, error) {
	f.mu.Lock()
	f.asked[id]++
	f.mu.Unlock()
	if f.down.Load() {
		return pix.Refund{}, errUnreachable
	}
	return f.PSP.Refund(ctx, endToEndID, id, amount)
}

func (f *faultyPSP) RefundStatus(ctx context.Context, endToEndID, id string) (pix.Refund, error) {
	if f.down.Load() {
		return pix.Refund{}, errUnreachable
	}
	return f.PSP.RefundStatus(ctx, endToEndID, id)
}

// refundsAsked is how many devolução ids were asked for and how many times in all.
func (f *faultyPSP) refundsAsked() (ids, times int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, n := range f.asked {
		ids, times = ids+1, times+n
	}
	return ids, times
}

// devolucoes are the devoluções the PSP itself holds for the order's charge.
func devolucoes(t *testing.T, psp pix.PSP, txid string) []pix.Refund {
	t.Helper()
	ch, err := psp.Charge(t.Context(), txid)
	if err != nil || len(ch.Payments) != 1 {
		t.Fatalf("the PSP's charge %+v %v", ch, err)
	}
	return ch.Payments[0].Refunds
}

// withBuyer stores bruno's account, so that his e-mails (confirmation, refund) are sent.
func withBuyer(t *testing.T, st store.Store) {
	t.Helper()
	if err := st.CreateUser(t.Context(), store.User{ID: bruno.ID, Email: bruno.Email, DisplayName: bruno.DisplayName,
		PasswordHash: "x", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// paidWithNoticeLost is a pixWorld where bruno (with an account) bought and paid, and the PSP's
// notice of the payment p was lost on its way.
func paidWithNoticeLost(t *testing.T, st store.Store) (*pixWorld, orderAnswer, pix.Payment) {
	t.Helper()
	withBuyer(t, st)
	w := newPixWorld(t, st, nil)
	if err := w.sales.psp.RegisterWebhook(t.Context(), "http://perdido.invalid/hook"); err != nil {
		t.Fatal(err)
	}
	o := w.buy(t)
	p, err := w.sales.sandbox.SimulatePayment(t.Context(), o.Pix.Txid)
	if err != nil && !errors.Is(err, sandbox.ErrWebhook) { // the notice is lost, as asked
		t.Fatal(err)
	}
	p.TxID = o.Pix.Txid
	return w, o, p
}

// notify posts the PSP's notification of payment p (with its devoluções, if any) to the webhook.
func (w *pixWorld) notify(t *testing.T, p pix.Payment) {
	t.Helper()
	body, err := json.Marshal(map[string][]pix.Payment{"pix": {p}})
	if err != nil {
		t.Fatal(err)
	}
	if rec := w.Call("POST", "/api/pix/webhook/"+w.sales.WebhookSecret()+"/pix", string(body)); rec.Code != 200 {
		t.Fatalf("webhook %d %s", rec.Code, rec.Body)
	}
}

func (w *pixWorld) participants(t *testing.T) int {
	t.Helper()
	ps, err := w.st.ListParticipants(t.Context(), store.ParticipantQuery{EventID: w.eventID})
	if err != nil {
		t.Fatal(err)
	}
	return len(ps.Participants)
}

// confirmations counts the "Inscrição confirmada" e-mails sent.
func (w *pixWorld) confirmations() int {
	w.sales.receipts.Wait()
	n := 0
	for _, m := range w.mail.Messages() {
		if strings.HasPrefix(m.Subject, "Inscrição confirmada") {
			n++
		}
	}
	return n
}

// REG-121: the PSP down during a refund: the organizer's request answers the order with the
// refund EM_PROCESSAMENTO, and so does the buyer's view; the organizer's retry (the same
// Idempotency-Key) and another click (no key) make no second refund; the reconciliation asks
// again with the same devolução id while the PSP is down and once it is back, and the PSP ends
// up with one devolução; the order is then reembolsado and the buyer told once.
func TestRefundWhilePSPDownWaitsAndIsNeverDoubled(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		withBuyer(t, st)
		w := newPixWorld(t, st, nil)
		f := newFaultyPSP(w)
		o := w.buy(t)
		w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, "")
		if got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); got.Status != store.OrderPaid {
			t.Fatalf("paid: %s", got.Status)
		}

		f.down.Store(true)
		refund := "/api/events/" + w.eventID + "/pedidos/" + o.ID + "/reembolso"
		for range 2 { // the organizer's request, then its retry
			got := w.order(t, w.Call("POST", refund, `{}`, apitest.As(&ana), apitest.Header("Idempotency-Key", "reembolso-1")), 200)
			if got.Status != store.OrderPaid || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundProcessing ||
				got.Reembolsos[0].Valor != 8990 {
				t.Fatalf("refund with the PSP down: %s %+v", got.Status, got.Reembolsos)
			}
		}
		if rec := w.Call("POST", refund, `{}`, apitest.As(&ana)); rec.Code != 422 || !strings.Contains(rec.Body.String(), `"valor"`) {
			t.Fatalf("another refund while one is pending: %d %s", rec.Code, rec.Body)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200); got.Status != store.OrderPaid ||
			len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("the buyer's view while pending: %s %+v", got.Status, got.Reembolsos)
		}
		if ids, times := f.refundsAsked(); ids != 1 || times < 3 {
			t.Fatalf("while down: %d devolução ids asked %d times, want 1 id asked at least 3 times", ids, times)
		}

		f.down.Store(false)
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		got := w.order(t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)), 200)
		if got.Status != store.OrderRefunded || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("after the PSP is back: %s %+v", got.Status, got.Reembolsos)
		}
		if d := devolucoes(t, f.PSP, o.Pix.Txid); len(d) != 1 || d[0].Amount != 8990 || d[0].Status != pix.RefundReturned {
			t.Fatalf("the PSP holds %+v, want one devolução of R$ 89,90", d)
		}
		if ids, _ := f.refundsAsked(); ids != 1 {
			t.Fatalf("%d devolução ids asked, want 1", ids)
		}
		if m := w.mailsTo(bruno.Email); len(m) != 1 || !strings.Contains(m[0].Text, "R$ 89,90") { // the athlete is told apart (REG-245)
			t.Fatalf("refund e-mails: %+v", m)
		}
		if n := w.participants(t); n != 0 {
			t.Fatalf("%d participants after the refund", n)
		}
	})
}

// callKilled sends the request to a server that dies while answering it.
func (s *testSite) callKilled(t *testing.T, method, path, body string, opts ...apitest.Option) {
	t.Helper()
	defer func() {
		if _, killed := recover().(serverKilled); !killed {
			t.Fatalf("%s %s: the server was not killed", method, path)
		}
	}()
	rec := s.Call(method, path, body, opts...)
	t.Fatalf("%s %s answered %d %s", method, path, rec.Code, rec.Body)
}

// REG-122: the server killed between taking the hold and calling the PSP. The order row (with
// its txid) is written before the PSP hears of the charge, so every charge names an order:
//   - killed before the PSP heard: the hold counts until it passes; after a restart the sweeper
//     expires it and the slot is sold to another buyer;
//   - killed after the PSP made the charge: the same, and the sweeper withdraws the charge;
//   - the buyer's retry with the same Idempotency-Key after the restart makes the charge (the
//     same txid) and answers the first order with its Pix code;
//   - a charge whose answer was lost: 503 pagamento-indisponivel, no order, and the charge the
//     PSP made is withdrawn.
func TestServerKilledBetweenHoldAndCharge(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := t.Context()
		other := strings.Replace(orderJSON(t, ""), "529.982.247-25", "111.444.777-35", 1)
		for _, fault := range []chargeFault{killedBeforePSP, killedAfterPSP} {
			w := newPixWorld(t, st, nil)
			f := newFaultyPSP(w)
			f.charge.Store(int32(fault))
			key := fmt.Sprint("pedido-", fault)
			w.callKilled(t, "POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&eva), apitest.Header("Idempotency-Key", key))
			held, err := st.OrderByIdempotencyKey(ctx, eva.ID, w.eventID, key)
			if err != nil || held.Status != store.OrderAwaiting || held.Txid != f.lastTxid() || held.CopiaECola != "" {
				t.Fatalf("fault %d: the held order %+v %v", fault, held, err)
			}
			_, chargeErr := f.PSP.Charge(ctx, held.Txid)
			if (fault == killedBeforePSP) != (chargeErr != nil) {
				t.Fatalf("fault %d: the PSP's charge: %v", fault, chargeErr)
			}

			restarted := &pixWorld{testSite: newTestSiteOn(t, st, nil, f.PSP), eventID: w.eventID}
			if rec := restarted.Call("POST", "/api/events/"+w.eventID+"/pedidos", other, apitest.As(&carla)); rec.Code != 409 {
				t.Fatalf("fault %d: the slot while held: %d %s", fault, rec.Code, rec.Body)
			}
			restarted.sales.expireHoldsAt(ctx, held.ExpiraEm.Add(time.Second))
			if got, _ := st.Order(ctx, held.ID); got.Status != store.OrderExpired {
				t.Fatalf("fault %d: after the sweeper: %s", fault, got.Status)
			}
			if fault == killedAfterPSP {
				if ch, err := f.PSP.Charge(ctx, held.Txid); err != nil || ch.Status != pix.ChargeRemovedByUs {
					t.Fatalf("the crashed order's charge %+v %v", ch, err)
				}
			}
			restarted.order(t, restarted.Call("POST", "/api/events/"+w.eventID+"/pedidos", other, apitest.As(&carla)), http.StatusCreated)
		}

		w := newPixWorld(t, st, nil)
		f := newFaultyPSP(w)
		f.charge.Store(int32(killedAfterPSP))
		w.callKilled(t, "POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&eva), apitest.Header("Idempotency-Key", "pedido-retentado"))
		held, err := st.OrderByIdempotencyKey(ctx, eva.ID, w.eventID, "pedido-retentado")
		if err != nil {
			t.Fatal(err)
		}
		restarted := &pixWorld{testSite: newTestSiteOn(t, st, nil, f.PSP), eventID: w.eventID}
		retried := restarted.order(t, restarted.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&eva), apitest.Header("Idempotency-Key", "pedido-retentado")), http.StatusCreated)
		if retried.ID != held.ID || retried.Pix == nil || retried.Pix.Txid != held.Txid || retried.Pix.CopiaECola == "" {
			t.Fatalf("the retry after the restart: %+v", retried)
		}
		if ch, err := f.PSP.Charge(ctx, held.Txid); err != nil || ch.Status != pix.ChargeActive || ch.Value.Original != 8990 {
			t.Fatalf("the retried charge %+v %v", ch, err)
		}

		w = newPixWorld(t, st, nil)
		f = newFaultyPSP(w)
		f.charge.Store(int32(answerLost))
		if rec := w.Call("POST", "/api/events/"+w.eventID+"/pedidos", orderJSON(t, ""), apitest.As(&eva)); rec.Code != 503 ||
			!strings.Contains(rec.Body.String(), "pagamento-indisponivel") {
			t.Fatalf("a lost answer: %d %s", rec.Code, rec.Body)
		}
		txid := f.lastTxid()
		if _, err := st.OrderByTxid(ctx, txid); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an order of the lost charge remains: %v", err)
		}
		if ch, err := f.PSP.Charge(ctx, txid); err != nil || ch.Status != pix.ChargeRemovedByUs {
			t.Fatalf("the lost answer's charge %+v %v", ch, err)
		}
	})
}

// REG-123: the same payment's notice delivered five times at once: one payment recorded, the
// order confirmed once, one participant, one confirmation e-mail to each of buyer and athlete.
func TestSameWebhookFiveTimes(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w, o, p := paidWithNoticeLost(t, st)
		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() { w.notify(t, p) })
		}
		wg.Wait()
		got, err := st.Order(t.Context(), o.ID)
		if err != nil || got.Status != store.OrderPaid || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 0 || got.Inscricoes[0].Codigo == "" {
			t.Fatalf("after five notices: %+v %v", got, err)
		}
		if n := w.participants(t); n != 1 {
			t.Fatalf("%d participants, want 1", n)
		}
		if n := w.confirmations(); n != 2 {
			t.Fatalf("%d confirmation e-mails, want 2 (buyer and athlete)", n)
		}
	})
}

// REG-124: notices out of order. The payment's notice is lost (the reconciliation confirms the
// order), the organizer refunds it in full, and the PSP's notice of the devolução arrives before
// the late notice of the payment: the first settles the refund (the order reembolsado, its
// participant gone, the buyer told), the second changes nothing — one payment, one refund, one
// devolução at the PSP, one e-mail.
func TestRefundNoticeBeforePaymentNotice(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w, o, p := paidWithNoticeLost(t, st)
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if n := w.confirmations(); n != 2 {
			t.Fatalf("%d confirmation e-mails, want 2", n)
		}
		refunded := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{}`, apitest.As(&ana)), 200)
		if refunded.Status != store.OrderPaid || len(refunded.Reembolsos) != 1 || refunded.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("the refund asked: %s %+v", refunded.Status, refunded.Reembolsos)
		}

		withRefund := p
		withRefund.Refunds = devolucoes(t, w.sales.psp, o.Pix.Txid)
		w.notify(t, withRefund)
		got, _ := st.Order(t.Context(), o.ID)
		if got.Status != store.OrderRefunded || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("after the refund's notice: %s %+v", got.Status, got.Reembolsos)
		}
		w.notify(t, p)
		got, _ = st.Order(t.Context(), o.ID)
		if got.Status != store.OrderRefunded || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 1 {
			t.Fatalf("after the payment's late notice: %s, %d payments, %d refunds", got.Status, len(got.Pagamentos), len(got.Reembolsos))
		}
		if d := devolucoes(t, w.sales.psp, o.Pix.Txid); len(d) != 1 {
			t.Fatalf("the PSP holds %d devoluções", len(d))
		}
		if n := w.participants(t); n != 0 {
			t.Fatalf("%d participants after the refund", n)
		}
		if m := w.mailsTo(bruno.Email); len(m) != 1 || !strings.Contains(m[0].Text, "R$ 89,90") { // the athlete is told apart (REG-245)
			t.Fatalf("refund e-mails: %+v", m)
		}
		if n := w.confirmations(); n != 2 {
			t.Fatalf("%d confirmation e-mails after the notices, want the 2 of the payment", n)
		}
	})
}
