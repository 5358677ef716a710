package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"pelotao/internal/money"
	"pelotao/internal/participant"
)

// OrderStore stores registration orders sold by Pelotão (docs/architecture.md, "Orders"), their
// registrations, Pix payments, refunds and history, and the events' coupons. The store never
// prices: it hands the counts it reads under the event's lock to the order's Pricer (package
// registration's, in the server), then takes and checks capacity.
//
// A hold is an order awaiting payment whose ExpiraEm has not passed. Every count (event,
// modality, lot, coupon uses, the buyer's open orders, a document's registration) takes the
// confirmed registrations plus those held, so an expired hold is free at once; ExpireOrders only
// records it and says which charges to remove.
type OrderStore interface {
	// CreateOrder prices the order (NewOrder.Price), checks and takes its capacity in one
	// transaction under the event's lock: the Pricer's own error, ErrSoldOut (a *SoldOutError says which limit), ErrAlreadyRegistered, ErrOrderLimit,
	// ErrRegistrationLimit (a *RegistrationLimitError), ErrCouponUsedUp, ErrIdempotencyKeyReused,
	// ErrTooManyFromSender (NewOrder.Sender). An IdempotencyKey the buyer used before in the
	// event, with the same IdempotencyHash, returns that first order. A free order (Total 0) is
	// confirmed at once.
	CreateOrder(ctx context.Context, o NewOrder) (Order, error)
	// CreateOrderSet creates every order of set, in its order, as CreateOrder would, or none:
	// one transaction under the lock of their event (one event, one buyer: a coach's
	// spreadsheet, GRP-71). On an error it returns it with the index of the order that failed;
	// no order is kept. An order of an IdempotencyKey used before comes back with its ID only,
	// as a free one does: the caller reads them.
	CreateOrderSet(ctx context.Context, set []NewOrder) ([]Order, int, error)
	// SetOrderPix keeps the PSP's answer to the order's charge (the copy-and-paste code and its
	// location); ErrNotFound when the order is not awaiting payment.
	SetOrderPix(ctx context.Context, orderID, copiaECola, location string) error
	// DiscardOrder deletes an order awaiting payment whose charge could not be made, so no hold
	// remains; ErrNotFound when there is none.
	DiscardOrder(ctx context.Context, orderID string) error
	// ConfirmOrder records a Pix paid for the order of p.Txid and confirms the order: each
	// registration gets its codigo and becomes a participant (origem pelotao). An endToEndId
	// recorded before changes nothing and returns the order as it is, with the refusal it had the
	// first time (nil: it confirmed the order), so that a payment whose return was never
	// recorded is returned when read again (REG-301). A payment after the hold
	// passed confirms only if the registrations still fit c (the event's limits now): otherwise
	// ErrSoldOut or ErrCouponUsedUp, the payment recorded for its refund. A document of the order
	// in the event meanwhile (an imported participant, another order's registration): an
	// *AlreadyRegisteredError naming it, the payment recorded for its refund and the order
	// expirado (REG-180). ErrNotFound: no order
	// has this txid. ErrNotPending: the order was cancelled or paid before (the payment is
	// recorded, for a refund).
	ConfirmOrder(ctx context.Context, p Payment, c Capacity) (Order, error)
	// ExpireOrders marks expirado the orders whose hold passed at now and returns their charges
	// (a Pix txid, a card preference), which their providers should withdraw.
	ExpireOrders(ctx context.Context, now time.Time) ([]Charges, error)
	// SetOrderCard keeps the card provider's answer to a card order's preference: its id and where
	// the buyer pays (CARD-20); ErrNotFound when the order is not awaiting payment by card.
	SetOrderCard(ctx context.Context, orderID, preferencia, checkoutURL string) error
	// SwitchPayment makes the order awaiting payment, its hold not passed at now, one paid by
	// metodo (CARD-21): to Pix with the new charge txid (its code is kept by SetOrderPix), to card
	// without a checkout yet (SetOrderCard). The hold keeps its end; the charges made before stay
	// named on the order (Txid, Preferencia) until replaced, so that a payment made on one just
	// before it was withdrawn is still found. ErrNotPending: not awaiting payment, or its hold passed.
	SwitchPayment(ctx context.Context, orderID, metodo, txid string, now time.Time) (Order, error)
	// ConfirmCardPayment records the card payment p of the order (once per p.ID: the same payment
	// again changes nothing and returns the order as it is) and, p approved, confirms the order
	// as ConfirmOrder does a Pix, with the same refusals (ErrSoldOut, ErrCouponUsedUp, an
	// *AlreadyRegisteredError, ErrNotPending), the payment kept for its refund. ErrNotFound: no
	// such order.
	ConfirmCardPayment(ctx context.Context, orderID string, p CardPayment, c Capacity) (Order, error)
	// RecordCardPayment records a card payment of the order that confirms nothing — declined,
	// waiting, or approved for another amount or currency (motivo then goes to the history, and
	// the payment can be refunded) — or the new status of one recorded before. changed is false
	// when the payment was recorded with this status already. ErrNotFound: no such order.
	RecordCardPayment(ctx context.Context, orderID string, p CardPayment, motivo string) (o Order, changed bool, err error)
	// CancelOrder cancels an order awaiting payment (its counts are freed), or a free order paid
	// at once (its registrations leave the participants, as a refunded order's); ErrNotPending
	// otherwise.
	CancelOrder(ctx context.Context, orderID string, by Actor) (Order, error)
	// CancelRegistration cancels one confirmed registration of a paid order that has another
	// confirmed registration, in one transaction under the locks of CancelOrder and AddRefund: the
	// registration becomes cancelada (its slots and coupon use are freed), its participant leaves
	// the event, and refunds (its share of the money, each as AddRefund records it; none when
	// nothing is to return) are recorded EM_PROCESSAMENTO for the caller to ask of the PSP.
	// ErrNotFound: no such registration; ErrNotPending: the order is not paid or the registration
	// not confirmed; ErrLastRegistration: it is the order's only confirmed registration (the
	// order's cancellation is then the way); ErrRefundTooLarge: a refund would pass what its
	// payment has left (another refund took it meanwhile). Nothing is written on an error.
	CancelRegistration(ctx context.Context, registrationID string, refunds []Refund, by Actor) (Order, error)
	// HeldDocuments lists the registrations of the event's orders awaiting payment whose hold has
	// not passed at now (their documents and names): an import leaves their rows out (REG-181).
	HeldDocuments(ctx context.Context, eventID string, now time.Time) ([]participant.Held, error)
	// OrdersAwaitingPayment lists the orders created by createdBy that await payment, or whose
	// hold ended after expiredSince, expired or cancelled, oldest first (the reconciliation reads
	// their charges back: a Pix made as its order was cancelled is found and returned, REG-183).
	OrdersAwaitingPayment(ctx context.Context, createdBy, expiredSince time.Time) ([]Order, error)
	// ClaimCardChecks picks at most n approved card payments (their ids) of paid orders, approved
	// since approvedSince and not read back since checkedBefore, the least recently read first
	// (one never read counts from its approval), and records them read back at now: the
	// reconciliation reads them from the card provider, so that a lost refund or chargeback is
	// found (CARD-51).
	ClaimCardChecks(ctx context.Context, approvedSince, checkedBefore, now time.Time, n int) ([]string, error)
	// Order returns one order with its registrations, payments and refunds; ErrNotFound.
	Order(ctx context.Context, id string) (Order, error)
	// OrderByIdempotencyKey returns the order the buyer made in the event with this
	// Idempotency-Key; ErrNotFound.
	OrderByIdempotencyKey(ctx context.Context, buyerID, eventID, key string) (Order, error)
	// OrdersOfBuyer lists an account's orders, newest first.
	OrdersOfBuyer(ctx context.Context, buyerID string) ([]Order, error)
	// OrdersOfAthleteEmail lists the orders, newest first, with a confirmed registration whose
	// athlete gave this e-mail (case-insensitively).
	OrdersOfAthleteEmail(ctx context.Context, email string) ([]Order, error)
	// OrderOfCode returns the order of the registration whose codigo this is; ErrNotFound.
	OrderOfCode(ctx context.Context, codigo string) (Order, error)
	// ClaimOrderReceipt marks a paid order's confirmation e-mails as sent and reports whether
	// this call did: true once per order, however many confirmations race.
	ClaimOrderReceipt(ctx context.Context, orderID string, now time.Time) (bool, error)
	// EventOrders returns one page of an event's orders, newest first. The same page asked again
	// may share its orders with the first answer: read them, never change them.
	EventOrders(ctx context.Context, q OrderQuery) (OrderPage, error)
	// Buyers reads the accounts of ids (buyers of orders) at once; an id without an account (one
	// deleted since) is left out.
	Buyers(ctx context.Context, ids []string) (map[string]Buyer, error)
	// AddRefund records a devolução of the payment r.EndToEndID before it is asked of the PSP
	// (status EM_PROCESSAMENTO; r.ID made by the caller). ErrRefundTooLarge: with that payment's
	// other refunds not NAO_REALIZADO it would pass what was received. An id recorded before
	// changes nothing (a retry). ErrNotFound: no such payment of the order.
	AddRefund(ctx context.Context, orderID string, r Refund, by Actor) (Order, error)
	// SetRefundStatus records the PSP's answer about a refund. A paid order whose DEVOLVIDO
	// refunds reach its total becomes reembolsado and its registrations cancelada, freeing their
	// slots. ErrNotFound: no such refund.
	SetRefundStatus(ctx context.Context, refundID, status string, now time.Time) (Order, error)
	// TakenCounts counts an event's registrations that take capacity at now (confirmed, or
	// held), in all, by modality and by lot.
	TakenCounts(ctx context.Context, eventID string, now time.Time) (Taken, error)
	// OrderHistory lists what happened to an order, oldest first.
	OrderHistory(ctx context.Context, orderID string) ([]OrderEvent, error)
	// OrderByTxid returns the order of a Pix charge; ErrNotFound.
	OrderByTxid(ctx context.Context, txid string) (Order, error)
	// OrderOfRegistration returns the order holding a registration; ErrNotFound.
	OrderOfRegistration(ctx context.Context, registrationID string) (Order, error)
	// RecordPayment records a Pix of the order of p.Txid that confirms nothing (an amount other
	// than charged), so that it can be returned; motivo goes to the history. The same endToEndId
	// again records nothing. ErrNotFound: no order has this txid.
	RecordPayment(ctx context.Context, p Payment, motivo string) (Order, error)
	// RefundsInProgress lists the refunds still EM_PROCESSAMENTO, oldest first, each with its
	// OrderID (the reconciliation asks them of the PSP again).
	RefundsInProgress(ctx context.Context) ([]Refund, error)
	// EventFinance reads an event's money at now: what was received and returned, its orders
	// by status (a hold passed at now counts as expirado) and its confirmed registrations.
	EventFinance(ctx context.Context, eventID string, now time.Time) (Finance, error)
	// EditRegistration writes a registration's new data (and its participant's, once paid,
	// with a new rev), with an entry in its order's history. ErrNotFound: no such
	// registration; ErrAlreadyRegistered: the new document is registered in the event.
	EditRegistration(ctx context.Context, registrationID string, e RegistrationEdit, by Actor) (Order, error)

	// Coupons lists an event's coupons by code, each with its uses.
	Coupons(ctx context.Context, eventID string) ([]Coupon, error)
	// SaveCoupon creates or replaces an event's coupon (by its code, case-insensitively).
	SaveCoupon(ctx context.Context, c Coupon) error
	// DeleteCoupon removes a coupon no registration used; ErrNotFound, ErrConflict (used).
	DeleteCoupon(ctx context.Context, eventID, codigo string) error
}

var (
	// ErrSoldOut: a count is full; errors.As gives a *SoldOutError naming it.
	ErrSoldOut = errors.New("store: sold out")
	// ErrAlreadyRegistered: a document of the order is registered (confirmed or held) in the event.
	ErrAlreadyRegistered = errors.New("store: already registered")
	// ErrOrderLimit: the buyer has NewOrder.MaxOpenOrders orders awaiting payment.
	ErrOrderLimit = errors.New("store: too many orders awaiting payment")
	// ErrRegistrationLimit: the order would take the buyer past NewOrder.MaxRegistrations in the
	// event; errors.As gives a *RegistrationLimitError.
	ErrRegistrationLimit = errors.New("store: too many registrations for one account")
	// ErrCouponUsedUp: the coupon is paused, unknown or has no uses left.
	ErrCouponUsedUp = errors.New("store: coupon unavailable")
	// ErrRefundTooLarge: a refund would return more than its payment received.
	ErrRefundTooLarge = errors.New("store: refund larger than the payment")
	// ErrIdempotencyKeyReused: the buyer's Idempotency-Key made an order in the event from
	// another request body.
	ErrIdempotencyKeyReused = errors.New("store: idempotency key reused with another request")
	// ErrNotPending: the order is no longer awaiting payment.
	ErrNotPending = errors.New("store: order not awaiting payment")
	// ErrLastRegistration: the registration is its order's only confirmed one.
	ErrLastRegistration = errors.New("store: the order's last confirmed registration")
)

// Which limit a SoldOutError names.
const (
	LimitEvent    = "evento"
	LimitModality = "modalidade"
	LimitLot      = "lote"
)

// SoldOutError says which count is full: Limit, and the modality's or lot's Name.
type SoldOutError struct{ Limit, Name string }

func (e *SoldOutError) Error() string        { return fmt.Sprintf("store: sold out: %s %s", e.Limit, e.Name) }
func (e *SoldOutError) Is(target error) bool { return target == ErrSoldOut }

// RegistrationLimitError says how many registrations the buyer holds or has confirmed in the
// event (Held) and how many one account may (Max).
type RegistrationLimitError struct{ Held, Max int }

func (e *RegistrationLimitError) Error() string {
	return fmt.Sprintf("store: the account holds %d of %d registrations", e.Held, e.Max)
}
func (e *RegistrationLimitError) Is(target error) bool { return target == ErrRegistrationLimit }

// AlreadyRegisteredError names the athlete (position in the order) whose document is taken.
type AlreadyRegisteredError struct{ Index int }

func (e *AlreadyRegisteredError) Error() string {
	return fmt.Sprintf("store: athlete %d already registered", e.Index)
}
func (e *AlreadyRegisteredError) Is(target error) bool { return target == ErrAlreadyRegistered }

// Order statuses.
const (
	OrderAwaiting = "aguardando_pagamento"
	OrderPaid     = "pago"
	OrderExpired  = "expirado"
	OrderCanceled = "cancelado"
	OrderRefunded = "reembolsado"
)

// Registration statuses.
const (
	RegistrationPending   = "pendente"
	RegistrationConfirmed = "confirmada"
	RegistrationCanceled  = "cancelada"
)

// Capacity is the event's limits when the order is made; nil or absent: no limit.
type Capacity struct {
	Evento      *int
	Modalidades map[string]int // percurso → slots
	Lotes       map[string]int // lot name → maxVagas (lots closing by count)
}

// Taken is what an event's registrations take of its capacity: in all, by percurso, by lot,
// and the uses of its coupons (by CouponKey).
type Taken struct {
	Evento      int
	Modalidades map[string]int
	Lotes       map[string]int
	Cupons      map[string]int
	// Grupo is, for the order being priced, its group's registrations (NewOrder.Grupo), held or
	// confirmed; 0 without a group (GRP-21).
	Grupo int
}

// Clone is a copy of t that shares no map with it.
func (t Taken) Clone() Taken {
	t.Modalidades, t.Lotes, t.Cupons = maps.Clone(t.Modalidades), maps.Clone(t.Lotes), maps.Clone(t.Cupons)
	return t
}

// An OrderBatcher creates many orders at once (a large sale seeded for the benchmarks), each
// as CreateOrder would, in fewer transactions that count each event once instead of once per
// order. SQLite's CreateOrder needs none: its writer keeps the counts from order to order.
type OrderBatcher interface {
	// CreateOrders creates orders in their order. On an error, no order of the transaction that
	// failed is kept; those of the transactions before it are.
	CreateOrders(ctx context.Context, orders []NewOrder) error
}

// NewOrder is an order to create; the store makes its ids, Price its athletes.
type NewOrder struct {
	EventID, BuyerID string
	IdempotencyKey   string // '' none; the buyer's in the event
	IdempotencyHash  string // the request body's hash, kept with the key: the key again with another is refused
	Cupom            string // the code as typed; '' none
	Txid             string // the Pix charge's, made before; kept only when the order costs something
	Pagamento        string // PaymentPix ('' too) or PaymentCard
	Now, ExpiraEm    time.Time
	Vagas            Capacity
	Price            Pricer
	// Sender, when set, is the slot of the client address's limit the request takes, in the
	// order's own transaction and before anything else (TakeSenderSlot's rule): past the limit,
	// ErrTooManyFromSender. Nil: no limit.
	Sender *SenderSlot
	// The buyer's limits (0: none). PedidosAbertosMax: orders awaiting payment at once, in every
	// event (a free order never awaits). InscricoesPorContaMax: registrations held or confirmed in
	// the event, free ones and this order's included.
	PedidosAbertosMax, InscricoesPorContaMax int
	// Grupo, when set, is the group every registration of the order joins in its transaction
	// (GRP-17): ErrGroupUnknown when the event has no group of its code; a *GroupFullError
	// past its Max. Its coaches' orders for it skip InscricoesPorContaMax (GRP-19).
	Grupo *OrderGroup
}

// Pricer prices an order's athletes from what the event has taken and the order's coupon (nil:
// none named, or no coupon of that code) as they stand under the event's lock, so the lot each
// athlete gets and its price are those the order holds. Its error is returned as it is.
type Pricer func(taken Taken, coupon *Coupon) ([]NewRegistration, error)

// NewRegistration is one priced athlete. UsesCoupon: its discount came from the order's coupon.
type NewRegistration struct {
	DocTipo, DocNumero, Nome, Percurso, Lote, Categoria, Camiseta string
	Valor, Desconto, Total                                        money.Centavos
	UsaCupom                                                      bool
	Atleta                                                        json.RawMessage
	DescontoGrupo                                                 int // the group tier's percent that gave Desconto (GRP-21)
}

// Order is an order as stored.
type Order struct {
	ID, EventID, BuyerID, Status string
	Total                        money.Centavos
	Cupom                        string
	Txid, CopiaECola, Location   string
	// Pagamento is how the buyer pays: PaymentPix or PaymentCard. Preferencia is the order's card
	// preference (kept after a switch to Pix), CheckoutURL where the buyer pays it while the order
	// is paid by card.
	Pagamento, Preferencia, CheckoutURL string
	CriadoEm, ExpiraEm                  time.Time
	PagoEm                              *time.Time
	Inscricoes                          []Registration
	// Pagamentos is the money received, whatever the method: each Pix, each card payment approved.
	Pagamentos []Payment
	// Cartoes is every card payment read for the order, approved or not, oldest first.
	Cartoes    []CardPayment
	Reembolsos []Refund
	Rev        int64 // as the event's orders list read it (OrdersChangedAfter), 0 when read otherwise
}

// Registration is one athlete of an order.
type Registration struct {
	ID, DocTipo, DocNumero, Nome, Percurso, Lote, Categoria, Camiseta string
	Valor, Desconto, Total                                            money.Centavos
	Status, Codigo, ParticipantID                                     string
	Atleta                                                            json.RawMessage
	DescontoGrupo                                                     int // the group tier's percent that gave Desconto, 0 none (GRP-21)
}

// Payment is money received for an order: a Pix of its charge, or a card payment approved.
// EndToEndID is the payment's id at its provider (a Pix's endToEndId, a card payment's Mercado
// Pago id), which its refunds name; Txid is the Pix charge's (” for a card).
type Payment struct {
	EndToEndID, Txid string
	Metodo           string // PaymentPix or PaymentCard
	Valor            money.Centavos
	Horario          time.Time
}

// How an order is paid (orders.pagamento), and which provider a payment or a refund is of.
const (
	PaymentPix  = "pix"
	PaymentCard = "cartao"
)

// CardPayment is a card payment as the card provider reported it (Mercado Pago's GET
// /v1/payments/{id}), recorded once per ID.
type CardPayment struct {
	ID                   string         // the provider's payment id
	Status, StatusDetail string         // approved, rejected, in_process… as the provider says
	Valor                money.Centavos // centavos
	Parcelas             int
	Taxas, Liquido       money.Centavos // the seller's fees and what it receives, centavos
	AprovadoEm           *time.Time     // first read approved (as recorded); nil: never
}

// Charges are what was asked of the providers for one order: its Pix charge and its card
// preference (” none), to withdraw when the order ends unpaid.
type Charges struct{ Txid, Preferencia string }

// Refund statuses, as the API Pix names them.
const (
	RefundProcessing = "EM_PROCESSAMENTO"
	RefundReturned   = "DEVOLVIDO"
	RefundFailed     = "NAO_REALIZADO"
)

// Refund is a devolução of a payment.
type Refund struct {
	ID, OrderID, EndToEndID string
	Metodo                  string // the payment's: PaymentPix or PaymentCard
	Valor                   money.Centavos
	Status, Motivo          string
	CriadoEm                time.Time
}

// OrderEvent is one entry of an order's history.
type OrderEvent struct {
	Tipo    string
	Em      time.Time
	Por     string
	Detalhe json.RawMessage
}

// Order history kinds.
const (
	OrderCreated       = "criado"
	OrderPaidEvent     = "pago"
	OrderExpiredEvent  = "expirado"
	OrderCanceledEvent = "cancelado"
	OrderLatePaidEvent = "pagamento_apos_fim"
	OrderRefundEvent   = "reembolso"
	OrderEditedEvent   = "inscricao_editada"
	OrderReturnedEvent = "pagamento_divergente"
	// OrderRegistrationCanceledEvent: one registration of a paid order cancelled alone (REG-240).
	OrderRegistrationCanceledEvent = "inscricao_cancelada"
	// OrderCardPaymentEvent: a card payment read with a status that confirms nothing (declined,
	// waiting), CARD-22.
	OrderCardPaymentEvent = "pagamento_cartao"
	// OrderSwitchedEvent: the buyer switched the order's payment method (CARD-21).
	OrderSwitchedEvent = "pagamento_trocado"
)

// OrderQuery selects a page of an event's orders.
type OrderQuery struct {
	EventID string
	Q       string // words of a name, a document, a code or an order id
	Status  string // '' every status
	Limit   int    // 1..MaxParticipantLimit; 0: DefaultParticipantLimit
	Cursor  string
}

// OrderPage is one page; Total counts every order the query selects.
type OrderPage struct {
	Orders     []Order
	Total      int
	NextCursor string
}

// Coupon types.
const (
	CouponPercent = "percentual"
	CouponFixed   = "fixo"
)

// Coupon is an event's discount code. Valor: centavos for fixo, hundredths of a percent for
// percentual (2000 is 20 %). Usos counts the registrations confirmed or held that took it.
type Coupon struct {
	EventID, Codigo, Tipo string
	Valor                 int64
	MaxUsos               *int
	ValidoAte             string // YYYY-MM-DD, inclusive; '' no end
	Modalidades           []string
	Ativo                 bool
	Usos                  int
}

// CouponKey is a coupon code as compared: trimmed, upper case.
func CouponKey(codigo string) string { return strings.ToUpper(strings.TrimSpace(codigo)) }
