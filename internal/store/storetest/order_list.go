package storetest

import (
	"context"
	"testing"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// OrderListAcrossInstances has a list the organizer reads from one instance while another (or
// the same, given one store) changes the event's orders in every way the sale does: each
// change shows in the next page read, found by what the search finds (REG-48, REG-160).
func OrderListAcrossInstances(t *testing.T, reader, writer store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, writer)
	now := time.Now()
	search := func(q, status string) store.OrderPage {
		t.Helper()
		page, err := reader.EventOrders(ctx, store.OrderQuery{EventID: eventID, Q: q, Status: status})
		if err != nil {
			t.Fatal(err)
		}
		return page
	}
	held := mustOrder(t, writer, order(eventID, "x-1", now, store.Capacity{}, athlete("Ana Quitéria", "5 km", "")))
	unpaid := mustOrder(t, writer, order(eventID, "x-2", now.Add(time.Second), store.Capacity{}, athlete("Bia Quitéria", "5 km", "")))
	if page := search("quiteria", ""); page.Total != 2 {
		t.Fatalf("two orders made: the list has %d", page.Total)
	}

	paid, err := writer.ConfirmOrder(ctx, store.Payment{EndToEndID: "E" + held.Txid, Txid: held.Txid, Valor: held.Total, Horario: now},
		store.Capacity{})
	if err != nil {
		t.Fatal(err)
	}
	if page := search(paid.Inscricoes[0].Codigo, store.OrderPaid); page.Total != 1 || page.Orders[0].ID != held.ID {
		t.Fatalf("paid: the search by its code finds %+v", page)
	}

	newer := mustOrder(t, writer, order(eventID, "x-3", now.Add(2*time.Second), store.Capacity{}, athlete("Zélia Nunes", "5 km", "")))
	if page := search("zelia", ""); page.Total != 1 || page.Orders[0].ID != newer.ID {
		t.Fatalf("a new order: %+v", page)
	}

	edit := store.RegistrationEdit{Nome: "Ana Ximenes", Documento: participant.Documento{Tipo: paid.Inscricoes[0].DocTipo,
		Numero: paid.Inscricoes[0].DocNumero}, Categoria: "Geral", Camiseta: "G", Atleta: paid.Inscricoes[0].Atleta,
		Changes: map[string]store.Change{"nome": {De: "Ana Quitéria", Para: "Ana Ximenes"}}}
	if _, err := writer.EditRegistration(ctx, paid.Inscricoes[0].ID, edit, store.Actor{At: now}); err != nil {
		t.Fatal(err)
	}
	if page := search("ximenes", ""); page.Total != 1 || page.Orders[0].Inscricoes[0].Camiseta != "G" {
		t.Fatalf("renamed: %+v", page)
	}

	if _, err := writer.AddRefund(ctx, held.ID, store.Refund{ID: "DX1", EndToEndID: "E" + held.Txid, Valor: 1000},
		store.Actor{At: now}); err != nil {
		t.Fatal(err)
	}
	if page := search("ximenes", ""); page.Total != 1 || len(page.Orders[0].Reembolsos) != 1 {
		t.Fatalf("a refund asked: %+v", page)
	}

	if err := writer.DiscardOrder(ctx, unpaid.ID); err != nil {
		t.Fatal(err)
	}
	if page := search("quiteria", ""); page.Total != 1 || page.Orders[0].ID != held.ID {
		t.Fatalf("an order discarded: %+v", page)
	}

	if _, err := writer.ExpireOrders(ctx, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if page := search("", store.OrderExpired); page.Total != 1 || page.Orders[0].ID != newer.ID {
		t.Fatalf("expired: %+v", page)
	}
	if page := search("", ""); page.Total != 2 {
		t.Fatalf("the event has %d orders, want 2", page.Total)
	}
}
