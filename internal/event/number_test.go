package event

import (
	"encoding/json"
	"testing"
)

// FORM-33/34: numbers arrive as JSON numbers or as typed text; blank is null, never NaN; a
// comma is the decimal separator.
func TestDecimalFromForm(t *testing.T) {
	cases := []struct {
		in    string
		value float64
		valid bool
		bad   bool
	}{
		{`49.9`, 49.9, true, false},
		{`"49,90"`, 49.9, true, false},
		{`"49.90"`, 49.9, true, false},
		{`" 12 "`, 12, true, false},
		{`0`, 0, true, false},
		{`""`, 0, false, false},
		{`"   "`, 0, false, false},
		{`null`, 0, false, false},
		{`"abc"`, 0, false, true},
		{`"NaN"`, 0, false, true},
		{`"Inf"`, 0, false, true},
		{`"1e3"`, 0, false, true},
		{`"0x10"`, 0, false, true},
		{`"1.234,50"`, 0, false, true},
		{`true`, 0, false, true},
		{`[]`, 0, false, true},
	}
	for _, c := range cases {
		var d Decimal
		if err := json.Unmarshal([]byte(c.in), &d); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if d.Valid != c.valid || d.Value != c.value || (d.invalid != "") != c.bad {
			t.Errorf("%s → %+v", c.in, d)
		}
	}
	b, _ := json.Marshal([]Decimal{Dec(49.9), {}, Dec(0)})
	if string(b) != `[49.9,null,0]` {
		t.Errorf("marshal: %s", b)
	}
}

func TestIntegerFromForm(t *testing.T) {
	cases := []struct {
		in    string
		value int
		valid bool
		bad   bool
	}{
		{`18`, 18, true, false},
		{`"18"`, 18, true, false},
		{`18.0`, 18, true, false},
		{`""`, 0, false, false},
		{`null`, 0, false, false},
		{`18.5`, 0, false, true},
		{`"18,5"`, 0, false, true},
		{`"dezoito"`, 0, false, true},
		{`1e12`, 0, false, true},
	}
	for _, c := range cases {
		var n Integer
		if err := json.Unmarshal([]byte(c.in), &n); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if n.Valid != c.valid || n.Value != c.value || (n.invalid != "") != c.bad {
			t.Errorf("%s → %+v", c.in, n)
		}
	}
}
