package registration

import (
	"encoding/json"
	"errors"
	"testing"

	"pelotao/internal/money"
)

// FuzzQuote feeds arbitrary order bodies to Price against the test event, with and without a
// coupon. None may panic; every answer is a quote whose items add up to its total and never
// cost less than zero nor more than their price, or a field error, or a closed event.
func FuzzQuote(f *testing.F) {
	valid, _ := json.Marshal(Order{Atletas: []Athlete{athlete(0), athlete(1)}, Cupom: "flores20"})
	f.Add(valid, 0)
	f.Add([]byte(`{"atletas":[{"percurso":"21 km","nascimento":"1950-02-30","sexo":"M"}]}`), 2)
	coupon := &Coupon{Codigo: "FLORES20", Tipo: CupomPercentual, Valor: 20, Ativo: true, MaxUsos: ptr(1)}
	f.Fuzz(func(t *testing.T, body []byte, taken int) {
		var o Order
		if json.Unmarshal(body, &o) != nil {
			return
		}
		e := raceEvent()
		taken = max(taken%5, 0)
		q, err := Price(&e, &o, today, Counts{Evento: taken, Lote: map[string]int{"1º Lote": taken}}, coupon)
		var fe FieldErrors
		var closed *Closed
		switch {
		case errors.As(err, &fe):
			if len(fe) == 0 {
				t.Fatal("a refusal without a field")
			}
		case errors.As(err, &closed):
			if closed.Motivo == "" {
				t.Fatal("closed without a reason")
			}
		case err != nil:
			t.Fatalf("unexpected error %v", err)
		default:
			var sum money.Centavos
			for _, it := range q.Itens {
				if it.Total < 0 || it.Total > it.Valor || it.Valor-it.Desconto != it.Total {
					t.Fatalf("item %+v", it)
				}
				sum += it.Total
			}
			if sum != q.Total || len(q.Itens) != len(o.Atletas) {
				t.Fatalf("quote %+v", q)
			}
		}
	})
}
