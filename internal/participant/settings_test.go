package participant

import "testing"

// UNPAID-1: which unpaid kits a desk may hand: the organizer's block refuses every one, a desk that
// took the registration for paid is refused, and a client that does not say keeps the contract's
// behaviour (the block alone decides).
func TestKitRefusal(t *testing.T) {
	yes, no := true, false
	cases := []struct {
		name         string
		blocked      bool
		pago         bool
		semPagamento *bool
		want         string
	}{
		{"paid", false, true, &no, ""},
		{"paid while unpaid kits are blocked", true, true, nil, ""},
		{"unpaid, confirmed", false, false, &yes, ""},
		{"unpaid, the desk took it for paid", false, false, &no, UnconfirmedKitRefusal},
		{"unpaid, a client that does not say", false, false, nil, ""},
		{"unpaid and blocked, confirmed", true, false, &yes, UnpaidKitRefusal},
		{"unpaid and blocked, not confirmed", true, false, &no, UnpaidKitRefusal},
		{"unpaid and blocked, a client that does not say", true, false, nil, UnpaidKitRefusal},
	}
	for _, c := range cases {
		s := Settings{BloquearKitSemPagamento: c.blocked}
		if got := s.KitRefusal(c.pago, c.semPagamento); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
