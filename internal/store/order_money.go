package store

import (
	"encoding/json"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/participant"
)

// Finance is an event's money as stored (OrderStore.EventFinance); package orders groups it.
type Finance struct {
	Recebido    money.Centavos // every Pix received for the event's orders
	Reembolsado money.Centavos // the refunds DEVOLVIDO
	// ReembolsoEmProcessamento is the refunds still EM_PROCESSAMENTO: asked of the PSP, not yet returned (REG-272).
	ReembolsoEmProcessamento money.Centavos
	// PorMetodo is the same money by payment method (PaymentPix, PaymentCard), with the card fees.
	PorMetodo map[string]MethodMoney
	Pedidos   map[string]int // order status → how many
	Vendas    []SoldGroup
}

// SoldGroup is the confirmed registrations of one lot (” when priced by kit) and modality whose
// orders were paid within one hour (UTC): how many and their total. A sale of 30,000 is then a
// few thousand groups to place on days, not 30,000; an hour falls within one calendar day of a
// zone whose offset is whole hours, as every Brazilian zone's is, so the days are grouped in the
// event's zone from them exactly.
type SoldGroup struct {
	Lote, Percurso string
	Hora           time.Time // the hour's start
	Inscricoes     int
	Total          money.Centavos
}

// RegistrationEdit is a registration's data after an edit: the columns, the athlete as typed
// (JSON) and, for the history, what changed.
type RegistrationEdit struct {
	Nome                string
	Documento           participant.Documento
	Categoria, Camiseta string
	Atleta              json.RawMessage
	Changes             map[string]Change
}

// Change is one field's value before and after an edit.
type Change struct {
	De   any `json:"de"`
	Para any `json:"para"`
}

// MethodMoney is money of one payment method (PaymentPix, PaymentCard), centavos: what was
// received, what went back (DEVOLVIDO), the refunds still EM_PROCESSAMENTO and, for cards, the
// provider's fees (fee_details) of the payments approved (CARD-27).
type MethodMoney struct {
	Recebido, Reembolsado, EmProcessamento, Taxas money.Centavos
}

// Liquido is what is left of m: received less returned and fees, so that the figures add up.
func (m MethodMoney) Liquido() money.Centavos { return m.Recebido - m.Reembolsado - m.Taxas }

// Add is m and n together.
func (m MethodMoney) Add(n MethodMoney) MethodMoney {
	return MethodMoney{m.Recebido + n.Recebido, m.Reembolsado + n.Reembolsado, m.EmProcessamento + n.EmProcessamento, m.Taxas + n.Taxas}
}

// MoneyOf is the money of o paid by metodo: its payments and refunds of that method and, for a
// card, the fees of its card payments approved.
func MoneyOf(o Order, metodo string) MethodMoney {
	var m MethodMoney
	for _, p := range o.Pagamentos {
		if p.Metodo == metodo {
			m.Recebido += p.Valor
		}
	}
	for _, r := range o.Reembolsos {
		if r.Metodo != metodo {
			continue
		}
		switch r.Status {
		case RefundReturned:
			m.Reembolsado += r.Valor
		case RefundProcessing:
			m.EmProcessamento += r.Valor
		}
	}
	if metodo == PaymentCard {
		for _, c := range o.Cartoes {
			if c.AprovadoEm != nil {
				m.Taxas += c.Taxas
			}
		}
	}
	return m
}

// Installments is how many installments o's card payment approved last was in; 0: none approved.
func Installments(o Order) int {
	n := 0
	for _, c := range o.Cartoes {
		if c.AprovadoEm != nil {
			n = c.Parcelas
		}
	}
	return n
}
