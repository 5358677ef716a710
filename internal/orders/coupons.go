package orders

import (
	"math"

	"pelotao/internal/event"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// The store keeps a coupon's valor in centavos (fixo) or hundredths of a percent (percentual);
// registration and the API read reais and percent. CouponFromStore and CouponToStore are the one
// place that converts.

// CouponFromStore is a stored coupon as registration (and the API) read it.
func CouponFromStore(c store.Coupon) registration.Coupon {
	rc := registration.Coupon{Codigo: c.Codigo, Tipo: c.Tipo, Valor: float64(c.Valor) / 100, MaxUsos: c.MaxUsos, Usos: c.Usos,
		Ativo: c.Ativo, Modalidades: c.Modalidades}
	if rc.Modalidades == nil {
		rc.Modalidades = []string{}
	}
	rc.ValidoAte, _ = event.ParseDate(c.ValidoAte) // '' (no end) stays the zero date
	return rc
}

// CouponToStore is a coupon of event eventID as the store keeps it.
func CouponToStore(eventID string, c registration.Coupon) store.Coupon {
	sc := store.Coupon{EventID: eventID, Codigo: c.Codigo, Tipo: c.Tipo, Valor: int64(math.Round(c.Valor * 100)), MaxUsos: c.MaxUsos,
		Ativo: c.Ativo, Modalidades: c.Modalidades}
	if c.ValidoAte.Valid() {
		sc.ValidoAte = c.ValidoAte.String()
	}
	return sc
}
