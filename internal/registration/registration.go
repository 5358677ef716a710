// Package registration is the rules of selling a registration inside Pelotão, apart from storage
// and HTTP: the offer an event makes now (its current lot, its prices, why it is closed, the
// slots left), an order's quote (each athlete priced in turn, the 60+ half price or a coupon,
// whichever is larger), the category an athlete's age and sex give, and the checks of each
// athlete's data. Money is whole centavos (money.Centavos, written in reais in JSON).
//
// The counts of registrations already taken (confirmed plus held) come from the caller, so the
// store can count them inside the transaction that takes the slots.
package registration

import (
	"sort"
	"strings"

	"pelotao/internal/event"
	"pelotao/internal/money"
)

// centavos converts a price typed in reais (at most two decimals, as event validation ensures).
func centavos(d event.Decimal) money.Centavos {
	c, _ := money.FromReais(d.Value)
	return c
}

// Counts are the registrations an event has already taken, confirmed plus held.
type Counts struct {
	Evento     int
	Modalidade map[string]int // by modality name
	Lote       map[string]int // by lot name
	// Grupo: the registrations held or confirmed of the order's group (0 for an order without
	// one), which its price tier counts (GRP-21).
	Grupo int
}

// Closed is why an event or a modality takes no registration now: Code is
// inscricoes-encerradas (period, lot dates, ativas, status) or esgotado (a count is full), the
// HTTP 409's error code; Motivo says it in pt-BR.
type Closed struct {
	Code   string
	Motivo string
}

func (c *Closed) Error() string { return "registration: closed: " + c.Code + ": " + c.Motivo }

func encerradas(motivo string) *Closed { return &Closed{Code: Const.Codes.Encerradas, Motivo: motivo} }
func esgotado(motivo string) *Closed   { return &Closed{Code: Const.Codes.Esgotado, Motivo: motivo} }

// FieldErrors are what is wrong with an order, a pt-BR message per field path such as
// "atletas.1.documento" or "cupom"; the API answers them with 422.
type FieldErrors map[string]string

func (e FieldErrors) Error() string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("registration: invalid:")
	for _, k := range keys {
		b.WriteString(" " + k + ": " + e[k])
	}
	return b.String()
}

// FieldErrors is the message of each field that needs correcting.
func (e FieldErrors) FieldErrors() map[string]string { return e }

// add keeps the first message of a field: it is the most basic one.
func (e FieldErrors) add(field, msg string) {
	if _, ok := e[field]; !ok {
		e[field] = msg
	}
}
