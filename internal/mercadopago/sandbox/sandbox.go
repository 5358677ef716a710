// Package sandbox is an in-memory Mercado Pago for development and tests: it serves the subset
// of the API package mercadopago calls (preferences POST/PUT/GET, payments GET and search,
// refunds POST/GET) under Path, with a Checkout Pro page of its own in pt-BR ("Aprovar",
// "Recusar", the installments up to the preference's limit) that records the payment, POSTs the
// signed notification to the preference's notification_url as Mercado Pago does and sends the
// buyer back to its back_urls. With PELOTAO_MP_SANDBOX=1 the server mounts it and points the card
// client at it (docs/requirements.md CARD-14); the Go tests use it as their fake, recording each
// request, setting each payment's status, fees and installments, refusing refunds and going down.
//
// It is a development sandbox, not a payment provider: everything lives in one process's memory
// and is lost at restart, no money moves.
package sandbox

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"pelotao/internal/mercadopago"
	"pelotao/internal/money"
)

// Path is where the sandbox is mounted; the API URL of a client pointed at it is the server's
// origin + "/_mp-sandbox".
const Path = "/_mp-sandbox/"

// Options set up a sandbox.
type Options struct {
	AccessToken   string // the only bearer token the API accepts
	WebhookSecret string // signs the notifications
	// Origin is the scheme and host the checkout page is reached at (init_point's), e.g.
	// "http://localhost:8080".
	Origin string
	// FeeBasisPoints is Mercado Pago's fee on a card payment, in hundredths of a percent; zero:
	// 499 (4,99 %).
	FeeBasisPoints int
	Client         *http.Client // posts notifications; nil: a client with a 5 s timeout
	Now            func() time.Time
}

// Fault is a misbehaviour to inject.
type Fault int

const (
	// Unavailable answers 503 (any API request).
	Unavailable Fault = iota + 1
	// Timeout holds an API request, answering nothing until the caller gives up (at most 30 s).
	Timeout
	// RefundRefused answers a refund 400, as Mercado Pago does for a payment it cannot refund.
	RefundRefused
)

// Request is an API request as the sandbox received it.
type Request struct {
	Method, Path string // Path with its query
	Header       http.Header
	Body         []byte
}

// Sandbox is the in-memory Mercado Pago; safe for concurrent use.
type Sandbox struct {
	opts Options
	mux  *http.ServeMux

	mu          sync.Mutex
	preferences map[string]*preference
	payments    map[int64]*payment
	idempotent  map[string]answer // X-Idempotency-Key → the first answer
	requests    []Request
	faults      map[Fault]int
	nextID      int64
}

type preference struct{ mercadopago.Preference }

type payment struct {
	mercadopago.Payment
	refunds []mercadopago.Refund
}

type answer struct {
	status int
	body   []byte
}

var (
	// ErrUnknownPreference is a payment simulated for a preference the sandbox never made.
	ErrUnknownPreference = errors.New("sandbox: no such preference")
	// ErrNotPayable is a payment simulated for a preference withdrawn or past its end, or with
	// installments beyond its limit.
	ErrNotPayable = errors.New("sandbox: the preference cannot be paid")
	// ErrUnknownPayment is a status set on a payment the sandbox never took.
	ErrUnknownPayment = errors.New("sandbox: no such payment")
	// ErrNotification is a payment recorded whose notification could not be delivered.
	ErrNotification = errors.New("sandbox: the notification was not delivered")
)

// New makes an empty sandbox.
func New(opts Options) *Sandbox {
	if opts.FeeBasisPoints == 0 {
		opts.FeeBasisPoints = 499
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 5 * time.Second}
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	opts.Origin = strings.TrimSuffix(opts.Origin, "/")
	s := &Sandbox{opts: opts, preferences: map[string]*preference{}, payments: map[int64]*payment{},
		idempotent: map[string]answer{}, faults: map[Fault]int{}, nextID: 1_000_000_000}
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+Path+"checkout/preferences", s.api(s.postPreference))
	mux.HandleFunc("GET "+Path+"checkout/preferences/{id}", s.api(s.getPreference))
	mux.HandleFunc("PUT "+Path+"checkout/preferences/{id}", s.api(s.putPreference))
	mux.HandleFunc("GET "+Path+"v1/payments/search", s.api(s.searchPayments))
	mux.HandleFunc("GET "+Path+"v1/payments/{id}", s.api(s.getPayment))
	mux.HandleFunc("POST "+Path+"v1/payments/{id}/refunds", s.api(s.postRefund))
	mux.HandleFunc("GET "+Path+"v1/payments/{id}/refunds", s.api(s.getRefunds))
	mux.HandleFunc("GET "+Path+"checkout/{id}", s.checkoutPage)
	mux.HandleFunc("POST "+Path+"checkout/{id}", s.checkoutSubmit)
	mux.HandleFunc("GET "+Path+"checkout.css", s.stylesheet)
	mux.HandleFunc(Path, func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "resource not found")
	})
	s.mux = mux
	return s
}

// ServeHTTP serves the API and the checkout page under Path.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Inject makes the next n API requests that f applies to misbehave.
func (s *Sandbox) Inject(f Fault, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults[f] += n
}

func (s *Sandbox) take(f Fault) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.faults[f] == 0 {
		return false
	}
	s.faults[f]--
	return true
}

// Requests are the API requests received so far, oldest first (the checkout page's are not).
func (s *Sandbox) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// api guards an API route: it records the request, applies the injected faults, checks the
// bearer token and answers a POST or PUT sent again with its X-Idempotency-Key as the first time.
func (s *Sandbox) api(h func(r *http.Request, body []byte) (int, any)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
		if err != nil {
			writeError(w, http.StatusBadRequest, "bad_request", "unreadable body")
			return
		}
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.RequestURI(), Header: r.Header.Clone(), Body: body})
		s.mu.Unlock()
		switch {
		case s.take(Timeout):
			select {
			case <-r.Context().Done():
			case <-time.After(30 * time.Second):
			}
			return
		case s.take(Unavailable):
			writeError(w, http.StatusServiceUnavailable, "service_unavailable", "Service temporarily unavailable")
			return
		}
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if subtle.ConstantTimeCompare([]byte(token), []byte(s.opts.AccessToken)) != 1 || token == "" {
			writeError(w, http.StatusUnauthorized, "unauthorized", "invalid access token")
			return
		}
		key := r.Header.Get("X-Idempotency-Key")
		if r.Method == http.MethodPost && key == "" {
			writeError(w, http.StatusBadRequest, "bad_request", "X-Idempotency-Key header is required")
			return
		}
		if key != "" {
			key = r.Method + " " + r.URL.Path + " " + key
			s.mu.Lock()
			a, seen := s.idempotent[key]
			s.mu.Unlock()
			if seen {
				writeRaw(w, a.status, a.body)
				return
			}
		}
		status, v := h(r, body)
		b, _ := json.Marshal(v)
		if key != "" && status < 300 {
			s.mu.Lock()
			s.idempotent[key] = answer{status, b}
			s.mu.Unlock()
		}
		writeRaw(w, status, b)
	}
}

func (s *Sandbox) newID() int64 {
	s.nextID++
	return s.nextID
}

func badRequest(message string) (int, any) {
	return http.StatusBadRequest, mercadopago.Problem{Message: message, Error: "bad_request", Status: 400}
}

func notFound(message string) (int, any) {
	return http.StatusNotFound, mercadopago.Problem{Message: message, Error: "not_found", Status: 404}
}

func (s *Sandbox) postPreference(_ *http.Request, body []byte) (int, any) {
	var in mercadopago.PreferenceRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return badRequest("invalid body: " + err.Error())
	}
	switch {
	case len(in.Items) == 0:
		return badRequest("items must not be empty")
	case in.PaymentMethods.Installments < 1 || in.PaymentMethods.Installments > mercadopago.MaxInstallments:
		return badRequest("payment_methods.installments must be between 1 and 12")
	case in.ExternalReference == "" || in.NotificationURL == "" || in.BackURLs.Success == "":
		return badRequest("external_reference, notification_url and back_urls.success are required")
	case in.AutoReturn == "approved" && in.BackURLs.Success == "":
		return badRequest("auto_return invalid. back_url.success must be defined")
	}
	for _, it := range in.Items {
		if it.Quantity < 1 || it.UnitPrice <= 0 || it.CurrencyID != mercadopago.CurrencyBRL || it.Title == "" {
			return badRequest("each item needs a title, a quantity, a positive unit_price and currency_id BRL")
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := fmt.Sprintf("%d-%s", s.newID(), strings.ToLower(rand.Text()[:12]))
	p := &preference{Preference: mercadopago.Preference{
		ID: id, InitPoint: s.opts.Origin + Path + "checkout/" + id, ExternalReference: in.ExternalReference,
		Items: in.Items, Payer: in.Payer, NotificationURL: in.NotificationURL, BackURLs: in.BackURLs, AutoReturn: in.AutoReturn,
		Expires: in.Expires, ExpirationDateTo: in.ExpirationDateTo, PaymentMethods: in.PaymentMethods,
	}}
	s.preferences[id] = p
	return http.StatusCreated, p.Preference
}

func (s *Sandbox) getPreference(r *http.Request, _ []byte) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.preferences[r.PathValue("id")]
	if !ok {
		return notFound("preference not found")
	}
	return http.StatusOK, p.Preference
}

func (s *Sandbox) putPreference(r *http.Request, body []byte) (int, any) {
	var in struct {
		Expires          *bool             `json:"expires"`
		ExpirationDateTo *mercadopago.Time `json:"expiration_date_to"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return badRequest("invalid body: " + err.Error())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.preferences[r.PathValue("id")]
	if !ok {
		return notFound("preference not found")
	}
	if in.Expires != nil {
		p.Expires = *in.Expires
	}
	if in.ExpirationDateTo != nil {
		p.ExpirationDateTo = *in.ExpirationDateTo
	}
	return http.StatusOK, p.Preference
}

// open reports whether p can still be paid at now; the caller holds s.mu.
func (p *preference) open(now time.Time) bool {
	return !p.Expires || p.ExpirationDateTo.IsZero() || now.Before(p.ExpirationDateTo.Time)
}

func (s *Sandbox) paymentOf(r *http.Request) (*payment, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return nil, false
	}
	p, ok := s.payments[id]
	return p, ok
}

func (s *Sandbox) getPayment(r *http.Request, _ []byte) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.paymentOf(r)
	if !ok {
		return notFound("Payment not found")
	}
	return http.StatusOK, p.Payment
}

func (s *Sandbox) searchPayments(r *http.Request, _ []byte) (int, any) {
	ref := r.URL.Query().Get("external_reference")
	s.mu.Lock()
	defer s.mu.Unlock()
	found := []mercadopago.Payment{}
	for id := int64(1_000_000_001); id <= s.nextID; id++ { // oldest first, as date_created
		if p, ok := s.payments[id]; ok && (ref == "" || p.ExternalReference == ref) {
			found = append(found, p.Payment)
		}
	}
	return http.StatusOK, mercadopago.SearchPage{Paging: mercadopago.Paging{Total: len(found), Limit: 30}, Results: found}
}

func (s *Sandbox) postRefund(r *http.Request, body []byte) (int, any) {
	var in mercadopago.RefundRequest
	if len(bytes.TrimSpace(body)) > 0 {
		if err := json.Unmarshal(body, &in); err != nil || in.Amount < 0 {
			return badRequest("invalid amount")
		}
	}
	if s.take(RefundRefused) {
		return badRequest("Payment can't be refunded")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.paymentOf(r)
	if !ok {
		return notFound("Payment not found")
	}
	left := p.TransactionAmount - p.AmountRefunded
	if p.Status != mercadopago.StatusApproved || left <= 0 {
		return badRequest("Payment can't be refunded: its status is " + string(p.Status))
	}
	amount := in.Amount
	if amount == 0 {
		amount = left
	}
	if amount > left {
		return badRequest("The amount to refund is greater than the available amount")
	}
	rf := mercadopago.Refund{ID: s.newID(), PaymentID: p.ID, Amount: amount, Status: mercadopago.RefundApproved,
		DateCreated: s.opts.Now().Truncate(time.Millisecond)}
	p.refunds = append(p.refunds, rf)
	p.AmountRefunded += amount
	if p.AmountRefunded == p.TransactionAmount {
		p.Status, p.StatusDetail = mercadopago.StatusRefunded, "refunded"
	}
	return http.StatusCreated, rf
}

func (s *Sandbox) getRefunds(r *http.Request, _ []byte) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.paymentOf(r)
	if !ok {
		return notFound("Payment not found")
	}
	return http.StatusOK, append([]mercadopago.Refund{}, p.refunds...)
}

// Outcome is how a simulated payment ends.
type Outcome struct {
	Status       mercadopago.Status // approved, rejected, in_process, pending…
	StatusDetail string             // empty: Mercado Pago's usual detail for Status
	Installments int                // zero: 1
	// Amount is what the buyer paid; zero: the preference's total.
	Amount money.Centavos
	// Currency; empty: BRL.
	Currency string
}

// statusDetails are Mercado Pago's usual details of each status.
var statusDetails = map[mercadopago.Status]string{
	mercadopago.StatusApproved:    "accredited",
	mercadopago.StatusRejected:    "cc_rejected_insufficient_amount",
	mercadopago.StatusCancelled:   "expired",
	mercadopago.StatusInProcess:   "pending_review_manual",
	mercadopago.StatusPending:     "pending_waiting_payment",
	mercadopago.StatusRefunded:    "refunded",
	mercadopago.StatusChargedBack: "settled",
}

// Pay records a payment of the preference prefID as the checkout would, then notifies. A
// notification that fails leaves the payment recorded and returns ErrNotification, as a lost
// notification would at Mercado Pago.
func (s *Sandbox) Pay(ctx context.Context, prefID string, o Outcome) (mercadopago.Payment, error) {
	p, notifyURL, err := s.record(prefID, o)
	if err != nil {
		return p, err
	}
	return p, s.notify(ctx, notifyURL, p.ID, "payment.created")
}

// PayWithheld records a payment as Pay does, but posts no notification: the reconciliation
// alone finds it.
func (s *Sandbox) PayWithheld(prefID string, o Outcome) (mercadopago.Payment, error) {
	p, _, err := s.record(prefID, o)
	return p, err
}

func (s *Sandbox) record(prefID string, o Outcome) (mercadopago.Payment, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	pref, ok := s.preferences[prefID]
	if !ok {
		return mercadopago.Payment{}, "", ErrUnknownPreference
	}
	now := s.opts.Now()
	if o.Installments == 0 {
		o.Installments = 1
	}
	if !pref.open(now) || o.Installments < 1 || o.Installments > pref.PaymentMethods.Installments {
		return mercadopago.Payment{}, "", fmt.Errorf("%w: %s (installments %d of at most %d)", ErrNotPayable, prefID,
			o.Installments, pref.PaymentMethods.Installments)
	}
	if o.Amount == 0 {
		o.Amount = pref.Total()
	}
	if o.Currency == "" {
		o.Currency = mercadopago.CurrencyBRL
	}
	if o.StatusDetail == "" {
		o.StatusDetail = statusDetails[o.Status]
	}
	p := &payment{Payment: mercadopago.Payment{ID: s.newID(), ExternalReference: pref.ExternalReference,
		TransactionAmount: o.Amount, CurrencyID: o.Currency, Installments: o.Installments, PaymentTypeID: "credit_card",
		DateCreated: now.Truncate(time.Millisecond)}}
	s.setStatusLocked(p, o.Status, o.StatusDetail)
	s.payments[p.ID] = p
	return p.Payment, pref.NotificationURL, nil
}

// setStatusLocked sets a payment's status with what Mercado Pago fills with it: the date
// approved, the fee and the net once approved.
func (s *Sandbox) setStatusLocked(p *payment, st mercadopago.Status, detail string) {
	p.Status, p.StatusDetail = st, detail
	if st == mercadopago.StatusApproved && p.DateApproved.IsZero() {
		p.DateApproved = s.opts.Now().Truncate(time.Millisecond)
		fee := (p.TransactionAmount*money.Centavos(s.opts.FeeBasisPoints) + 5000) / 10000
		p.FeeDetails = []mercadopago.Fee{{Type: "mercadopago_fee", Amount: fee, FeePayer: mercadopago.FeePayerCollector}}
		perInstallment := (p.TransactionAmount + money.Centavos(p.Installments) - 1) / money.Centavos(p.Installments)
		p.TransactionDetails = mercadopago.TransactionDetails{NetReceivedAmount: p.TransactionAmount - fee,
			InstallmentAmount: perInstallment, TotalPaidAmount: p.TransactionAmount}
	}
}

// SetStatus moves a payment to st (a manual review approving it, a chargeback, a refund made at
// Mercado Pago's panel) and notifies payment.updated.
func (s *Sandbox) SetStatus(ctx context.Context, id int64, st mercadopago.Status) (mercadopago.Payment, error) {
	p, notifyURL, err := s.setStatus(id, st)
	if err != nil {
		return p, err
	}
	return p, s.notify(ctx, notifyURL, id, "payment.updated")
}

// SetStatusWithheld moves a payment to st as SetStatus does, but posts no notification: the
// reconciliation alone finds it.
func (s *Sandbox) SetStatusWithheld(id int64, st mercadopago.Status) (mercadopago.Payment, error) {
	p, _, err := s.setStatus(id, st)
	return p, err
}

// setStatus moves a payment to st and returns where its notification goes.
func (s *Sandbox) setStatus(id int64, st mercadopago.Status) (mercadopago.Payment, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payments[id]
	if !ok {
		return mercadopago.Payment{}, "", ErrUnknownPayment
	}
	s.setStatusLocked(p, st, statusDetails[st])
	if st == mercadopago.StatusRefunded {
		p.AmountRefunded = p.TransactionAmount
	}
	var notifyURL string
	for _, pref := range s.preferences {
		if pref.ExternalReference == p.ExternalReference {
			notifyURL = pref.NotificationURL
		}
	}
	return p.Payment, notifyURL, nil
}

// notify POSTs Mercado Pago's notification of payment id to notifyURL, signed with the secret.
func (s *Sandbox) notify(ctx context.Context, notifyURL string, id int64, action string) error {
	if notifyURL == "" {
		return nil
	}
	u, err := url.Parse(notifyURL)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotification, err)
	}
	dataID := strconv.FormatInt(id, 10)
	q := u.Query()
	q.Set("data.id", dataID)
	q.Set("type", mercadopago.TopicPayment)
	u.RawQuery = q.Encode()
	body, _ := json.Marshal(map[string]any{"action": action, "api_version": "v1", "type": mercadopago.TopicPayment,
		"live_mode": false, "date_created": s.opts.Now().UTC().Format(time.RFC3339), "data": map[string]string{"id": dataID}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotification, err)
	}
	requestID := requestID()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-request-id", requestID)
	req.Header.Set("x-signature", mercadopago.Sign(s.opts.WebhookSecret, dataID, requestID, s.opts.Now().Unix()))
	resp, err := s.opts.Client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotification, err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("%w: %s", ErrNotification, resp.Status)
	}
	return nil
}

// requestID is a UUID v4, as Mercado Pago's x-request-id.
func requestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	b, _ := json.Marshal(mercadopago.Problem{Message: message, Error: code, Status: status})
	writeRaw(w, status, b)
}

func writeRaw(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
	_, _ = w.Write([]byte("\n"))
}
