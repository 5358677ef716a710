package demo

import (
	"context"
	"fmt"

	"pelotao/internal/event"
	"pelotao/internal/store"
)

// demoParcelas is the most installments the demo's events sold here take by card.
const demoParcelas = 6

// OfferCards makes the owner's upcoming events sold by Pelotão take cards too, up to
// demoParcelas installments (CARD-16), so that `make run`, which turns the Mercado Pago sandbox
// on, buys by card end to end. The server calls it only with a card provider configured (an
// event offering cards without one could not be saved by its organizer, CARD-17); an event that
// takes cards already is left as it is, so it is safe on every start.
func OfferCards(ctx context.Context, st store.EventStore, ownerID string, today event.Date) error {
	page, err := st.ListEvents(ctx, store.EventQuery{When: store.Upcoming, Today: today, OwnerID: ownerID, Limit: store.MaxListLimit})
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	summaries, err := page.Summaries()
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	for _, sum := range summaries {
		e, err := st.GetEvent(ctx, sum.ID)
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if !e.Inscricoes.ModoPelotao() || e.Inscricoes.Cartao != nil {
			continue
		}
		e.Inscricoes.Cartao = &event.Cartao{Ativo: true, ParcelasMax: event.Int(demoParcelas)}
		if _, err := st.UpdateEvent(ctx, e); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}
