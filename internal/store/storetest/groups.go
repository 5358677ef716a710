package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"pelotao/internal/groups"
	"pelotao/internal/participant"
	"pelotao/internal/store"
)

func testGroups(t *testing.T, open Open) {
	t.Run("CreateAndFoldedName", func(t *testing.T) { testGroupCreate(t, open(t)) })
	t.Run("Race", func(t *testing.T) { GroupRace(t, open(t)) })
	t.Run("RenameAndCoaches", func(t *testing.T) { testGroupRenameAndCoaches(t, open(t)) })
	t.Run("CountsMembersDeleteMerge", func(t *testing.T) { testGroupMembers(t, open(t)) })
	t.Run("Participants", func(t *testing.T) { testGroupParticipants(t, open(t)) })
	t.Run("Keys", func(t *testing.T) { testGroupKeys(t, open(t)) })
	t.Run("Orders", func(t *testing.T) { testGroupOrders(t, open) })
}

// newGroup is a group of the event named nome with coach as its first coach.
func newGroup(eventID, nome, coach string) store.NewGroup {
	return store.NewGroup{ID: store.NewParticipantID(), EventID: eventID, Nome: nome, Chave: groups.Chave(nome),
		Codigo: groups.NewCodigo(), CoachID: coach, Now: time.Now().UTC().Truncate(time.Millisecond)}
}

func mustGroup(t *testing.T, s store.Store, g store.NewGroup) store.Group {
	t.Helper()
	made, err := s.CreateGroup(context.Background(), g)
	if err != nil {
		t.Fatalf("create group %q: %v", g.Nome, err)
	}
	return made
}

// GRP-1, GRP-2, GRP-4: a group is created with its creator as coach and found by its code in its
// event only; a name that folds to a taken one (case, accents, spaces, punctuation) is a conflict
// answered with the group that has it; another event may use the name.
func testGroupCreate(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID, other := orderEvent(t, s), orderEvent(t, s)
	g := newGroup(eventID, "Assessoria Corre Curitiba", "coach")
	made := mustGroup(t, s, g)
	if made.ID != g.ID || made.EventID != eventID || made.Nome != g.Nome || made.Codigo != g.Codigo || !made.CriadoEm.Equal(g.Now) ||
		len(made.Coaches) != 1 || made.Coaches[0] != (store.GroupCoach{UserID: "coach", Nome: "Maria coach"}) ||
		made.Inscritos != 0 || made.Confirmados != 0 {
		t.Fatalf("created %+v from %+v", made, g)
	}
	taken, err := s.CreateGroup(ctx, newGroup(eventID, "  assessoria   CORRE-curitibá ", "coach"))
	if !errors.Is(err, store.ErrConflict) || taken.ID != g.ID || taken.Nome != g.Nome {
		t.Fatalf("the same folded name: %+v %v; want ErrConflict with the group of the name", taken, err)
	}
	elsewhere := mustGroup(t, s, newGroup(other, g.Nome, "coach"))
	if _, err := s.CreateGroup(ctx, newGroup("nao-existe", "Outro grupo", "coach")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a group of no event: %v", err)
	}
	sameCode := newGroup(eventID, "Pelotão do Código", "coach")
	sameCode.Codigo = g.Codigo
	if taken, err := s.CreateGroup(ctx, sameCode); !errors.Is(err, store.ErrConflict) || taken.ID != "" {
		t.Errorf("a taken code: %+v %v; want ErrConflict with no group of the name", taken, err)
	}
	if got, err := s.GroupByCode(ctx, eventID, g.Codigo, time.Now()); err != nil || got.ID != g.ID {
		t.Errorf("by code: %+v %v", got, err)
	}
	if _, err := s.GroupByCode(ctx, eventID, elsewhere.Codigo, time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another event's code: %v, want ErrNotFound", err)
	}
	if list, err := s.EventGroups(ctx, eventID, time.Now()); err != nil || len(list) != 1 || list[0].ID != g.ID || len(list[0].Coaches) != 1 {
		t.Errorf("the event's groups: %+v %v", list, err)
	}
	if mine, err := s.CoachGroups(ctx, "coach", time.Now()); err != nil || len(mine) != 2 || mine[0].ID != elsewhere.ID {
		t.Errorf("the coach's groups, newest first: %+v %v", mine, err)
	}
	if _, err := s.Group(ctx, "nao-existe", time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no such group: %v", err)
	}
}

// GroupRace has eight accounts create a group of one folded name in one event at once on the
// given stores (several instances of one database take turns): exactly one is made, the others
// are a conflict answered with it (GRP-2).
func GroupRace(t *testing.T, stores ...store.Store) {
	ctx := context.Background()
	eventID := orderEvent(t, stores[0])
	const n = 8
	for i := range n {
		mustCreateUser(t, stores[0], fmt.Sprint("coach-", i), fmt.Sprintf("coach%d@exemplo.com.br", i))
	}
	names := []string{"Corre Recife", "corre recife", "CORRE RECIFE", "Corre-Recife", "córre recife", " Corre  Recife", "corre, recife", "Corre Récife"}
	made := make([]store.Group, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			made[i], errs[i] = stores[i%len(stores)].CreateGroup(ctx, newGroup(eventID, names[i], fmt.Sprint("coach-", i)))
		}()
	}
	wg.Wait()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner == -1:
			winner = i
		case err == nil:
			t.Errorf("both %q and %q were created", names[winner], names[i])
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("%q: %v", names[i], err)
		}
	}
	if winner == -1 {
		t.Fatal("no group was created")
	}
	for i, err := range errs {
		if err != nil && made[i].ID != made[winner].ID {
			t.Errorf("%q's conflict answers %+v, want the group made (%s)", names[i], made[i], made[winner].ID)
		}
	}
	if list, err := stores[0].EventGroups(ctx, eventID, time.Now()); err != nil || len(list) != 1 {
		t.Errorf("the event has %d groups (%v), want 1", len(list), err)
	}
}

// GRP-5, GRP-6: a rename keeps the folded name unique in the event (its own name in other
// letters is fine); a group has at most two coaches, each once.
func testGroupRenameAndCoaches(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, id := range []string{"um", "dois", "tres"} {
		mustCreateUser(t, s, id, id+"@exemplo.com.br")
	}
	eventID := orderEvent(t, s)
	a := mustGroup(t, s, newGroup(eventID, "Equipe Alfa", "um"))
	b := mustGroup(t, s, newGroup(eventID, "Equipe Beta", "um"))
	taken, err := s.RenameGroup(ctx, b.ID, "EQUIPE ALFA", groups.Chave("EQUIPE ALFA"))
	if !errors.Is(err, store.ErrConflict) || taken.ID != a.ID {
		t.Fatalf("renamed to another's folded name: %+v %v", taken, err)
	}
	renamed, err := s.RenameGroup(ctx, b.ID, "equipe BETA", groups.Chave("equipe BETA"))
	if err != nil || renamed.Nome != "equipe BETA" || renamed.Codigo != b.Codigo {
		t.Fatalf("renamed to its own name in other letters: %+v %v", renamed, err)
	}
	if _, err := s.RenameGroup(ctx, "nao-existe", "Gama", "gama"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("renaming no group: %v", err)
	}
	now := time.Now()
	if err := s.AddGroupCoach(ctx, a.ID, "um", groups.MaxCoaches, now); !errors.Is(err, store.ErrConflict) {
		t.Errorf("its coach again: %v, want ErrConflict", err)
	}
	if err := s.AddGroupCoach(ctx, a.ID, "dois", groups.MaxCoaches, now.Add(time.Second)); err != nil {
		t.Fatalf("a second coach: %v", err)
	}
	if err := s.AddGroupCoach(ctx, a.ID, "tres", groups.MaxCoaches, now.Add(2*time.Second)); !errors.Is(err, store.ErrGroupCoaches) {
		t.Errorf("a third coach: %v, want ErrGroupCoaches", err)
	}
	if err := s.AddGroupCoach(ctx, "nao-existe", "tres", groups.MaxCoaches, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a coach of no group: %v", err)
	}
	got, err := s.Group(ctx, a.ID, now)
	if err != nil || len(got.Coaches) != 2 || got.Coaches[0].UserID != "um" || got.Coaches[1].UserID != "dois" {
		t.Errorf("the coaches, creator first: %+v %v", got.Coaches, err)
	}
	if mine, err := s.CoachGroups(ctx, "dois", now); err != nil || len(mine) != 1 || mine[0].ID != a.ID {
		t.Errorf("the second coach's groups: %+v %v", mine, err)
	}
}

// GRP-7, GRP-8, GRP-9, GRP-12: a group counts its registrations held or confirmed (inscritos)
// and paid (confirmados), and lists them; a registration whose hold passed counts for nothing.
// It is removed only with none held or confirmed; a merge moves every registration into the
// other group of the event and removes the first.
func testGroupMembers(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID, other := orderEvent(t, s), orderEvent(t, s)
	g := mustGroup(t, s, newGroup(eventID, "Assessoria Pé Quente", "coach"))
	empty := mustGroup(t, s, newGroup(eventID, "Equipe Vazia", "coach"))
	elsewhere := mustGroup(t, s, newGroup(other, "Equipe de Fora", "coach"))
	now := time.Now()
	held := mustOrder(t, s, order(eventID, "b1", now, store.Capacity{}, athlete("Bia Espera", "5 km", "")))
	paid := mustOrder(t, s, order(eventID, "b2", now, store.Capacity{}, athlete("Ana Paga", "10 km", ""), athlete("Caio Pago", "5 km", "")))
	if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: "E12345678202612071200grupos00001", Txid: paid.Txid, Valor: paid.Total,
		Horario: now}, store.Capacity{}); err != nil {
		t.Fatal(err)
	}
	lapsed := mustOrder(t, s, order(eventID, "b3", now.Add(-time.Hour), store.Capacity{}, athlete("Duda Passou", "5 km", "")))
	for _, o := range []store.Order{held, paid, lapsed} {
		if err := s.JoinGroup(ctx, o.ID, g.ID); err != nil {
			t.Fatalf("joining %s: %v", o.ID, err)
		}
	}
	if err := s.JoinGroup(ctx, held.ID, elsewhere.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("joining another event's group: %v, want ErrNotFound", err)
	}
	got, err := s.Group(ctx, g.ID, now)
	if err != nil || got.Inscritos != 3 || got.Confirmados != 2 {
		t.Fatalf("counts: %+v %v; want 3 held or confirmed, 2 paid", got, err)
	}
	members, err := s.GroupMembers(ctx, g.ID, now)
	paidNow, readErr := s.Order(ctx, paid.ID)
	if readErr != nil || paidNow.Inscricoes[0].ParticipantID == "" || paidNow.Inscricoes[1].ParticipantID == "" {
		t.Fatalf("the paid order's participants: %+v %v", paidNow.Inscricoes, readErr)
	}
	ana, caio := paidNow.Inscricoes[0].ParticipantID, paidNow.Inscricoes[1].ParticipantID
	want := []store.GroupMember{
		{RegistrationID: paid.Inscricoes[0].ID, Nome: "Ana Paga", Percurso: "10 km", Camiseta: "M", Status: store.RegistrationConfirmed, OrderID: paid.ID, Pago: true, ParticipantID: ana},
		{RegistrationID: held.Inscricoes[0].ID, Nome: "Bia Espera", Percurso: "5 km", Camiseta: "M", Status: store.RegistrationPending, OrderID: held.ID},
		{RegistrationID: paid.Inscricoes[1].ID, Nome: "Caio Pago", Percurso: "5 km", Camiseta: "M", Status: store.RegistrationConfirmed, OrderID: paid.ID, Pago: true, ParticipantID: caio},
	}
	if err != nil || fmt.Sprint(members) != fmt.Sprint(want) {
		t.Errorf("members:\n%+v %v\nwant\n%+v", members, err, want)
	}
	testGroupKitDesk(t, s, g, ana, caio)
	later := now.Add(time.Hour) // the held order's hold has passed
	if got, _ := s.Group(ctx, g.ID, later); got.Inscritos != 2 || got.Confirmados != 2 {
		t.Errorf("counts once the hold passed: %+v", got)
	}
	if err := s.DeleteGroup(ctx, g.ID, later); !errors.Is(err, store.ErrGroupHasMembers) {
		t.Errorf("removing a group with paid registrations: %v, want ErrGroupHasMembers", err)
	}
	if err := s.MergeGroups(ctx, eventID, g.ID, elsewhere.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("merging into another event's group: %v, want ErrNotFound", err)
	}
	if err := s.MergeGroups(ctx, eventID, g.ID, empty.ID); err != nil {
		t.Fatalf("merge: %v", err)
	}
	if _, err := s.Group(ctx, g.ID, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the merged group stays: %v", err)
	}
	if into, _ := s.Group(ctx, empty.ID, now); into.Inscritos != 3 || into.Confirmados != 2 {
		t.Errorf("the group merged into: %+v", into)
	}
	if err := s.DeleteGroup(ctx, empty.ID, now); !errors.Is(err, store.ErrGroupHasMembers) {
		t.Errorf("removing it: %v, want ErrGroupHasMembers", err)
	}
	// A group whose only registration's hold passed is removed; the registration keeps no group.
	lone := mustGroup(t, s, newGroup(eventID, "Equipe Sozinha", "coach"))
	alone := mustOrder(t, s, order(eventID, "b4", now.Add(-time.Hour), store.Capacity{}, athlete("Eli Passou", "5 km", "")))
	if err := s.JoinGroup(ctx, alone.ID, lone.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGroup(ctx, lone.ID, now); err != nil {
		t.Fatalf("removing a group with only a lapsed hold: %v", err)
	}
	if _, err := s.Group(ctx, lone.ID, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the removed group stays: %v", err)
	}
	if err := s.DeleteGroup(ctx, lone.ID, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("removing it again: %v, want ErrNotFound", err)
	}
	if o, err := s.Order(ctx, alone.ID); err != nil || len(o.Inscricoes) != 1 {
		t.Errorf("the lapsed order after its group was removed: %+v %v", o, err)
	}
}

// GRP-60, GRP-61: a group's code finds it in any event (its QR code carries only the code), and
// the kit desk's roster carries the group's name and code for each paid member (ana, caio), whole
// and from a cursor, and for no one else.
func testGroupKitDesk(t *testing.T, s store.Store, g store.Group, ana, caio string) {
	t.Helper()
	ctx := context.Background()
	if got, err := s.GroupOfCode(ctx, g.Codigo, time.Now()); err != nil || got.ID != g.ID || got.Inscritos != 3 {
		t.Errorf("group of its code: %+v %v", got, err)
	}
	if _, err := s.GroupOfCode(ctx, "ZZZZ2222", time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("group of an unknown code: %v, want ErrNotFound", err)
	}
	roster, cursor, err := s.Roster(ctx, g.EventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	inGroup := map[string]string{}
	for _, p := range roster {
		if p.Grupo != "" || p.GrupoCodigo != "" {
			inGroup[p.ID] = p.Grupo + " " + p.GrupoCodigo
		}
	}
	want := map[string]string{ana: g.Nome + " " + g.Codigo, caio: g.Nome + " " + g.Codigo}
	if fmt.Sprint(inGroup) != fmt.Sprint(want) {
		t.Errorf("roster's groups: %v, want %v", inGroup, want)
	}
	if _, err := s.RecordPickups(ctx, g.EventID, []store.Pickup{{ID: "grupo-1", EventID: g.EventID, ParticipantID: ana,
		At: time.Now().UTC(), Balcao: "Balcão 1", PorUID: "u", Por: "Vol"}}); err != nil {
		t.Fatal(err)
	}
	delta, _, err := s.Roster(ctx, g.EventID, cursor)
	if err != nil || len(delta) != 1 || delta[0].ID != ana || delta[0].Grupo != g.Nome || delta[0].GrupoCodigo != g.Codigo {
		t.Errorf("roster from a cursor after a pickup: %+v %v", delta, err)
	}
}

// GRP-47, GRP-48, GRP-49: a participant sold here carries its registration's group (name and
// id): the list filters by the group's id, the kit desk's roster and the list's kept pages see a
// group joined, renamed or merged at once (the group's writes give its participants a new rev),
// and the totals count each group's athletes and shirts by size.
func testGroupParticipants(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID := orderEvent(t, s)
	g := mustGroup(t, s, newGroup(eventID, "Assessoria Pé Quente", "coach"))
	h := mustGroup(t, s, newGroup(eventID, "Equipe Dois", "coach"))
	now := time.Now()
	caio := athlete("Caio Pago", "5 km", "")
	caio.Camiseta = "G"
	paid := mustOrder(t, s, order(eventID, "b1", now, store.Capacity{}, athlete("Ana Paga", "10 km", ""), caio))
	solo := mustOrder(t, s, order(eventID, "b2", now, store.Capacity{}, athlete("Rui Sozinho", "5 km", "")))
	for i, o := range []store.Order{paid, solo} {
		if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: fmt.Sprintf("E12345678202612071200grpart%04d", i), Txid: o.Txid,
			Valor: o.Total, Horario: now}, store.Capacity{}); err != nil {
			t.Fatal(err)
		}
	}
	// names lists the participants of q as "nome/grupo".
	names := func(q store.ParticipantQuery) string {
		t.Helper()
		q.EventID = eventID
		page, err := s.ListParticipants(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range page.Participants {
			out = append(out, p.Nome+"/"+p.Grupo)
		}
		return fmt.Sprint(page.Total, out)
	}
	if got, want := names(store.ParticipantQuery{}), "3 [Ana Paga/ Caio Pago/ Rui Sozinho/]"; got != want {
		t.Fatalf("before any group: %s, want %s", got, want)
	}
	_, cursor, err := s.Roster(ctx, eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.JoinGroup(ctx, paid.ID, g.ID); err != nil {
		t.Fatal(err)
	}
	// The list kept before the order joined the group reads it now.
	if got, want := names(store.ParticipantQuery{Grupo: g.ID}), "2 [Ana Paga/Assessoria Pé Quente Caio Pago/Assessoria Pé Quente]"; got != want {
		t.Errorf("filtered by the group: %s, want %s", got, want)
	}
	if got, want := names(store.ParticipantQuery{Grupo: g.ID, Percurso: "5 km"}), "1 [Caio Pago/Assessoria Pé Quente]"; got != want {
		t.Errorf("by group and modality: %s, want %s", got, want)
	}
	if got, want := names(store.ParticipantQuery{Grupo: g.ID, Q: "caio"}), "1 [Caio Pago/Assessoria Pé Quente]"; got != want {
		t.Errorf("by group and search: %s, want %s", got, want)
	}
	if got, want := names(store.ParticipantQuery{Grupo: g.ID, Q: "rui"}), "0 []"; got != want {
		t.Errorf("by group, one of no group searched: %s, want %s", got, want)
	}
	if got, want := names(store.ParticipantQuery{Grupo: "outro"}), "0 []"; got != want {
		t.Errorf("an unknown group: %s, want %s", got, want)
	}
	changed, _, err := s.Roster(ctx, eventID, cursor)
	if err != nil {
		t.Fatal(err)
	}
	var roster []string
	for _, p := range changed {
		roster = append(roster, p.Nome+"/"+p.Grupo)
	}
	slices.Sort(roster) // one rev for the group's participants: in any order
	if got, want := fmt.Sprint(roster), "[Ana Paga/Assessoria Pé Quente Caio Pago/Assessoria Pé Quente]"; got != want {
		t.Errorf("the kit desk's roster since the join: %s, want %s", got, want)
	}
	sum, err := s.ParticipantSummary(ctx, eventID)
	want := []participant.GrupoTotais{{Nome: "Assessoria Pé Quente", Inscritos: 2, Camisetas: map[string]int{"M": 1, "G": 1}}}
	if err != nil || sum.Total != 3 || fmt.Sprint(sum.PorGrupo) != fmt.Sprint(want) {
		t.Errorf("totals by group: %+v %v, want %+v", sum, err, want)
	}
	if _, err := s.RenameGroup(ctx, g.ID, "Assessoria Renomeada", groups.Chave("Assessoria Renomeada")); err != nil {
		t.Fatal(err)
	}
	if got, want := names(store.ParticipantQuery{Grupo: g.ID}), "2 [Ana Paga/Assessoria Renomeada Caio Pago/Assessoria Renomeada]"; got != want {
		t.Errorf("after the rename: %s, want %s", got, want)
	}
	if err := s.MergeGroups(ctx, eventID, g.ID, h.ID); err != nil {
		t.Fatal(err)
	}
	if got, want := names(store.ParticipantQuery{Grupo: h.ID}), "2 [Ana Paga/Equipe Dois Caio Pago/Equipe Dois]"; got != want {
		t.Errorf("after the merge: %s, want %s", got, want)
	}
	if got, want := names(store.ParticipantQuery{Grupo: g.ID}), "0 []"; got != want {
		t.Errorf("the merged group: %s, want %s", got, want)
	}
	if got, want := names(store.ParticipantQuery{Q: "rui"}), "1 [Rui Sozinho/]"; got != want {
		t.Errorf("a participant of no group: %s, want %s", got, want)
	}
}

// GRP-43, GRP-32: the ranking by assessoria reads the bibs and documents of the event's groups'
// paid registrations; a registration held has neither, one paid without a bib its document only,
// and another event's groups are not read.
func testGroupKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreateUser(t, s, "coach", "coach@exemplo.com.br")
	eventID, other := orderEvent(t, s), orderEvent(t, s)
	for _, id := range []string{eventID, other} {
		if err := s.SetParticipantSettings(ctx, id, participant.Settings{FaixasPeito: []participant.FaixaPeito{{Percurso: "5 km", Inicio: 100, Fim: 199}}}); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.GroupKeys(ctx, eventID); err != nil || len(got) != 0 {
		t.Fatalf("bibs of an event without groups: %v %v", got, err)
	}
	g := mustGroup(t, s, newGroup(eventID, "Assessoria Pé Quente", "coach"))
	mustGroup(t, s, newGroup(eventID, "Equipe Vazia", "coach"))
	elsewhere := mustGroup(t, s, newGroup(other, "Equipe de Fora", "coach"))
	now := time.Now()
	pay := func(o store.Order, e2e string) {
		t.Helper()
		if _, err := s.ConfirmOrder(ctx, store.Payment{EndToEndID: e2e, Txid: o.Txid, Valor: o.Total, Horario: now}, store.Capacity{}); err != nil {
			t.Fatal(err)
		}
	}
	ana, caio := athlete("Ana Paga", "5 km", ""), athlete("Caio Sem Peito", "10 km", "")
	paid := mustOrder(t, s, order(eventID, "b1", now, store.Capacity{}, ana, caio))
	held := mustOrder(t, s, order(eventID, "b2", now, store.Capacity{}, athlete("Bia Espera", "5 km", "")))
	loose := mustOrder(t, s, order(eventID, "b3", now, store.Capacity{}, athlete("Duda Sem Grupo", "5 km", "")))
	away := mustOrder(t, s, order(other, "b4", now, store.Capacity{}, athlete("Eli de Fora", "5 km", "")))
	for o, group := range map[*store.Order]string{&paid: g.ID, &held: g.ID, &away: elsewhere.ID} {
		if err := s.JoinGroup(ctx, o.ID, group); err != nil {
			t.Fatal(err)
		}
	}
	pay(loose, "E12345678202612071200bibs000001") // bib 100, no group
	pay(paid, "E12345678202612071200bibs000002")  // Ana 101, Caio none
	pay(away, "E12345678202612071200bibs000003")
	got, err := s.GroupKeys(ctx, eventID)
	want := map[string]store.GroupKeys{g.ID: {Peitos: []string{"101"}, Documentos: []string{ana.DocNumero, caio.DocNumero}}}
	slices.Sort(want[g.ID].Documentos)
	if err == nil {
		slices.Sort(got[g.ID].Documentos)
	}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("keys: %v %v, want %v", got, err, want)
	}
}
