package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/event/eventtest"
	"pelotao/internal/store"
)

func runEvents(t *testing.T, open Open) {
	t.Run("EventCreateGetRoundTrip", func(t *testing.T) { testEventRoundTrip(t, open(t)) })
	t.Run("EventNotFound", func(t *testing.T) { testEventNotFound(t, open(t)) })
	t.Run("EventIDConflict", func(t *testing.T) { testEventConflict(t, open(t)) })
	t.Run("EventSlugIDs", func(t *testing.T) { testEventSlugIDs(t, open(t)) })
	t.Run("EventUpdate", func(t *testing.T) { testEventUpdate(t, open(t)) })
	t.Run("EventDelete", func(t *testing.T) { testEventDelete(t, open(t)) })
	t.Run("EventListOrder", func(t *testing.T) { testEventListOrder(t, open(t)) })
	t.Run("EventListFilters", func(t *testing.T) { testEventListFilters(t, open(t)) })
	t.Run("EventListSearch", func(t *testing.T) { testEventListSearch(t, open(t)) })
	t.Run("EventListPlaceNames", func(t *testing.T) { testEventListPlaceNames(t, open(t)) })
	t.Run("EventListCursor", func(t *testing.T) { testEventListCursor(t, open(t)) })
	t.Run("EventConcurrentWriters", func(t *testing.T) { testEventConcurrentWriters(t, open(t)) })
}

var today = event.NewDate(2026, time.March, 15)

// sampleEvent is a valid event with both polymorphic fields in their structured form.
func sampleEvent(titulo string, date event.Date, cidade, uf string) event.Event {
	e := event.New()
	e.Titulo = titulo
	e.DataEvento = date
	e.OwnerID = "dono-1"
	e.Local = event.Local{Local: "Parque Central", Endereco: "Av. Principal, 100", Cidade: cidade, Estado: uf}
	e.Informacoes.Cronograma = event.Cronograma{Tipo: event.TipoEstruturado, Linhas: []event.LinhaCronograma{
		{Horario: "07:00", Descricao: "Abertura"}, {Horario: "08:00", Descricao: "Largada"}}}
	e.Modalidades = []event.Modalidade{
		{Nome: "5 km", Km: event.Dec(5), LargadaID: e.Largadas[0].ID, Percurso: event.Percurso{Tipo: "texto"},
			Categorias: []event.CategoriaModalidade{{Nome: "Geral", QualquerIdade: true, Genero: "Misto"}}},
		{Nome: "Caminhada", LargadaID: e.Largadas[0].ID, Percurso: event.Percurso{Tipo: "texto"}},
		{Nome: "21,1 km", Km: event.Dec(21.1), LargadaID: e.Largadas[0].ID, Percurso: event.Percurso{Tipo: "texto"}},
	}
	e.Premiacao = event.Premiacao{Tipo: event.TipoEstruturado, Estruturado: []event.PremioEstruturado{
		{Descricao: "Troféu", Nivel: "geral"},
		{Descricao: "Medalha", Nivel: "categoria", ModalidadeNome: "5 km", CategoriaNome: "Geral"}}}
	e.Normalize()
	return e
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func create(t *testing.T, s store.Store, e event.Event) event.Event {
	t.Helper()
	if err := e.Validate(); err != nil {
		t.Fatalf("sample event is invalid: %v", err)
	}
	got, err := s.CreateEvent(context.Background(), e)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return got
}

func testEventRoundTrip(t *testing.T, s store.Store) {
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	in := sampleEvent("Corrida da Serra", today, "Campos do Jordão", "SP")
	created := create(t, s, in)
	if created.ID == "" || created.CriadoEm.Before(before) || !created.AtualizadoEm.Equal(created.CriadoEm) {
		t.Fatalf("create did not set id and times: %q %v %v", created.ID, created.CriadoEm, created.AtualizadoEm)
	}
	got, err := s.GetEvent(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, got) != mustJSON(t, created) {
		t.Fatalf("read back differs:\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, created))
	}
	in.ID, in.CriadoEm, in.AtualizadoEm = created.ID, created.CriadoEm, created.AtualizadoEm
	if mustJSON(t, got) != mustJSON(t, in) {
		t.Fatalf("stored document differs from the one given:\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, in))
	}

	// The text forms of the polymorphic fields survive too.
	text := sampleEvent("Pedal Noturno", today, "Curitiba", "PR")
	text.Informacoes.Cronograma = event.Cronograma{Tipo: event.TipoTexto, Texto: "07:00 Abertura\n08:00 Largada"}
	text.Premiacao = event.Premiacao{Tipo: event.TipoTexto, Valor: "Troféus para os 3 primeiros."}
	createdText := create(t, s, text)
	gotText, err := s.GetEvent(ctx, createdText.ID)
	if err != nil {
		t.Fatal(err)
	}
	if gotText.Informacoes.Cronograma.Texto != "07:00 Abertura\n08:00 Largada" || gotText.Premiacao.Valor != "Troféus para os 3 primeiros." {
		t.Fatalf("text forms lost: %+v %+v", gotText.Informacoes.Cronograma, gotText.Premiacao)
	}

	page, err := s.ListEvents(ctx, store.EventQuery{Q: "serra"})
	if err != nil || len(page.Events) != 1 {
		t.Fatalf("list: %v %+v", err, page)
	}
	if want := mustJSON(t, got.Summary(nil)); string(page.Events[0]) != want {
		t.Fatalf("summary %s, want %s", page.Events[0], want)
	}
	if d := summaries(t, page)[0].Distances; !slices.Equal(d, []float64{5, 21.1}) {
		t.Fatalf("distances %v, want [5 21.1] (blank km left out)", d)
	}
}

func testEventNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.GetEvent(ctx, "nao-existe"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("get: %v", err)
	}
	e := sampleEvent("X", today, "Natal", "RN")
	e.ID = "nao-existe"
	if _, err := s.UpdateEvent(ctx, e); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("update: %v", err)
	}
	if err := s.DeleteEvent(ctx, "nao-existe"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("delete: %v", err)
	}
}

func testEventConflict(t *testing.T, s store.Store) {
	e := sampleEvent("Primeiro", today, "Natal", "RN")
	e.ID = "evento-fixo"
	create(t, s, e)
	e.Titulo = "Segundo"
	if _, err := s.CreateEvent(context.Background(), e); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second create with the same id: %v, want ErrConflict", err)
	}
}

// FORM-41: a new event's address is its title and year, numbered after the first; a deleted
// event's address is never given to another.
func testEventSlugIDs(t *testing.T, s store.Store) {
	ctx := context.Background()
	lagoa := sampleEvent("Corrida da Lagoa", event.NewDate(2027, time.May, 9), "Rio de Janeiro", "RJ")
	ids := []string{}
	for range 3 {
		created, err := store.CreateSlugEvent(ctx, s, lagoa)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, created.ID)
	}
	if want := []string{"corrida-da-lagoa-2027", "corrida-da-lagoa-2027-2", "corrida-da-lagoa-2027-3"}; !slices.Equal(ids, want) {
		t.Fatalf("ids %v, want %v", ids, want)
	}
	if err := s.DeleteEvent(ctx, "corrida-da-lagoa-2027-3"); err != nil {
		t.Fatal(err)
	}
	again, err := store.CreateSlugEvent(ctx, s, lagoa)
	if err != nil || again.ID != "corrida-da-lagoa-2027-4" {
		t.Fatalf("after a deletion: %q, %v; want corrida-da-lagoa-2027-4", again.ID, err)
	}
	// Nor may a direct create take the retired address.
	lagoa.ID = "corrida-da-lagoa-2027-3"
	if _, err := s.CreateEvent(ctx, lagoa); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("creating at a retired id: %v, want ErrConflict", err)
	}

	// A long, accented title makes a short address, numbered like any other.
	long := sampleEvent(strings.Repeat("Maratona Internacional de São João ", 6), event.NewDate(2027, time.June, 24), "São Paulo", "SP")
	for _, want := range []string{"maratona-internacional-de-sao-joao-maratona-internacional-de-2027",
		"maratona-internacional-de-sao-joao-maratona-internacional-de-2027-2"} {
		if created, err := store.CreateSlugEvent(ctx, s, long); err != nil || created.ID != want {
			t.Fatalf("long title: %q, %v; want %q", created.ID, err, want)
		}
	}

	// With every numbered address taken, the event still gets one: a random id, as events had before.
	serra := sampleEvent("Trail da Serra", event.NewDate(2027, time.August, 1), "Campos do Jordão", "SP")
	for n := 1; n <= store.SlugTries; n++ {
		serra.ID = event.NumberedID("trail-da-serra-2027", n)
		create(t, s, serra)
	}
	serra.ID = ""
	last, err := store.CreateSlugEvent(ctx, s, serra)
	if err != nil || strings.HasPrefix(last.ID, "trail-da-serra") || last.ID == "" {
		t.Fatalf("past %d addresses: %q, %v; want a random id", store.SlugTries, last.ID, err)
	}
	if got, err := s.GetEvent(ctx, last.ID); err != nil || got.Titulo != "Trail da Serra" {
		t.Fatalf("reading the event at its random id: %v", err)
	}
}

func testEventUpdate(t *testing.T, s store.Store) {
	ctx := context.Background()
	created := create(t, s, sampleEvent("Meia de Floripa", today, "Florianópolis", "SC"))
	time.Sleep(2 * time.Millisecond)

	changed := created
	changed.Titulo = "Maratona de Floripa"
	changed.Categoria = "Triathlon"
	changed.DataEvento = today.AddDays(10)
	changed.OwnerID = "intruso"
	changed.CriadoEm = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	updated, err := s.UpdateEvent(ctx, changed)
	if err != nil {
		t.Fatal(err)
	}
	if updated.OwnerID != "dono-1" || !updated.CriadoEm.Equal(created.CriadoEm) {
		t.Fatalf("update changed ownerId/criadoEm: %q %v", updated.OwnerID, updated.CriadoEm)
	}
	if !updated.AtualizadoEm.After(created.AtualizadoEm) {
		t.Fatalf("atualizadoEm %v not after %v", updated.AtualizadoEm, created.AtualizadoEm)
	}
	got, err := s.GetEvent(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, got) != mustJSON(t, updated) || got.Titulo != "Maratona de Floripa" || got.OwnerID != "dono-1" {
		t.Fatalf("read after update: %s", mustJSON(t, got))
	}
	// The listing columns follow the update.
	for _, q := range []store.EventQuery{{Q: "maratona"}, {Categoria: "Triathlon"}, {When: store.Upcoming, Today: today.AddDays(5)}} {
		page, err := s.ListEvents(ctx, q)
		if err != nil || !slices.Equal(titles(t, page), []string{"Maratona de Floripa"}) {
			t.Errorf("list %+v after update: %v %+v", q, err, page)
		}
	}
	if page, _ := s.ListEvents(ctx, store.EventQuery{Q: "meia"}); len(page.Events) != 0 {
		t.Errorf("old title still found: %+v", page)
	}
}

func testEventDelete(t *testing.T, s store.Store) {
	ctx := context.Background()
	keep := create(t, s, sampleEvent("Fica", today, "Recife", "PE"))
	gone := create(t, s, sampleEvent("Sai", today, "Recife", "PE"))
	if err := s.DeleteEvent(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetEvent(ctx, gone.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("get after delete: %v", err)
	}
	page, err := s.ListEvents(ctx, store.EventQuery{})
	if err != nil || len(page.Events) != 1 || summaries(t, page)[0].ID != keep.ID {
		t.Fatalf("list after delete: %v %+v", err, page)
	}
}

func summaries(t *testing.T, p store.EventPage) []event.Summary {
	t.Helper()
	out, err := p.Summaries()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func titles(t *testing.T, p store.EventPage) []string {
	out := []string{}
	for _, e := range summaries(t, p) {
		out = append(out, e.Titulo)
	}
	return out
}

func testEventListOrder(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, c := range []struct {
		titulo string
		days   int
		id     string
	}{{"Março", 0, "b"}, {"Abril", 20, "c"}, {"Fevereiro", -20, "d"}, {"Março mesmo dia", 0, "a"}} {
		e := sampleEvent(c.titulo, today.AddDays(c.days), "Belo Horizonte", "MG")
		e.ID = c.id
		create(t, s, e)
	}
	page, err := s.ListEvents(ctx, store.EventQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Abril", "Março", "Março mesmo dia", "Fevereiro"}; !slices.Equal(titles(t, page), want) {
		t.Fatalf("descending: %v, want %v (same day: id descending)", titles(t, page), want)
	}
	page, err = s.ListEvents(ctx, store.EventQuery{Ascending: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Fevereiro", "Março mesmo dia", "Março", "Abril"}; !slices.Equal(titles(t, page), want) {
		t.Fatalf("ascending: %v, want %v", titles(t, page), want)
	}
	if page.NextCursor != "" {
		t.Fatalf("one page only, yet a cursor: %q", page.NextCursor)
	}
}

func testEventListFilters(t *testing.T, s store.Store) {
	ctx := context.Background()
	mk := func(titulo string, days int, categoria, uf, owner string) {
		e := sampleEvent(titulo, today.AddDays(days), "Cidade", uf)
		e.Categoria, e.OwnerID = categoria, owner
		create(t, s, e)
	}
	mk("Ontem", -1, "Ciclismo", "RJ", "ana")
	mk("Hoje", 0, "Corrida de Rua", "SP", "ana")
	mk("Amanhã", 1, "Ciclismo", "SP", "bruno")
	mk("Ano passado", -365, "Triathlon", "BA", "bruno")

	cases := []struct {
		name string
		q    store.EventQuery
		want []string
	}{
		{"upcoming includes today", store.EventQuery{When: store.Upcoming, Today: today}, []string{"Amanhã", "Hoje"}},
		{"past excludes today", store.EventQuery{When: store.Past, Today: today}, []string{"Ontem", "Ano passado"}},
		{"categoria", store.EventQuery{Categoria: "Ciclismo"}, []string{"Amanhã", "Ontem"}},
		{"uf", store.EventQuery{UF: "SP"}, []string{"Amanhã", "Hoje"}},
		{"uf lower case", store.EventQuery{UF: "rj"}, []string{"Ontem"}},
		{"owner", store.EventQuery{OwnerID: "bruno"}, []string{"Amanhã", "Ano passado"}},
		{"combined", store.EventQuery{When: store.Upcoming, Today: today, Categoria: "Ciclismo", UF: "SP", OwnerID: "bruno"}, []string{"Amanhã"}},
		{"no match", store.EventQuery{Categoria: "Duathlon"}, []string{}},
	}
	for _, c := range cases {
		page, err := s.ListEvents(ctx, c.q)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(titles(t, page), c.want) {
			t.Errorf("%s: %v, want %v", c.name, titles(t, page), c.want)
		}
	}
	if _, err := s.ListEvents(ctx, store.EventQuery{When: store.Upcoming}); err == nil {
		t.Error("upcoming without Today was accepted")
	}
}

func testEventListSearch(t *testing.T, s store.Store) {
	ctx := context.Background()
	mk := func(titulo, venue, cidade, uf string) {
		e := sampleEvent(titulo, today, cidade, uf)
		e.Local.Local = venue
		create(t, s, e)
	}
	mk("Corrida de São João", "Praça da Matriz", "São Paulo", "SP")
	mk("Pedal das Águas", "Orla", "Maceió", "AL")
	mk("TRAIL DO PICO", "Pico do Jaraguá", "Ribeirão Preto", "SP")

	cases := map[string][]string{
		"sao joao":        {"Corrida de São João"},
		"SÃO JOÃO":        {"Corrida de São João"},
		"aguas":           {"Pedal das Águas"},
		"agua":            {"Pedal das Águas", "TRAIL DO PICO"}, // Jaraguá
		"maceio":          {"Pedal das Águas"},
		"trail do pico":   {"TRAIL DO PICO"},
		"jaragua":         {"TRAIL DO PICO"},
		"ribeirao":        {"TRAIL DO PICO"},
		"al":              {"Pedal das Águas"},
		"praca  matriz":   {"Corrida de São João"},
		"pico sao":        {},
		"":                {"Corrida de São João", "Pedal das Águas", "TRAIL DO PICO"},
		"100%":            {},
		"'; DROP TABLE x": {},
	}
	for q, want := range cases {
		page, err := s.ListEvents(ctx, store.EventQuery{Q: q})
		if err != nil {
			t.Errorf("q=%q: %v", q, err)
			continue
		}
		got := titles(t, page)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("q=%q: %v, want %v", q, got, want)
		}
	}
}

// HOME-18: states by name and cities by the names runners use, the cases the home page runs too.
func testEventListPlaceNames(t *testing.T, s store.Store) {
	events, searches := eventtest.SearchCases()
	for _, e := range events {
		ev := sampleEvent(e.Titulo, today, e.Cidade, e.Estado)
		ev.Local.Local = e.Local
		create(t, s, ev)
	}
	for _, c := range searches {
		page, err := s.ListEvents(context.Background(), store.EventQuery{Q: c.Q})
		if err != nil {
			t.Errorf("q=%q: %v", c.Q, err)
			continue
		}
		got := titles(t, page)
		slices.Sort(got)
		if !slices.Equal(got, c.Found) && !(len(got) == 0 && len(c.Found) == 0) {
			t.Errorf("q=%q: %v, want %v", c.Q, got, c.Found)
		}
	}
}

func testEventListCursor(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 25
	for i := range n {
		// Several events share each date, so ties are crossed by page boundaries.
		e := sampleEvent(fmt.Sprintf("Evento %02d", i), today.AddDays(i/3-4), "Goiânia", "GO")
		create(t, s, e)
	}
	for _, asc := range []bool{false, true} {
		for _, limit := range []int{1, 4, 7, 25, 100} {
			seen := map[string]int{}
			var order []event.Date
			q := store.EventQuery{Ascending: asc, Limit: limit}
			for pages := 0; ; pages++ {
				if pages > n+1 {
					t.Fatalf("asc=%v limit=%d: paging does not end", asc, limit)
				}
				page, err := s.ListEvents(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				if len(page.Events) > limit {
					t.Fatalf("page of %d with limit %d", len(page.Events), limit)
				}
				for _, e := range summaries(t, page) {
					seen[e.ID]++
					order = append(order, e.DataEvento)
				}
				if page.NextCursor == "" {
					break
				}
				q.Cursor = page.NextCursor
			}
			if len(seen) != n {
				t.Fatalf("asc=%v limit=%d: visited %d events, want %d", asc, limit, len(seen), n)
			}
			for id, k := range seen {
				if k != 1 {
					t.Fatalf("asc=%v limit=%d: %s visited %d times", asc, limit, id, k)
				}
			}
			sorted := slices.IsSortedFunc(order, func(a, b event.Date) int {
				if asc {
					return a.Compare(b)
				}
				return b.Compare(a)
			})
			if !sorted {
				t.Fatalf("asc=%v limit=%d: pages out of order", asc, limit)
			}
		}
	}
	// A cursor works together with a filter.
	q := store.EventQuery{When: store.Upcoming, Today: today, Limit: 2}
	total := 0
	for {
		page, err := s.ListEvents(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		total += len(page.Events)
		if page.NextCursor == "" {
			break
		}
		q.Cursor = page.NextCursor
	}
	if total != n-12 {
		t.Fatalf("upcoming paged: %d events, want %d", total, n-12)
	}
	if _, err := s.ListEvents(ctx, store.EventQuery{Cursor: "lixo!"}); !errors.Is(err, store.ErrBadCursor) {
		t.Fatalf("bad cursor: %v", err)
	}
}

// Twenty writers at once, each creating and then updating its own event: no error, no lost write.
func testEventConcurrentWriters(t *testing.T, s store.Store) {
	ctx := context.Background()
	const writers = 20
	var wg sync.WaitGroup
	ids := make([]string, writers)
	errs := make([]error, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := sampleEvent(fmt.Sprintf("Escritor %02d", i), today.AddDays(i), "Manaus", "AM")
			created, err := s.CreateEvent(ctx, e)
			if err != nil {
				errs[i] = err
				return
			}
			ids[i] = created.ID
			created.Titulo = fmt.Sprintf("Escritor %02d atualizado", i)
			_, errs[i] = s.UpdateEvent(ctx, created)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
	}
	page, err := s.ListEvents(ctx, store.EventQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Events) != writers {
		t.Fatalf("%d events stored, want %d", len(page.Events), writers)
	}
	for i, id := range ids {
		got, err := s.GetEvent(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("Escritor %02d atualizado", i); got.Titulo != want {
			t.Fatalf("event %d: titulo %q, want %q", i, got.Titulo, want)
		}
	}
}
