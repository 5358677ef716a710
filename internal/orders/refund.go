package orders

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/pix"
	"pelotao/internal/registration"
	"pelotao/internal/store"
)

// Why money goes back, as the buyer's e-mail says it; those of a payment returned by itself are
// the same for a Pix and a card (CARD-23).
const (
	MotivoOrganizacao     = "A organização do evento fez um reembolso do seu pedido." // in full or in part: the e-mail says how much
	MotivoCancelamento    = "Você cancelou o seu pedido dentro do prazo de arrependimento."
	MotivoSemVagas        = "O seu pagamento chegou depois do fim da reserva, e as vagas já tinham se esgotado; por isso a inscrição não foi confirmada."
	MotivoValorDiferente  = "O seu pagamento tinha um valor diferente do cobrado; por isso a inscrição não foi confirmada."
	MotivoPedidoEncerrado = "O seu pagamento chegou para um pedido que já estava pago ou cancelado."
	// MotivoDocumentoInscrito: motivoJaInscrito when the athlete cannot be named.
	MotivoDocumentoInscrito = "Um CPF ou passaporte deste pedido já está inscrito neste evento (a inscrição foi registrada antes do seu pagamento chegar); por isso o pedido não foi confirmado."
)

// motivoJaInscrito is why a payment of o went back when the document of its athlete at i was
// registered in the event (by the organizer's import, or another order) while the order waited
// for it (REG-180); an athlete the order does not have (i out of range) is not named, and the
// payment goes back all the same (REG-301).
func motivoJaInscrito(o store.Order, i int) string {
	if i < 0 || i >= len(o.Inscricoes) {
		return MotivoDocumentoInscrito
	}
	r := o.Inscricoes[i]
	doc := "CPF"
	if r.DocTipo == participant.Passaporte {
		doc = "passaporte"
	}
	return fmt.Sprintf("O %s de %s já está inscrito neste evento (a inscrição foi registrada antes do seu pagamento chegar); por isso o pedido não foi confirmado.", doc, r.Nome)
}

// The keys Pelotão names its own refunds with. The organizer's keys are apart from them
// (organizerKey), so that an organizer's refund can never take the buyer's cancellation's id
// and answer for it (REG-190).
const (
	keyCancelamento        = "cancelamento"
	keyDevolucaoAutomatica = "devolucao-automatica"
)

// organizerKey is the key of a refund the organizer asked for with the Idempotency-Key key (”
// none): in a space of its own, which no key of Pelotão's is in (they have no ':').
func organizerKey(key string) string {
	if key == "" {
		return ""
	}
	return "organizacao:" + key
}

// refundID is the devolução's id, made by Pelotão: the API Pix's id of PUT
// /pix/{e2eid}/devolucao/{id}, [a-zA-Z0-9]{1,35} — "D" and 32 hex digits (33), or "D" and
// rand.Text's 26 base-32 symbols (27). With a key (the organizer's, organizerKey; the
// buyer's cancellation; a payment returned automatically) it is derived from the order, the
// key and the payment, so asking again names the same refund and the PSP never returns the
// money twice; without one it is random.
func refundID(orderID, key, endToEndID string) string {
	if key == "" {
		return "D" + rand.Text()
	}
	sum := sha256.Sum256([]byte(orderID + "\x00" + key + "\x00" + endToEndID))
	return "D" + hex.EncodeToString(sum[:16])
}

// left is what each payment of o can still return: received minus its refunds not refused.
func left(o store.Order) map[string]money.Centavos {
	m := map[string]money.Centavos{}
	for _, p := range o.Pagamentos {
		m[p.EndToEndID] += p.Valor
	}
	for _, r := range o.Reembolsos {
		if r.Status != store.RefundFailed {
			m[r.EndToEndID] -= r.Valor
		}
	}
	return m
}

// Refundable is what the paid order o can still return, in centavos: received less every refund
// not refused (REG-167).
func Refundable(o store.Order) money.Centavos {
	var total money.Centavos
	for _, v := range left(o) {
		total += max(v, 0)
	}
	return total
}

// Refund is the organizer's refund of valor centavos (0: all that is left) of the paid order o;
// key is the organizer's Idempotency-Key (” none), which makes a retry the same refund and
// never names a refund of the buyer's or of Pelotão's (refund).
func (s *Service) Refund(ctx context.Context, o store.Order, valor money.Centavos, key string, by store.Actor) (store.Order, error) {
	return s.refund(ctx, o, valor, organizerKey(key), MotivoOrganizacao, by)
}

// refund returns valor centavos (0: all that is left) of the paid order o, from its payments in
// the order they came, and asks the PSP for each part. key (” none; the organizer's made by
// organizerKey) makes a retry the same refund. A PSP that fails leaves the refund pending
// (EM_PROCESSAMENTO): ReconcileRefunds asks again with the same id. registration.FieldErrors
// ("valor"): nothing or less is left.
func (s *Service) refund(ctx context.Context, o store.Order, valor money.Centavos, key, motivo string, by store.Actor) (store.Order, error) {
	m := registration.Const.Messages
	if o.Status != store.OrderPaid {
		return o, &Refusal{Code: "conflict", Motivo: m.ReembolsoPedido}
	}
	if key != "" && len(o.Pagamentos) > 0 {
		id := refundID(o.ID, key, o.Pagamentos[0].EndToEndID)
		for _, r := range o.Reembolsos {
			if r.ID == id { // asked before: answer it as it is, pushing the PSP again
				return s.pushRefunds(ctx, o, key)
			}
		}
	}
	rest := left(o)
	total := Refundable(o)
	if total == 0 {
		return o, registration.FieldErrors{"valor": m.ReembolsoNada}
	}
	if valor == 0 {
		valor = total
	}
	if valor < 0 || valor > total {
		return o, registration.FieldErrors{"valor": registration.Fill(m.ReembolsoMaior, "valor", total.BRL())}
	}
	for _, r := range refundParts(o, rest, valor, key, motivo) {
		if _, err := s.Store.AddRefund(ctx, o.ID, r, by); err != nil {
			if errors.Is(err, store.ErrRefundTooLarge) { // another refund took it meanwhile
				return o, registration.FieldErrors{"valor": m.ReembolsoNada}
			}
			return o, err
		}
		s.send(ctx, r, false)
	}
	return s.Store.Order(ctx, o.ID)
}

// refundParts splits valor centavos (at most what rest says o's payments have left, together)
// over o's payments in the order they came: the devoluções to ask, with ids made from key.
func refundParts(o store.Order, rest map[string]money.Centavos, valor money.Centavos, key, motivo string) []store.Refund {
	var parts []store.Refund
	for _, p := range o.Pagamentos {
		part := min(valor, max(rest[p.EndToEndID], 0))
		if part == 0 {
			continue
		}
		valor -= part
		parts = append(parts, store.Refund{ID: refundID(o.ID, key, p.EndToEndID), OrderID: o.ID, EndToEndID: p.EndToEndID,
			Metodo: p.Metodo, Valor: part, Motivo: motivo, Status: store.RefundProcessing})
		if valor == 0 {
			break
		}
	}
	return parts
}

// pushRefunds asks the PSP again for o's pending refunds made with key, and answers the order.
func (s *Service) pushRefunds(ctx context.Context, o store.Order, key string) (store.Order, error) {
	for _, p := range o.Pagamentos {
		id := refundID(o.ID, key, p.EndToEndID)
		for _, r := range o.Reembolsos {
			if r.ID == id && r.Status == store.RefundProcessing {
				r.OrderID = o.ID
				s.send(ctx, r, false)
			}
		}
	}
	return s.Store.Order(ctx, o.ID)
}

// returnPayment returns a payment of o (as the store answered its recording; its id at its
// provider, its method, its amount) in full, whatever its method, automatically (a late payment without room, another amount, a payment of an order no longer
// awaiting it); asking again is the same refund. A return o records already is left to the
// refunds' reconciliation, so that reading a returned payment again writes nothing.
func (s *Service) returnPayment(ctx context.Context, o store.Order, paymentID, metodo string, valor money.Centavos, motivo string) error {
	r := store.Refund{ID: refundID(o.ID, keyDevolucaoAutomatica, paymentID), OrderID: o.ID, EndToEndID: paymentID,
		Metodo: metodo, Valor: valor, Motivo: motivo, Status: store.RefundProcessing}
	for _, f := range o.Reembolsos {
		if f.ID == r.ID {
			return nil
		}
	}
	o, err := s.Store.AddRefund(ctx, o.ID, r, store.Actor{Nome: "Pelotão", At: s.now()})
	if errors.Is(err, store.ErrRefundTooLarge) {
		return nil // returned before, by this or by a refund of the organizer
	}
	if err != nil {
		return err
	}
	for _, f := range o.Reembolsos {
		if f.ID == r.ID && f.Status != store.RefundProcessing {
			return nil // asked before (the same payment read again) and already final
		}
	}
	s.send(ctx, r, false)
	return nil
}

// send asks the payment's provider for refund r (the same id each time, so the provider makes it
// once) and records its answer when final. poll: read the status back when the provider is still
// processing. A provider that is down or slow leaves the refund pending; one that refuses it
// makes it NAO_REALIZADO, which gives its amount back to what can be refunded. A card payment's
// refund goes to the card provider (sendCard): every refund of an order goes through here,
// whatever its method.
func (s *Service) send(ctx context.Context, r store.Refund, poll bool) {
	if r.Metodo == store.PaymentCard {
		s.sendCard(ctx, r, poll)
		return
	}
	if s.PSP == nil {
		return
	}
	ans, err := s.PSP.Refund(ctx, r.EndToEndID, r.ID, r.Valor)
	if err == nil && poll && ans.Status == pix.RefundInProgress {
		ans, err = s.PSP.RefundStatus(ctx, r.EndToEndID, r.ID)
	}
	var rej *pix.Rejected
	switch {
	case errors.As(err, &rej) && (rej.Problem.Status == 400 || rej.Problem.Status == 404) && strings.Contains(rej.Op, "devolucao"):
		s.Log.Warn("pix refund refused", "refund", r.ID, "err", err)
		s.settle(ctx, r, store.RefundFailed)
	case err != nil:
		s.Log.Warn("pix refund pending", "refund", r.ID, "err", err)
	case ans.Status == pix.RefundReturned || ans.Status == pix.RefundNotDone:
		s.settle(ctx, r, string(ans.Status))
	}
}

// settle records the final status of refund r (as its caller read it, EM_PROCESSAMENTO); when it
// becomes DEVOLVIDO, the buyer is told, once.
func (s *Service) settle(ctx context.Context, r store.Refund, status string) {
	o, err := s.Store.SetRefundStatus(ctx, r.ID, status, s.now())
	if err != nil {
		s.Log.Warn("refund status not recorded", "refund", r.ID, "err", err)
		return
	}
	if status == store.RefundReturned && r.Status == store.RefundProcessing {
		s.notifyRefund(ctx, o, r)
	}
}

// ReconcileRefunds asks the PSP again for every refund still pending: the PUT with the same id
// (a refund the PSP never got is made now, one it has is answered as it is), then its status.
func (s *Service) ReconcileRefunds(ctx context.Context) { s.readBackRefunds(ctx, "") }

// readBackRefunds is ReconcileRefunds for the refunds of the payment endToEndID only ("": all).
func (s *Service) readBackRefunds(ctx context.Context, endToEndID string) {
	pending, err := s.Store.RefundsInProgress(ctx)
	if err != nil {
		s.Log.Warn("refund reconciliation", "err", err)
		return
	}
	for _, r := range pending {
		if endToEndID == "" || r.EndToEndID == endToEndID {
			s.send(ctx, r, true)
		}
	}
}
