package salesapi

import (
	"strconv"
	"strings"
	"testing"

	"pelotao/internal/api/apitest"
	"pelotao/internal/mercadopago"
	mpsandbox "pelotao/internal/mercadopago/sandbox"
	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// paidByCard is a card order bought by bruno and paid on the sandbox in installments, with the
// payment Mercado Pago took.
func (w *cardWorld) paidByCard(t *testing.T, installments int) (orderAnswer, mercadopago.Payment) {
	t.Helper()
	o := w.buyByCard(t)
	p, err := w.mp.Pay(t.Context(), preference(t, o), mpsandbox.Outcome{Status: mercadopago.StatusApproved, Installments: installments})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.stored(t, o.ID); got.Status != store.OrderPaid {
		t.Fatalf("not paid: %+v", got)
	}
	return o, p
}

// refundBodies are the bodies of the refunds asked of Mercado Pago for payment p.
func (w *cardWorld) refundBodies(p mercadopago.Payment) []string {
	var out []string
	for _, r := range w.requests("POST", "/v1/payments/"+strconv.FormatInt(p.ID, 10)+"/refunds") {
		out = append(out, string(r.Body))
	}
	return out
}

// CARD-27: Financeiro splits the money by method, a card's with Mercado Pago's fees, and the
// figures add up with a refund (bruto − reembolsado − taxas = liquido); the organizer's orders
// (list and one) say each card order's installments, fees and net, and pedidos.csv has them in
// columns that add up to Financeiro's.
func TestCardMoneyInFinance(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newCardWorld(t, st, nil)
		o, p := w.paidByCard(t, 3)
		fee := p.Fees()
		if fee <= 0 {
			t.Fatalf("the sandbox took no fee: %+v", p)
		}
		base := "/api/events/" + w.eventID
		refunded := w.order(t, w.Call("POST", base+"/pedidos/"+o.ID+"/reembolso", `{"valor": 20}`, apitest.As(&ana)), 200)
		if refunded.Status != store.OrderPaid || len(refunded.Reembolsos) != 1 {
			t.Fatalf("refunded in part: %+v", refunded)
		}

		f := decode[orders.Figures](t, w.Call("GET", base+"/financeiro", "", apitest.As(&ana)).Body.Bytes())
		wantCard := orders.CardMoney{Bruto: 8990, Reembolsado: 2000, Taxas: fee, Liquido: 8990 - 2000 - fee}
		if f.PorMetodo.Cartao != wantCard || f.PorMetodo.Pix != (orders.PixMoney{}) || f.Bruto != 8990 || f.Reembolsado != 2000 {
			t.Fatalf("by method %+v, want card %+v", f.PorMetodo, wantCard)
		}

		type teamOrder struct {
			ID        string          `json:"id"`
			Pagamento string          `json:"pagamento"`
			Parcelas  *int            `json:"parcelas"`
			Taxas     *money.Centavos `json:"taxas"`
			Liquido   *money.Centavos `json:"liquido"`
		}
		check := func(what string, got teamOrder) {
			t.Helper()
			if got.Pagamento != "cartao" || got.Parcelas == nil || *got.Parcelas != 3 || got.Taxas == nil || *got.Taxas != fee ||
				got.Liquido == nil || *got.Liquido != wantCard.Liquido {
				t.Errorf("%s: %+v", what, got)
			}
		}
		list := decode[struct{ Pedidos []teamOrder }](t, w.Call("GET", base+"/pedidos", "", apitest.As(&ana)).Body.Bytes())
		if len(list.Pedidos) != 1 {
			t.Fatalf("list %+v", list)
		}
		check("the list", list.Pedidos[0])
		check("the order", decode[teamOrder](t, w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&ana)).Body.Bytes()))
		// The buyer reads the order without the seller's fees.
		if body := w.Call("GET", "/api/pedidos/"+o.ID, "", apitest.As(&bruno)).Body.String(); strings.Contains(body, `"taxas"`) ||
			strings.Contains(body, `"liquido"`) {
			t.Errorf("the buyer is told the fees: %s", body)
		}

		csv := w.Call("GET", base+"/pedidos.csv", "", apitest.As(&ana)).Body.String()
		net := wantCard.Liquido
		if !strings.Contains(csv, ";Situação da inscrição;Reembolsado;Pagamento;Parcelas;Taxas;Líquido\r\n") ||
			!strings.Contains(csv, ";Confirmada;20,00;Cartão;3;"+strings.Replace(fee.String(), ".", ",", 1)+";"+
				strings.Replace(net.String(), ".", ",", 1)+"\r\n") {
			t.Fatalf("export %q", csv)
		}
	})
}
