package mercadopago

import (
	"encoding/json"
	"testing"

	"pelotao/internal/money"
)

// CARD-9: reais with two decimals on the wire, whole centavos inside, never through a float.
func TestCentavosJSON(t *testing.T) {
	for c, want := range map[money.Centavos]string{8990: "89.90", 5: "0.05", 100000: "1000.00", 0: "0.00", 1234: "12.34"} {
		b, err := json.Marshal(Fee{Type: "mercadopago_fee", Amount: c, FeePayer: FeePayerCollector})
		if want := `{"type":"mercadopago_fee","amount":` + want + `,"fee_payer":"collector"}`; err != nil || string(b) != want {
			t.Errorf("%d: %s %v, want %s", c, b, err, want)
		}
	}
	if _, err := json.Marshal(Refund{Amount: -1}); err == nil {
		t.Error("a negative amount was written")
	}
	if b, err := json.Marshal(RefundRequest{}); err != nil || string(b) != `{}` {
		t.Errorf("a refund of all that is left: %s %v", b, err)
	}
	for in, want := range map[string]money.Centavos{"89.9": 8990, "100": 10000, "0.1": 10, "14.97": 1497, "1e2": 10000,
		"0.015": 2, "0.014": 1, "null": 0, "19.99": 1999, "0.29": 29, "-5.5": -550} {
		var r Refund
		if err := json.Unmarshal([]byte(`{"amount":`+in+`}`), &r); err != nil || r.Amount != want {
			t.Errorf("%s: %d %v, want %d", in, r.Amount, err, want)
		}
	}
	for _, in := range []string{`"89.90"`, "1/2", "0x10", "true", "1e400", "NaN"} {
		var r Refund
		if err := json.Unmarshal([]byte(`{"amount":`+in+`}`), &r); err == nil {
			t.Errorf("%s read as %d", in, r.Amount)
		}
	}
}

// CARD-9: every type that carries an amount writes it with two decimals, its other fields and
// their order as before.
func TestAmountsTravelWithTwoDecimals(t *testing.T) {
	p := Payment{ID: 7, Status: StatusApproved, TransactionAmount: 8990, AmountRefunded: 1000, CurrencyID: CurrencyBRL,
		FeeDetails:         []Fee{{Type: "mercadopago_fee", Amount: 450, FeePayer: FeePayerCollector}},
		TransactionDetails: TransactionDetails{NetReceivedAmount: 8540, InstallmentAmount: 8990, TotalPaidAmount: 8990}}
	b, err := json.Marshal(p)
	want := `{"id":7,"status":"approved","status_detail":"","external_reference":"","transaction_amount":89.90,` +
		`"transaction_amount_refunded":10.00,"currency_id":"BRL","installments":0,"payment_type_id":"",` +
		`"fee_details":[{"type":"mercadopago_fee","amount":4.50,"fee_payer":"collector"}],` +
		`"transaction_details":{"net_received_amount":85.40,"installment_amount":89.90,"total_paid_amount":89.90}}`
	if err != nil || string(b) != want {
		t.Fatalf("%s %v\nwant %s", b, err, want)
	}
	var back Payment
	if err := json.Unmarshal(b, &back); err != nil || back.TransactionAmount != 8990 || back.Fees() != 450 ||
		back.TransactionDetails.NetReceivedAmount != 8540 {
		t.Errorf("read back: %+v %v", back, err)
	}
	b, err = json.Marshal(Item{ID: "r1", Title: "Inscrição", Quantity: 1, UnitPrice: 12000, CurrencyID: CurrencyBRL})
	if want := `{"id":"r1","title":"Inscrição","quantity":1,"unit_price":120.00,"currency_id":"BRL"}`; err != nil || string(b) != want {
		t.Errorf("%s %v, want %s", b, err, want)
	}
}
