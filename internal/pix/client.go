package pix

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
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
	"unicode/utf8"

	"pelotao/internal/money"
	"pelotao/internal/pix/brcode"
)

// Config is how to reach one PSP's API Pix.
type Config struct {
	APIURL       string // the PSP's API Pix base URL (https://…/v2)
	TokenURL     string // the OAuth2 token URL; empty: APIURL + "/oauth/token"
	ClientID     string
	ClientSecret string
	Key          string // the company's Pix key (chave) that receives
	CertFile     string // PEM client certificate for mTLS; empty: none
	KeyFile      string // its PEM private key
	RootCAs      *x509.CertPool
	// Timeout bounds each request, the token's included; zero: 10 s.
	Timeout time.Duration
	// MerchantName and MerchantCity fill the BR Code's fields 59 and 60 when a PSP answers a
	// charge with its location only; empty: "Pelotao", "Sao Paulo".
	MerchantName, MerchantCity string
	// Transport carries the requests instead of one made from the TLS settings (tests, or the
	// sandbox mounted in-process).
	Transport http.RoundTripper
	Now       func() time.Time
}

// String names the PSP without its secret, so a logged Config shows no credential.
func (c Config) String() string {
	return fmt.Sprintf("pix.Config{APIURL: %q, TokenURL: %q, ClientID: %q, ClientSecret: [hidden], Key: %q, CertFile: %q, KeyFile: %q}",
		c.APIURL, c.TokenURL, c.ClientID, c.Key, c.CertFile, c.KeyFile)
}

// GoString hides the secret from %#v too.
func (c Config) GoString() string { return c.String() }

// Client calls one PSP's API Pix. It is safe for concurrent use; one token serves every call.
type Client struct {
	cfg  Config
	http *http.Client

	mu           sync.Mutex
	token        string
	tokenExpires time.Time
}

var _ PSP = (*Client)(nil)

// New makes a client, reading the mTLS certificate when one is configured.
func New(cfg Config) (*Client, error) {
	cfg.APIURL = strings.TrimSuffix(cfg.APIURL, "/")
	if cfg.APIURL == "" || cfg.ClientID == "" || cfg.ClientSecret == "" || cfg.Key == "" {
		return nil, errors.New("pix: the API URL, client id, client secret and Pix key are all needed")
	}
	if cfg.TokenURL == "" {
		cfg.TokenURL = cfg.APIURL + "/oauth/token"
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.MerchantName == "" {
		cfg.MerchantName = "Pelotao"
	}
	if cfg.MerchantCity == "" {
		cfg.MerchantCity = "Sao Paulo"
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	transport := cfg.Transport
	if transport == nil {
		tlsConfig := &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: cfg.RootCAs}
		if cfg.CertFile != "" || cfg.KeyFile != "" {
			cert, err := tls.LoadX509KeyPair(cfg.CertFile, cfg.KeyFile)
			if err != nil {
				return nil, fmt.Errorf("pix: the mTLS certificate: %w", err)
			}
			tlsConfig.Certificates = []tls.Certificate{cert}
		}
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.TLSClientConfig = tlsConfig
		// Every order of a registration rush calls the one PSP: keep its connections (and their TLS
		// handshakes) for reuse rather than the default two.
		t.MaxIdleConnsPerHost = 64
		transport = t
	}
	return &Client{cfg: cfg, http: &http.Client{Transport: transport, Timeout: cfg.Timeout}}, nil
}

// maxAnswer bounds what is read of any answer: a charge with its payments is a few KB.
const maxAnswer = 1 << 20

// CreateCharge implements PSP.
func (c *Client) CreateCharge(ctx context.Context, txid string, nc NewCharge) (Charge, error) {
	if !ValidTxID(txid) {
		return Charge{}, fmt.Errorf("pix: txid %q is not 26 to 35 letters and digits", txid)
	}
	seconds := int(nc.Expiry / time.Second)
	if seconds <= 0 || nc.Amount <= 0 {
		return Charge{}, errors.New("pix: a charge needs a positive expiry and amount")
	}
	body := ChargeRequest{Calendar{ExpirySeconds: seconds}, nc.Debtor, Value{Original: nc.Amount}, c.cfg.Key, truncate(nc.Message, 140)}
	var ch Charge
	if err := c.call(ctx, http.MethodPut, "/cob/"+url.PathEscape(txid), "PUT /cob/{txid}", body, &ch); err != nil {
		return Charge{}, err
	}
	return c.complete(ch)
}

// Charge implements PSP.
func (c *Client) Charge(ctx context.Context, txid string) (Charge, error) {
	var ch Charge
	if err := c.call(ctx, http.MethodGet, "/cob/"+url.PathEscape(txid), "GET /cob/{txid}", nil, &ch); err != nil {
		return Charge{}, err
	}
	return c.complete(ch)
}

// RemoveCharge implements PSP.
func (c *Client) RemoveCharge(ctx context.Context, txid string) (Charge, error) {
	body := map[string]ChargeStatus{"status": ChargeRemovedByUs}
	var ch Charge
	if err := c.call(ctx, http.MethodPatch, "/cob/"+url.PathEscape(txid), "PATCH /cob/{txid}", body, &ch); err != nil {
		return Charge{}, err
	}
	return c.complete(ch)
}

// RegisterWebhook implements PSP.
func (c *Client) RegisterWebhook(ctx context.Context, webhookURL string) error {
	body := map[string]string{"webhookUrl": webhookURL}
	return c.call(ctx, http.MethodPut, "/webhook/"+url.PathEscape(c.cfg.Key), "PUT /webhook/{chave}", body, nil)
}

// Refund implements PSP.
func (c *Client) Refund(ctx context.Context, endToEndID, id string, amount money.Centavos) (Refund, error) {
	if !ValidRefundID(id) || amount <= 0 {
		return Refund{}, fmt.Errorf("pix: refund %q of %s: the id must be 1 to 35 letters and digits and the amount positive", id, amount)
	}
	body := RefundRequest{amount, RefundOriginal}
	var r Refund
	err := c.call(ctx, http.MethodPut, refundPath(endToEndID, id), "PUT /pix/{e2eid}/devolucao/{id}", body, &r)
	return r, err
}

// RefundStatus implements PSP.
func (c *Client) RefundStatus(ctx context.Context, endToEndID, id string) (Refund, error) {
	var r Refund
	err := c.call(ctx, http.MethodGet, refundPath(endToEndID, id), "GET /pix/{e2eid}/devolucao/{id}", nil, &r)
	return r, err
}

// rfc3339Millis writes the times of a query as RFC 3339 to the millisecond, as PSPs keep a
// Pix's horario: a window ending now then holds the Pix received within this second.
const rfc3339Millis = "2006-01-02T15:04:05.000Z07:00"

// Received implements PSP.
func (c *Client) Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error) {
	if q.End.Before(q.Start) || q.Page < 0 || q.PerPage < 0 || q.PerPage > MaxPerPage {
		return ReceivedPage{}, fmt.Errorf("pix: GET /pix from %s to %s, page %d of %d: not a query the API takes", q.Start, q.End, q.Page, q.PerPage)
	}
	v := url.Values{"inicio": {q.Start.UTC().Format(rfc3339Millis)}, "fim": {q.End.UTC().Format(rfc3339Millis)},
		"paginacao.paginaAtual": {strconv.Itoa(q.Page)}}
	if q.PerPage > 0 {
		v.Set("paginacao.itensPorPagina", strconv.Itoa(q.PerPage))
	}
	var page ReceivedPage
	err := c.call(ctx, http.MethodGet, "/pix?"+v.Encode(), "GET /pix", nil, &page)
	return page, err
}

func refundPath(endToEndID, id string) string {
	return "/pix/" + url.PathEscape(endToEndID) + "/devolucao/" + url.PathEscape(id)
}

// complete fills what a PSP may leave out of a charge: the top-level location (some give loc
// only) and the copy-and-paste code, built from the location as the Banco Central specifies.
func (c *Client) complete(ch Charge) (Charge, error) {
	if ch.Location == "" && ch.Loc != nil {
		ch.Location = ch.Loc.Location
	}
	if ch.CopyPaste == "" && ch.Location != "" && ch.Status == ChargeActive {
		code, err := brcode.Dynamic(ch.Location, c.cfg.MerchantName, c.cfg.MerchantCity)
		if err != nil {
			return Charge{}, fmt.Errorf("%w: the charge's location %q makes no BR Code: %v", ErrUnavailable, ch.Location, err)
		}
		ch.CopyPaste = code
	}
	return ch, nil
}

// call sends one API request with the current token, fetching a new token and trying once more
// when the PSP answers 401 (a token it revoked or expired early).
func (c *Client) call(ctx context.Context, method, path, op string, in, out any) error {
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("pix: %s: %w", op, err)
		}
	}
	for attempt := 0; ; attempt++ {
		token, err := c.accessToken(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, method, c.cfg.APIURL+path, bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("pix: %s: %w", op, err)
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept", "application/json")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrUnavailable, op, err)
		}
		if resp.StatusCode == http.StatusUnauthorized && attempt == 0 {
			discard(resp)
			c.dropToken(token)
			continue
		}
		return answer(op, resp, out)
	}
}

// accessToken is the kept token, or a new one (OAuth2 client credentials) when it is missing or
// near its end. Concurrent callers wait for one request rather than each asking.
func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && c.cfg.Now().Before(c.tokenExpires) {
		return c.token, nil
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("pix: the token URL: %w", err)
	}
	req.SetBasicAuth(c.cfg.ClientID, c.cfg.ClientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: POST token: %v", ErrUnavailable, err)
	}
	var t struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := answer("POST token", resp, &t); err != nil {
		return "", err
	}
	if t.AccessToken == "" || t.ExpiresIn <= 0 {
		return "", fmt.Errorf("%w: POST token: the answer has no access_token or expires_in", ErrUnavailable)
	}
	// Kept until shortly before it ends, so no request leaves with a token about to lapse.
	lifetime := time.Duration(t.ExpiresIn) * time.Second
	c.token, c.tokenExpires = t.AccessToken, c.cfg.Now().Add(lifetime-min(lifetime/5, time.Minute))
	return c.token, nil
}

// dropToken forgets token, unless another call already replaced it.
func (c *Client) dropToken(token string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == token {
		c.token = ""
	}
}

// answer reads a response into out (2xx), a *Rejected (4xx) or ErrUnavailable (anything else).
func answer(op string, resp *http.Response, out any) error {
	defer discard(resp)
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
		return &Rejected{Op: op, Problem: problemOf(resp.StatusCode, b)}
	default:
		return fmt.Errorf("%w: %s: %s", ErrUnavailable, op, resp.Status)
	}
}

// problemOf reads a 4xx body: the API's problem details, or OAuth2's {error, error_description}
// from a token endpoint; the HTTP status stands in for whatever is missing.
func problemOf(status int, body []byte) Problem {
	var p struct {
		Problem
		OAuthError       string `json:"error"`
		OAuthDescription string `json:"error_description"`
	}
	_ = json.Unmarshal(body, &p) // a body that is no JSON leaves the status alone to speak
	if p.Status == 0 {
		p.Status = status
	}
	if p.Title == "" {
		p.Title = p.OAuthError
	}
	if p.Title == "" {
		p.Title = http.StatusText(status)
	}
	if p.Detail == "" {
		p.Detail = p.OAuthDescription
	}
	return p.Problem
}

// discard reads what is left of a body so the connection can be reused.
func discard(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxAnswer))
	_ = resp.Body.Close()
}

// truncate cuts s to at most n characters.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
