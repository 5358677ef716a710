package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/participant"
	"pelotao/internal/store"
)

func testCheckin(t *testing.T, open Open) {
	t.Run("Idempotent", func(t *testing.T) { testPickupIdempotent(t, open(t)) })
	t.Run("FirstWins", func(t *testing.T) { testPickupConflict(t, open(t)) })
	t.Run("Undo", func(t *testing.T) { testPickupUndo(t, open(t)) })
	t.Run("RosterDeltas", func(t *testing.T) { testRosterDeltas(t, open(t)) })
	t.Run("OtherEventsParticipant", func(t *testing.T) { testPickupOtherEvent(t, open(t)) })
	t.Run("UnpaidKitRefused", func(t *testing.T) { testPickupUnpaidRefused(t, open(t)) })
	t.Run("UnpaidKitUnconfirmed", func(t *testing.T) { testPickupUnpaidUnconfirmed(t, open(t)) })
	t.Run("AnswerOrder", func(t *testing.T) { testPickupAnswerOrder(t, open(t)) })
	t.Run("ConcurrentDesks", func(t *testing.T) { testPickupConcurrent(t, open(t)) })
	t.Run("Stats", func(t *testing.T) { testPickupStats(t, open(t)) })
}

// kitEvent is an event with the given participants (nome → percurso), and their ids by name;
// all have paid but those named in unpaid.
func kitEvent(t *testing.T, s store.Store, titulo string, people map[string]string, unpaid ...string) (string, map[string]string) {
	t.Helper()
	e := create(t, s, sampleEvent(titulo, event.NewDate(2026, time.December, 6), "Recife", "PE"))
	var plan participant.Plan
	base := 100000000
	for nome, percurso := range people {
		base += 7919
		p := participant.Participant{ID: store.NewParticipantID(), Nome: nome, Percurso: percurso, Camiseta: "M", Pago: !slices.Contains(unpaid, nome),
			Documento: participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(fmt.Sprint(base))}}
		plan.Add = append(plan.Add, participant.Row{Line: len(plan.Add) + 2, P: p})
	}
	if err := s.ApplyImport(context.Background(), e.ID, plan, store.Actor{UserID: "dono", Nome: "Dona", At: time.Now()}); err != nil {
		t.Fatalf("import: %v", err)
	}
	list, err := s.EventParticipants(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, p := range list {
		ids[p.Nome] = p.ID
	}
	return e.ID, ids
}

func pickup(id, participantID, balcao string, at time.Time) store.Pickup {
	return store.Pickup{ID: id, ParticipantID: participantID, At: at, Balcao: balcao, PorUID: "u-" + balcao,
		Por: "Voluntária " + balcao, CamisetaEntregue: "G"}
}

func record(t *testing.T, s store.Store, eventID string, ps ...store.Pickup) []store.PickupResult {
	t.Helper()
	rs, err := s.RecordPickups(context.Background(), eventID, ps)
	if err != nil {
		t.Fatalf("RecordPickups: %v", err)
	}
	if len(rs) != len(ps) {
		t.Fatalf("%d answers for %d pickups", len(rs), len(ps))
	}
	return rs
}

func kitOf(t *testing.T, s store.Store, eventID, participantID string) *participant.Kit {
	t.Helper()
	p, err := s.GetParticipant(context.Background(), eventID, participantID)
	if err != nil {
		t.Fatal(err)
	}
	return p.KitRetirado
}

func testPickupIdempotent(t *testing.T, s store.Store) {
	eventID, ids := kitEvent(t, s, "Corrida do Balcão", map[string]string{"Ana": "5 km"})
	at := time.Date(2026, 12, 5, 12, 14, 0, 0, time.UTC)
	p := pickup("dispositivo-1", ids["Ana"], "Balcão 1", at)
	p.RetiradoPor = &participant.Terceiro{Nome: "Bruno", Documento: "RG 12.345"}
	first := record(t, s, eventID, p)[0]
	if first.Status != store.PickupOK || first.Kit == nil || first.Kit.Balcao != "Balcão 1" || !first.Kit.At.Equal(at) {
		t.Fatalf("first send: %+v", first)
	}
	again := record(t, s, eventID, p)[0]
	if again.Status != store.PickupDuplicate || again.Kit == nil || !again.Kit.At.Equal(at) {
		t.Fatalf("second send: %+v", again)
	}
	k := kitOf(t, s, eventID, ids["Ana"])
	if k == nil || k.Balcao != "Balcão 1" || k.Por != "Voluntária Balcão 1" || k.CamisetaEntregue != "G" ||
		k.RetiradoPor == nil || *k.RetiradoPor != *p.RetiradoPor || !k.At.Equal(at) {
		t.Fatalf("participant's kit: %+v", k)
	}
	h, err := s.PickupHistory(context.Background(), eventID, 10)
	if err != nil || len(h) != 1 || h[0].Status != store.PickupOK || h[0].Nome != "Ana" {
		t.Fatalf("history after a duplicate: %+v, %v", h, err)
	}
	entries, err := s.ParticipantHistory(context.Background(), eventID, ids["Ana"])
	if err != nil || entries[len(entries)-1].Tipo != participant.HistoryPickedUp {
		t.Fatalf("participant history: %+v, %v", entries, err)
	}
}

func testPickupConflict(t *testing.T, s store.Store) {
	eventID, ids := kitEvent(t, s, "Corrida do Conflito", map[string]string{"Ana": "5 km"})
	at := time.Date(2026, 12, 5, 12, 14, 0, 0, time.UTC)
	// Desk 2 handed the kit first, offline; desk 1's pickup reached the server first: it wins.
	won := record(t, s, eventID, pickup("balcao-1", ids["Ana"], "Balcão 1", at.Add(time.Minute)))[0]
	lost := record(t, s, eventID, pickup("balcao-2", ids["Ana"], "Balcão 2", at))[0]
	if won.Status != store.PickupOK || lost.Status != store.PickupConflict || lost.Kit == nil || lost.Kit.Balcao != "Balcão 1" {
		t.Fatalf("answers: %+v / %+v", won, lost)
	}
	// The loser retried: still a conflict, never counted.
	if r := record(t, s, eventID, pickup("balcao-2", ids["Ana"], "Balcão 2", at))[0]; r.Status != store.PickupConflict {
		t.Fatalf("retry of the lost pickup: %+v", r)
	}
	if k := kitOf(t, s, eventID, ids["Ana"]); k == nil || k.Balcao != "Balcão 1" {
		t.Fatalf("kit: %+v", k)
	}
	h, _ := s.PickupHistory(context.Background(), eventID, 10)
	if len(h) != 2 || h[0].ID != "balcao-2" || h[0].Status != store.PickupConflict || h[1].Status != store.PickupOK {
		t.Fatalf("history: %+v", h)
	}
}

func testPickupUndo(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID, ids := kitEvent(t, s, "Corrida do Desfazer", map[string]string{"Ana": "5 km"})
	if err := s.UndoPickup(ctx, eventID, ids["Ana"], "gestora", "Gestora"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("undo without a pickup: %v", err)
	}
	record(t, s, eventID, pickup("a", ids["Ana"], "Balcão 1", time.Now()))
	if err := s.UndoPickup(ctx, eventID, ids["Ana"], "gestora", "Gestora"); err != nil {
		t.Fatal(err)
	}
	if k := kitOf(t, s, eventID, ids["Ana"]); k != nil {
		t.Fatalf("kit after undo: %+v", k)
	}
	// The kit can be picked up again; the undone pickup stays in the history.
	if r := record(t, s, eventID, pickup("b", ids["Ana"], "Balcão 2", time.Now()))[0]; r.Status != store.PickupOK {
		t.Fatalf("pickup after undo: %+v", r)
	}
	// The undone id sent again is a duplicate, not a new pickup.
	if r := record(t, s, eventID, pickup("a", ids["Ana"], "Balcão 1", time.Now()))[0]; r.Status != store.PickupDuplicate || r.Kit.Balcao != "Balcão 2" {
		t.Fatalf("undone id again: %+v", r)
	}
	h, _ := s.PickupHistory(ctx, eventID, 10)
	if len(h) != 2 || h[1].ID != "a" || h[1].UndoneAt == nil || h[1].UndonePor != "Gestora" || h[0].UndoneAt != nil {
		t.Fatalf("history: %+v", h)
	}
	entries, _ := s.ParticipantHistory(ctx, eventID, ids["Ana"])
	var kinds []string
	for _, e := range entries {
		kinds = append(kinds, e.Tipo)
	}
	want := []string{participant.HistoryImported, participant.HistoryPickedUp, participant.HistoryUndone, participant.HistoryPickedUp}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Fatalf("participant history %v, want %v", kinds, want)
	}
}

func testRosterDeltas(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID, ids := kitEvent(t, s, "Corrida da Lista", map[string]string{"Ana": "5 km", "Bia": "10 km", "Caio": "10 km"})
	otherID, otherIDs := kitEvent(t, s, "Outra Corrida", map[string]string{"Duda": "5 km"})
	all, cursor, err := s.Roster(ctx, eventID, 0)
	if err != nil || len(all) != 3 || cursor == 0 {
		t.Fatalf("whole roster: %d, %d, %v", len(all), cursor, err)
	}
	if none, same, err := s.Roster(ctx, eventID, cursor); err != nil || len(none) != 0 || same != cursor {
		t.Fatalf("nothing changed: %d, %d (%d), %v", len(none), same, cursor, err)
	}
	record(t, s, eventID, pickup("p1", ids["Bia"], "Balcão 1", time.Now()))
	record(t, s, otherID, pickup("p2", otherIDs["Duda"], "Balcão 1", time.Now())) // another event's change
	delta, next, err := s.Roster(ctx, eventID, cursor)
	if err != nil || len(delta) != 1 || delta[0].Nome != "Bia" || delta[0].KitRetirado == nil || next <= cursor {
		t.Fatalf("after a pickup: %+v, %d, %v", delta, next, err)
	}
	if err := s.UndoPickup(ctx, eventID, ids["Bia"], "g", "Gestora"); err != nil {
		t.Fatal(err)
	}
	delta, last, err := s.Roster(ctx, eventID, next)
	if err != nil || len(delta) != 1 || delta[0].Nome != "Bia" || delta[0].KitRetirado != nil || last <= next {
		t.Fatalf("after an undo: %+v, %d, %v", delta, last, err)
	}
}

func testPickupOtherEvent(t *testing.T, s store.Store) {
	eventID, ids := kitEvent(t, s, "Corrida Um", map[string]string{"Ana": "5 km"})
	otherID, otherIDs := kitEvent(t, s, "Corrida Dois", map[string]string{"Bia": "5 km"})
	_, err := s.RecordPickups(context.Background(), eventID, []store.Pickup{
		pickup("ok-antes", ids["Ana"], "Balcão 1", time.Now()),
		pickup("de-outro", otherIDs["Bia"], "Balcão 1", time.Now()),
	})
	if !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another event's participant: %v", err)
	}
	if k := kitOf(t, s, eventID, ids["Ana"]); k != nil {
		t.Fatalf("the call failed but recorded %+v", k)
	}
	if k := kitOf(t, s, otherID, otherIDs["Bia"]); k != nil {
		t.Fatalf("recorded on another event: %+v", k)
	}
}

// KIT-12: with unpaid kits blocked, a pickup of an unpaid registration is refused with a reason and
// nothing is recorded; paid ones are not affected; a pickup recorded before the block stays a duplicate
// when sent again; lifting the block lets the kit go.
func testPickupUnpaidRefused(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID, ids := kitEvent(t, s, "Corrida do Pagamento", map[string]string{"Ana": "5 km", "Bia": "5 km", "Caio": "5 km"}, "Bia", "Caio")
	at := time.Date(2026, 12, 5, 12, 14, 0, 0, time.UTC)
	early := pickup("antes-do-bloqueio", ids["Caio"], "Balcão 1", at)
	if r := record(t, s, eventID, early)[0]; r.Status != store.PickupOK {
		t.Fatalf("unpaid kit before the block: %+v", r)
	}
	block := participant.Settings{FaixasPeito: []participant.FaixaPeito{}, BloquearKitSemPagamento: true}
	if err := s.SetParticipantSettings(ctx, eventID, block); err != nil {
		t.Fatal(err)
	}
	rs := record(t, s, eventID, pickup("paga", ids["Ana"], "Balcão 1", at), pickup("nao-paga", ids["Bia"], "Balcão 1", at), early)
	if rs[0].Status != store.PickupOK {
		t.Fatalf("paid kit: %+v", rs[0])
	}
	if rs[1].Status != store.PickupRefused || rs[1].Motivo != participant.UnpaidKitRefusal || rs[1].Kit != nil {
		t.Fatalf("unpaid kit: %+v", rs[1])
	}
	if rs[2].Status != store.PickupDuplicate {
		t.Fatalf("a pickup recorded before the block, sent again: %+v", rs[2])
	}
	if k := kitOf(t, s, eventID, ids["Bia"]); k != nil {
		t.Fatalf("a refused pickup was recorded: %+v", k)
	}
	h, err := s.PickupHistory(ctx, eventID, 10)
	if err != nil || len(h) != 2 {
		t.Fatalf("history: %+v, %v", h, err)
	}
	if err := s.SetParticipantSettings(ctx, eventID, participant.Settings{FaixasPeito: []participant.FaixaPeito{}}); err != nil {
		t.Fatal(err)
	}
	if r := record(t, s, eventID, pickup("nao-paga", ids["Bia"], "Balcão 1", at))[0]; r.Status != store.PickupOK {
		t.Fatalf("unpaid kit once allowed again: %+v", r)
	}
}

// UNPAID-1: allowed unpaid kits go only with the desk's confirmation: one the desk took for paid is
// refused with its reason and nothing recorded, the same kit confirmed goes, and a pickup that does
// not say (a client of the contract before the field) goes as it always did.
func testPickupUnpaidUnconfirmed(t *testing.T, s store.Store) {
	eventID, ids := kitEvent(t, s, "Corrida da Confirmação", map[string]string{"Ana": "5 km", "Bia": "5 km", "Caio": "5 km"}, "Bia", "Caio")
	at := time.Date(2026, 12, 5, 12, 14, 0, 0, time.UTC)
	saying := func(p store.Pickup, semPagamento bool) store.Pickup {
		p.SemPagamento = &semPagamento
		return p
	}
	rs := record(t, s, eventID, saying(pickup("paga", ids["Ana"], "Balcão 1", at), false),
		saying(pickup("achou-paga", ids["Bia"], "Balcão 1", at), false), pickup("sem-dizer", ids["Caio"], "Balcão 2", at))
	if rs[0].Status != store.PickupOK {
		t.Fatalf("paid kit: %+v", rs[0])
	}
	if rs[1].Status != store.PickupRefused || rs[1].Motivo != participant.UnconfirmedKitRefusal || rs[1].Kit != nil {
		t.Fatalf("unpaid kit the desk took for paid: %+v", rs[1])
	}
	if k := kitOf(t, s, eventID, ids["Bia"]); k != nil {
		t.Fatalf("an unconfirmed pickup was recorded: %+v", k)
	}
	if rs[2].Status != store.PickupOK {
		t.Fatalf("unpaid kit from a client that does not say: %+v", rs[2])
	}
	if r := record(t, s, eventID, saying(pickup("confirmada", ids["Bia"], "Balcão 1", at), true))[0]; r.Status != store.PickupOK || r.Kit == nil {
		t.Fatalf("unpaid kit confirmed: %+v", r)
	}
}

// The pickup decision's branches where two hold at once (internal/store/checkin/respostas.json,
// first rule wins): an id sent before keeps its first answer even when the kit would be refused
// now or was undone since; a refusal comes before a conflict with the kit's current pickup, and
// neither is recorded.
func testPickupAnswerOrder(t *testing.T, s store.Store) {
	ctx := context.Background()
	eventID, ids := kitEvent(t, s, "Corrida da Ordem", map[string]string{"Caio": "5 km"}, "Caio")
	at := time.Date(2026, 12, 5, 12, 14, 0, 0, time.UTC)
	won, lost := pickup("c-1", ids["Caio"], "Balcão 1", at), pickup("c-2", ids["Caio"], "Balcão 2", at)
	if rs := record(t, s, eventID, won, lost); rs[0].Status != store.PickupOK || rs[1].Status != store.PickupConflict {
		t.Fatalf("before the block: %+v", rs)
	}
	block := participant.Settings{FaixasPeito: []participant.FaixaPeito{}, BloquearKitSemPagamento: true}
	if err := s.SetParticipantSettings(ctx, eventID, block); err != nil {
		t.Fatal(err)
	}
	rs := record(t, s, eventID, won, lost, pickup("c-3", ids["Caio"], "Balcão 3", at))
	for i, want := range []string{store.PickupDuplicate, store.PickupConflict, store.PickupRefused} {
		if rs[i].Status != want || rs[i].Kit == nil || rs[i].Kit.Balcao != "Balcão 1" {
			t.Fatalf("blocked, answer %d: %+v, want %s with the kit of Balcão 1", i, rs[i], want)
		}
	}
	if rs[2].Motivo != participant.UnpaidKitRefusal {
		t.Fatalf("a refusal while the kit is taken: %+v", rs[2])
	}
	if err := s.SetParticipantSettings(ctx, eventID, participant.Settings{FaixasPeito: []participant.FaixaPeito{}}); err != nil {
		t.Fatal(err)
	}
	if err := s.UndoPickup(ctx, eventID, ids["Caio"], "g", "Gestora"); err != nil {
		t.Fatal(err)
	}
	rs = record(t, s, eventID, won, lost)
	if rs[0].Status != store.PickupDuplicate || rs[1].Status != store.PickupConflict || rs[0].Kit != nil || rs[1].Kit != nil {
		t.Fatalf("sent again after the undo: %+v", rs)
	}
	if k := kitOf(t, s, eventID, ids["Caio"]); k != nil {
		t.Fatalf("an answer sent again recorded %+v", k)
	}
	if h, err := s.PickupHistory(ctx, eventID, 10); err != nil || len(h) != 2 {
		t.Fatalf("history: %+v, %v", h, err)
	}
}

// Twenty desks send a pickup of the same kit at once, and the same pickup is sent twenty times
// at once: one ok each time, never two.
func testPickupConcurrent(t *testing.T, s store.Store) {
	eventID, ids := kitEvent(t, s, "Corrida Concorrida", map[string]string{"Ana": "5 km", "Bia": "5 km"})
	statuses := func(same bool, participantID string) map[string]int {
		var mu sync.Mutex
		got := map[string]int{}
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := fmt.Sprintf("%s-%d", participantID, i)
				if same {
					id = participantID + "-mesmo"
				}
				rs, err := s.RecordPickups(context.Background(), eventID, []store.Pickup{pickup(id, participantID, fmt.Sprintf("Balcão %d", i), time.Now())})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					got["erro: "+err.Error()]++
					return
				}
				got[rs[0].Status]++
			}()
		}
		wg.Wait()
		return got
	}
	if got := statuses(false, ids["Ana"]); got[store.PickupOK] != 1 || got[store.PickupConflict] != 19 {
		t.Fatalf("twenty desks, one kit: %v", got)
	}
	if got := statuses(true, ids["Bia"]); got[store.PickupOK] != 1 || got[store.PickupDuplicate] != 19 {
		t.Fatalf("one pickup sent twenty times: %v", got)
	}
}

func testPickupStats(t *testing.T, s store.Store) {
	eventID, ids := kitEvent(t, s, "Corrida dos Números", map[string]string{"Ana": "5 km", "Bia": "10 km", "Caio": "10 km", "Duda": "10 km"})
	q := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
	record(t, s, eventID,
		pickup("1", ids["Ana"], "Balcão 1", q.Add(2*time.Minute)),
		pickup("2", ids["Bia"], "Balcão 2", q.Add(14*time.Minute)),
		pickup("3", ids["Caio"], "Balcão 2", q.Add(31*time.Minute)),
		pickup("4", ids["Caio"], "Balcão 1", q.Add(32*time.Minute)), // conflict: not counted
	)
	st, err := s.PickupStats(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%d/%d %v %v", st.Retirados, st.Total, st.PorPercurso, st.PorBalcao)
	want := "3/4 [{10 km 3 2} {5 km 1 1}] [{Balcão 1 1} {Balcão 2 2}]"
	if got != want {
		t.Fatalf("stats %s, want %s", got, want)
	}
	if len(st.PorQuartoDeHora) != 2 || !st.PorQuartoDeHora[0].Inicio.Equal(q) || st.PorQuartoDeHora[0].Retirados != 2 ||
		!st.PorQuartoDeHora[1].Inicio.Equal(q.Add(30*time.Minute)) || st.PorQuartoDeHora[1].Retirados != 1 {
		t.Fatalf("quarters: %+v", st.PorQuartoDeHora)
	}
}
