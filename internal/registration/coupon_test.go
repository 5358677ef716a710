package registration

import (
	"encoding/json"
	"os"
	"testing"
)

// couponCase is one case of testdata/cupons.json, which the coupon form's tests run too
// (web/src/features/organizer-event/finance/couponForm.test.ts): a coupon as sent and, by
// field, the key in constants.json of the message each wrong field gets.
type couponCase struct {
	Cupom struct {
		Codigo  string  `json:"codigo"`
		Tipo    string  `json:"tipo"`
		Valor   float64 `json:"valor"`
		MaxUsos *int    `json:"maxUsos"`
	} `json:"cupom"`
	Erros map[string]string `json:"erros"`
}

// REG-125: the server refuses what the coupon form refuses, with the same messages, from the
// limits and texts of constants.json.
func TestCouponCasesSharedWithTheForm(t *testing.T) {
	raw, err := os.ReadFile("testdata/cupons.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []couponCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Messages map[string]string `json:"messages"`
	}
	if err := json.Unmarshal(constantsJSON, &doc); err != nil {
		t.Fatal(err)
	}
	lim := Const.Limits
	e := raceEvent()
	for _, c := range cases {
		coupon := Coupon{Codigo: c.Cupom.Codigo, Tipo: c.Cupom.Tipo, Valor: c.Cupom.Valor, MaxUsos: c.Cupom.MaxUsos}
		got := CheckCoupon(&e, &coupon)
		want := FieldErrors{}
		for field, key := range c.Erros {
			want[field] = Fill(doc.Messages[key], "min", itoa(lim.CupomCodigoMin), "max", itoa(lim.CupomCodigoMax),
				"percentualMax", itoa(lim.CupomPercentualMax))
		}
		if len(got) != len(want) {
			t.Errorf("%+v: %v, want %v", c.Cupom, got, want)
			continue
		}
		for field, msg := range want {
			if got[field] != msg || msg == "" {
				t.Errorf("%+v: %s = %q, want %q", c.Cupom, field, got[field], msg)
			}
		}
	}
}
