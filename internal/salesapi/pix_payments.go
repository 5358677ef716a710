package salesapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/config"
	"pelotao/internal/pix"
	"pelotao/internal/pix/sandbox"
	"pelotao/internal/store"
)

// setUpPix makes the PSP client. With the sandbox, the sandbox is served under its path and the
// client and the sandbox's webhook reach it and the site in-process, whatever the base URL.
func (s *Server) setUpPix(psp pix.PSP, site http.Handler) error {
	if psp != nil {
		s.psp = psp
		return nil
	}
	cfg := s.cfg.Pix
	if cfg.APIURL == "" {
		return nil // no PSP configured: paid orders answer pagamento-indisponivel
	}
	if s.cfg.PixSandbox {
		s.sandbox = sandbox.New(sandbox.Options{ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, Key: cfg.Key,
			Client: &http.Client{Transport: inProcess{site}}})
		cfg.Transport = inProcess{s.sandbox}
	}
	c, err := pix.New(cfg)
	if err != nil {
		return err
	}
	s.psp = c
	return nil
}

// inProcess carries a request to a handler of this process.
type inProcess struct{ h http.Handler }

func (t inProcess) RoundTrip(r *http.Request) (*http.Response, error) {
	w := httptest.NewRecorder()
	t.h.ServeHTTP(w, r)
	return w.Result(), nil
}

// WebhookPath is where the PSP's webhook is served: WebhookPath + {secret} + "/pix". The secret
// is what keeps anyone else from posting there, so the access log writes it redacted
// (internal/httpapi).
const WebhookPath = "/api/pix/webhook/"

// pixRoutes serve the PSP's webhook, only when a PSP is configured: without one the path is a
// 404 like any other, and no secret (derived from a client secret that is not set) stands for it.
func (s *Server) pixRoutes() []api.Route {
	if s.psp == nil {
		return nil
	}
	return []api.Route{
		{Pattern: "POST " + WebhookPath + "{secret}/pix", Handler: api.Func(s.pixWebhook), Access: api.Public, MaxBody: pix.MaxWebhookBody},
	}
}

// sandboxRoutes serve the sandbox PSP and its "Simular pagamento", only with PELOTAO_PIX_SANDBOX.
func (s *Server) sandboxRoutes() []api.Route {
	if s.sandbox == nil {
		return nil
	}
	return []api.Route{
		{Pattern: config.PixSandboxPath, Handler: s.sandbox, Access: api.Public, MaxBody: 64 << 10},
		{Pattern: "POST " + config.PixSandboxPath + "simular/{txid}", Handler: api.Func(s.simulatePayment), Access: api.Public},
	}
}

// simulatePayment pays a sandbox charge in full, as the payer's bank would; with
// ?webhook=retido the PSP's notification is withheld, so that the payment is found only by
// reading the charge back, late if the hold passed meanwhile (REG-184).
func (s *Server) simulatePayment(w http.ResponseWriter, r *http.Request) error {
	var p pix.Payment
	var err error
	if r.URL.Query().Get("webhook") == "retido" {
		p, err = s.sandbox.SimulatePaymentWithheld(r.PathValue("txid"))
	} else {
		p, err = s.sandbox.SimulatePayment(r.Context(), r.PathValue("txid"))
	}
	if errors.Is(err, sandbox.ErrUnknownCharge) || errors.Is(err, sandbox.ErrNotPayable) {
		return api.ErrNotFound
	}
	if err != nil && !errors.Is(err, sandbox.ErrWebhook) {
		return err
	}
	api.WriteJSON(w, http.StatusOK, p)
	return nil
}

// WebhookSecret is the path segment the PSP's webhook URL carries: derived from the Pix client's
// secret so that every instance agrees on it and nobody without the secret can guess it.
func (s *Server) WebhookSecret() string {
	m := hmac.New(sha256.New, []byte(s.cfg.Pix.ClientSecret))
	m.Write([]byte("pelotao pix webhook"))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// pixWebhook answers POST /api/pix/webhook/{secret}/pix: 200 for the server's secret whatever
// the body, once it is acted on or logged (docs/http-api.md): a PSP answered an error would only
// post the same body again, and the reconciliation reads back every charge awaiting payment. A
// notification is only a hint: each Pix naming a charge of ours has that charge read back from
// the PSP (orders.Service.SettleNotice); a Pix paid straight to the key or naming a charge not
// ours confirms nothing and is logged without personal data (no payer, no infoPagador).
func (s *Server) pixWebhook(w http.ResponseWriter, r *http.Request) error {
	if subtle.ConstantTimeCompare([]byte(r.PathValue("secret")), []byte(s.WebhookSecret())) != 1 {
		return api.ErrNotFound
	}
	n, err := pix.ParseWebhook(r.Body)
	if err != nil {
		s.log.Warn("pix webhook: body not read; the reconciliation reads the charges back", "err", err)
	}
	if n.Ignored > 0 {
		s.log.Warn("pix webhook: entries that are not a Pix of the API ignored", "ignored", n.Ignored)
	}
	seen := map[string]bool{}
	for _, p := range n.Pix {
		if p.TxID != "" && seen[p.TxID] {
			continue // its charge was read back, with every refund pending on its order
		}
		seen[p.TxID] = true
		err := s.orders.SettleNotice(r.Context(), p)
		switch {
		case errors.Is(err, store.ErrNotFound):
			s.log.Info("pix webhook: a Pix of no charge of ours", "endToEndId", p.EndToEndID, "txid", p.TxID,
				"devolucoes", len(p.Refunds))
		case err != nil:
			s.log.Warn("pix webhook: charge not settled", "txid", p.TxID, "err", err)
		}
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

// statementRetry is how often RunPix asks for the day's reconciliation of the Pix received: the
// store lets one instance run it once a day, so asking is cheap, and a pass the PSP failed is
// taken again once its claim is stale (orders.StaleClaim).
const statementRetry = 15 * time.Minute

// RunPix keeps the payments moving until ctx ends, with a PSP or a card provider: it registers
// the PSP's webhook (again and again while the PSP is down), then every PixReconcileEvery reads
// back the unpaid charges and card orders (CARD-25), so that a lost notification still confirms
// its order (and a refund the provider did not take is asked again), and ends the holds that
// passed, withdrawing their charges and preferences; at start and every statementRetry it asks for the
// day's reconciliation of the Pix received (orders.Service.ReconcileStatement).
func (s *Server) RunPix(ctx context.Context) {
	if s.psp == nil && s.cards == nil {
		return
	}
	tick := time.NewTicker(s.cfg.PixReconcileEvery)
	defer tick.Stop()
	registered := false
	var statementAsked time.Time
	for {
		if !registered && s.psp != nil {
			if err := s.registerWebhook(ctx); err != nil {
				s.log.Warn("pix webhook not registered; retrying", "err", err)
			} else {
				registered = true
			}
		}
		now := time.Now()
		s.reconcileAt(ctx, now)
		s.expireHoldsAt(ctx, now)
		if s.psp != nil && now.Sub(statementAsked) >= statementRetry {
			statementAsked = now
			if _, err := s.orders.ReconcileStatement(ctx, now, s.cfg.PixReconcileDays); err != nil {
				s.log.Warn("pix daily reconciliation; asked again later", "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// registerWebhook tells the PSP where to post payments.
func (s *Server) registerWebhook(ctx context.Context) error {
	return s.psp.RegisterWebhook(ctx, s.cfg.BaseURL.String()+WebhookPath+s.WebhookSecret())
}

// reconcileAt reads back at now the charges still unpaid (or expired lately) that their webhook
// had time to confirm, and the refunds pending.
func (s *Server) reconcileAt(ctx context.Context, now time.Time) { s.orders.Reconcile(ctx, now) }

// expireHoldsAt ends the holds passed at now and withdraws their charges, so they cannot be paid.
func (s *Server) expireHoldsAt(ctx context.Context, now time.Time) { s.orders.ExpireHolds(ctx, now) }
