package orders_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"pelotao/internal/money"
	"pelotao/internal/orders"
	"pelotao/internal/store"
)

// REG-167, REG-240, REG-242: the table the web app's refundable runs too
// (web/src/lib/registration/receipt.test.ts), fed to Refundable and RegistrationRefund.
func TestRefundableFollowsTheSharedCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/refundable_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Name  string
			Order struct {
				Total    int64
				Payments []int64
				Refunds  []struct {
					Valor   int64
					Status  string
					Payment int
				}
				Registrations []struct {
					Total  int64
					Status string
				}
			}
			Refundable         int64
			RegistrationRefund *struct {
				Registration int
				Valor        int64
			}
		}
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 10 {
		t.Fatalf("%d cases: the table did not load", len(table.Cases))
	}
	for _, c := range table.Cases {
		t.Run(c.Name, func(t *testing.T) {
			o := store.Order{ID: "P1", Status: store.OrderPaid, Total: money.Centavos(c.Order.Total)}
			for i, v := range c.Order.Payments {
				o.Pagamentos = append(o.Pagamentos, store.Payment{EndToEndID: fmt.Sprintf("E%d", i), Valor: money.Centavos(v)})
			}
			for i, r := range c.Order.Refunds {
				o.Reembolsos = append(o.Reembolsos, store.Refund{ID: fmt.Sprintf("D%d", i), EndToEndID: fmt.Sprintf("E%d", r.Payment),
					Valor: money.Centavos(r.Valor), Status: r.Status})
			}
			for i, r := range c.Order.Registrations {
				o.Inscricoes = append(o.Inscricoes, store.Registration{ID: fmt.Sprintf("R%d", i), Total: money.Centavos(r.Total), Status: r.Status})
			}
			if got := orders.Refundable(o); got != money.Centavos(c.Refundable) {
				t.Errorf("Refundable = %d, want %d", got, c.Refundable)
			}
			if w := c.RegistrationRefund; w != nil {
				if got := orders.RegistrationRefund(o, o.Inscricoes[w.Registration]); got != money.Centavos(w.Valor) {
					t.Errorf("RegistrationRefund(registration %d) = %d, want %d", w.Registration, got, w.Valor)
				}
			}
		})
	}
}
