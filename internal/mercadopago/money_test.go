package mercadopago

import (
	"encoding/json"
	"testing"
)

// CARD-9: reais with two decimals on the wire, whole centavos inside, never through a float.
func TestCentavosJSON(t *testing.T) {
	for c, want := range map[Centavos]string{8990: "89.90", 5: "0.05", 100000: "1000.00", 0: "0.00", 1234: "12.34"} {
		b, err := json.Marshal(c)
		if err != nil || string(b) != want {
			t.Errorf("%d: %s %v", c, b, err)
		}
	}
	if _, err := json.Marshal(Centavos(-1)); err == nil {
		t.Error("a negative amount was written")
	}
	for in, want := range map[string]Centavos{"89.9": 8990, "100": 10000, "0.1": 10, "14.97": 1497, "1e2": 10000,
		"0.015": 2, "0.014": 1, "null": 0, "19.99": 1999, "0.29": 29, "-5.5": -550} {
		var c Centavos
		if err := json.Unmarshal([]byte(in), &c); err != nil || c != want {
			t.Errorf("%s: %d %v, want %d", in, c, err, want)
		}
	}
	for _, in := range []string{`"89.90"`, "1/2", "0x10", "true", "1e400", "NaN"} {
		var c Centavos
		if err := json.Unmarshal([]byte(in), &c); err == nil {
			t.Errorf("%s read as %d", in, c)
		}
	}
}
