package pix

import (
	"testing"

	"pelotao/internal/money"
)

// REG-9: only CONCLUIDA with pix[] adding up to exactly valor.original is paid in full.
func TestPaidInFull(t *testing.T) {
	pay := func(amounts ...money.Centavos) []Payment {
		var ps []Payment
		for _, a := range amounts {
			ps = append(ps, Payment{Amount: a})
		}
		return ps
	}
	cases := []struct {
		name   string
		charge Charge
		want   bool
	}{
		{"completed, one payment", Charge{Status: ChargeCompleted, Value: Value{8990}, Payments: pay(8990)}, true},
		{"completed, two payments adding up", Charge{Status: ChargeCompleted, Value: Value{8990}, Payments: pay(4000, 4990)}, true},
		{"completed, less", Charge{Status: ChargeCompleted, Value: Value{8990}, Payments: pay(8900)}, false},
		{"completed, more", Charge{Status: ChargeCompleted, Value: Value{10000}, Payments: pay(11000)}, false},
		{"completed, no payment", Charge{Status: ChargeCompleted, Value: Value{8990}}, false},
		{"active with a payment listed", Charge{Status: ChargeActive, Value: Value{8990}, Payments: pay(8990)}, false},
		{"removed", Charge{Status: ChargeRemovedByUs, Value: Value{8990}, Payments: pay(8990)}, false},
	}
	for _, c := range cases {
		if got := c.charge.PaidInFull(); got != c.want {
			t.Errorf("%s: PaidInFull = %v, want %v", c.name, got, c.want)
		}
	}
}
