package pix_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/clocktest"
	"pelotao/internal/pix"
	"pelotao/internal/pix/brcode"
	"pelotao/internal/pix/sandbox"
)

// testTimeout is the client's timeout where a test waits for it: long enough that a request on a
// busy shared machine never meets it by accident.
const testTimeout = time.Second

const (
	clientID = "pelotao-teste"
	secret   = "s3gr3d0-que-nunca-aparece"
	key      = "financeiro@pelotao.example"
)

// psp is a sandbox behind a real HTTP server and a client pointed at it, on one clock.
type psp struct {
	sandbox *sandbox.Sandbox
	client  *pix.Client
	clock   *clocktest.Clock
	url     string
}

func newPSP(t testing.TB, opts sandbox.Options, cfg pix.Config) psp {
	t.Helper()
	clock := clocktest.New(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	opts.ClientID, opts.ClientSecret, opts.Key, opts.Now = clientID, secret, key, clock.Now
	if opts.LocationBase == "" {
		opts.LocationBase = "pix.example.com/qr/v2"
	}
	sb := sandbox.New(opts)
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	cfg.APIURL, cfg.ClientID, cfg.ClientSecret, cfg.Key, cfg.Now = srv.URL+"/_pix-sandbox", clientID, secret, key, clock.Now
	client, err := pix.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return psp{sandbox: sb, client: client, clock: clock, url: srv.URL}
}

// webhookReceiver records the notifications a PSP posts to {url}/pix.
type webhookReceiver struct {
	mu       sync.Mutex
	payments []pix.Payment
	url      string
}

func newWebhookReceiver(t *testing.T) *webhookReceiver {
	rec := &webhookReceiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/pix/webhook/segredo/pix" {
			http.NotFound(w, r)
			return
		}
		n, err := pix.ParseWebhook(r.Body)
		if err != nil || n.Ignored > 0 {
			http.Error(w, fmt.Sprintf("%+v %v", n, err), http.StatusBadRequest)
			return
		}
		rec.mu.Lock()
		rec.payments = append(rec.payments, n.Pix...)
		rec.mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	rec.url = srv.URL + "/api/pix/webhook/segredo"
	return rec
}

var charge = pix.NewCharge{
	Expiry:  30 * time.Minute,
	Debtor:  &pix.Debtor{CPF: "52998224725", Name: "Ana Maria da Silva"},
	Amount:  8990,
	Message: "Inscrição Corrida da Lagoa 2026",
}

// REG-3, REG-5, REG-8, REG-9, REG-10, REG-13: the whole life of a charge against the sandbox.
func TestChargeFlow(t *testing.T) {
	p := newPSP(t, sandbox.Options{}, pix.Config{})
	ctx := context.Background()
	hook := newWebhookReceiver(t)
	if err := p.client.RegisterWebhook(ctx, hook.url); err != nil {
		t.Fatal(err)
	}

	txid := pix.NewTxID()
	ch, err := p.client.CreateCharge(ctx, txid, charge)
	if err != nil {
		t.Fatal(err)
	}
	if ch.TxID != txid || ch.Status != pix.ChargeActive || ch.Value.Original != 8990 || ch.Key != key ||
		*ch.Debtor != *charge.Debtor || ch.Message != charge.Message || ch.Calendar.ExpirySeconds != 1800 {
		t.Errorf("created %+v", ch)
	}
	if !ch.Expires().Equal(p.clock.Now().Add(30*time.Minute)) || ch.PaidInFull() {
		t.Errorf("expires %v, paid %v", ch.Expires(), ch.PaidInFull())
	}
	if !strings.HasPrefix(ch.CopyPaste, "000201") || !strings.Contains(ch.CopyPaste, ch.Location) || !crcChecks(ch.CopyPaste) {
		t.Errorf("copy-and-paste code %q for location %q", ch.CopyPaste, ch.Location)
	}

	payment, err := p.sandbox.SimulatePayment(ctx, txid)
	if err != nil {
		t.Fatal(err)
	}
	hook.mu.Lock()
	notified := hook.payments
	hook.mu.Unlock()
	if len(notified) != 1 || notified[0].TxID != txid || notified[0].EndToEndID != payment.EndToEndID || notified[0].Amount != 8990 {
		t.Errorf("webhook got %+v, want the payment %+v", notified, payment)
	}
	read, err := p.client.Charge(ctx, txid)
	if err != nil {
		t.Fatal(err)
	}
	if read.Status != pix.ChargeCompleted || !read.PaidInFull() || len(read.Payments) != 1 || read.Payments[0].EndToEndID != payment.EndToEndID {
		t.Errorf("read back %+v", read)
	}

	refund, err := p.client.Refund(ctx, payment.EndToEndID, "R1"+txid[:20], 3000)
	if err != nil {
		t.Fatal(err)
	}
	if refund.Status != pix.RefundInProgress || refund.Amount != 3000 || refund.Nature != pix.RefundOriginal {
		t.Errorf("refund %+v", refund)
	}
	again, err := p.client.Refund(ctx, payment.EndToEndID, "R1"+txid[:20], 3000)
	if err != nil || again.RtrID != refund.RtrID {
		t.Errorf("the same refund asked again: %+v, %v; want %+v", again, err, refund)
	}
	settled, err := p.client.RefundStatus(ctx, payment.EndToEndID, refund.ID)
	if err != nil || settled.Status != pix.RefundReturned || settled.Times.Settled.IsZero() {
		t.Errorf("refund read back %+v, %v", settled, err)
	}
	_, err = p.client.Refund(ctx, payment.EndToEndID, "R2"+txid[:20], 6000)
	var rejected *pix.Rejected
	if !errors.As(err, &rejected) || rejected.Problem.Type != pix.ProblemType("PixDevolucaoInvalida") {
		t.Errorf("refunding more than was paid: %v", err)
	}

	unpaid := pix.NewTxID()
	if _, err := p.client.CreateCharge(ctx, unpaid, pix.NewCharge{Expiry: time.Minute, Amount: 100}); err != nil {
		t.Fatal(err)
	}
	removed, err := p.client.RemoveCharge(ctx, unpaid)
	if err != nil || removed.Status != pix.ChargeRemovedByUs || removed.Revision != 1 {
		t.Errorf("removed %+v, %v", removed, err)
	}
	if _, err := p.client.RemoveCharge(ctx, unpaid); !errors.As(err, &rejected) || rejected.Problem.Status != 400 {
		t.Errorf("removing twice: %v", err)
	}
	if _, err := p.sandbox.SimulatePayment(ctx, unpaid); !errors.Is(err, sandbox.ErrNotPayable) {
		t.Errorf("paying a removed charge: %v", err)
	}
	if _, err := p.client.Charge(ctx, pix.NewTxID()); !errors.As(err, &rejected) || !rejected.NotFound() {
		t.Errorf("an unknown txid: %v", err)
	}
	if n := p.sandbox.TokensIssued(); n != 1 {
		t.Errorf("%d tokens asked for, want one kept for every call", n)
	}
}

// REG-9: a payment of another amount completes the charge at the PSP but does not pay it in full.
func TestOtherAmountIsNotPaidInFull(t *testing.T) {
	p := newPSP(t, sandbox.Options{}, pix.Config{})
	ctx := context.Background()
	txid := pix.NewTxID()
	if _, err := p.client.CreateCharge(ctx, txid, charge); err != nil {
		t.Fatal(err)
	}
	if _, err := p.sandbox.SimulatePaymentOf(ctx, txid, 8900); err != nil {
		t.Fatal(err)
	}
	ch, err := p.client.Charge(ctx, txid)
	if err != nil || ch.Status != pix.ChargeCompleted || ch.Received() != 8900 || ch.PaidInFull() {
		t.Errorf("%+v, %v: want CONCLUIDA, 89.00 received, not paid in full", ch, err)
	}
}

// REG-11: a PSP that answers with the location only gets the client's own dynamic BR Code.
func TestCopyPasteBuiltFromLocation(t *testing.T) {
	p := newPSP(t, sandbox.Options{OmitCopyPaste: true}, pix.Config{MerchantName: "Pelotão", MerchantCity: "São Paulo"})
	ch, err := p.client.CreateCharge(context.Background(), pix.NewTxID(), charge)
	if err != nil {
		t.Fatal(err)
	}
	want, err := brcode.Dynamic(ch.Location, "Pelotão", "São Paulo")
	if err != nil || ch.CopyPaste != want || !strings.Contains(want, "5907Pelotao6009Sao Paulo") {
		t.Errorf("copy-and-paste %q, want %q (%v)", ch.CopyPaste, want, err)
	}
}

// REG-3: the token is kept until shortly before expires_in, then asked for again.
func TestTokenKeptUntilNearExpiry(t *testing.T) {
	p := newPSP(t, sandbox.Options{TokenLifetime: 300 * time.Second}, pix.Config{})
	ctx := context.Background()
	txid := pix.NewTxID()
	if _, err := p.client.CreateCharge(ctx, txid, charge); err != nil {
		t.Fatal(err)
	}
	p.clock.Advance(239 * time.Second) // a minute before the end: still kept
	if _, err := p.client.Charge(ctx, txid); err != nil || p.sandbox.TokensIssued() != 1 {
		t.Fatalf("at 239 s: %v, %d tokens", err, p.sandbox.TokensIssued())
	}
	p.clock.Advance(2 * time.Second)
	if _, err := p.client.Charge(ctx, txid); err != nil || p.sandbox.TokensIssued() != 2 {
		t.Fatalf("at 241 s: %v, %d tokens; want a new one", err, p.sandbox.TokensIssued())
	}
}

// REG-3: a 401 from the API drops the token and the call is tried once more with a new one.
func TestTokenRefreshedOnceOn401(t *testing.T) {
	p := newPSP(t, sandbox.Options{}, pix.Config{})
	ctx := context.Background()
	txid := pix.NewTxID()
	if _, err := p.client.CreateCharge(ctx, txid, charge); err != nil {
		t.Fatal(err)
	}
	p.sandbox.Inject(sandbox.TokenRevoked, 1)
	if _, err := p.client.Charge(ctx, txid); err != nil || p.sandbox.TokensIssued() != 2 {
		t.Fatalf("after one 401: %v, %d tokens; want success with a second token", err, p.sandbox.TokensIssued())
	}
	p.sandbox.Inject(sandbox.TokenRevoked, 2)
	var rejected *pix.Rejected
	if _, err := p.client.Charge(ctx, txid); !errors.As(err, &rejected) || rejected.Problem.Status != 401 {
		t.Fatalf("after two 401s: %v; want the second given back as rejected", err)
	}
	if n := p.sandbox.TokensIssued(); n != 3 {
		t.Errorf("%d tokens; want one new token per call, not a loop", n)
	}
}

// REG-6, REG-7: the sandbox's faults reach the caller typed, and no error shows the secret.
func TestSandboxFaults(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		fault       sandbox.Fault
		unavailable bool
		status      int
	}{
		{sandbox.Unavailable, true, 0},
		{sandbox.Timeout, true, 0},
		{sandbox.TokenRefused, false, 401},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.fault), func(t *testing.T) {
			p := newPSP(t, sandbox.Options{}, pix.Config{Timeout: testTimeout})
			p.sandbox.Inject(c.fault, 1)
			_, err := p.client.CreateCharge(ctx, pix.NewTxID(), charge)
			var rejected *pix.Rejected
			switch {
			case err == nil:
				t.Fatal("no error")
			case c.unavailable && (!errors.Is(err, pix.ErrUnavailable) || errors.As(err, &rejected)):
				t.Errorf("%v: want ErrUnavailable", err)
			case !c.unavailable && (!errors.As(err, &rejected) || rejected.Problem.Status != c.status || errors.Is(err, pix.ErrUnavailable)):
				t.Errorf("%v: want rejected with %d", err, c.status)
			}
			if strings.Contains(err.Error(), secret) {
				t.Errorf("the error shows the client secret: %v", err)
			}
			if _, err := p.client.CreateCharge(ctx, pix.NewTxID(), charge); err != nil {
				t.Errorf("the next call, the fault spent: %v", err)
			}
		})
	}
}

// REG-7: a logged Config shows no secret, however it is printed.
func TestConfigHidesSecret(t *testing.T) {
	cfg := pix.Config{APIURL: "https://psp.example/v2", ClientID: clientID, ClientSecret: secret, Key: key}
	for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
		if out := fmt.Sprintf(format, cfg); strings.Contains(out, secret) || !strings.Contains(out, clientID) {
			t.Errorf("%s: %s", format, out)
		}
	}
}

func crcChecks(code string) bool {
	return len(code) > 8 && fmt.Sprintf("%04X", brcode.CRC16(code[:len(code)-4])) == code[len(code)-4:]
}

// REG-3, REG-13: many orders at once share one token and the sandbox keeps every charge apart.
func TestConcurrentCharges(t *testing.T) {
	p := newPSP(t, sandbox.Options{}, pix.Config{})
	ctx := context.Background()
	const n = 40
	errs := make(chan error, n)
	for range n {
		go func() {
			txid := pix.NewTxID()
			if _, err := p.client.CreateCharge(ctx, txid, charge); err != nil {
				errs <- err
				return
			}
			if _, err := p.sandbox.SimulatePayment(ctx, txid); err != nil {
				errs <- err
				return
			}
			ch, err := p.client.Charge(ctx, txid)
			if err == nil && (!ch.PaidInFull() || ch.TxID != txid) {
				err = fmt.Errorf("charge %s read back as %+v", txid, ch)
			}
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if got := p.sandbox.TokensIssued(); got != 1 {
		t.Errorf("%d tokens for %d concurrent calls, want 1", got, 3*n)
	}
}

// REG-230: GET /pix reads the Pix received in a window, page by page, those paid straight to
// the key (no txid) beside those of charges, each with its refunds.
func TestReceivedPaged(t *testing.T) {
	p := newPSP(t, sandbox.Options{}, pix.Config{})
	ctx := context.Background()
	start := p.clock.Now()
	var paid []string
	for range 3 {
		txid := pix.NewTxID()
		if _, err := p.client.CreateCharge(ctx, txid, charge); err != nil {
			t.Fatal(err)
		}
		pay, err := p.sandbox.SimulatePayment(ctx, txid)
		if err != nil {
			t.Fatal(err)
		}
		paid = append(paid, pay.EndToEndID)
		p.clock.Advance(time.Minute)
	}
	loose, err := p.sandbox.SimulatePixToKey(1500)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.client.Refund(ctx, paid[0], "devolucao1", 1000); err != nil {
		t.Fatal(err)
	}
	var got []pix.Payment
	for page := 0; ; page++ {
		ans, err := p.client.Received(ctx, pix.ReceivedQuery{Start: start, End: p.clock.Now(), Page: page, PerPage: 3})
		if err != nil {
			t.Fatal(err)
		}
		if g := ans.Params.Paging; g.Page != page || g.PerPage != 3 || g.Pages != 2 || g.Total != 4 {
			t.Errorf("page %d: paginacao %+v", page, g)
		}
		got = append(got, ans.Pix...)
		if page+1 >= ans.Params.Paging.Pages {
			break
		}
	}
	if len(got) != 4 || got[0].EndToEndID != paid[0] || got[2].EndToEndID != paid[2] || got[3].EndToEndID != loose.EndToEndID {
		t.Fatalf("received %+v", got)
	}
	if got[3].TxID != "" || got[3].Amount != 1500 || got[3].Key != key || got[0].TxID == "" {
		t.Errorf("the Pix to the key %+v, the first %+v", got[3], got[0])
	}
	if len(got[0].Refunds) != 1 || got[0].Refunds[0].Amount != 1000 || got[0].Returned() != 0 {
		t.Errorf("the first Pix's refunds %+v (returned %s while in progress)", got[0].Refunds, got[0].Returned())
	}
	// Outside the window, nothing; a window that ends before it starts is not sent.
	if ans, err := p.client.Received(ctx, pix.ReceivedQuery{Start: start.Add(-time.Hour), End: start.Add(-time.Minute)}); err != nil || len(ans.Pix) != 0 {
		t.Errorf("before the payments: %+v, %v", ans, err)
	}
	if _, err := p.client.Received(ctx, pix.ReceivedQuery{Start: start, End: start.Add(-time.Second)}); err == nil {
		t.Error("fim before inicio was sent")
	}
}
