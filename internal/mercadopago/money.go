package mercadopago

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"
)

// Centavos is an amount of reais in centavos. Mercado Pago writes money as a JSON number of reais
// (89.9, 12.34); keeping whole centavos in Go means no float ever rounds a price.
type Centavos int64

// maxCentavos bounds what is written: no registration order comes near a billion reais.
const maxCentavos = Centavos(1_000_000_000_00)

// String writes c as reais with two decimals: "89.90", "0.05".
func (c Centavos) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

// MarshalJSON writes the amount as a JSON number of reais with two decimals (89.90).
func (c Centavos) MarshalJSON() ([]byte, error) {
	if c < 0 || c > maxCentavos {
		return nil, errors.New("mercadopago: amount out of range")
	}
	return []byte(c.String()), nil
}

// UnmarshalJSON reads a JSON number of reais exactly (as decimal text, never through a float),
// rounding a third decimal, should an answer carry one, half away from zero to the centavo.
// null reads as zero, as Mercado Pago writes an amount not yet known.
func (c *Centavos) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*c = 0
		return nil
	}
	v, err := ParseReais(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseReais reads a decimal number of reais ("89.9", "100", "12.345") into centavos.
func ParseReais(s string) (Centavos, error) {
	// big.Rat would take "1/2" or "0x10"; only JSON's decimal numbers are amounts.
	if _, err := strconv.ParseFloat(s, 64); err != nil || len(s) > 32 || !jsonNumber(s) {
		return 0, fmt.Errorf("mercadopago: %q is not an amount of reais", s)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, fmt.Errorf("mercadopago: %q is not an amount of reais", s)
	}
	r.Mul(r, big.NewRat(100, 1))
	neg := r.Sign() < 0
	r.Abs(r)
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if new(big.Int).Mul(m, big.NewInt(2)).Cmp(r.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() || q.Int64() > int64(maxCentavos) {
		return 0, fmt.Errorf("mercadopago: %q is out of range", s)
	}
	if neg {
		return Centavos(-q.Int64()), nil
	}
	return Centavos(q.Int64()), nil
}

// jsonNumber reports whether s is made of what a JSON number is made of.
func jsonNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == '.', c == '-', c == '+', c == 'e', c == 'E':
		default:
			return false
		}
	}
	return s != ""
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
