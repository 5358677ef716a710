package registration

import (
	"math"
	"slices"
	"strings"

	"pelotao/internal/event"
)

// CheckCoupon checks a coupon the organizer saves for event e, tidying its code; the errors are
// by field (codigo, tipo, valor, maxUsos, validoAte, modalidades).
func CheckCoupon(e *event.Event, c *Coupon) FieldErrors {
	m := Const.Messages
	errs := FieldErrors{}
	c.Codigo = strings.TrimSpace(c.Codigo)
	if !couponCode(c.Codigo) {
		errs.add("codigo", m.CupomCodigo)
	}
	cents := c.Valor * 100
	twoDecimals := math.Abs(cents-math.Round(cents)) < 1e-6
	switch c.Tipo {
	case CupomPercentual:
		if c.Valor < 1 || c.Valor > 100 || !twoDecimals {
			errs.add("valor", m.CupomPercentual)
		}
	case CupomFixo:
		if c.Valor <= 0 || !twoDecimals {
			errs.add("valor", m.CupomFixo)
		}
	default:
		errs.add("tipo", m.CupomTipo)
	}
	if c.MaxUsos != nil && *c.MaxUsos < 1 {
		errs.add("maxUsos", m.CupomMaxUsos)
	}
	if !c.ValidoAte.IsZero() && !c.ValidoAte.Valid() {
		errs.add("validoAte", event.MsgData)
	}
	for _, nome := range c.Modalidades {
		if !slices.ContainsFunc(e.Modalidades, func(md event.Modalidade) bool { return md.Nome == nome }) {
			errs.add("modalidades", Fill(m.CupomModalidadeInexistente, "modalidade", nome))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// couponCode: 3 to 30 letters (ASCII), digits, '-' or '_'.
func couponCode(s string) bool {
	if len(s) < 3 || len(s) > 30 {
		return false
	}
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
