// Package pix speaks the Banco Central do Brasil's API Pix (the standard every Brazilian PSP
// implements), so that Pelotão charges through the company's own bank or PSP rather than one
// vendor's SDK. It knows charges (cob), the payments (pix) that settle them, refunds (devolução)
// and the webhook — nothing of registrations or orders: the code that sells uses it through the
// PSP interface, and tests and `PELOTAO_PIX_SANDBOX=1` put the in-memory PSP of pix/sandbox
// behind it.
//
// Money is money.Centavos, written "89.90" on the wire (money.go); JSON field names are the
// API's own (calendario, devedor, valor.original, pixCopiaECola…). The client is client.go, its
// errors errors.go, the txid txid.go, the webhook body webhook.go; the BR Code a PSP may leave out
// is pix/brcode.
package pix

import (
	"context"
	"time"

	"pelotao/internal/money"
)

// PSP is what Pelotão asks of a payment service provider.
type PSP interface {
	// CreateCharge opens the charge txid (PUT /cob/{txid}); the answer carries the copy-and-paste
	// code (built from its location when the PSP leaves it out).
	CreateCharge(ctx context.Context, txid string, c NewCharge) (Charge, error)
	// Charge reads a charge back (GET /cob/{txid}), with the payments it received.
	Charge(ctx context.Context, txid string) (Charge, error)
	// RemoveCharge withdraws an unpaid charge (PATCH /cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR).
	RemoveCharge(ctx context.Context, txid string) (Charge, error)
	// RegisterWebhook asks the PSP to POST received payments to url + "/pix" (PUT /webhook/{chave}).
	RegisterWebhook(ctx context.Context, url string) error
	// Refund returns amount of the payment endToEndID; id is Pelotão's, so a retry is the same
	// refund (PUT /pix/{e2eid}/devolucao/{id}).
	Refund(ctx context.Context, endToEndID, id string, amount money.Centavos) (Refund, error)
	// RefundStatus reads a refund back (GET /pix/{e2eid}/devolucao/{id}).
	RefundStatus(ctx context.Context, endToEndID, id string) (Refund, error)
	// Received reads one page of the Pix the key received between q.Start and q.End (GET /pix),
	// with or without a charge, each with its refunds: the bank statement a reconciliation reads.
	Received(ctx context.Context, q ReceivedQuery) (ReceivedPage, error)
}

// NewCharge is what Pelotão asks to be charged.
type NewCharge struct {
	Expiry  time.Duration  // calendario.expiracao, whole seconds: the order's hold
	Debtor  *Debtor        // devedor; nil when nobody on the order has a CPF
	Amount  money.Centavos // valor.original
	Message string         // solicitacaoPagador, shown in the payer's app (at most 140 characters)
}

// ChargeRequest is the body of PUT /cob/{txid} (CobSolicitada) as it travels.
type ChargeRequest struct {
	Calendar Calendar `json:"calendario"`
	Debtor   *Debtor  `json:"devedor,omitempty"`
	Value    Value    `json:"valor"`
	Key      string   `json:"chave"`
	Message  string   `json:"solicitacaoPagador,omitempty"`
}

// Debtor is the person a charge is made out to.
type Debtor struct {
	CPF  string `json:"cpf"` // 11 digits
	Name string `json:"nome"`
}

// ChargeStatus is a charge's status in the API.
type ChargeStatus string

// The statuses of a charge (cob).
const (
	ChargeActive       ChargeStatus = "ATIVA"
	ChargeCompleted    ChargeStatus = "CONCLUIDA"
	ChargeRemovedByUs  ChargeStatus = "REMOVIDA_PELO_USUARIO_RECEBEDOR"
	ChargeRemovedByPSP ChargeStatus = "REMOVIDA_PELO_PSP"
)

// Charge is a charge as the PSP answers it (CobGerada, CobCompleta).
type Charge struct {
	TxID      string       `json:"txid"`
	Revision  int          `json:"revisao"`
	Status    ChargeStatus `json:"status"`
	Calendar  Calendar     `json:"calendario"`
	Location  string       `json:"location,omitempty"`
	Loc       *Loc         `json:"loc,omitempty"`
	Debtor    *Debtor      `json:"devedor,omitempty"`
	Value     Value        `json:"valor"`
	Key       string       `json:"chave"`
	Message   string       `json:"solicitacaoPagador,omitempty"`
	CopyPaste string       `json:"pixCopiaECola,omitempty"`
	Payments  []Payment    `json:"pix,omitempty"`
}

// Calendar is a charge's calendario: when it was made and for how many seconds it can be paid.
type Calendar struct {
	Created       time.Time `json:"criacao,omitzero"`
	ExpirySeconds int       `json:"expiracao"`
}

// Loc is the payload location the PSP made for a charge.
type Loc struct {
	ID       int    `json:"id"`
	Location string `json:"location"`
	Kind     string `json:"tipoCob,omitempty"`
}

// Value is a charge's valor.
type Value struct {
	Original money.Centavos `json:"original"`
}

// Expires is the moment the charge can no longer be paid.
func (c Charge) Expires() time.Time {
	return c.Calendar.Created.Add(time.Duration(c.Calendar.ExpirySeconds) * time.Second)
}

// Received adds up the payments the charge received.
func (c Charge) Received() money.Centavos {
	var sum money.Centavos
	for _, p := range c.Payments {
		sum += p.Amount
	}
	return sum
}

// PaidInFull reports whether the charge is settled by exactly its amount: status CONCLUIDA and
// its pix[] adding up to valor.original. Only this confirms an order; a webhook never does alone.
func (c Charge) PaidInFull() bool {
	return c.Status == ChargeCompleted && len(c.Payments) > 0 && c.Received() == c.Value.Original
}

// Payment is a Pix received (an entry of pix[] in a charge or a webhook).
type Payment struct {
	EndToEndID string         `json:"endToEndId"`
	TxID       string         `json:"txid,omitempty"`
	Amount     money.Centavos `json:"valor"`
	Time       time.Time      `json:"horario"`
	Key        string         `json:"chave,omitempty"`
	PayerInfo  string         `json:"infoPagador,omitempty"`
	Refunds    []Refund       `json:"devolucoes,omitempty"`
}

// ReceivedQuery asks GET /pix for one page of the Pix received from Start to End (inicio, fim:
// RFC 3339). Page counts from 0 (paginacao.paginaAtual); PerPage is paginacao.itensPorPagina,
// zero: the PSP's default (100), at most MaxPerPage.
type ReceivedQuery struct {
	Start, End    time.Time
	Page, PerPage int
}

// MaxPerPage is the most Pix one page of GET /pix may hold (the API's limit).
const MaxPerPage = 1000

// ReceivedPage is the answer of GET /pix: the query as the PSP read it and one page of Pix.
type ReceivedPage struct {
	Params ReceivedParams `json:"parametros"`
	Pix    []Payment      `json:"pix"`
}

// ReceivedParams is the answer's parametros.
type ReceivedParams struct {
	Start  time.Time `json:"inicio"`
	End    time.Time `json:"fim"`
	Paging Paging    `json:"paginacao"`
}

// Paging is where a page stands among the answer's pages (paginacao).
type Paging struct {
	Page    int `json:"paginaAtual"`
	PerPage int `json:"itensPorPagina"`
	Pages   int `json:"quantidadeDePaginas"`
	Total   int `json:"quantidadeTotalDeItens"`
}

// Returned adds up the refunds of the payment the PSP settled (DEVOLVIDO).
func (p Payment) Returned() money.Centavos {
	var sum money.Centavos
	for _, r := range p.Refunds {
		if r.Status == RefundReturned {
			sum += r.Amount
		}
	}
	return sum
}

// RefundStatus is a refund's status in the API.
type RefundStatus string

// The statuses of a refund (devolução): in progress, then returned or not.
const (
	RefundInProgress RefundStatus = "EM_PROCESSAMENTO"
	RefundReturned   RefundStatus = "DEVOLVIDO"
	RefundNotDone    RefundStatus = "NAO_REALIZADO"
)

// RefundOriginal is the only natureza Pelotão asks for: money back from the original payment.
const RefundOriginal = "ORIGINAL"

// Refund is a devolução.
type Refund struct {
	ID     string         `json:"id"`
	RtrID  string         `json:"rtrId,omitempty"`
	Amount money.Centavos `json:"valor"`
	Nature string         `json:"natureza,omitempty"`
	Times  RefundTimes    `json:"horario"`
	Status RefundStatus   `json:"status"`
	Reason string         `json:"motivo,omitempty"`
}

// RefundRequest is the body of PUT /pix/{e2eid}/devolucao/{id}.
type RefundRequest struct {
	Amount money.Centavos `json:"valor"`
	Nature string         `json:"natureza,omitempty"`
}

// RefundTimes is when a refund was asked for and, once final, settled.
type RefundTimes struct {
	Requested time.Time `json:"solicitacao,omitzero"`
	Settled   time.Time `json:"liquidacao,omitzero"`
}
