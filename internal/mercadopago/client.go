package mercadopago

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"pelotao/internal/money"
)

// DefaultAPIURL is Mercado Pago's API.
const DefaultAPIURL = "https://api.mercadopago.com"

// Config is how to reach Mercado Pago.
type Config struct {
	APIURL      string // DefaultAPIURL, or the sandbox's; https unless Transport carries the requests
	AccessToken string // the seller's access token: Authorization: Bearer
	// WebhookSecret is the notifications' signing secret (Verify): never sent, kept here so that
	// the provider's settings are one value that hides its secrets when printed.
	WebhookSecret string
	// Timeout bounds each request; zero: 10 s.
	Timeout time.Duration
	// Transport carries the requests instead of an https transport (tests, or the sandbox
	// mounted in-process).
	Transport http.RoundTripper
	Now       func() time.Time
}

// String names the API without the token and the secret, so a logged Config shows no credential.
func (c Config) String() string {
	return fmt.Sprintf("mercadopago.Config{APIURL: %q, AccessToken: [hidden], WebhookSecret: [hidden]}", c.APIURL)
}

// GoString hides them from %#v too.
func (c Config) GoString() string { return c.String() }

// Client calls Mercado Pago. It is safe for concurrent use.
type Client struct {
	cfg  Config
	http *http.Client
}

var _ Provider = (*Client)(nil)

// New makes a client. The API URL must be https, unless cfg.Transport carries the requests
// (the sandbox in-process, or a test's server).
func New(cfg Config) (*Client, error) {
	cfg.APIURL = strings.TrimSuffix(cfg.APIURL, "/")
	if cfg.APIURL == "" {
		cfg.APIURL = DefaultAPIURL
	}
	if cfg.AccessToken == "" {
		return nil, errors.New("mercadopago: the access token is needed")
	}
	u, err := url.Parse(cfg.APIURL)
	if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && cfg.Transport != nil)) {
		return nil, fmt.Errorf("mercadopago: the API URL %q must be https", cfg.APIURL)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	transport := cfg.Transport
	if transport == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
		// A registration rush sends every card order to the one API: keep its connections.
		t.MaxIdleConnsPerHost = 64
		transport = t
	}
	return &Client{cfg: cfg, http: &http.Client{Transport: transport, Timeout: cfg.Timeout}}, nil
}

// maxAnswer bounds what is read of any answer: a search page of payments is a few hundred KB.
const maxAnswer = 4 << 20

// CreatePreference implements Provider.
func (c *Client) CreatePreference(ctx context.Context, key string, np NewPreference) (Preference, error) {
	if err := np.check(); err != nil {
		return Preference{}, err
	}
	if key == "" {
		return Preference{}, errors.New("mercadopago: a preference needs an idempotency key")
	}
	items := make([]Item, len(np.Items))
	for i, it := range np.Items {
		it.Quantity, it.CurrencyID = 1, CurrencyBRL
		items[i] = it
	}
	excluded := make([]PaymentType, len(ExcludedPaymentTypes))
	for i, t := range ExcludedPaymentTypes {
		excluded[i] = PaymentType{ID: t}
	}
	body := PreferenceRequest{
		Items: items, Payer: np.Payer, ExternalReference: np.ExternalReference, NotificationURL: np.NotificationURL,
		BackURLs: BackURLs{Success: np.BackURL, Failure: np.BackURL, Pending: np.BackURL}, AutoReturn: "approved",
		Expires: true, ExpirationDateTo: Time{np.Expires},
		PaymentMethods:      PaymentMethods{Installments: np.Installments, ExcludedPaymentTypes: excluded},
		StatementDescriptor: StatementDescriptor,
	}
	var p Preference
	err := c.call(ctx, http.MethodPost, "/checkout/preferences", "POST /checkout/preferences", key, body, &p)
	if err == nil && (p.ID == "" || p.InitPoint == "") {
		err = fmt.Errorf("%w: POST /checkout/preferences: the answer has no id or init_point", ErrUnavailable)
	}
	return p, err
}

// check refuses what Mercado Pago would, before it is asked.
func (np NewPreference) check() error {
	switch {
	case len(np.Items) == 0:
		return errors.New("mercadopago: a preference needs an item")
	case np.ExternalReference == "" || np.NotificationURL == "" || np.BackURL == "" || np.Payer.Email == "":
		return errors.New("mercadopago: a preference needs its order, notification URL, back URL and payer e-mail")
	case np.Installments < 1 || np.Installments > MaxInstallments:
		return fmt.Errorf("mercadopago: %d installments: from 1 to %d", np.Installments, MaxInstallments)
	case np.Expires.IsZero():
		return errors.New("mercadopago: a preference needs its end (the hold's)")
	}
	for _, it := range np.Items {
		if it.ID == "" || it.Title == "" || it.UnitPrice <= 0 {
			return fmt.Errorf("mercadopago: item %q needs an id, a title and a positive price", it.ID)
		}
	}
	return nil
}

// WithdrawPreference implements Provider. Its idempotency key is made of the preference's id:
// withdrawing twice is the same request.
func (c *Client) WithdrawPreference(ctx context.Context, id string) error {
	if id == "" {
		return errors.New("mercadopago: no preference to withdraw")
	}
	// A minute back, so that no clock between here and there still finds it open.
	body := Withdrawal{Expires: true, ExpirationDateTo: Time{c.cfg.Now().Add(-time.Minute).Truncate(time.Millisecond)}}
	return c.call(ctx, http.MethodPut, "/checkout/preferences/"+url.PathEscape(id), "PUT /checkout/preferences/{id}",
		"withdraw-"+id, body, nil)
}

// Payment implements Provider.
func (c *Client) Payment(ctx context.Context, id int64) (Payment, error) {
	var p Payment
	err := c.call(ctx, http.MethodGet, "/v1/payments/"+strconv.FormatInt(id, 10), "GET /v1/payments/{id}", "", nil, &p)
	return p, err
}

// SearchPayments implements Provider. It reads the first page (Mercado Pago's default of 30):
// one order's attempts, not a statement.
func (c *Client) SearchPayments(ctx context.Context, externalReference string) ([]Payment, error) {
	if externalReference == "" {
		return nil, errors.New("mercadopago: a search needs an external_reference")
	}
	q := url.Values{"external_reference": {externalReference}}
	var page SearchPage
	if err := c.call(ctx, http.MethodGet, "/v1/payments/search?"+q.Encode(), "GET /v1/payments/search", "", nil, &page); err != nil {
		return nil, err
	}
	return page.Results, nil
}

// Refund implements Provider.
func (c *Client) Refund(ctx context.Context, paymentID int64, key string, amount money.Centavos) (Refund, error) {
	if amount < 0 || key == "" {
		return Refund{}, fmt.Errorf("mercadopago: refund of %s: the amount must be positive (or 0, all) and the key set", amount)
	}
	var r Refund
	err := c.call(ctx, http.MethodPost, refundsPath(paymentID), "POST /v1/payments/{id}/refunds", key, RefundRequest{Amount: amount}, &r)
	return r, err
}

// Refunds implements Provider.
func (c *Client) Refunds(ctx context.Context, paymentID int64) ([]Refund, error) {
	var rs []Refund
	err := c.call(ctx, http.MethodGet, refundsPath(paymentID), "GET /v1/payments/{id}/refunds", "", nil, &rs)
	return rs, err
}

func refundsPath(paymentID int64) string {
	return "/v1/payments/" + strconv.FormatInt(paymentID, 10) + "/refunds"
}

// call sends one request with the access token and, when key is set, X-Idempotency-Key.
func (c *Client) call(ctx context.Context, method, path, op, key string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("mercadopago: %s: %w", op, err)
		}
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.APIURL+path, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("mercadopago: %s: %w", op, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.AccessToken)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("X-Idempotency-Key", key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// The error of a transport names the URL, never the header that holds the token.
		return fmt.Errorf("%w: %s: %v", ErrUnavailable, op, err)
	}
	return answer(op, resp, out)
}

// answer reads a response into out (2xx), a *Rejected (4xx) or ErrUnavailable (anything else).
func answer(op string, resp *http.Response, out any) error {
	defer func() {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxAnswer))
		_ = resp.Body.Close()
	}()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("%w: %s: reading the answer: %v", ErrUnavailable, op, err)
	}
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%w: %s: an unreadable answer: %v", ErrUnavailable, op, err)
		}
		return nil
	case resp.StatusCode >= 400 && resp.StatusCode < 500:
		var p Problem
		_ = json.Unmarshal(b, &p) // a body that is no JSON leaves the status alone to speak
		if p.Status == 0 {
			p.Status = resp.StatusCode
		}
		if p.Message == "" {
			p.Message = http.StatusText(resp.StatusCode)
		}
		return &Rejected{Op: op, Problem: p}
	default:
		return fmt.Errorf("%w: %s: %s", ErrUnavailable, op, resp.Status)
	}
}
