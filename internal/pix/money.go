package pix

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"pelotao/internal/money"
)

// Money is money.Centavos in Go; the API Pix writes it as a decimal string with exactly two
// places ("89.90", the schema's \d{1,10}\.\d{2}). valor is that string on the wire: the types
// that carry an amount (Value, Payment, Refund, RefundRequest) write and read it through valor.

// maxCentavos is the API's largest amount: up to ten digits of reais.
const maxCentavos = money.Centavos(9_999_999_999_99)

// ParseCentavos reads the API's money format strictly: digits, a dot, two digits.
func ParseCentavos(s string) (money.Centavos, error) {
	reais, cents, ok := strings.Cut(s, ".")
	if !ok || len(reais) < 1 || len(reais) > 10 || len(cents) != 2 || !digits(reais) || !digits(cents) {
		return 0, fmt.Errorf("pix: %q is not an amount like 89.90", s)
	}
	r, _ := strconv.ParseInt(reais, 10, 64)
	c, _ := strconv.ParseInt(cents, 10, 64)
	return money.Centavos(r*100 + c), nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// valor is an amount as it travels.
type valor money.Centavos

// MarshalJSON writes the amount as the API's string.
func (v valor) MarshalJSON() ([]byte, error) { return writeValor(money.Centavos(v)) }

// writeValor writes c as the API's string.
func writeValor(c money.Centavos) ([]byte, error) {
	if c < 0 || c > maxCentavos {
		return nil, errors.New("pix: amount out of the API's range")
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON reads the API's string.
func (v *valor) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("pix: an amount must be a string like \"89.90\": %w", err)
	}
	c, err := ParseCentavos(s)
	if err != nil {
		return err
	}
	*v = valor(c)
	return nil
}

// Each type that carries an amount travels with it as valor. Value and RefundRequest have wire
// structs of their fields; Payment and Refund are written as their own fields (a copy of the type
// without its methods) with the amount made the API's string in its place (money.MarshalAs),
// and read through a wire struct whose valor stands over the field of the same JSON name.
// Reading starts from what the value holds, so an amount left out stays as it was and a null one
// is refused, as valor refuses it.
type (
	valueWire struct {
		Original valor `json:"original"`
	}
	refundRequestWire struct {
		Amount valor  `json:"valor"`
		Nature string `json:"natureza,omitempty"`
	}
	paymentFields Payment
	paymentWire   struct {
		*paymentFields
		Amount valor `json:"valor"`
	}
	refundFields Refund
	refundWire   struct {
		*refundFields
		Amount valor `json:"valor"`
	}
)

// readWire reads b into w, the wire form of a value, and puts the amount it read (got, in w) into
// the value's amount.
func readWire(b []byte, w any, got *valor, amount *money.Centavos) error {
	err := json.Unmarshal(b, w)
	*amount = money.Centavos(*got)
	return err
}

func (v Value) MarshalJSON() ([]byte, error) { return json.Marshal(valueWire{valor(v.Original)}) }

func (v *Value) UnmarshalJSON(b []byte) error {
	w := valueWire{valor(v.Original)}
	return readWire(b, &w, &w.Original, &v.Original)
}

func (p Payment) MarshalJSON() ([]byte, error) {
	return money.MarshalAs((*paymentFields)(&p), writeValor, "valor")
}

func (p *Payment) UnmarshalJSON(b []byte) error {
	w := paymentWire{(*paymentFields)(p), valor(p.Amount)}
	return readWire(b, &w, &w.Amount, &p.Amount)
}

func (r Refund) MarshalJSON() ([]byte, error) {
	return money.MarshalAs((*refundFields)(&r), writeValor, "valor")
}

func (r *Refund) UnmarshalJSON(b []byte) error {
	w := refundWire{(*refundFields)(r), valor(r.Amount)}
	return readWire(b, &w, &w.Amount, &r.Amount)
}

func (r RefundRequest) MarshalJSON() ([]byte, error) {
	return json.Marshal(refundRequestWire{valor(r.Amount), r.Nature})
}

func (r *RefundRequest) UnmarshalJSON(b []byte) error {
	w := refundRequestWire{valor(r.Amount), r.Nature}
	err := readWire(b, &w, &w.Amount, &r.Amount)
	r.Nature = w.Nature
	return err
}
