package pix

import (
	"encoding/json"
	"testing"
)

// REG-1: amounts are whole centavos in Go and the API's "89.90" on the wire, read strictly.
func TestCentavosRoundTripTheWireFormatStrictly(t *testing.T) {
	for c, s := range map[Centavos]string{8990: "89.90", 5: "0.05", 100: "1.00", 0: "0.00", 123456789: "1234567.89"} {
		if got := c.String(); got != s {
			t.Errorf("Centavos(%d).String() = %q, want %q", int64(c), got, s)
		}
		back, err := ParseCentavos(s)
		if err != nil || back != c {
			t.Errorf("ParseCentavos(%q) = %d, %v", s, back, err)
		}
	}
	for _, bad := range []string{"89.9", "89", ".90", "89.900", "-1.00", "1,00", "１.00", "12345678901.00", "8 9.90", ""} {
		if v, err := ParseCentavos(bad); err == nil {
			t.Errorf("ParseCentavos(%q) = %d, want an error", bad, v)
		}
	}
	b, err := json.Marshal(struct{ V Centavos }{8990})
	if err != nil || string(b) != `{"V":"89.90"}` {
		t.Errorf("marshal: %s %v", b, err)
	}
	var v struct{ V Centavos }
	if err := json.Unmarshal([]byte(`{"V":89.9}`), &v); err == nil {
		t.Error("a JSON number was read as an amount")
	}
	if _, err := json.Marshal(Centavos(-1)); err == nil {
		t.Error("a negative amount was written")
	}
}

// REG-2: a txid is 26–35 letters and digits, and every one made is new.
func TestTxID(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := NewTxID()
		if !ValidTxID(id) || seen[id] {
			t.Fatalf("NewTxID() = %q (valid %v, repeated %v)", id, ValidTxID(id), seen[id])
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "abc", "0123456789012345678901234", "012345678901234567890123456789012345", "0123456789-0123456789-01234", "0123456789012345678901234ç"} {
		if ValidTxID(bad) {
			t.Errorf("ValidTxID(%q) = true", bad)
		}
	}
	if !ValidTxID("7978c0c97ea847e78e8849634473c1f1") {
		t.Error("the spec's example txid is refused")
	}
}
