package orders_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/event/eventtest"
	"pelotao/internal/mail/mailtest"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/registration"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// world is the orders service on a store and the sandbox PSP, with an event sold by Pelotão
// whose 10 km has `vagas` slots, and its buyer.
type world struct {
	svc     *orders.Service
	st      store.Store
	sb      *sandbox.Sandbox
	mail    *mailtest.Recorder
	event   event.Event
	buyer   store.User
	ordered int
}

const (
	clientID, secret, chave = "pelotao", "segredo-do-sandbox", "pix@pelotao.example"
)

var worlds int // each world's event and buyer are new

func newWorld(t *testing.T, st store.Store, vagas int) *world {
	t.Helper()
	sb := sandbox.New(sandbox.Options{ClientID: clientID, ClientSecret: secret, Key: chave})
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	psp, err := pix.New(pix.Config{APIURL: srv.URL + "/_pix-sandbox", ClientID: clientID, ClientSecret: secret, Key: chave,
		Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	worlds++
	e, err := event.Decode([]byte(eventtest.JSON(fmt.Sprintf("Corrida do Reembolso %d", worlds), "2030-05-01")))
	if err != nil {
		t.Fatal(err)
	}
	e.Normalize()
	e.Inscricoes.Modo = event.ModoPelotao
	e.Modalidades[0].Vagas = event.Int(vagas)
	if e, err = st.CreateEvent(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	buyer := store.User{ID: fmt.Sprint("u-bruno-", worlds), Email: fmt.Sprintf("bruno%d@exemplo.com.br", worlds), DisplayName: "Bruno", PasswordHash: "x", CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), buyer); err != nil {
		t.Fatal(err)
	}
	rec := &mailtest.Recorder{}
	svc := &orders.Service{Store: st, PSP: psp, Mailer: rec, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Location: time.UTC, BaseURL: "http://pelotao.test"}
	return &world{svc: svc, st: st, sb: sb, mail: rec, event: e, buyer: buyer}
}

// order makes an order of one athlete of the 10 km (R$ 79,90) and its charge, created at now.
func (w *world) order(t *testing.T, now time.Time) store.Order {
	t.Helper()
	return w.orderCharged(t, now, 7990)
}

// orderCharged is order whose charge at the PSP is of amount, whatever the order's total.
func (w *world) orderCharged(t *testing.T, now time.Time, amount money.Centavos) store.Order {
	t.Helper()
	w.ordered++
	n := store.NewOrder{EventID: w.event.ID, BuyerID: w.buyer.ID, Txid: pix.NewTxID(), Now: now, ExpiraEm: now.Add(30 * time.Minute),
		Vagas: orders.EventCapacity(&w.event)}
	athlete := store.NewRegistration{DocTipo: participant.CPF,
		DocNumero: participant.CompleteCPF(strings.Repeat("1", 3) + time.Now().Format("150405") + string(rune('0'+w.ordered%10))),
		Nome:      "Ana Atleta", Percurso: "10 km", Categoria: "Geral", Camiseta: "M", Valor: 7990, Total: 7990,
		Atleta: []byte(`{"nome":"Ana Atleta","sexo":"F","nascimento":"1990-01-01","camiseta":"M","percurso":"10 km"}`)}
	n.Price = func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) {
		return []store.NewRegistration{athlete}, nil
	}
	o, err := w.st.CreateOrder(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.PSP.CreateCharge(context.Background(), o.Txid, pix.NewCharge{Expiry: 30 * time.Minute, Amount: amount}); err != nil {
		t.Fatal(err)
	}
	return o
}

// pay pays the order's charge with amount in the sandbox and settles it as a webhook would.
func (w *world) pay(t *testing.T, o store.Order, amount money.Centavos) store.Order {
	t.Helper()
	if _, err := w.sb.SimulatePaymentOf(context.Background(), o.Txid, amount); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.SettleNotice(context.Background(), pix.Payment{TxID: o.Txid}); err != nil {
		t.Fatal(err)
	}
	return w.get(t, o.ID)
}

func (w *world) get(t *testing.T, id string) store.Order {
	t.Helper()
	o, err := w.st.Order(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

var dona = store.Actor{UserID: "u-dona", Nome: "Dona do Evento", At: time.Now()}

func refundStatuses(o store.Order) []string {
	var s []string
	for _, r := range o.Reembolsos {
		s = append(s, r.Status)
	}
	return s
}

// REG-104, REG-105, REG-106: a partial refund leaves the order paid; the same key again is the same
// refund; more than is left is refused; the rest makes it reembolsado once DEVOLVIDO, the
// participant leaves the event and the buyer gets an e-mail for each refund returned.
func TestRefundPartialThenFull(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		o := w.pay(t, w.order(t, time.Now()), 7990)
		if o.Status != store.OrderPaid {
			t.Fatalf("paid: %s", o.Status)
		}
		got, err := w.svc.Refund(ctx, o, 3000, "chave-1", dona)
		if err != nil || got.Status != store.OrderPaid || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("partial refund: %+v %v", got.Reembolsos, err)
		}
		if again, err := w.svc.Refund(ctx, got, 3000, "chave-1", dona); err != nil || len(again.Reembolsos) != 1 {
			t.Fatalf("the same key again: %+v %v", again.Reembolsos, err)
		}
		var fields registration.FieldErrors
		if _, err := w.svc.Refund(ctx, got, 5000, "", dona); !errors.As(err, &fields) ||
			!strings.Contains(fields["valor"], "R$ 49,90") {
			t.Fatalf("more than is left: %v", err)
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w.get(t, o.ID)
		if got.Status != store.OrderPaid || got.Reembolsos[0].Status != store.RefundReturned || len(w.mail.Messages()) != 1 {
			t.Fatalf("after reading back: %s %v, %d e-mails", got.Status, refundStatuses(got), len(w.mail.Messages()))
		}
		if m := w.mail.Messages()[0]; m.To != w.buyer.Email || !strings.Contains(m.Text, "R$ 30,00") || strings.Contains(m.Text, "foram canceladas") {
			t.Fatalf("partial refund e-mail: %+v", m)
		}
		got, err = w.svc.Refund(ctx, got, 0, "", dona)
		if err != nil {
			t.Fatal(err)
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w.get(t, o.ID)
		if got.Status != store.OrderRefunded || len(got.Reembolsos) != 2 || got.Reembolsos[1].Valor != 4990 {
			t.Fatalf("refunded in full: %s %+v", got.Status, got.Reembolsos)
		}
		if m := w.mail.Messages(); len(m) != 2 || !strings.Contains(m[1].Text, "R$ 49,90") || !strings.Contains(m[1].Text, "foram canceladas") {
			t.Fatalf("full refund e-mail: %+v", m)
		}
		if ps, _ := st.EventParticipants(ctx, w.event.ID); len(ps) != 0 {
			t.Fatalf("a refunded registration is still a participant: %+v", ps)
		}
		var refused *orders.Refusal
		if _, err := w.svc.Refund(ctx, got, 0, "", dona); !errors.As(err, &refused) {
			t.Fatalf("refunding a refunded order: %v", err)
		}
	})
}

// REG-107: the PSP down while refunding leaves the refund pending; reconciliation makes it once
// with the same id; a refund the PSP does not carry out (NAO_REALIZADO) can be asked again.
func TestRefundWhilePSPDown(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		o := w.pay(t, w.order(t, time.Now()), 7990)
		w.sb.Inject(sandbox.Unavailable, 1)
		got, err := w.svc.Refund(ctx, o, 1000, "", dona)
		if err != nil || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("refund with the PSP down: %+v %v", got.Reembolsos, err)
		}
		w.sb.Inject(sandbox.Timeout, 1)
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace)) // times out: still pending
		if got = w.get(t, o.ID); got.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("after a timeout: %v", refundStatuses(got))
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w.get(t, o.ID)
		if got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("after the PSP is back: %v", refundStatuses(got))
		}
		ch, err := w.svc.PSP.Charge(ctx, o.Txid)
		if err != nil || len(ch.Payments[0].Refunds) != 1 {
			t.Fatalf("the PSP made %d refunds (%v), want 1", len(ch.Payments[0].Refunds), err)
		}
		w.sb.Inject(sandbox.RefundNotDone, 1)
		if _, err := w.svc.Refund(ctx, got, 6990, "", dona); err != nil {
			t.Fatal(err)
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w.get(t, o.ID)
		if got.Status != store.OrderPaid || got.Reembolsos[1].Status != store.RefundFailed {
			t.Fatalf("a refund not carried out: %s %v", got.Status, refundStatuses(got))
		}
		if got, err = w.svc.Refund(ctx, got, 0, "", dona); err != nil || got.Reembolsos[2].Valor != 6990 {
			t.Fatalf("asking again after NAO_REALIZADO: %+v %v", got.Reembolsos, err)
		}
	})
}

// REG-108, REG-109: the buyer cancels an unpaid order (its charge removed at the PSP) and a paid
// one within the window (refunded in full); an expired order cannot be cancelled.
func TestCancel(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 1)
		buyer := store.Actor{UserID: w.buyer.ID, Nome: w.buyer.DisplayName, At: time.Now()}
		unpaid := w.order(t, time.Now())
		got, err := w.svc.Cancel(ctx, unpaid, false, buyer)
		if err != nil || got.Status != store.OrderCanceled {
			t.Fatalf("cancel unpaid: %s %v", got.Status, err)
		}
		if ch, _ := w.svc.PSP.Charge(ctx, unpaid.Txid); ch.Status != pix.ChargeRemovedByUs {
			t.Fatalf("the charge is %s, want removed", ch.Status)
		}
		paid := w.pay(t, w.order(t, time.Now()), 7990) // the cancelled order's slot was free
		if paid.Status != store.OrderPaid {
			t.Fatalf("paid: %s", paid.Status)
		}
		if got, err = w.svc.Cancel(ctx, paid, false, buyer); err != nil {
			t.Fatal(err)
		}
		if again, err := w.svc.Cancel(ctx, got, false, buyer); err != nil || len(again.Reembolsos) != 1 {
			t.Fatalf("cancelling twice: %+v %v", again.Reembolsos, err)
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		if got = w.get(t, paid.ID); got.Status != store.OrderRefunded || got.Reembolsos[0].Valor != 7990 || got.Reembolsos[0].Motivo != orders.MotivoCancelamento {
			t.Fatalf("cancelled paid order: %s %+v", got.Status, got.Reembolsos)
		}
		var refused *orders.Refusal
		if _, err := w.svc.Cancel(ctx, got, true, dona); !errors.As(err, &refused) || refused.Code != "nao-cancelavel" ||
			refused.Motivo != "Este pedido não pode ser cancelado: ele está reembolsado." {
			t.Fatalf("cancelling a refunded order: %v", err)
		}
	})
}

// REG-190: the organizer's Idempotency-Key is theirs. The organizer refunds R$ 10,00 with the key
// "cancelamento" (the buyer's cancellation's own key); the buyer then cancels within the window
// and gets back the rest, in a refund of its own — not the organizer's answered again.
func TestOrganizerKeyApartFromCancellation(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 1)
		buyer := store.Actor{UserID: w.buyer.ID, Nome: w.buyer.DisplayName, At: time.Now()}
		paid := w.pay(t, w.order(t, time.Now()), 7990)
		got, err := w.svc.Refund(ctx, paid, 1000, "cancelamento", dona)
		if err != nil || len(got.Reembolsos) != 1 {
			t.Fatalf("the organizer's refund: %+v %v", got.Reembolsos, err)
		}
		if got, err = w.svc.Cancel(ctx, got, false, buyer); err != nil {
			t.Fatal(err)
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w.get(t, paid.ID)
		if got.Status != store.OrderRefunded || len(got.Reembolsos) != 2 || got.Reembolsos[1].Valor != 7990-1000 ||
			got.Reembolsos[1].Motivo != orders.MotivoCancelamento || got.Reembolsos[1].Status != store.RefundReturned {
			t.Fatalf("after the buyer cancelled: %s %+v", got.Status, got.Reembolsos)
		}
		ch, err := w.svc.PSP.Charge(ctx, paid.Txid)
		if err != nil || len(ch.Payments[0].Refunds) != 2 {
			t.Fatalf("the PSP made %d refunds (%v), want 2", len(ch.Payments[0].Refunds), err)
		}
		var returned money.Centavos
		for _, r := range ch.Payments[0].Refunds {
			returned += r.Amount
		}
		if returned != 7990 {
			t.Fatalf("the PSP returned %d centavos, want all 7990", returned)
		}
	})
}

// REG-108: the buyer's window closes 7 days after paying or 48 hours before the event's first
// start; each refusal says which, and whom to contact.
func TestCancelWindow(t *testing.T) {
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	e := event.New()
	e.Titulo = "Corrida da Serra"
	e.DataEvento, _ = event.ParseDate("2030-05-20")
	e.Largadas = []event.Largada{{ID: "a", Horario: "07:30"}, {ID: "b", Horario: "06:15"}}
	start, timed, ok := e.Start()
	if !ok || !timed || !start.Equal(time.Date(2030, 5, 20, 6, 15, 0, 0, loc)) {
		t.Fatalf("start %v", start)
	}
	at := func(month time.Month, day, hour, min int) time.Time {
		return time.Date(2030, month, day, hour, min, 0, 0, loc)
	}
	cases := []struct {
		paid, now time.Time
		want      string // '' allowed; else a part of the message
	}{
		{at(5, 1, 12, 0), at(5, 1, 13, 0), ""},
		{at(5, 1, 12, 0), at(5, 8, 12, 0), ""},
		{at(5, 1, 12, 0), at(5, 8, 12, 1), "até 7 dias depois do pagamento, e este pedido foi pago em 01/05/2030"},
		{at(5, 17, 9, 0), at(5, 18, 6, 14), ""},
		{at(5, 17, 9, 0), at(5, 18, 6, 15), "até 48 horas antes do evento, e Corrida da Serra começa em 20/05/2030 às 06h15"},
	}
	for _, c := range cases {
		r := orders.CancelWindow(store.Order{Status: store.OrderPaid, PagoEm: &c.paid}, &e, loc, c.now)
		switch {
		case c.want == "" && r != nil:
			t.Errorf("%v: refused %q", c.now, r.Motivo)
		case c.want != "" && (r == nil || r.Code != "fora-do-prazo" || !strings.Contains(r.Motivo, c.want) || !strings.Contains(r.Motivo, "organização")):
			t.Errorf("%v: %+v, want %q", c.now, r, c.want)
		}
	}
}

// REG-223: the 48 hours are counted to the event's start on its own clock. A 07:00 start in Rio
// Branco (UTC−5) is 12:00 UTC; the same start in São Paulo is two hours earlier.
func TestCancelWindowOnTheEventsClock(t *testing.T) {
	brasilia, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	e := event.New()
	e.Titulo = "Meia do Acre"
	e.DataEvento = event.NewDate(2027, 3, 14)
	e.Largadas = []event.Largada{{ID: "a", Horario: "07:00"}}
	paid := time.Date(2027, 3, 10, 12, 0, 0, 0, time.UTC)
	o := store.Order{Status: store.OrderPaid, PagoEm: &paid}
	justIn := time.Date(2027, 3, 12, 11, 30, 0, 0, time.UTC) // 47h30 before 07:00 in Rio Branco
	if r := orders.CancelWindow(o, &e, brasilia, justIn); r == nil {
		t.Fatal("São Paulo's event starts at 10:00 UTC: 11:30 UTC two days before is inside its 48 hours")
	}
	e.FusoHorario = "America/Rio_Branco"
	if r := orders.CancelWindow(o, &e, brasilia, justIn); r != nil {
		t.Fatalf("Rio Branco's event starts at 12:00 UTC: refused at 11:30 UTC two days before: %q", r.Motivo)
	}
	until, ok := orders.CancelableUntil(o, &e)
	if !ok || !until.Equal(time.Date(2027, 3, 12, 12, 0, 0, 0, time.UTC)) {
		t.Fatalf("cancelable until %v", until)
	}
	r := orders.CancelWindow(o, &e, brasilia, time.Date(2027, 3, 12, 12, 0, 0, 0, time.UTC))
	if r == nil || !strings.Contains(r.Motivo, "Meia do Acre começa em 14/03/2027 às 07h00") {
		t.Fatalf("refusal at 48 hours: %+v", r)
	}
}

// REG-112, REG-113: a Pix after the hold confirms the order when there is room; without room it is
// returned in full, automatically, the buyer told why, and the order stays expired.
func TestLatePayment(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 1)
		now := time.Now()
		late := w.order(t, now)
		if _, err := st.ExpireOrders(ctx, now.Add(31*time.Minute)); err != nil { // the charge stays payable at the PSP
			t.Fatal(err)
		}
		if got := w.pay(t, late, 7990); got.Status != store.OrderPaid || got.Total != 7990 {
			t.Fatalf("late with room: %s", got.Status)
		}
		w2 := newWorld(t, st, 1)
		lost := w2.order(t, now)
		if _, err := st.ExpireOrders(ctx, now.Add(31*time.Minute)); err != nil {
			t.Fatal(err)
		}
		w2.pay(t, w2.order(t, now.Add(time.Minute)), 7990) // another buyer takes the slot meanwhile
		got := w2.pay(t, lost, 7990)
		if got.Status != store.OrderExpired || len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != 7990 || got.Reembolsos[0].Motivo != orders.MotivoSemVagas {
			t.Fatalf("late without room: %s %+v", got.Status, got.Reembolsos)
		}
		if err := w2.svc.SettleNotice(ctx, pix.Payment{TxID: lost.Txid}); err != nil { // the webhook again
			t.Fatal(err)
		}
		w2.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w2.get(t, lost.ID)
		if got.Status != store.OrderExpired || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("returned: %s %+v", got.Status, got.Reembolsos)
		}
		if m := w2.mail.Messages(); len(m) != 1 || !strings.Contains(m[0].Text, "as vagas já tinham se esgotado") {
			t.Fatalf("e-mails: %+v", m)
		}
	})
}

// REG-114, REG-115: a Pix of another amount is recorded and returned, never confirming; the same
// payment read five times confirms once; a charge the PSP does not report paid confirms nothing.
func TestPaymentsReadBack(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		short := w.pay(t, w.order(t, time.Now()), 7000)
		if short.Status != store.OrderAwaiting || len(short.Pagamentos) != 1 || len(short.Reembolsos) != 1 || short.Reembolsos[0].Valor != 7000 {
			t.Fatalf("another amount: %s %+v %+v", short.Status, short.Pagamentos, short.Reembolsos)
		}
		if err := w.svc.SettleNotice(ctx, pix.Payment{TxID: short.Txid}); err != nil {
			t.Fatal(err)
		}
		if got := w.get(t, short.ID); len(got.Reembolsos) != 1 || got.Status != store.OrderAwaiting {
			t.Fatalf("read again: %s %+v", got.Status, got.Reembolsos)
		}
		for range 3 { // the reconciliation reads the charge (and the refund) again and again
			w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		}
		if got, m := w.get(t, short.ID), w.mail.Messages(); len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned || len(m) != 1 ||
			!strings.Contains(m[0].Text, "valor diferente do cobrado") {
			t.Fatalf("returned once, told once: %+v, %d e-mails", got.Reembolsos, len(m))
		}
		o := w.order(t, time.Now())
		if err := w.svc.SettleNotice(ctx, pix.Payment{TxID: o.Txid}); err != nil { // a forged notice: the charge is not paid
			t.Fatal(err)
		}
		if got := w.get(t, o.ID); got.Status != store.OrderAwaiting {
			t.Fatalf("a forged notice confirmed: %s", got.Status)
		}
		w.pay(t, o, 7990)
		for range 4 {
			if err := w.svc.SettleNotice(ctx, pix.Payment{TxID: o.Txid}); err != nil {
				t.Fatal(err)
			}
		}
		got := w.get(t, o.ID)
		if got.Status != store.OrderPaid || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 0 {
			t.Fatalf("five notices: %s %d payments %d refunds", got.Status, len(got.Pagamentos), len(got.Reembolsos))
		}
		if h, _ := st.OrderHistory(ctx, o.ID); len(h) != 2 {
			t.Fatalf("history after five notices: %+v", h)
		}
		if err := w.svc.SettleNotice(ctx, pix.Payment{TxID: "NENHUMTXID"}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an unknown txid: %v", err)
		}
	})
}

// REG-204: a charge is confirmed only when its valor.original is the order's total and its pix[]
// add up to it. A charge of another amount than the order's (changed at the PSP), paid in full
// at the PSP, confirms nothing: its payment is recorded and returned in full, and the buyer told.
func TestChargeOfAnotherAmountThanTheOrderIsReturned(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		o := w.orderCharged(t, time.Now(), 5000) // the order's total is R$ 79,90
		got := w.pay(t, o, 5000)
		if ch, err := w.svc.PSP.Charge(ctx, o.Txid); err != nil || !ch.PaidInFull() {
			t.Fatalf("the PSP's charge is not paid in full: %+v %v", ch, err)
		}
		if got.Status != store.OrderAwaiting || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 1 ||
			got.Reembolsos[0].Valor != 5000 || got.Reembolsos[0].Motivo != orders.MotivoValorDiferente {
			t.Fatalf("a charge of R$ 50,00 for an order of R$ 79,90: %s %+v %+v", got.Status, got.Pagamentos, got.Reembolsos)
		}
		if got.Inscricoes[0].Codigo != "" {
			t.Fatalf("a registration got its code: %+v", got.Inscricoes[0])
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		got = w.get(t, o.ID)
		if got.Status != store.OrderAwaiting || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("after the reconciliation: %s %+v", got.Status, got.Reembolsos)
		}
		if m := w.mail.Messages(); len(m) != 1 || !strings.Contains(m[0].Text, "valor diferente do cobrado") {
			t.Fatalf("e-mails: %+v", m)
		}
	})
}

// REG-102: the figures group confirmed registrations by lot (a kit price is "Sem lote"), modality
// and the day paid in the events' time zone.
func TestFigures(t *testing.T) {
	loc, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	f := store.Finance{Recebido: 30000, Reembolsado: 5000, ReembolsoEmProcessamento: 2500, Pedidos: map[string]int{store.OrderPaid: 3, store.OrderExpired: 2},
		Vendas: []store.SoldGroup{
			{Lote: "1º lote", Percurso: "5 km", Inscricoes: 1, Total: 10000, Hora: time.Date(2030, 3, 2, 2, 0, 0, 0, time.UTC)},
			// 03:00 UTC is midnight in São Paulo: the hour is the next day's first.
			{Lote: "1º lote", Percurso: "5 km", Inscricoes: 2, Total: 20000, Hora: time.Date(2030, 3, 2, 3, 0, 0, 0, time.UTC)},
			{Lote: "1º lote", Percurso: "10 km", Inscricoes: 1, Total: 10000, Hora: time.Date(2030, 3, 2, 12, 0, 0, 0, time.UTC)},
			{Percurso: "10 km", Inscricoes: 1, Total: 10000, Hora: time.Date(2030, 3, 2, 13, 0, 0, 0, time.UTC)},
		}}
	g := orders.FiguresOf(f, loc)
	// REG-272: a refund under way is shown apart and not yet taken off the net.
	if g.Bruto != 30000 || g.Reembolsado != 5000 || g.Liquido != 25000 || g.ReembolsoEmProcessamento != 2500 || g.Pedidos.Pagos != 3 || g.Pedidos.Expirados != 2 {
		t.Fatalf("figures %+v", g)
	}
	if g.PorLote["1º lote"] != (orders.Tally{Inscricoes: 4, Valor: 40000}) || g.PorLote[orders.NoLot].Inscricoes != 1 ||
		g.PorPercurso["10 km"].Valor != 20000 || g.PorPercurso["5 km"].Inscricoes != 3 ||
		g.PorDia["2030-03-01"] != (orders.Tally{Inscricoes: 1, Valor: 10000}) || g.PorDia["2030-03-02"] != (orders.Tally{Inscricoes: 4, Valor: 40000}) {
		t.Fatalf("groups %+v %+v %+v", g.PorLote, g.PorPercurso, g.PorDia)
	}
}

// REG-182, REG-183: a buyer cancelling an order whose Pix was just confirmed is refused (the order
// stays paid, with its participant, nothing refunded unasked); a Pix that lands as its order is
// cancelled, its webhook lost, is found by the reconciliation and returned in full, the buyer told.
func TestCancelRacingPayment(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		buyer := store.Actor{UserID: w.buyer.ID, Nome: w.buyer.DisplayName, At: time.Now()}

		seen := w.order(t, time.Now()) // the buyer's page shows it awaiting payment…
		w.pay(t, seen, 7990)           // …when its Pix is confirmed
		got, err := w.svc.Cancel(ctx, seen, false, buyer)
		var refused *orders.Refusal
		if !errors.As(err, &refused) || refused.Motivo != "Este pedido não pode ser cancelado: ele está pago." ||
			got.Status != store.OrderPaid || len(got.Reembolsos) != 0 {
			t.Fatalf("cancelling an order paid meanwhile: %s %+v %v", got.Status, got.Reembolsos, err)
		}

		o := w.order(t, time.Now())
		if _, err := w.sb.SimulatePaymentOf(ctx, o.Txid, 7990); err != nil { // paid at the PSP, its webhook lost…
			t.Fatal(err)
		}
		if got, err := w.svc.Cancel(ctx, o, false, buyer); err != nil || got.Status != store.OrderCanceled { // …as the buyer cancels
			t.Fatalf("cancel: %s %v", got.Status, err)
		}
		for range 2 {
			w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		}
		got = w.get(t, o.ID)
		if got.Status != store.OrderCanceled || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != 7990 ||
			got.Reembolsos[0].Status != store.RefundReturned || got.Reembolsos[0].Motivo != orders.MotivoPedidoEncerrado {
			t.Fatalf("the Pix of a cancelled order: %s %+v %+v", got.Status, got.Pagamentos, got.Reembolsos)
		}
		back, err := w.svc.PSP.RefundStatus(ctx, got.Pagamentos[0].EndToEndID, got.Reembolsos[0].ID)
		if err != nil || back.Status != pix.RefundReturned || back.Amount != 7990 {
			t.Fatalf("the sandbox's devolução: %+v %v", back, err)
		}
		if m := w.mail.Messages(); len(m) != 1 || m[0].To != w.buyer.Email || !strings.Contains(m[0].Text, "já estava pago ou cancelado") {
			t.Fatalf("e-mails: %+v", m)
		}
		if ps, err := st.EventParticipants(ctx, w.event.ID); err != nil || len(ps) != 1 {
			t.Fatalf("participants: %d %v (want only the paid order's)", len(ps), err)
		}
	})
}

// REG-180: an order's hold passes, the organizer imports a file listing its CPF in the same
// modality (a held CPF the import leaves out, REG-181, REG-303), then the buyer pays late: the Pix
// is returned in full (the sandbox's devolução DEVOLVIDO), the buyer told that the CPF is already
// registered in the event, the order expirado with its refund — never a payment kept with no
// registration, nor the athlete twice.
func TestImportThenPay(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		o := w.order(t, time.Now().Add(-time.Hour))
		a := o.Inscricoes[0]
		imported := participant.Participant{Nome: "Ana da Planilha", Documento: participant.Documento{Tipo: a.DocTipo, Numero: a.DocNumero},
			Percurso: a.Percurso, Camiseta: "G", Pago: true}
		if err := st.ApplyImport(ctx, w.event.ID, participant.Plan{Add: []participant.Row{{Line: 2, P: imported}}}, dona); err != nil {
			t.Fatal(err)
		}
		got := w.pay(t, o, 7990)
		if got.Status != store.OrderExpired || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 1 || got.Reembolsos[0].Valor != 7990 {
			t.Fatalf("paid after the import: %s %+v %+v", got.Status, got.Pagamentos, got.Reembolsos)
		}
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace)) // reads the charge and the refund back
		got = w.get(t, o.ID)
		if got.Status != store.OrderExpired || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("returned: %s %+v", got.Status, got.Reembolsos)
		}
		back, err := w.svc.PSP.RefundStatus(ctx, got.Pagamentos[0].EndToEndID, got.Reembolsos[0].ID)
		if err != nil || back.Status != pix.RefundReturned || back.Amount != 7990 {
			t.Fatalf("the sandbox's devolução: %+v %v", back, err)
		}
		if m := w.mail.Messages(); len(m) != 1 || m[0].To != w.buyer.Email || !strings.Contains(m[0].Text, "O CPF de Ana Atleta já está inscrito neste evento") {
			t.Fatalf("e-mails: %+v", m)
		}
		ps, err := st.EventParticipants(ctx, w.event.ID)
		if err != nil || len(ps) != 1 || ps[0].Nome != "Ana da Planilha" {
			t.Fatalf("participants: %+v %v (the imported one only)", ps, err)
		}
	})
}

// REG-212: an order's refunds are shared over its registrations in proportion to their totals,
// to the centavo: the shares add up to what went back (refunds not returned count nothing), the
// centavos left over on the first registration.
func TestRefundShares(t *testing.T) {
	order := func(refunds []store.Refund, totals ...money.Centavos) store.Order {
		o := store.Order{Reembolsos: refunds}
		for _, total := range totals {
			o.Inscricoes = append(o.Inscricoes, store.Registration{Total: total})
		}
		return o
	}
	returned := func(valor money.Centavos) store.Refund {
		return store.Refund{Valor: valor, Status: store.RefundReturned}
	}
	for _, c := range []struct {
		name string
		o    store.Order
		want []money.Centavos
	}{
		{"partial, two athletes", order([]store.Refund{returned(5000)}, 8990, 12990), []money.Centavos{2046, 2954}},
		{"full, two athletes", order([]store.Refund{returned(5000), returned(16980)}, 8990, 12990), []money.Centavos{8990, 12990}},
		{"under way and not made count nothing", order([]store.Refund{returned(100), {Valor: 900, Status: store.RefundProcessing},
			{Valor: 500, Status: store.RefundFailed}}, 8990, 8990), []money.Centavos{50, 50}},
		{"centavos left over", order([]store.Refund{returned(100)}, 1000, 1000, 1000), []money.Centavos{34, 33, 33}},
		{"nothing refunded", order(nil, 8990, 8990), []money.Centavos{0, 0}},
		{"free registrations", order([]store.Refund{returned(10)}, 0, 0), []money.Centavos{10, 0}},
	} {
		got := orders.RefundShares(c.o)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
