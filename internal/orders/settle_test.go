package orders_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/pix"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// refundLost is a store whose next AddRefund fails, as a server stopped (or a database busy)
// between a payment's refusal and the record of its return would.
type refundLost struct {
	store.Store
	next atomic.Bool
}

func (s *refundLost) AddRefund(ctx context.Context, orderID string, r store.Refund, by store.Actor) (store.Order, error) {
	if s.next.CompareAndSwap(true, false) {
		return store.Order{}, errors.New("conexão com o banco perdida")
	}
	return s.Store.AddRefund(ctx, orderID, r, by)
}

// importDocument has the organizer import the registration's document (in its modality).
func (w *world) importDocument(t *testing.T, r store.Registration) {
	t.Helper()
	p := participant.Participant{Nome: r.Nome + " da Planilha", Documento: participant.Documento{Tipo: r.DocTipo, Numero: r.DocNumero},
		Percurso: r.Percurso, Camiseta: "G", Pago: true}
	if err := w.st.ApplyImport(context.Background(), w.event.ID, participant.Plan{Add: []participant.Row{{Line: 2, P: p}}}, dona); err != nil {
		t.Fatal(err)
	}
}

// returned waits for the reconciliation to return the order's payment in full (DEVOLVIDO at the
// sandbox) and the buyer to be told why, in the words want.
func (w *world) returned(t *testing.T, o store.Order, want string) {
	t.Helper()
	ctx := context.Background()
	var got store.Order
	for range 3 { // a refund asked is read back by the next tick at the latest
		w.svc.Reconcile(ctx, time.Now().Add(orders.WebhookGrace))
		if got = w.get(t, o.ID); len(got.Reembolsos) == 1 && got.Reembolsos[0].Status == store.RefundReturned {
			break
		}
	}
	if got.Status == store.OrderPaid || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 1 ||
		got.Reembolsos[0].Status != store.RefundReturned || got.Reembolsos[0].Valor != got.Pagamentos[0].Valor {
		t.Fatalf("the Pix neither confirmed nor returned: %s, payments %+v, refunds %+v", got.Status, got.Pagamentos, got.Reembolsos)
	}
	back, err := w.svc.PSP.RefundStatus(ctx, got.Pagamentos[0].EndToEndID, got.Reembolsos[0].ID)
	if err != nil || back.Status != pix.RefundReturned || back.Amount != got.Total {
		t.Fatalf("the sandbox's devolução: %+v %v", back, err)
	}
	if m := w.mail.Messages(); len(m) != 1 || m[0].To != w.buyer.Email || !strings.Contains(m[0].Text, want) {
		t.Fatalf("e-mails: %+v", m)
	}
	if ps, err := w.st.EventParticipants(ctx, w.event.ID); err != nil || len(ps) != 1 || ps[0].Origem == participant.OrigemPelotao {
		t.Fatalf("participants: %+v %v (the imported one only)", ps, err)
	}
}

// REG-301: the late Pix of an order whose CPF was imported after its hold is refused, but the
// record of its return fails (the server stopped between the two): read again by the
// reconciliation, it is returned in full and the buyer told — never kept with no registration and
// no refund, as the same payment read again used to answer "recorded before" and nothing more.
func TestRefusedPaymentWhoseReturnWasLost(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		o := w.order(t, time.Now().Add(-time.Hour))
		w.importDocument(t, o.Inscricoes[0])
		lost := &refundLost{Store: st}
		lost.next.Store(true)
		w.svc.Store = lost
		if _, err := w.sb.SimulatePaymentOf(ctx, o.Txid, 7990); err != nil {
			t.Fatal(err)
		}
		if err := w.svc.SettleNotice(ctx, pix.Payment{TxID: o.Txid}); err == nil {
			t.Fatal("the notice settled although the return could not be recorded")
		}
		if got := w.get(t, o.ID); got.Status != store.OrderExpired || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 0 {
			t.Fatalf("after the lost return: %s %+v %+v", got.Status, got.Pagamentos, got.Reembolsos)
		}
		w.returned(t, o, "O CPF de Ana Atleta já está inscrito neste evento")
	})
}

// REG-301: an order of two athletes, the second's CPF imported after its hold; its charge is settled
// from the order as its row alone reads (no registrations): the Pix goes back in full, the e-mail
// naming the second athlete — the athlete is found in the store's answer, and a payment is never
// kept because the order given lacked the athlete named.
func TestSecondAthleteImportedWithTheOrderReadBare(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		now := time.Now().Add(-time.Hour) // its hold passed: an import may list its athletes
		n := store.NewOrder{EventID: w.event.ID, BuyerID: w.buyer.ID, Txid: pix.NewTxID(), Now: now, ExpiraEm: now.Add(30 * time.Minute),
			Vagas: orders.EventCapacity(&w.event)}
		athlete := func(nome, base9 string) store.NewRegistration {
			return store.NewRegistration{DocTipo: participant.CPF, DocNumero: participant.CompleteCPF(base9), Nome: nome, Percurso: "10 km",
				Categoria: "Geral", Camiseta: "M", Valor: 7990, Total: 7990, Atleta: []byte(`{"sexo":"F","nascimento":"1990-01-01"}`)}
		}
		n.Price = func(store.Taken, *store.Coupon) ([]store.NewRegistration, error) {
			return []store.NewRegistration{athlete("Ana Primeira", "301000001"), athlete("Bia Segunda", "301000002")}, nil
		}
		o, err := st.CreateOrder(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.PSP.CreateCharge(ctx, o.Txid, pix.NewCharge{Expiry: 30 * time.Minute, Amount: o.Total}); err != nil {
			t.Fatal(err)
		}
		w.importDocument(t, o.Inscricoes[1])
		if _, err := w.sb.SimulatePaymentOf(ctx, o.Txid, o.Total); err != nil {
			t.Fatal(err)
		}
		bare := o
		bare.Inscricoes = nil
		if err := w.svc.SettleOrder(ctx, bare); err != nil {
			t.Fatal(err)
		}
		w.returned(t, o, "O CPF de Bia Segunda já está inscrito neste evento")
	})
}
