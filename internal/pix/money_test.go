package pix

import (
	"encoding/json"
	"testing"

	"pelotao/internal/money"
)

// REG-1: amounts are whole centavos in Go and the API's "89.90" on the wire, read strictly.
func TestCentavosRoundTripTheWireFormatStrictly(t *testing.T) {
	for c, s := range map[money.Centavos]string{8990: "89.90", 5: "0.05", 100: "1.00", 0: "0.00", 123456789: "1234567.89"} {
		back, err := ParseCentavos(s)
		if err != nil || back != c {
			t.Errorf("ParseCentavos(%q) = %d, %v", s, back, err)
		}
		b, err := json.Marshal(RefundRequest{Amount: c})
		if want := `{"valor":"` + s + `"}`; err != nil || string(b) != want {
			t.Errorf("marshal %d: %s %v, want %s", c, b, err, want)
		}
	}
	for _, bad := range []string{"89.9", "89", ".90", "89.900", "-1.00", "1,00", "１.00", "12345678901.00", "8 9.90", ""} {
		if v, err := ParseCentavos(bad); err == nil {
			t.Errorf("ParseCentavos(%q) = %d, want an error", bad, v)
		}
	}
	for _, bad := range []string{`{"valor":89.9}`, `{"valor":null}`, `{"valor":"89.9"}`} {
		var p Payment
		if err := json.Unmarshal([]byte(bad), &p); err == nil {
			t.Errorf("%s was read as an amount: %d", bad, p.Amount)
		}
	}
	if _, err := json.Marshal(Refund{Amount: -1}); err == nil {
		t.Error("a negative amount was written")
	}
}

// REG-1: every type that carries an amount writes and reads it as the API's string, its other
// fields as they are, and an amount left out stays as it was.
func TestAmountsTravelAsStrings(t *testing.T) {
	ch := Charge{TxID: "t", Value: Value{Original: 8990}, Payments: []Payment{{EndToEndID: "E1", Amount: 8990,
		Refunds: []Refund{{ID: "D1", Amount: 1000, Status: RefundReturned}}}}}
	b, err := json.Marshal(ch)
	want := `{"txid":"t","revisao":0,"status":"","calendario":{"expiracao":0},"valor":{"original":"89.90"},"chave":"",` +
		`"pix":[{"endToEndId":"E1","valor":"89.90","horario":"0001-01-01T00:00:00Z","devolucoes":[{"id":"D1","valor":"10.00",` +
		`"horario":{},"status":"DEVOLVIDO"}]}]}`
	if err != nil || string(b) != want {
		t.Fatalf("marshal: %s %v\nwant %s", b, err, want)
	}
	var back Charge
	if err := json.Unmarshal(b, &back); err != nil || back.Value.Original != 8990 || back.Payments[0].Amount != 8990 ||
		back.Payments[0].EndToEndID != "E1" || back.Payments[0].Refunds[0].Amount != 1000 || back.Payments[0].Refunds[0].Status != RefundReturned {
		t.Errorf("read back: %+v %v", back, err)
	}
	r := RefundRequest{Amount: 500}
	if err := json.Unmarshal([]byte(`{"natureza":"ORIGINAL"}`), &r); err != nil || r.Amount != 500 || r.Nature != RefundOriginal {
		t.Errorf("a request without valor: %+v %v", r, err)
	}
}
