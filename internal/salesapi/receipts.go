package salesapi

import (
	"context"
	"errors"
	"time"

	"pelotao/internal/receipt"
	"pelotao/internal/store"
)

// sendReceipt sends the confirmation e-mails of an order that is paid, in the background so that
// no confirmation waits for (or fails with) the mail server, and once per order whoever confirms.
func (s *Server) sendReceipt(o store.Order) {
	if o.Status != store.OrderPaid {
		return
	}
	s.receipts.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.mailReceipt(ctx, o); err != nil {
			s.log.Warn("order confirmation e-mail not sent", "order", o.ID, "err", err)
		}
	})
}

func (s *Server) mailReceipt(ctx context.Context, o store.Order) error {
	e, err := s.store.GetEvent(ctx, o.EventID)
	if err != nil {
		return err
	}
	in := receipt.Order{Order: o, Event: &e, BaseURL: s.baseURL(), Calendar: s.calendar(&e)}
	if buyer, err := s.store.UserByID(ctx, o.BuyerID); err == nil {
		in.BuyerName, in.BuyerEmail = buyer.DisplayName, buyer.Email
	}
	msgs, err := receipt.Messages(in)
	if err != nil {
		return err
	}
	// Claimed just before sending: a failure to send is logged, never sent twice.
	claimed, err := s.store.ClaimOrderReceipt(ctx, o.ID, time.Now())
	if err != nil || !claimed {
		return err
	}
	var failed []error
	for _, m := range msgs {
		if err := s.mailer.Send(ctx, m); err != nil {
			failed = append(failed, err)
		}
	}
	return errors.Join(failed...)
}
