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
	Pedidos                  map[string]int // order status → how many
	Vendas                   []SoldGroup
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
