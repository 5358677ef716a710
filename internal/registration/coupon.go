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
	lim := Const.Limits
	c.Codigo = strings.TrimSpace(c.Codigo)
	switch {
	case c.Codigo == "":
		errs.add("codigo", m.CupomCodigoVazio)
	case !couponCode(c.Codigo):
		errs.add("codigo", Fill(m.CupomCodigo, "min", itoa(lim.CupomCodigoMin), "max", itoa(lim.CupomCodigoMax)))
	}
	cents := c.Valor * 100
	switch {
	case c.Tipo != CupomPercentual && c.Tipo != CupomFixo:
		errs.add("tipo", m.CupomTipo)
	case c.Valor == 0:
		errs.add("valor", m.CupomValorZero)
	case c.Valor < 0 || math.Abs(cents-math.Round(cents)) > 1e-6: // reais, or hundredths of a percent (12.5 %)
		errs.add("valor", m.CupomValor)
	case c.Tipo == CupomPercentual && c.Valor > float64(lim.CupomPercentualMax):
		errs.add("valor", Fill(m.CupomPercentual, "percentualMax", itoa(lim.CupomPercentualMax)))
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

// couponCode: CupomCodigoMin to CupomCodigoMax letters (ASCII), digits, '-' or '_'.
func couponCode(s string) bool {
	if len(s) < Const.Limits.CupomCodigoMin || len(s) > Const.Limits.CupomCodigoMax {
		return false
	}
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
