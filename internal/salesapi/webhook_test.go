package salesapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/api/apitest"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// logRecorder keeps what a server logs, as text.
type logRecorder struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logRecorder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logRecorder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// recordLog makes the sales API and its orders service log, from info up, to what it returns.
func (w *pixWorld) recordLog() *logRecorder {
	rec := &logRecorder{}
	log := slog.New(slog.NewTextHandler(rec, &slog.HandlerOptions{Level: slog.LevelInfo}))
	w.sales.log, w.sales.orders.Log = log, log
	return rec
}

// webhook posts body to the server's webhook and wants 200.
func (w *pixWorld) webhook(t *testing.T, body string) {
	t.Helper()
	if rec := w.Call("POST", "/api/pix/webhook/"+w.sales.WebhookSecret()+"/pix", body); rec.Code != 200 {
		t.Fatalf("webhook %d %s for %.80s", rec.Code, rec.Body, body)
	}
}

// REG-200: a call as a PSP posts it — a Pix paid straight to the key (no txid), a Pix naming a
// charge that is not ours, an entry that is not a Pix of the API, and the payment of our order —
// is answered 200 and confirms our order at once; the others confirm nothing and are logged at
// info without the payer's data. An empty list, a PSP's test call, a body that is not JSON and a
// body past the limit are answered 200 too and change nothing.
func TestWebhookAsAPSPPostsIt(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w, o, p := paidWithNoticeLost(t, st)
		log := w.recordLog()
		ours, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		w.webhook(t, `{"pix":[
{"endToEndId":"E18236120202601151230s0123456789","valor":"25.00","horario":"2026-01-15T12:30:00.000-03:00","infoPagador":"pizza da Maria Pagadora"},
{"endToEndId":"E18236120202601151231s0123456789","txid":"OUTROSISTEMA0000000000000001","valor":"89.90","horario":"2026-01-15T12:31:00Z","gnExtras":{"pagador":{"nome":"Maria Pagadora","cpf":"***.982.247-**"}}},
{"endToEndId":"E18236120202601151232s0123456789","txid":"`+o.Pix.Txid+`","valor":"89.90"},
`+string(ours)+`]}`)
		got, err := st.Order(t.Context(), o.ID)
		if err != nil || got.Status != store.OrderPaid || len(got.Pagamentos) != 1 || len(got.Reembolsos) != 0 {
			t.Fatalf("our payment in a batch with a Pix without txid: %+v %v", got, err)
		}
		text := log.String()
		if n := strings.Count(text, "a Pix of no charge of ours"); n != 2 ||
			!strings.Contains(text, "E18236120202601151230s0123456789") || !strings.Contains(text, "OUTROSISTEMA0000000000000001") {
			t.Errorf("the Pix not ours are not logged, once each: %s", text)
		}
		if !strings.Contains(text, "level=INFO msg=\"pix webhook: a Pix of no charge of ours\"") {
			t.Errorf("not logged at info: %s", text)
		}
		if !strings.Contains(text, "ignored=1") {
			t.Errorf("the entry that is not a Pix is not counted: %s", text)
		}
		for _, personal := range []string{"Maria", "Pagadora", "982.247", "pizza"} {
			if strings.Contains(text, personal) {
				t.Errorf("the log holds %q: %s", personal, text)
			}
		}

		big := `{"pix":[` + strings.Repeat(`{"endToEndId":"E1","txid":"t","valor":"1.00","horario":"2020-09-09T20:15:00Z"},`, 1000) + `{}]}`
		for _, body := range []string{`{"pix":[]}`, `{"evento":"teste_webhook"}`, `pix=1`, ``, big} {
			w.webhook(t, body)
		}
		if again, _ := st.Order(t.Context(), o.ID); again.Status != store.OrderPaid || len(again.Pagamentos) != 1 || len(again.Reembolsos) != 0 {
			t.Fatalf("after the calls of nothing: %+v", again)
		}
	})
}

// REG-201: a devolução reported on a Pix without txid has the refund read back: the organizer's
// refund left pending while the PSP was down is DEVOLVIDO once the PSP's notice of it arrives,
// without waiting for the reconciliation, and the buyer is told once.
func TestWebhookDevolucaoWithoutTxidReadsTheRefundBack(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		withBuyer(t, st)
		w := newPixWorld(t, st, nil)
		f := newFaultyPSP(w)
		o := w.buy(t)
		w.Call("POST", sandbox.Path+"simular/"+o.Pix.Txid, "")
		f.down.Store(true)
		pending := w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos/"+o.ID+"/reembolso", `{}`, apitest.As(&ana)), 200)
		if len(pending.Reembolsos) != 1 || pending.Reembolsos[0].Status != store.RefundProcessing {
			t.Fatalf("the refund with the PSP down: %+v", pending.Reembolsos)
		}
		f.down.Store(false)
		paid, err := st.Order(t.Context(), o.ID)
		if err != nil || len(paid.Pagamentos) != 1 {
			t.Fatalf("%+v %v", paid, err)
		}
		r := paid.Reembolsos[0]
		notice := pix.Payment{EndToEndID: paid.Pagamentos[0].EndToEndID, Amount: 8990, Time: time.Now().UTC(),
			Refunds: []pix.Refund{{ID: r.ID, RtrID: "D00000000202601151233abcdefghijk", Amount: 8990,
				Times: pix.RefundTimes{Requested: time.Now().UTC(), Settled: time.Now().UTC()}, Status: pix.RefundReturned}}}
		w.notify(t, notice) // no txid: the PSP names the payment only
		got, _ := st.Order(t.Context(), o.ID)
		if got.Status != store.OrderRefunded || len(got.Reembolsos) != 1 || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("after the devolução's notice: %s %+v", got.Status, got.Reembolsos)
		}
		if m := w.mailsTo(bruno.Email); len(m) != 1 || !strings.Contains(m[0].Text, "R$ 89,90") { // the athlete is told apart (REG-245)
			t.Fatalf("refund e-mails: %+v", m)
		}
	})
}
