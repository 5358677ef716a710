package pix

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Centavos is an amount of reais in centavos. The API Pix writes money as a decimal string with
// exactly two places ("89.90"); keeping whole centavos in Go means no float ever rounds a price.
type Centavos int64

// maxCentavos is the API's largest amount: up to ten digits of reais (the schema's \d{1,10}\.\d{2}).
const maxCentavos = Centavos(9_999_999_999_99)

// String writes c as the API does: "89.90", "0.05".
func (c Centavos) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

// ParseCentavos reads the API's money format strictly: digits, a dot, two digits.
func ParseCentavos(s string) (Centavos, error) {
	reais, cents, ok := strings.Cut(s, ".")
	if !ok || len(reais) < 1 || len(reais) > 10 || len(cents) != 2 || !digits(reais) || !digits(cents) {
		return 0, fmt.Errorf("pix: %q is not an amount like 89.90", s)
	}
	r, _ := strconv.ParseInt(reais, 10, 64)
	c, _ := strconv.ParseInt(cents, 10, 64)
	return Centavos(r*100 + c), nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// MarshalJSON writes the amount as the API's string.
func (c Centavos) MarshalJSON() ([]byte, error) {
	if c < 0 || c > maxCentavos {
		return nil, errors.New("pix: amount out of the API's range")
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON reads the API's string.
func (c *Centavos) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("pix: an amount must be a string like \"89.90\": %w", err)
	}
	v, err := ParseCentavos(s)
	if err != nil {
		return err
	}
	*c = v
	return nil
}
