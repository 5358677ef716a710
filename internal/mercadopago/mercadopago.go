// Package mercadopago speaks the subset of Mercado Pago's API that card payments through Checkout
// Pro use (docs/requirements.md CARD-1 … CARD-12): a preference sends the buyer to Mercado Pago's
// own checkout page, where the card is paid in up to the installments the event allows; the
// payment is then read back, searched by the order it names, refunded in whole or in part. It
// knows nothing of registrations or orders: the code that sells uses it through the Provider
// interface, and tests and `PELOTAO_MP_SANDBOX=1` put the in-memory Mercado Pago of
// mercadopago/sandbox behind it, as internal/pix does with its PSP.
//
// Money is money.Centavos, written on the wire as reais with two decimals (money.go); JSON field
// names are the API's own (unit_price, external_reference, fee_details…). The client is
// client.go, its errors errors.go, the notification and its signature notification.go.
package mercadopago

import (
	"context"
	"time"

	"pelotao/internal/money"
)

// Provider is what Pelotão asks of a card payment provider.
type Provider interface {
	// CreatePreference opens a Checkout Pro preference (POST /checkout/preferences); its
	// InitPoint is where the buyer is sent. key is the request's X-Idempotency-Key: the same key
	// sent again is the same preference.
	CreatePreference(ctx context.Context, key string, p NewPreference) (Preference, error)
	// WithdrawPreference makes a preference unpayable from now on (PUT /checkout/preferences/{id}
	// with expiration_date_to in the past): its order expired, was cancelled or is paid by Pix.
	WithdrawPreference(ctx context.Context, id string) error
	// Payment reads one payment (GET /v1/payments/{id}): the only word Pelotão believes.
	Payment(ctx context.Context, id int64) (Payment, error)
	// SearchPayments finds the payments that name an order (GET /v1/payments/search?
	// external_reference=…), for the reconciliation of orders whose notification was lost.
	SearchPayments(ctx context.Context, externalReference string) ([]Payment, error)
	// Refund returns amount of a payment, or all of what is left when amount is 0 (POST
	// /v1/payments/{id}/refunds); key is the X-Idempotency-Key, so a retry is the same refund.
	Refund(ctx context.Context, paymentID int64, key string, amount money.Centavos) (Refund, error)
	// Refunds lists a payment's refunds (GET /v1/payments/{id}/refunds).
	Refunds(ctx context.Context, paymentID int64) ([]Refund, error)
}

// CurrencyBRL is the only currency Pelotão charges in.
const CurrencyBRL = "BRL"

// StatementDescriptor is what the buyer's card statement shows.
const StatementDescriptor = "PELOTAO"

// ExcludedPaymentTypes are the payment types a preference leaves out: boleto (ticket), ATM and
// bank transfers (Pix through Mercado Pago) — Pelotão sells Pix through its own PSP, so the
// checkout offers cards only.
var ExcludedPaymentTypes = []string{"ticket", "atm", "bank_transfer"}

// MaxInstallments is the most installments a preference may offer (inscricoes.cartao.parcelasMax).
const MaxInstallments = 12

// NewPreference is what Pelotão asks of a preference.
type NewPreference struct {
	Items             []Item    // one per athlete
	Payer             Payer     // the buyer
	ExternalReference string    // the order's id
	NotificationURL   string    // {PELOTAO_BASE_URL}/api/mp/webhook/{secret}
	BackURL           string    // the order page, for success, failure and pending alike
	Expires           time.Time // the hold's end: expiration_date_to
	Installments      int       // the event's parcelasMax, 1 to MaxInstallments
}

// Item is one line of a preference: one athlete's registration.
type Item struct {
	ID         string         `json:"id"`    // the registration's id
	Title      string         `json:"title"` // "Inscrição — {evento} — {modalidade}"
	Quantity   int            `json:"quantity"`
	UnitPrice  money.Centavos `json:"unit_price"`
	CurrencyID string         `json:"currency_id"`
}

// Payer is the buyer as a preference names them.
type Payer struct {
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

// BackURLs are where the checkout sends the buyer back.
type BackURLs struct {
	Success string `json:"success"`
	Failure string `json:"failure"`
	Pending string `json:"pending"`
}

// PaymentMethods limit what the checkout offers.
type PaymentMethods struct {
	Installments         int           `json:"installments"`
	ExcludedPaymentTypes []PaymentType `json:"excluded_payment_types"`
}

// PaymentType names a kind of payment method (credit_card, ticket…).
type PaymentType struct {
	ID string `json:"id"`
}

// PreferenceRequest is the body of POST /checkout/preferences as it travels.
type PreferenceRequest struct {
	Items               []Item         `json:"items"`
	Payer               Payer          `json:"payer"`
	ExternalReference   string         `json:"external_reference"`
	NotificationURL     string         `json:"notification_url"`
	BackURLs            BackURLs       `json:"back_urls"`
	AutoReturn          string         `json:"auto_return"`
	Expires             bool           `json:"expires"`
	ExpirationDateTo    Time           `json:"expiration_date_to"`
	PaymentMethods      PaymentMethods `json:"payment_methods"`
	StatementDescriptor string         `json:"statement_descriptor"`
}

// Withdrawal is the body of PUT /checkout/preferences/{id} that ends a preference.
type Withdrawal struct {
	Expires          bool `json:"expires"`
	ExpirationDateTo Time `json:"expiration_date_to"`
}

// Preference is a preference as Mercado Pago answers it.
type Preference struct {
	ID                string         `json:"id"`
	InitPoint         string         `json:"init_point"`
	ExternalReference string         `json:"external_reference"`
	Items             []Item         `json:"items"`
	Payer             Payer          `json:"payer"`
	NotificationURL   string         `json:"notification_url"`
	BackURLs          BackURLs       `json:"back_urls"`
	AutoReturn        string         `json:"auto_return"`
	Expires           bool           `json:"expires"`
	ExpirationDateTo  Time           `json:"expiration_date_to"`
	PaymentMethods    PaymentMethods `json:"payment_methods"`
}

// Total adds up the preference's items.
func (p Preference) Total() money.Centavos {
	var sum money.Centavos
	for _, it := range p.Items {
		sum += it.UnitPrice * money.Centavos(it.Quantity)
	}
	return sum
}

// Status is a payment's status.
type Status string

// The statuses of a payment. approved confirms an order (with its amount and currency checked);
// rejected and cancelled leave it awaiting payment; pending, in_process, authorized and
// in_mediation wait; refunded and charged_back come after approved.
const (
	StatusPending     Status = "pending"
	StatusApproved    Status = "approved"
	StatusAuthorized  Status = "authorized"
	StatusInProcess   Status = "in_process"
	StatusInMediation Status = "in_mediation"
	StatusRejected    Status = "rejected"
	StatusCancelled   Status = "cancelled"
	StatusRefunded    Status = "refunded"
	StatusChargedBack Status = "charged_back"
)

// Payment is a payment as GET /v1/payments/{id} answers it (the fields Pelotão reads).
type Payment struct {
	ID                 int64              `json:"id"`
	Status             Status             `json:"status"`
	StatusDetail       string             `json:"status_detail"`
	ExternalReference  string             `json:"external_reference"`
	TransactionAmount  money.Centavos     `json:"transaction_amount"`
	AmountRefunded     money.Centavos     `json:"transaction_amount_refunded"`
	CurrencyID         string             `json:"currency_id"`
	Installments       int                `json:"installments"`
	PaymentTypeID      string             `json:"payment_type_id"`
	FeeDetails         []Fee              `json:"fee_details"`
	TransactionDetails TransactionDetails `json:"transaction_details"`
	DateCreated        time.Time          `json:"date_created,omitzero"`
	DateApproved       time.Time          `json:"date_approved,omitzero"`
}

// Fee is one of Mercado Pago's charges on a payment.
type Fee struct {
	Type     string         `json:"type"` // mercadopago_fee, financing_fee…
	Amount   money.Centavos `json:"amount"`
	FeePayer string         `json:"fee_payer"` // collector (the seller) or payer (the buyer)
}

// FeePayerCollector marks a fee taken from what the seller receives.
const FeePayerCollector = "collector"

// TransactionDetails hold what the seller receives of a payment.
type TransactionDetails struct {
	NetReceivedAmount money.Centavos `json:"net_received_amount"`
	InstallmentAmount money.Centavos `json:"installment_amount"`
	TotalPaidAmount   money.Centavos `json:"total_paid_amount"`
}

// Fees adds up the fees taken from the seller (a financing fee the buyer pays is not Pelotão's).
func (p Payment) Fees() money.Centavos {
	var sum money.Centavos
	for _, f := range p.FeeDetails {
		if f.FeePayer == FeePayerCollector {
			sum += f.Amount
		}
	}
	return sum
}

// Pays reports whether p settles an order of total: approved, in reais, for exactly its total.
// Only this confirms an order; a notification never does alone.
func (p Payment) Pays(externalReference string, total money.Centavos) bool {
	return p.Status == StatusApproved && p.CurrencyID == CurrencyBRL && p.ExternalReference == externalReference &&
		p.TransactionAmount == total
}

// RefundStatus is a refund's status; approved is final.
type RefundStatus string

// The statuses of a refund.
const (
	RefundApproved  RefundStatus = "approved"
	RefundInProcess RefundStatus = "in_process"
	RefundRejected  RefundStatus = "rejected"
	RefundCancelled RefundStatus = "cancelled"
)

// Refund is a refund of a payment.
type Refund struct {
	ID          int64          `json:"id"`
	PaymentID   int64          `json:"payment_id"`
	Amount      money.Centavos `json:"amount"`
	Status      RefundStatus   `json:"status"`
	DateCreated time.Time      `json:"date_created,omitzero"`
}

// RefundRequest is the body of POST /v1/payments/{id}/refunds: an amount, or none for all.
type RefundRequest struct {
	Amount money.Centavos `json:"amount,omitzero"`
}

// SearchPage is the answer of GET /v1/payments/search.
type SearchPage struct {
	Paging  Paging    `json:"paging"`
	Results []Payment `json:"results"`
}

// Paging is where a search page stands.
type Paging struct {
	Total  int `json:"total"`
	Limit  int `json:"limit"`
	Offset int `json:"offset"`
}
