package event

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Decimal is a number typed into a form: a price or a distance. Forms send it as a JSON number,
// as text ("49,90" with the Brazilian decimal comma is 49.9), or blank, which is null — never NaN
// (docs/requirements.md FORM-33/34). Text that is not a number is kept so that Validate reports it
// on its field.
type Decimal struct {
	Value   float64
	Valid   bool // false: blank (null)
	invalid string
}

// Integer is a whole number typed into a form: an age, a number of places.
type Integer struct {
	Value   int
	Valid   bool // false: blank (null)
	invalid string
}

// Dec and Int build present values, for code that writes events.
func Dec(v float64) Decimal { return Decimal{Value: v, Valid: true} }
func Int(v int) Integer     { return Integer{Value: v, Valid: true} }

// numberText is what a person types: digits with at most one decimal separator, point or comma.
// strconv alone would also accept "NaN", "Inf", "1e9" and hex floats.
var numberText = regexp.MustCompile(`^-?[0-9]{1,15}([.,][0-9]{1,15})?$`)

// parseNumberJSON returns the number in b (a JSON number, a string or null); ok is false for
// anything that is not a number, with raw holding it.
func parseNumberJSON(b []byte) (v float64, present bool, raw string) {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		return 0, false, ""
	}
	text := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &text); err != nil {
			return 0, false, truncate(string(b), 40)
		}
		text = strings.TrimSpace(text)
		if text == "" {
			return 0, false, ""
		}
		if !numberText.MatchString(text) {
			return 0, false, truncate(text, 40)
		}
		text = strings.Replace(text, ",", ".", 1)
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false, truncate(string(b), 40)
	}
	return f, true, ""
}

func (d *Decimal) UnmarshalJSON(b []byte) error {
	v, ok, raw := parseNumberJSON(b)
	*d = Decimal{Value: v, Valid: ok, invalid: raw}
	return nil
}

func (d Decimal) MarshalJSON() ([]byte, error) {
	if !d.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, d.Value, 'f', -1, 64), nil
}

func (n *Integer) UnmarshalJSON(b []byte) error {
	v, ok, raw := parseNumberJSON(b)
	*n = Integer{}
	switch {
	case raw != "":
		n.invalid = raw
	case ok && (v != math.Trunc(v) || math.Abs(v) > 1e9):
		n.invalid = strconv.FormatFloat(v, 'f', -1, 64)
	case ok:
		n.Value, n.Valid = int(v), true
	}
	return nil
}

func (n Integer) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, int64(n.Value), 10), nil
}
