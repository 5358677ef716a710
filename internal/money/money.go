// Package money is Pelotão's one type of money: Centavos, whole centavos of reais, so that no
// float ever rounds a price. The API writes it in JSON as a number of reais (89.9); a payment
// provider's own wire format stays in its package (internal/pix writes "89.90" strings,
// internal/mercadopago numbers with two decimals), over this type.
package money

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Centavos is an amount of reais in whole centavos.
type Centavos int64

// String writes c as reais with two decimals and a point: "89.90", "0.05", "-12.00".
func (c Centavos) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

// BRL writes c as Brazilians read money: "R$ 1.234,56", "-R$ 0,05".
func (c Centavos) BRL() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole := strconv.FormatInt(int64(c/100), 10)
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(d)
	}
	return fmt.Sprintf("%sR$ %s,%02d", sign, b.String(), int64(c%100))
}

// MarshalJSON writes c as the API answers money: a JSON number of reais with no more decimals
// than it needs (89.9, 100, 0.05).
func (c Centavos) MarshalJSON() ([]byte, error) {
	s := c.String()
	if strings.HasSuffix(s, ".00") {
		s = s[:len(s)-3]
	} else {
		s = strings.TrimSuffix(s, "0")
	}
	return []byte(s), nil
}

// UnmarshalJSON reads a JSON number of reais exactly (ParseReais); null reads as zero. Anything
// else is a *json.UnmarshalTypeError, which encoding/json names the field of, as it would for a
// float: the API answers 'O campo "valor" tem um tipo de valor inválido.'
func (c *Centavos) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*c = 0
		return nil
	}
	v, err := ParseReais(string(b))
	if err != nil {
		what := map[byte]string{'"': "string", 't': "bool", 'f': "bool", '[': "array", '{': "object"}[b[0]]
		if what == "" {
			what = "number " + string(b)
		}
		return &json.UnmarshalTypeError{Value: what, Type: reflect.TypeFor[Centavos]()}
	}
	*c = v
	return nil
}

// FromReais is an amount of reais held as a float (an API body's number, an event file's price) in
// centavos, and whether it has at most two decimals, allowing for binary floating point (12.5 and
// 12.50 yes, 12.505 no): where a float of reais becomes money. No sum is ever made of floats.
func FromReais(reais float64) (Centavos, bool) {
	c := math.Round(reais * 100)
	return Centavos(c), math.Abs(reais*100-c) <= 1e-6
}

// ParseReais reads a JSON number of reais ("89.9", "100", "1e2", "-5.5") into centavos, as
// decimal text and never through a float, rounding a third decimal half away from zero
// ("0.015" is 2).
func ParseReais(s string) (Centavos, error) {
	// big.Rat would take "1/2" or "0x10"; only JSON's decimal numbers are amounts.
	if _, err := strconv.ParseFloat(s, 64); err != nil || len(s) > 32 || !jsonNumber(s) {
		return 0, fmt.Errorf("money: %q is not an amount of reais", s)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, fmt.Errorf("money: %q is not an amount of reais", s)
	}
	r.Mul(r, big.NewRat(100, 1))
	neg := r.Sign() < 0
	r.Abs(r)
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	if new(big.Int).Mul(m, big.NewInt(2)).Cmp(r.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return 0, fmt.Errorf("money: %q is out of range", s)
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

// MarshalAs writes v, a struct whose amounts are Centavos, as JSON with the amounts at the named
// top-level keys written by as rather than as the API writes them: a payment provider's own form
// (internal/pix, internal/mercadopago) over the same fields, in their order. A key v leaves out
// stays out.
func MarshalAs(v any, as func(Centavos) ([]byte, error), keys ...string) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("money: %T is not written as a JSON object", v)
	}
	out := []byte{'{'}
	for d.More() {
		key, err := d.Token()
		if err != nil {
			return nil, err
		}
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return nil, err
		}
		if slices.Contains(keys, key.(string)) {
			var c Centavos
			if err := json.Unmarshal(raw, &c); err != nil {
				return nil, err
			}
			if raw, err = as(c); err != nil {
				return nil, err
			}
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		k, _ := json.Marshal(key)
		out = append(append(append(out, k...), ':'), raw...)
	}
	return append(out, '}'), nil
}
