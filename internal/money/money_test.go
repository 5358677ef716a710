package money

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"
)

// REG-1, CARD-9: whole centavos inside; the API's JSON is a number of reais, exactly as the
// float formatting it replaces wrote it (89.9, 100, 0.05), read back without a float.
func TestCentavosJSON(t *testing.T) {
	for _, c := range []Centavos{8990, 5, 100000, 0, 1234, 10, 4495, -50, -5, 123456789, 999999999999} {
		b, err := json.Marshal(c)
		want := strconv.FormatFloat(float64(c)/100, 'f', -1, 64)
		if err != nil || string(b) != want {
			t.Errorf("%d: %s %v, want %s", c, b, err, want)
		}
		var back Centavos
		if err := json.Unmarshal(b, &back); err != nil || back != c {
			t.Errorf("%s read back as %d %v", b, back, err)
		}
	}
	for in, want := range map[string]Centavos{"89.9": 8990, "100": 10000, "0.1": 10, "14.97": 1497, "1e2": 10000,
		"0.015": 2, "0.014": 1, "null": 0, "19.99": 1999, "0.29": 29, "-5.5": -550, "1.005": 101} {
		var c Centavos
		if err := json.Unmarshal([]byte(in), &c); err != nil || c != want {
			t.Errorf("%s: %d %v, want %d", in, c, err, want)
		}
	}
	for _, in := range []string{"1/2", "0x10", "NaN", "Inf", "", "1e400"} {
		if c, err := ParseReais(in); err == nil {
			t.Errorf("ParseReais(%q) = %d", in, c)
		}
	}
	for _, in := range []string{`"89.90"`, "true", "1e400", "1e17", "[]", "{}"} {
		var c struct {
			Valor Centavos `json:"valor"`
		}
		var typ *json.UnmarshalTypeError
		if err := json.Unmarshal([]byte(`{"valor":`+in+`}`), &c); !errors.As(err, &typ) || typ.Field != "valor" {
			t.Errorf("%s read as %d, %v: want a type error naming the field", in, c.Valor, err)
		}
	}
}

func TestCentavosText(t *testing.T) {
	for c, want := range map[Centavos][2]string{8990: {"89.90", "R$ 89,90"}, 5: {"0.05", "R$ 0,05"},
		123456: {"1234.56", "R$ 1.234,56"}, 0: {"0.00", "R$ 0,00"}, 100000000: {"1000000.00", "R$ 1.000.000,00"},
		-1250: {"-12.50", "-R$ 12,50"}} {
		if got := [2]string{c.String(), c.BRL()}; got != want {
			t.Errorf("%d: %q, want %q", c, got, want)
		}
	}
}

// CARD-9, REG-1: a provider's form of an amount goes over the named keys only, every other byte
// and the keys' order as json.Marshal writes them; a key left out stays out.
func TestMarshalAs(t *testing.T) {
	type row struct {
		A     Centavos `json:"a"`
		Nome  string   `json:"nome"`
		B     Centavos `json:"b,omitzero"`
		Outro Centavos `json:"outro"`
	}
	quoted := func(c Centavos) ([]byte, error) { return json.Marshal(c.String()) }
	for v, want := range map[row]string{
		{A: 8990, Nome: "<x>", B: 5, Outro: 100}: `{"a":"89.90","nome":"\u003cx\u003e","b":"0.05","outro":1}`,
		{A: 100, Nome: "y"}:                      `{"a":"1.00","nome":"y","outro":0}`,
	} {
		b, err := MarshalAs(v, quoted, "a", "b")
		if err != nil || string(b) != want {
			t.Errorf("%+v: %s %v, want %s", v, b, err, want)
		}
	}
	if b, err := MarshalAs([]int{1}, quoted, "a"); err == nil {
		t.Errorf("a JSON array was written: %s", b)
	}
}

// REG-1: a float of reais becomes centavos when it has at most two decimals, floating point's
// noise allowed for (0.29, 0.1+0.2); a third decimal is refused.
func TestFromReais(t *testing.T) {
	for reais, want := range map[float64]Centavos{89.9: 8990, 0.29: 29, 0.1 + 0.2: 30, 12.5: 1250, 0: 0, 1e7: 1e9, -5.5: -550} {
		if c, ok := FromReais(reais); !ok || c != want {
			t.Errorf("FromReais(%v) = %d %v, want %d", reais, c, ok, want)
		}
	}
	for _, reais := range []float64{12.505, 0.001, 89.999} {
		if c, ok := FromReais(reais); ok {
			t.Errorf("FromReais(%v) = %d, taken as whole centavos", reais, c)
		}
	}
}
