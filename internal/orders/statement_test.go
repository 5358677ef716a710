package orders_test

import (
	"context"
	"testing"
	"time"

	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// REG-233, REG-234, REG-235: the day's reconciliation reads every page of the Pix received: a
// paid order's Pix is matched, the Pix of an order whose webhook was lost is settled then matched,
// a Pix of another amount is returned, and the Pix paid straight to the key are kept, needing
// attention, under no event. The day's pass runs once.
func TestDailyReconciliation(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		w := newWorld(t, st, 10)
		paid := w.pay(t, w.order(t, time.Now()), 7990)
		lost := w.order(t, time.Now())
		if _, err := w.sb.SimulatePayment(ctx, lost.Txid); err != nil { // no webhook reaches Pelotão
			t.Fatal(err)
		}
		other := w.pay(t, w.order(t, time.Now()), 5000)
		const byHand = 101 // with the three above, two pages of GET /pix
		for range byHand {
			if _, err := w.sb.SimulatePixToKey(1500); err != nil {
				t.Fatal(err)
			}
		}
		if paid.Status != store.OrderPaid || w.get(t, lost.ID).Status != store.OrderAwaiting || other.Status != store.OrderAwaiting {
			t.Fatalf("before: %s, %s, %s", paid.Status, w.get(t, lost.ID).Status, other.Status)
		}

		now := time.Now()
		ran, err := w.svc.ReconcileStatement(ctx, now, 3)
		if err != nil || !ran {
			t.Fatalf("the pass: %v, %v", ran, err)
		}
		if o := w.get(t, lost.ID); o.Status != store.OrderPaid {
			t.Errorf("the order whose webhook was lost is %s, want pago", o.Status)
		}
		c, err := st.PixCheck(ctx, w.event.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.BySituacao[store.PixMatched]; got != (store.PixTally{Quantidade: 2, Valor: 2 * 7990}) {
			t.Errorf("matched %+v", got)
		}
		if got := c.BySituacao[store.PixReturned]; got != (store.PixTally{Quantidade: 1, Valor: 5000}) {
			t.Errorf("returned %+v (the order %+v)", got, w.get(t, other.ID).Reembolsos)
		}
		if got := c.BySituacao[store.PixAttention]; got.Quantidade != 0 || len(c.Attention) != 0 {
			t.Errorf("needing attention %+v %+v", got, c.Attention)
		}
		loose, err := st.PixCheck(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := loose.BySituacao[store.PixAttention]; got != (store.PixTally{Quantidade: byHand, Valor: byHand * 1500}) ||
			len(loose.Attention) != store.MaxAttentionListed || loose.Attention[0].Motivo == "" || loose.Attention[0].Txid != "" {
			t.Errorf("Pix with no charge: %+v, %d listed", got, len(loose.Attention))
		}
		if ran, err := w.svc.ReconcileStatement(ctx, now.Add(time.Minute), 3); err != nil || ran {
			t.Errorf("the same day again: %v, %v", ran, err)
		}
	})
}
