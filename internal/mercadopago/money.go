package mercadopago

import (
	"bytes"
	"errors"
	"time"

	"pelotao/internal/money"
)

// Money is money.Centavos in Go; Mercado Pago writes it as a JSON number of reais with two
// decimals (89.90) and money.Centavos reads that exactly (money.ParseReais). The types that carry
// an amount write it in that form through money.MarshalAs.

// maxCentavos bounds what is written: no registration order comes near a billion reais.
const maxCentavos = money.Centavos(1_000_000_000_00)

// writeReais writes c as a JSON number of reais with two decimals (89.90).
func writeReais(c money.Centavos) ([]byte, error) {
	if c < 0 || c > maxCentavos {
		return nil, errors.New("mercadopago: amount out of range")
	}
	return []byte(c.String()), nil
}

// The types' own fields, without their methods, for money.MarshalAs.
type (
	itemFields               Item
	paymentFields            Payment
	feeFields                Fee
	transactionDetailsFields TransactionDetails
	refundFields             Refund
	refundRequestFields      RefundRequest
)

func (it Item) MarshalJSON() ([]byte, error) {
	return money.MarshalAs(itemFields(it), writeReais, "unit_price")
}

func (p Payment) MarshalJSON() ([]byte, error) {
	return money.MarshalAs(paymentFields(p), writeReais, "transaction_amount", "transaction_amount_refunded")
}

func (f Fee) MarshalJSON() ([]byte, error) {
	return money.MarshalAs(feeFields(f), writeReais, "amount")
}

func (d TransactionDetails) MarshalJSON() ([]byte, error) {
	return money.MarshalAs(transactionDetailsFields(d), writeReais, "net_received_amount", "installment_amount", "total_paid_amount")
}

func (r Refund) MarshalJSON() ([]byte, error) {
	return money.MarshalAs(refundFields(r), writeReais, "amount")
}

func (r RefundRequest) MarshalJSON() ([]byte, error) {
	return money.MarshalAs(refundRequestFields(r), writeReais, "amount")
}

// Time is a moment as Mercado Pago writes it: ISO 8601 to the millisecond, with the offset
// ("2026-03-02T09:30:00.000-03:00").
type Time struct{ time.Time }

// timeLayout is the API's date format.
const timeLayout = "2006-01-02T15:04:05.000-07:00"

// MarshalJSON writes the API's format; the zero Time is null.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + t.Format(timeLayout) + `"`), nil
}

// UnmarshalJSON reads RFC 3339 (which the API's format is); null is the zero Time.
func (t *Time) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		t.Time = time.Time{}
		return nil
	}
	return t.Time.UnmarshalJSON(b)
}
