package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/store"
)

func testParticipants(t *testing.T, open Open) {
	t.Run("ImportListSearch", func(t *testing.T) { testParticipantList(t, open(t)) })
	t.Run("ReimportHistoryRev", func(t *testing.T) { testParticipantReimport(t, open(t)) })
	t.Run("ConflictSavesNothing", func(t *testing.T) { testParticipantConflict(t, open(t)) })
	t.Run("SummaryBibsSettings", func(t *testing.T) { testParticipantSummary(t, open(t)) })
	t.Run("RemovedWithEvent", func(t *testing.T) { testParticipantsRemovedWithEvent(t, open(t)) })
	t.Run("ImportKeepsPickups", func(t *testing.T) { testImportKeepsPickups(t, open(t)) })
}

var importer = store.Actor{UserID: "dono-1", Nome: "Dona Maria", At: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)}

// person is a participant of the suite: a valid CPF from base, and optional bib.
func person(nome, base9, percurso string, bib int) participant.Participant {
	p := participant.Participant{Nome: nome, Email: fmt.Sprintf("%s@exemplo.com.br", base9),
		Documento: participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(base9)},
		Percurso:  percurso, Camiseta: "M", Sexo: "F", Pago: true}
	if bib > 0 {
		p.NumeroPeito = &bib
	}
	return p
}

func importAll(t *testing.T, s store.Store, eventID string, ps ...participant.Participant) {
	t.Helper()
	var plan participant.Plan
	for i, p := range ps {
		plan.Add = append(plan.Add, participant.Row{Line: i + 2, P: p})
	}
	if err := s.ApplyImport(context.Background(), eventID, plan, importer); err != nil {
		t.Fatalf("import: %v", err)
	}
}

func names[P participant.Participant | *participant.Participant](ps []P) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		switch p := any(p).(type) {
		case participant.Participant:
			out[i] = p.Nome
		case *participant.Participant:
			out[i] = p.Nome
		}
	}
	return out
}

func testParticipantList(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida dos Inscritos", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	other := create(t, s, sampleEvent("Outra", event.NewDate(2026, time.December, 7), "Natal", "RN"))
	valor := money.Centavos(8990)
	nasc := "1990-12-31"
	joao := person("João Conceição", "529982247", "10 km", 1001)
	joao.Valor, joao.Nascimento, joao.Inscricao, joao.Sexo, joao.Pago = &valor, &nasc, "A-7", "M", false
	importAll(t, s, e.ID, joao,
		person("Ana Souza", "111444777", "5 km", 1),
		person("Ângela Souza Lima", "123456789", "10 km", 0),
		person("Bruno Álvares", "987654321", "5 km", 2),
		person("Ana Beatriz", "741436892", "5 km", 3))
	importAll(t, s, other.ID, person("Ana de Outro Evento", "111444777", "5 km", 1))

	all, err := s.EventParticipants(ctx, e.ID)
	if err != nil || !slices.Equal(names(all), []string{"Ana Beatriz", "Ana Souza", "Ângela Souza Lima", "Bruno Álvares", "João Conceição"}) {
		t.Fatalf("by name: %v, %v", names(all), err)
	}
	got := all[4]
	if got.ID == "" || got.Inscricao != "A-7" || got.Documento != joao.Documento || *got.Nascimento != nasc || got.Sexo != "M" ||
		got.Percurso != "10 km" || *got.NumeroPeito != 1001 || got.Pago || *got.Valor != 8990 || got.Email != joao.Email ||
		got.KitRetirado != nil || got.Rev == 0 {
		t.Fatalf("round trip: %+v", got)
	}
	if one, err := s.GetParticipant(ctx, e.ID, got.ID); err != nil || one.Nome != got.Nome {
		t.Fatalf("get: %+v, %v", one, err)
	}
	if _, err := s.GetParticipant(ctx, other.ID, got.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a participant through another event: %v", err)
	}

	yes, no := true, false
	for _, c := range []struct {
		q    store.ParticipantQuery
		want []string
	}{
		{store.ParticipantQuery{Q: "souza"}, []string{"Ana Souza", "Ângela Souza Lima"}},
		{store.ParticipantQuery{Q: "ANGELA"}, []string{"Ângela Souza Lima"}},
		{store.ParticipantQuery{Q: "sou an"}, []string{"Ana Souza", "Ângela Souza Lima"}}, // prefixes, any order
		{store.ParticipantQuery{Q: "conceicao joao"}, []string{"João Conceição"}},
		{store.ParticipantQuery{Q: participant.FormatCPF(joao.Documento.Numero)}, []string{"João Conceição"}},
		{store.ParticipantQuery{Q: "529.982"}, []string{"João Conceição"}},
		{store.ParticipantQuery{Q: "1001"}, []string{"João Conceição"}},
		{store.ParticipantQuery{Q: "987654321@exemplo"}, []string{"Bruno Álvares"}},
		{store.ParticipantQuery{Q: "zuleica"}, nil},
		{store.ParticipantQuery{Percurso: "10 km"}, []string{"Ângela Souza Lima", "João Conceição"}},
		{store.ParticipantQuery{Pago: &no}, []string{"João Conceição"}},
		{store.ParticipantQuery{Pago: &yes, Percurso: "5 km", Q: "ana"}, []string{"Ana Beatriz", "Ana Souza"}},
		{store.ParticipantQuery{KitRetirado: &yes}, nil},
		{store.ParticipantQuery{KitRetirado: &no, Q: "bru"}, []string{"Bruno Álvares"}},
	} {
		c.q.EventID = e.ID
		page, err := s.ListParticipants(ctx, c.q)
		if err != nil || !slices.Equal(names(page.Participants), c.want) && len(c.want)+len(page.Participants) > 0 || page.Total != len(c.want) {
			t.Errorf("%+v: %v total %d, %v; want %v", c.q, names(page.Participants), page.Total, err, c.want)
		}
	}

	// Pages of two, by name, each with the total.
	var seen []string
	q := store.ParticipantQuery{EventID: e.ID, Limit: 2}
	for pages := 0; ; pages++ {
		page, err := s.ListParticipants(ctx, q)
		if err != nil || page.Total != 5 || pages > 3 {
			t.Fatalf("page %d: %+v, %v", pages, page, err)
		}
		seen = append(seen, names(page.Participants)...)
		if page.NextCursor == "" {
			break
		}
		q.Cursor = page.NextCursor
	}
	if !slices.Equal(seen, names(all)) {
		t.Fatalf("paged: %v", seen)
	}
	// A search pages the same way, with or without a filter.
	for _, paid := range []*bool{nil, &yes} {
		seen = nil
		q = store.ParticipantQuery{EventID: e.ID, Q: "a", Pago: paid, Limit: 1}
		for pages := 0; ; pages++ {
			page, err := s.ListParticipants(ctx, q)
			if err != nil || page.Total != 4 || pages > 4 {
				t.Fatalf("search page %d (pago %v): %+v, %v", pages, paid, page, err)
			}
			seen = append(seen, names(page.Participants)...)
			if page.NextCursor == "" {
				break
			}
			q.Cursor = page.NextCursor
		}
		if !slices.Equal(seen, []string{"Ana Beatriz", "Ana Souza", "Ângela Souza Lima", "Bruno Álvares"}) {
			t.Fatalf("search paged (pago %v): %v", paid, seen)
		}
	}
	if _, err := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, Cursor: "%%%"}); !errors.Is(err, store.ErrBadCursor) {
		t.Fatalf("bad cursor: %v", err)
	}
}

func testParticipantReimport(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida Reimportada", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	importAll(t, s, e.ID, person("Ana Souza", "111444777", "5 km", 1), person("Bia Lima", "529982247", "5 km", 2))
	before, _ := s.EventParticipants(ctx, e.ID)
	ana := before[0]
	changed := ana
	changed.Nome, changed.Percurso = "Ana Souza Lima", "10 km"
	later := importer
	later.At = importer.At.Add(24 * time.Hour)
	plan := participant.Plan{Update: []participant.Update{{Line: 2, Before: ana, P: changed, Changes: map[string][2]any{"percurso": {"5 km", "10 km"}}}},
		Add: []participant.Row{{Line: 3, P: person("Caio Reis", "123456789", "5 km", 3)}}}
	if err := s.ApplyImport(ctx, e.ID, plan, later); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetParticipant(ctx, e.ID, ana.ID)
	if err != nil || got.Nome != "Ana Souza Lima" || got.Percurso != "10 km" || got.Rev <= before[1].Rev {
		t.Fatalf("updated: %+v (rev before %d, %d), %v", got, ana.Rev, before[1].Rev, err)
	}
	// The new name is searchable, the old one's words no longer.
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, Q: "ana lima"}); page.Total != 1 {
		t.Fatalf("search after update: %+v", page)
	}
	ana2 := got
	ana2.Nome = "Ana Reis"
	plan = participant.Plan{Update: []participant.Update{{Line: 2, Before: got, P: ana2, Changes: map[string][2]any{"nome": {got.Nome, ana2.Nome}}}}}
	if err := s.ApplyImport(ctx, e.ID, plan, later); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]int{"ana lima": 0, "souza": 0, "reis": 2, "ana reis": 1} {
		if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, Q: q}); page.Total != want {
			t.Errorf("search %q after a rename: %d, want %d", q, page.Total, want)
		}
	}
	h, err := s.ParticipantHistory(ctx, e.ID, ana.ID)
	if err != nil || len(h) != 3 || h[0].Tipo != participant.HistoryImported || h[1].Tipo != participant.HistoryUpdated ||
		!h[1].Em.Equal(later.At) || h[1].Por != "Dona Maria" || string(h[1].Detalhe) != `{"percurso":["5 km","10 km"]}` {
		t.Fatalf("history: %+v, %v", h, err)
	}
	if h, err := s.ParticipantHistory(ctx, "outro-evento", ana.ID); err != nil || len(h) != 0 {
		t.Fatalf("history through another event: %+v, %v", h, err)
	}
	// Every write took a higher rev than any before it.
	all, _ := s.EventParticipants(ctx, e.ID)
	revs := map[int64]bool{}
	for _, p := range all {
		if revs[p.Rev] {
			t.Fatalf("rev %d given twice", p.Rev)
		}
		revs[p.Rev] = true
		if p.Nome == "Caio Reis" && p.Rev <= before[1].Rev {
			t.Fatalf("a later addition has an earlier rev: %d", p.Rev)
		}
	}
}

func testParticipantConflict(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida Concorrida", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	importAll(t, s, e.ID, person("Ana Souza", "111444777", "5 km", 1))
	plan := participant.Plan{Add: []participant.Row{
		{Line: 2, P: person("Bia Lima", "529982247", "5 km", 2)},
		{Line: 3, P: person("Ana Outra Vez", "111444777", "5 km", 0)}, // as if another import added her meanwhile
	}}
	if err := s.ApplyImport(ctx, e.ID, plan, importer); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate: %v, want ErrConflict", err)
	}
	if all, _ := s.EventParticipants(ctx, e.ID); len(all) != 1 {
		t.Fatalf("a failed import saved %v", names(all))
	}
	// The same document in another modality is another registration.
	importAll(t, s, e.ID, person("Ana Souza", "111444777", "10 km", 0))
}

func testParticipantSummary(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida Somada", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	if sum, err := s.ParticipantSummary(ctx, e.ID); err != nil || sum.Total != 0 || sum.PorPercurso == nil {
		t.Fatalf("empty summary: %+v, %v", sum, err)
	}
	a, b, c, d := person("Ana", "111444777", "5 km", 10), person("Bia", "529982247", "5 km", 12),
		person("Caio", "123456789", "10 km", 11), person("Duda", "987654321", "10 km", 0)
	b.Camiseta, c.Sexo, c.Camiseta, d.Sexo, d.Pago, d.Camiseta = "P", "M", "G", "", false, ""
	cents := func(n money.Centavos) *money.Centavos { return &n }
	a.Valor, b.Valor, d.Valor = cents(8990), cents(12000), cents(5000) // Caio's registration has no value
	importAll(t, s, e.ID, a, b, c, d)
	sum, err := s.ParticipantSummary(ctx, e.ID)
	if err != nil || sum.Total != 4 || sum.Pagos != 3 || sum.KitRetirado != 0 || sum.ValorPago != 20990 || sum.ValorPendente != 5000 ||
		sum.PorPercurso["5 km"] != 2 || sum.PorPercurso["10 km"] != 2 ||
		sum.PorSexo["F"] != 2 || sum.PorSexo["M"] != 1 || sum.PorSexo[store.SummaryUnknown] != 1 ||
		sum.PorCamiseta["5 km"]["M"] != 1 || sum.PorCamiseta["5 km"]["P"] != 1 || sum.PorCamiseta["10 km"]["G"] != 1 ||
		sum.PorCamiseta["10 km"][store.SummaryUnknown] != 1 {
		t.Fatalf("summary: %+v, %v", sum, err)
	}
	bibs, err := s.ParticipantsByBib(ctx, e.ID, 11, 20)
	if err != nil || !slices.Equal(names(bibs), []string{"Caio", "Bia"}) {
		t.Fatalf("by bib: %v, %v", names(bibs), err)
	}

	if set, err := s.ParticipantSettings(ctx, e.ID); err != nil || set.FaixasPeito == nil || len(set.FaixasPeito) != 0 {
		t.Fatalf("settings never set: %+v, %v", set, err)
	}
	want := participant.Settings{FaixasPeito: []participant.FaixaPeito{{Percurso: "5 km", Inicio: 1, Fim: 999}, {Percurso: "10 km", Inicio: 1000, Fim: 1999}}}
	for range 2 { // set twice: the second replaces the first
		if err := s.SetParticipantSettings(ctx, e.ID, want); err != nil {
			t.Fatal(err)
		}
	}
	if set, err := s.ParticipantSettings(ctx, e.ID); err != nil || !slices.Equal(set.FaixasPeito, want.FaixasPeito) {
		t.Fatalf("settings: %+v, %v", set, err)
	}
	if err := s.SetParticipantSettings(ctx, "nao-existe", want); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("settings of an unknown event: %v", err)
	}
}

func testParticipantsRemovedWithEvent(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida Apagada", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	importAll(t, s, e.ID, person("Ana", "111444777", "5 km", 1), person("Bia", "529982247", "5 km", 2))
	all, _ := s.EventParticipants(ctx, e.ID)
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID}); page.Total != 2 {
		t.Fatalf("list: %+v", page)
	}
	if err := s.SetParticipantSettings(ctx, e.ID, participant.Settings{FaixasPeito: []participant.FaixaPeito{{Percurso: "5 km", Inicio: 1, Fim: 99}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if left, err := s.EventParticipants(ctx, e.ID); err != nil || len(left) != 0 {
		t.Fatalf("participants outlived their event: %v, %v", names(left), err)
	}
	if h, _ := s.ParticipantHistory(ctx, e.ID, all[0].ID); len(h) != 0 {
		t.Fatalf("history outlived its event: %+v", h)
	}
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, Q: "ana"}); page.Total != 0 {
		t.Fatalf("participants listed after their event: %+v", page)
	}
	if set, _ := s.ParticipantSettings(ctx, e.ID); len(set.FaixasPeito) != 0 {
		t.Fatalf("settings outlived their event: %+v", set)
	}
	// Nor can another event take the id and inherit anything: a deleted event's id is retired (FORM-41).
	again := sampleEvent("Corrida Apagada", event.NewDate(2026, time.December, 6), "Recife", "PE")
	again.ID = e.ID
	if _, err := s.CreateEvent(ctx, again); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("an event created at a deleted event's id: %v, want ErrConflict", err)
	}
}

// testImportKeepsPickups checks that re-importing a participant whose kit was picked up
// updates the participant and leaves the pickup exactly as it was, and that the list sees
// pickups and their undoing at once.
func testImportKeepsPickups(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida com Retirada", event.NewDate(2026, time.December, 6), "Recife", "PE"))
	importAll(t, s, e.ID, person("Ana Souza", "111444777", "5 km", 1))
	all, _ := s.EventParticipants(ctx, e.ID)
	yes := true
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, KitRetirado: &yes}); page.Total != 0 {
		t.Fatalf("kitRetirado filter before the pickup: %+v", page)
	}
	at := time.Date(2026, 12, 5, 9, 14, 0, 0, time.UTC)
	p := pickup("k-1", all[0].ID, "2", at)
	p.Por, p.RetiradoPor = "Rita", &participant.Terceiro{Nome: "Pedro", Documento: "123"}
	record(t, s, e.ID, p)
	// The list (which servers keep in memory) sees the pickup at once.
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, KitRetirado: &yes}); page.Total != 1 || page.Participants[0].KitRetirado == nil {
		t.Fatalf("kitRetirado filter after the pickup: %+v", page)
	}
	changed := all[0]
	changed.KitRetirado = nil // what an import's plan could carry must not matter
	changed.Camiseta, changed.Pago = "GG", false
	plan := participant.Plan{Update: []participant.Update{{Line: 2, Before: all[0], P: changed, Changes: map[string][2]any{"camiseta": {"M", "GG"}}}}}
	if err := s.ApplyImport(ctx, e.ID, plan, importer); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetParticipant(ctx, e.ID, all[0].ID)
	want := participant.Kit{At: at, Balcao: "2", Por: "Rita", CamisetaEntregue: "G", RetiradoPor: &participant.Terceiro{Nome: "Pedro", Documento: "123"}}
	if err != nil || got.Camiseta != "GG" || got.KitRetirado == nil || !got.KitRetirado.At.Equal(at) ||
		got.KitRetirado.Balcao != want.Balcao || got.KitRetirado.Por != want.Por || got.KitRetirado.CamisetaEntregue != "G" ||
		*got.KitRetirado.RetiradoPor != *want.RetiradoPor {
		t.Fatalf("after re-import: %+v kit %+v, %v", got, got.KitRetirado, err)
	}
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, KitRetirado: &yes}); page.Total != 1 || page.Participants[0].Camiseta != "GG" {
		t.Fatalf("kitRetirado filter after the re-import: %+v", page)
	}
	if sum, _ := s.ParticipantSummary(ctx, e.ID); sum.KitRetirado != 1 || sum.Pagos != 0 {
		t.Fatalf("summary: %+v", sum)
	}
	if err := s.UndoPickup(ctx, e.ID, all[0].ID, "u-2", "Rita"); err != nil {
		t.Fatal(err)
	}
	if page, _ := s.ListParticipants(ctx, store.ParticipantQuery{EventID: e.ID, KitRetirado: &yes}); page.Total != 0 {
		t.Fatalf("kitRetirado filter after the undo: %+v", page)
	}
}
