package salesapi

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/groups"
	"pelotao/internal/orders"
	"pelotao/internal/participant"
	"pelotao/internal/registration"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// BenchmarkGroupOrder200 holds and prices a group's 200 athletes on SQLite, as the coach's
// spreadsheet holds them (docs/budgets.md "Race day": ≤ 1 s): four orders of 50, each priced with
// registration.Price inside its hold (in batches of atletasMax, the most one Price takes, the
// counts carried from batch to batch) and joined to the group. Orders do not take a group's code
// yet on this branch, so the benchmark drives the sale engine (store.CreateOrder, JoinGroup)
// directly, without HTTP and the PSP; one op is the whole group.
func BenchmarkGroupOrder200(b *testing.B) {
	const athletes, perOrder = 200, 50
	site := newTestSite(b, dbtest.OpenSQLite(b, filepath.Join(memoryDir(b), "group.db")), nil)
	eventID := site.createEvent(b, `"vagas": 300`, `"vagas": 1000000`)
	ctx := b.Context()
	e, err := site.st.GetEvent(ctx, eventID)
	if err != nil {
		b.Fatal(err)
	}
	var base registration.Order
	if err := json.Unmarshal([]byte(orderJSON(b, "")), &base); err != nil {
		b.Fatal(err)
	}
	if err := site.st.CreateUser(ctx, store.User{ID: ana.ID, Email: ana.Email, DisplayName: ana.DisplayName,
		PasswordHash: "$argon2id$hash", CreatedAt: time.Now()}); err != nil {
		b.Fatal(err)
	}
	g, err := site.st.CreateGroup(ctx, store.NewGroup{ID: store.NewParticipantID(), EventID: eventID, Nome: "Assessoria Ritmo Forte",
		Chave: groups.Chave("Assessoria Ritmo Forte"), Codigo: groups.NewCodigo(), CoachID: ana.ID, Now: time.Now()})
	if err != nil {
		b.Fatal(err)
	}
	seq := 0
	b.ReportAllocs()
	for b.Loop() {
		for range athletes / perOrder {
			o := registration.Order{Atletas: make([]registration.Athlete, perOrder)}
			for i := range o.Atletas {
				seq++
				a := base.Atletas[0]
				a.Nome = fmt.Sprintf("Atleta da Assessoria %d", seq)
				a.Documento = participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(fmt.Sprint(400000000 + seq))}
				o.Atletas[i] = a
			}
			now := time.Now()
			order, err := site.st.CreateOrder(ctx, store.NewOrder{EventID: eventID, BuyerID: ana.ID, Txid: fmt.Sprintf("GRUPO%025d", seq),
				Now: now, ExpiraEm: now.Add(30 * time.Minute), Vagas: orders.EventCapacity(&e), Price: batchPricer(&e, o, e.Today(now))})
			if err != nil {
				b.Fatal(err)
			}
			if len(order.Inscricoes) != perOrder || order.Total == 0 {
				b.Fatalf("order of %d registrations, total %d", len(order.Inscricoes), order.Total)
			}
			if err := site.st.JoinGroup(ctx, order.ID, g.ID); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// batchPricer prices o with orderPricer's code in batches of atletasMax, each batch counting the
// slots the ones before it took.
func batchPricer(e *event.Event, o registration.Order, today event.Date) store.Pricer {
	return func(taken store.Taken, c *store.Coupon) ([]store.NewRegistration, error) {
		var items []store.NewRegistration
		taken = taken.Clone()
		if taken.Modalidades == nil {
			taken.Modalidades = map[string]int{}
		}
		if taken.Lotes == nil {
			taken.Lotes = map[string]int{}
		}
		for start := 0; start < len(o.Atletas); start += registration.Const.Limits.AtletasMax {
			batch := registration.Order{Atletas: o.Atletas[start:min(start+registration.Const.Limits.AtletasMax, len(o.Atletas))]}
			priced, err := orderPricer(e, &batch, today)(taken, c)
			if err != nil {
				return nil, err
			}
			for _, it := range priced {
				taken.Evento++
				taken.Modalidades[it.Percurso]++
				taken.Lotes[it.Lote]++
			}
			items = append(items, priced...)
		}
		return items, nil
	}
}
