// Package sandbox is an in-memory PSP for development and tests: it serves the subset of the API
// Pix that package pix calls (the OAuth2 token, cob PUT/GET/PATCH, the webhook, devolução PUT/GET)
// under Path, answers the spec's errors as problem details, and pays a charge on request, POSTing
// the webhook as a PSP would. With PELOTAO_PIX_SANDBOX=1 the configuration points the Pix client at
// this server's Path, where the server mounts it; nothing else in the product knows it is not a bank.
//
// It is a development sandbox, not a PSP: everything lives in one process's memory and is lost
// at restart, no money moves, and its faults (Inject) exist to test how callers survive a PSP
// that is down, slow or refuses their token.
package sandbox

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/pix"
	"pelotao/internal/pix/brcode"
)

// Path is where the sandbox is mounted; the API URL of a client pointed at it is the server's
// origin + "/_pix-sandbox".
const Path = "/_pix-sandbox/"

// Options set up a sandbox.
type Options struct {
	ClientID, ClientSecret string // the only credentials the token endpoint accepts
	Key                    string // the receiver's Pix key (chave): charges and the webhook must name it
	// LocationBase is the host and path under which charge locations are named (no scheme), e.g.
	// "localhost:8080/_pix-sandbox/qr"; the sandbox does not serve them. Empty: "pix.sandbox.localhost/qr".
	LocationBase  string
	TokenLifetime time.Duration // expires_in of its tokens; zero: one hour
	// OmitCopyPaste answers charges with their location only, as some PSPs do, so that the
	// client's own BR Code is used.
	OmitCopyPaste bool
	Client        *http.Client // posts webhooks; nil: a client with a 5 s timeout
	Now           func() time.Time
}

// Fault is a misbehaviour to inject.
type Fault int

const (
	// Unavailable answers 503 ServicoIndisponivel (token or API request).
	Unavailable Fault = iota + 1
	// Timeout holds the request, answering nothing until the caller gives up (at most 30 s).
	Timeout
	// TokenRefused answers the token endpoint 401 invalid_client, as for wrong credentials.
	TokenRefused
	// TokenRevoked answers an API request 401 although its token was valid, as a PSP that
	// revoked it or let it lapse early.
	TokenRevoked
	// RefundNotDone settles a refund as NAO_REALIZADO instead of DEVOLVIDO.
	RefundNotDone
)

// Sandbox is the in-memory PSP; safe for concurrent use.
type Sandbox struct {
	opts Options
	mux  *http.ServeMux

	mu         sync.Mutex
	tokens     map[string]time.Time // access token → expiry
	charges    map[string]*pix.Charge
	toKey      []pix.Payment // Pix paid straight to the key, with no charge
	webhookURL string
	faults     map[Fault]int
	nextLoc    int
	tokensMade int
}

var (
	// ErrUnknownCharge is a payment simulated for a txid the sandbox never charged.
	ErrUnknownCharge = errors.New("sandbox: no such charge")
	// ErrNotPayable is a payment simulated for a charge that is not ATIVA, or has expired.
	ErrNotPayable = errors.New("sandbox: the charge cannot be paid")
	// ErrWebhook is a payment recorded whose webhook could not be delivered.
	ErrWebhook = errors.New("sandbox: the webhook was not delivered")
)

// New makes an empty sandbox.
func New(opts Options) *Sandbox {
	if opts.TokenLifetime == 0 {
		opts.TokenLifetime = time.Hour
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 5 * time.Second}
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.LocationBase == "" {
		opts.LocationBase = "pix.sandbox.localhost/qr"
	}
	s := &Sandbox{opts: opts, tokens: map[string]time.Time{}, charges: map[string]*pix.Charge{}, faults: map[Fault]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+Path+"oauth/token", s.token)
	mux.HandleFunc("PUT "+Path+"cob/{txid}", s.api(s.putCharge))
	mux.HandleFunc("GET "+Path+"cob/{txid}", s.api(s.getCharge))
	mux.HandleFunc("PATCH "+Path+"cob/{txid}", s.api(s.patchCharge))
	mux.HandleFunc("PUT "+Path+"webhook/{chave}", s.api(s.putWebhook))
	mux.HandleFunc("GET "+Path+"pix", s.api(s.getReceived))
	mux.HandleFunc("PUT "+Path+"pix/{e2eid}/devolucao/{id}", s.api(s.putRefund))
	mux.HandleFunc("GET "+Path+"pix/{e2eid}/devolucao/{id}", s.api(s.getRefund))
	mux.HandleFunc(Path, func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, pix.Problem{Type: pix.ProblemType("NaoEncontrado"), Title: "Não Encontrado", Status: 404, Detail: "Entidade não encontrada."})
	})
	s.mux = mux
	return s
}

// ServeHTTP serves the API under Path.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Inject makes the next n requests that f applies to misbehave.
func (s *Sandbox) Inject(f Fault, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults[f] += n
}

// TokensIssued counts the access tokens the sandbox has handed out.
func (s *Sandbox) TokensIssued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokensMade
}

// take uses up one injected f, reporting whether there was one.
func (s *Sandbox) take(f Fault) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.takeLocked(f)
}

// takeLocked is take for a caller that holds s.mu.
func (s *Sandbox) takeLocked(f Fault) bool {
	if s.faults[f] == 0 {
		return false
	}
	s.faults[f]--
	return true
}

// failed applies the faults every request may meet, reporting whether it answered.
func (s *Sandbox) failed(w http.ResponseWriter, r *http.Request) bool {
	switch {
	case s.take(Timeout):
		// The server notices a caller hanging up only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-time.After(30 * time.Second):
		}
		return true
	case s.take(Unavailable):
		writeProblem(w, pix.Problem{Type: pix.ProblemType("ServicoIndisponivel"), Title: "Serviço Indisponível", Status: 503,
			Detail: "Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento."})
		return true
	}
	return false
}

// token is the OAuth2 client-credentials grant.
func (s *Sandbox) token(w http.ResponseWriter, r *http.Request) {
	if s.failed(w, r) {
		return
	}
	id, secret, ok := r.BasicAuth()
	if s.take(TokenRefused) || !ok || !same(id, s.opts.ClientID) || !same(secret, s.opts.ClientSecret) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Credenciais do cliente inválidas."})
		return
	}
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
		return
	}
	token := rand.Text()
	s.mu.Lock()
	s.tokens[token] = s.opts.Now().Add(s.opts.TokenLifetime)
	s.tokensMade++
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": token, "token_type": "Bearer", "expires_in": int(s.opts.TokenLifetime / time.Second),
		"scope": "cob.write cob.read pix.write pix.read webhook.write webhook.read",
	})
}

// api guards an API route: the injected faults, then a valid bearer token.
func (s *Sandbox) api(h func(http.ResponseWriter, *http.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.failed(w, r) {
			return
		}
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		s.mu.Lock()
		expires, known := s.tokens[token]
		s.mu.Unlock()
		if !known || !s.opts.Now().Before(expires) || s.take(TokenRevoked) {
			writeProblem(w, pix.Problem{Type: pix.ProblemType("NaoAutorizado"), Title: "Não Autorizado", Status: 401, Detail: "Token de acesso ausente, inválido ou expirado."})
			return
		}
		h(w, r)
	}
}

func same(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// cobInvalid is the spec's CobOperacaoInvalida answer naming one violation.
func cobInvalid(w http.ResponseWriter, property, reason string) {
	p := pix.Problem{Type: pix.ProblemType("CobOperacaoInvalida"), Title: "Cobrança inválida.", Status: 400,
		Detail: "A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada."}
	if property != "" {
		p.Violations = []pix.Violation{{Reason: reason, Property: property}}
	}
	writeProblem(w, p)
}

func cobNotFound(w http.ResponseWriter) {
	writeProblem(w, pix.Problem{Type: pix.ProblemType("CobNaoEncontrado"), Title: "Cobrança não encontrada.", Status: 404, Detail: "Cobrança não encontrada para o txid informado."})
}

func (s *Sandbox) putCharge(w http.ResponseWriter, r *http.Request) {
	txid := r.PathValue("txid")
	if !pix.ValidTxID(txid) {
		cobInvalid(w, "txid", "O campo txid não respeita o _schema_: de 26 a 35 letras e dígitos.")
		return
	}
	var body pix.ChargeRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&body); err != nil {
		cobInvalid(w, "cob", "O corpo da requisição não respeita o _schema_.")
		return
	}
	switch {
	case body.Calendar.ExpirySeconds <= 0:
		cobInvalid(w, "cob.calendario.expiracao", "O campo cob.calendario.expiracao é igual ou menor que zero.")
		return
	case body.Value.Original <= 0:
		cobInvalid(w, "cob.valor.original", "O campo cob.valor.original é zero.")
		return
	case body.Key != s.opts.Key:
		cobInvalid(w, "cob.chave", "O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.")
		return
	case body.Debtor != nil && (len(body.Debtor.CPF) != 11 || strings.Trim(body.Debtor.CPF, "0123456789") != "" || body.Debtor.Name == ""):
		cobInvalid(w, "cob.devedor", "O objeto cob.devedor não respeita o _schema_.")
		return
	case len([]rune(body.Message)) > 140:
		cobInvalid(w, "cob.solicitacaoPagador", "O campo solicitacaoPagador não respeita o _schema_.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, exists := s.charges[txid]
	switch {
	case exists && ch.Status != pix.ChargeActive:
		cobInvalid(w, "cob", "A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.")
		return
	case exists: // the spec lets a PUT revise an active charge
		ch.Revision++
	default:
		s.nextLoc++
		location := s.opts.LocationBase + "/" + randomHex(16)
		ch = &pix.Charge{TxID: txid, Status: pix.ChargeActive, Location: location, Loc: &pix.Loc{ID: s.nextLoc, Location: location, Kind: "cob"}}
		if !s.opts.OmitCopyPaste {
			code, err := brcode.Dynamic(location, "Pelotao Sandbox", "Sao Paulo")
			if err != nil {
				cobInvalid(w, "loc", "O sandbox não fez o BR Code da location: "+err.Error())
				return
			}
			ch.CopyPaste = code
		}
		s.charges[txid] = ch
	}
	ch.Calendar = pix.Calendar{Created: s.opts.Now().UTC().Truncate(time.Millisecond), ExpirySeconds: body.Calendar.ExpirySeconds}
	ch.Debtor, ch.Value, ch.Key, ch.Message = body.Debtor, body.Value, body.Key, body.Message
	writeJSON(w, http.StatusCreated, *ch)
}

func (s *Sandbox) getCharge(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.charges[r.PathValue("txid")]
	if !ok {
		cobNotFound(w)
		return
	}
	writeJSON(w, http.StatusOK, *ch)
}

func (s *Sandbox) patchCharge(w http.ResponseWriter, r *http.Request) {
	var body map[string]json.RawMessage
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&body); err != nil {
		cobInvalid(w, "cob", "O corpo da requisição não respeita o _schema_.")
		return
	}
	var status pix.ChargeStatus
	if raw, ok := body["status"]; !ok || json.Unmarshal(raw, &status) != nil || status != pix.ChargeRemovedByUs {
		cobInvalid(w, "cob.status", "O campo cob.status não respeita o _schema_ (o sandbox só remove cobranças).")
		return
	}
	if len(body) > 1 {
		cobInvalid(w, "cob", "A cobrança está ATIVA, e a presente requisição propõe alterar seu status para REMOVIDA_PELO_USUARIO_RECEBEDOR juntamente com outras alterações.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.charges[r.PathValue("txid")]
	switch {
	case !ok:
		cobNotFound(w)
	case ch.Status != pix.ChargeActive:
		cobInvalid(w, "cob.status", "A cobrança não está ATIVA, e a presente requisição busca alterá-la.")
	default:
		ch.Status = status
		ch.Revision++
		writeJSON(w, http.StatusOK, *ch)
	}
}

func (s *Sandbox) putWebhook(w http.ResponseWriter, r *http.Request) {
	invalid := func(reason string) {
		writeProblem(w, pix.Problem{Type: pix.ProblemType("WebhookOperacaoInvalida"), Title: "Webhook inválido.", Status: 400,
			Detail:     "A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.",
			Violations: []pix.Violation{{Reason: reason, Property: "webhook"}}})
	}
	if r.PathValue("chave") != s.opts.Key {
		invalid("O parâmetro {chave} não corresponde a uma chave DICT pertencente a este usuário recebedor.")
		return
	}
	var body struct {
		URL string `json:"webhookUrl"`
	}
	err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&body)
	u, errURL := url.Parse(body.URL)
	if err != nil || errURL != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		invalid("Campo webhook.webhookUrl não respeita o _schema_.")
		return
	}
	s.mu.Lock()
	s.webhookURL = strings.TrimSuffix(body.URL, "/")
	s.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

func refundInvalid(w http.ResponseWriter, reason string) {
	writeProblem(w, pix.Problem{Type: pix.ProblemType("PixDevolucaoInvalida"), Title: "Devolução inválida.", Status: 400,
		Detail:     "A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.",
		Violations: []pix.Violation{{Reason: reason, Property: "devolucao"}}})
}

// payment finds a received Pix by its end-to-end id; the caller holds s.mu.
func (s *Sandbox) payment(e2eid string) *pix.Payment {
	for _, ch := range s.charges {
		for i := range ch.Payments {
			if ch.Payments[i].EndToEndID == e2eid {
				return &ch.Payments[i]
			}
		}
	}
	for i := range s.toKey {
		if s.toKey[i].EndToEndID == e2eid {
			return &s.toKey[i]
		}
	}
	return nil
}

// getReceived answers GET /pix: the Pix received (for charges or straight to the key) whose
// horario is within [inicio, fim], oldest first, one page of paginacao.itensPorPagina (default
// 100, at most 1000) from paginacao.paginaAtual (0 the first).
func (s *Sandbox) getReceived(w http.ResponseWriter, r *http.Request) {
	invalid := func(property, reason string) {
		writeProblem(w, pix.Problem{Type: pix.ProblemType("PixConsultaInvalida"), Title: "Consulta de Pix inválida.", Status: 400,
			Detail:     "Os parâmetros de consulta à lista de pix recebidos não respeitam o _schema_ ou não fazem sentido semanticamente.",
			Violations: []pix.Violation{{Reason: reason, Property: property}}})
	}
	q := r.URL.Query()
	start, errStart := time.Parse(time.RFC3339, q.Get("inicio"))
	end, errEnd := time.Parse(time.RFC3339, q.Get("fim"))
	switch {
	case errStart != nil:
		invalid("inicio", "O parâmetro inicio não respeita o _schema_ (RFC 3339).")
		return
	case errEnd != nil:
		invalid("fim", "O parâmetro fim não respeita o _schema_ (RFC 3339).")
		return
	case end.Before(start):
		invalid("fim", "O timestamp representado pelo parâmetro fim é anterior ao timestamp representado pelo parâmetro inicio.")
		return
	}
	page, perPage := 0, 100
	for _, p := range []struct {
		name     string
		to       *int
		min, max int
	}{{"paginacao.paginaAtual", &page, 0, 1 << 30}, {"paginacao.itensPorPagina", &perPage, 1, pix.MaxPerPage}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < p.min || n > p.max {
				invalid(p.name, "O parâmetro "+p.name+" não respeita o _schema_.")
				return
			}
			*p.to = n
		}
	}
	s.mu.Lock()
	found := []pix.Payment{} // "pix": [] when none, as the schema has it
	for _, ch := range s.charges {
		found = append(found, ch.Payments...)
	}
	found = append(found, s.toKey...)
	s.mu.Unlock()
	found = slices.DeleteFunc(found, func(p pix.Payment) bool { return p.Time.Before(start) || p.Time.After(end) })
	slices.SortFunc(found, func(a, b pix.Payment) int {
		return cmp.Or(a.Time.Compare(b.Time), strings.Compare(a.EndToEndID, b.EndToEndID))
	})
	for i := range found {
		found[i].Key = s.opts.Key
		found[i].Refunds = slices.Clone(found[i].Refunds)
	}
	from, to := min(page*perPage, len(found)), min((page+1)*perPage, len(found))
	writeJSON(w, http.StatusOK, pix.ReceivedPage{
		Params: pix.ReceivedParams{Start: start, End: end,
			Paging: pix.Paging{Page: page, PerPage: perPage, Pages: (len(found) + perPage - 1) / perPage, Total: len(found)}},
		Pix: found[from:to],
	})
}

func (s *Sandbox) putRefund(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var body pix.RefundRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10)).Decode(&body); err != nil || body.Amount <= 0 {
		refundInvalid(w, "O campo devolucao.valor não respeita o _schema_.")
		return
	}
	if body.Nature != "" && body.Nature != pix.RefundOriginal {
		refundInvalid(w, "O sandbox só devolve com natureza ORIGINAL.")
		return
	}
	if !pix.ValidRefundID(id) {
		refundInvalid(w, "O parâmetro {id} não respeita o _schema_.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.payment(r.PathValue("e2eid"))
	if p == nil {
		writeProblem(w, pix.Problem{Type: pix.ProblemType("PixNaoEncontrado"), Title: "Pix não encontrado.", Status: 404, Detail: "Pix não encontrado para o e2eid informado."})
		return
	}
	var refunded money.Centavos
	for _, rf := range p.Refunds {
		if rf.ID == id {
			if rf.Amount != body.Amount {
				refundInvalid(w, "A presente requisição de devolução apresenta um {id} já utilizado por outra requisição de devolução para o {e2eid} em questão.")
				return
			}
			writeJSON(w, http.StatusCreated, rf) // the same refund asked again
			return
		}
		if rf.Status != pix.RefundNotDone {
			refunded += rf.Amount
		}
	}
	if refunded+body.Amount > p.Amount {
		refundInvalid(w, "A presente requisição de devolução, em conjunto com as demais prévias devoluções, excederia o valor do pix originário.")
		return
	}
	rf := pix.Refund{ID: id, RtrID: endToEndID("D", s.opts.Now()), Amount: body.Amount, Nature: pix.RefundOriginal,
		Times: pix.RefundTimes{Requested: s.opts.Now().UTC().Truncate(time.Millisecond)}, Status: pix.RefundInProgress}
	p.Refunds = append(p.Refunds, rf)
	writeJSON(w, http.StatusCreated, rf)
}

// getRefund answers a refund, settling one still in progress: the sandbox's SPI is instant.
func (s *Sandbox) getRefund(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p := s.payment(r.PathValue("e2eid")); p != nil {
		for i := range p.Refunds {
			if rf := &p.Refunds[i]; rf.ID == r.PathValue("id") {
				if rf.Status == pix.RefundInProgress {
					rf.Status, rf.Times.Settled = pix.RefundReturned, s.opts.Now().UTC().Truncate(time.Millisecond)
					if s.takeLocked(RefundNotDone) {
						rf.Status, rf.Reason = pix.RefundNotDone, "Devolução negada pelo sandbox."
					}
				}
				writeJSON(w, http.StatusOK, *rf)
				return
			}
		}
	}
	writeProblem(w, pix.Problem{Type: pix.ProblemType("PixDevolucaoNaoEncontrada"), Title: "Devolução não encontrada.", Status: 404,
		Detail: "Devolução representada por {id} não encontrada para o e2eid informado."})
}

// SimulatePayment pays the charge txid in full.
func (s *Sandbox) SimulatePayment(ctx context.Context, txid string) (pix.Payment, error) {
	s.mu.Lock()
	ch, ok := s.charges[txid]
	var amount money.Centavos
	if ok {
		amount = ch.Value.Original
	}
	s.mu.Unlock()
	if !ok {
		return pix.Payment{}, ErrUnknownCharge
	}
	return s.SimulatePaymentOf(ctx, txid, amount)
}

// SimulatePaymentWithheld pays the charge txid in full, as SimulatePayment does, but posts no
// webhook: the payer's bank paid before the charge expired and the PSP's notification never
// came, so the receiver finds the payment only by reading the charge back, after its hold has
// perhaps passed — a late payment (REG-184).
func (s *Sandbox) SimulatePaymentWithheld(txid string) (pix.Payment, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.charges[txid]
	if !ok {
		return pix.Payment{}, ErrUnknownCharge
	}
	return s.payLocked(ch, ch.Value.Original)
}

// payLocked records a Pix of amount to ch, which becomes CONCLUIDA, if it can still be paid.
func (s *Sandbox) payLocked(ch *pix.Charge, amount money.Centavos) (pix.Payment, error) {
	now := s.opts.Now()
	if ch.Status != pix.ChargeActive || !now.Before(ch.Expires()) || amount <= 0 {
		return pix.Payment{}, fmt.Errorf("%w: %s is %s, expiring %s", ErrNotPayable, ch.TxID, ch.Status, ch.Expires().Format(time.RFC3339))
	}
	p := pix.Payment{EndToEndID: endToEndID("E", now), TxID: ch.TxID, Amount: amount, Time: now.UTC().Truncate(time.Millisecond), PayerInfo: "Pagamento simulado no sandbox"}
	ch.Status = pix.ChargeCompleted
	ch.Payments = append(ch.Payments, p)
	return p, nil
}

// SimulatePaymentOf pays amount to the charge txid, as a payer's bank would: the charge becomes
// CONCLUIDA with the Pix in pix[], then the registered webhook gets {"pix":[…]} at {webhookUrl}/pix.
// A webhook that fails leaves the payment recorded and returns ErrWebhook, as a lost
// notification would at a real PSP.
func (s *Sandbox) SimulatePaymentOf(ctx context.Context, txid string, amount money.Centavos) (pix.Payment, error) {
	s.mu.Lock()
	ch, ok := s.charges[txid]
	if !ok {
		s.mu.Unlock()
		return pix.Payment{}, ErrUnknownCharge
	}
	p, err := s.payLocked(ch, amount)
	if err != nil {
		s.mu.Unlock()
		return p, err
	}
	hook := s.webhookURL
	s.mu.Unlock()
	if hook == "" {
		return p, nil
	}
	body, err := json.Marshal(map[string][]pix.Payment{"pix": {p}})
	if err != nil {
		return p, fmt.Errorf("%w: %v", ErrWebhook, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hook+"/pix", bytes.NewReader(body))
	if err != nil {
		return p, fmt.Errorf("%w: %v", ErrWebhook, err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.opts.Client.Do(req)
	if err != nil {
		return p, fmt.Errorf("%w: %v", ErrWebhook, err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return p, fmt.Errorf("%w: %s", ErrWebhook, resp.Status)
	}
	return p, nil
}

// SimulatePixToKey records a Pix of amount paid straight to the receiver's key, with no charge
// and no txid, as a payer who typed the key in their bank's app would: it appears in GET /pix
// only (a PSP notifies the webhook of charges' payments).
func (s *Sandbox) SimulatePixToKey(amount money.Centavos) (pix.Payment, error) {
	if amount <= 0 {
		return pix.Payment{}, fmt.Errorf("%w: a Pix of %s", ErrNotPayable, amount)
	}
	now := s.opts.Now()
	p := pix.Payment{EndToEndID: endToEndID("E", now), Amount: amount, Time: now.UTC().Truncate(time.Millisecond), PayerInfo: "Pix pela chave no sandbox"}
	s.mu.Lock()
	s.toKey = append(s.toKey, p)
	s.mu.Unlock()
	return p, nil
}

// endToEndID makes an id shaped like the SPI's: a letter, an ISPB (the sandbox's 00000000), the
// minute, 11 random characters — 32 in all.
func endToEndID(letter string, now time.Time) string {
	return letter + "00000000" + now.UTC().Format("200601021504") + rand.Text()[:11]
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeProblem(w http.ResponseWriter, p pix.Problem) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}
