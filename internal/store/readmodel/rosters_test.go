package readmodel

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// fakeDB is an event's participants as a database holds them, answering RosterChanges and
// counting the reads from the start.
type fakeDB struct {
	people    []participant.Participant
	counter   int64 // the database's rev counter
	fullReads int
}

// put adds or replaces p with a new rev.
func (db *fakeDB) put(p participant.Participant) {
	db.counter++
	p.Rev = db.counter
	for i := range db.people {
		if db.people[i].ID == p.ID {
			db.people[i] = p
			return
		}
	}
	db.people = append(db.people, p)
}

// rev is the highest rev of the event's participants, as ListParticipants reads it.
func (db *fakeDB) rev() int64 {
	var last int64
	for _, p := range db.people {
		last = max(last, p.Rev)
	}
	return last
}

func (db *fakeDB) changes(_ context.Context, _ string, since int64) ([]participant.Participant, int64, error) {
	if since == 0 {
		db.fullReads++
	}
	var out []participant.Participant
	for _, p := range db.people {
		if p.Rev > since {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b participant.Participant) int { return int(a.Rev - b.Rev) })
	if len(out) > 0 {
		since = out[len(out)-1].Rev
	}
	return out, since, nil
}

func runner(id, nome, percurso string, bib int, pago bool) participant.Participant {
	return participant.Participant{ID: id, Nome: nome, Email: id + "@exemplo.com.br", Percurso: percurso, NumeroPeito: &bib, Pago: pago,
		Documento: participant.Documento{Tipo: participant.CPF, Numero: participant.CompleteCPF(fmt.Sprintf("%09d", 100000000+bib))}}
}

func rosterNames(page store.ParticipantPage) []string {
	var out []string
	for _, p := range page.Participants {
		out = append(out, p.Nome)
	}
	return out
}

func TestRosterPageSearchesFiltersAndPages(t *testing.T) {
	db := &fakeDB{}
	for _, p := range []participant.Participant{
		runner("a", "João Conceição", "10 km", 7, true),
		runner("b", "Ana Souza", "5 km", 12, false),
		runner("c", "joana silva", "5 km", 120, true),
		runner("d", "Álvaro Silva", "10 km", 3, true),
		runner("e", "Bruno Silveira", "5 km", 44, true),
	} {
		db.put(p)
	}
	var c Rosters
	r, err := c.Get(context.Background(), "ev", db.rev(), db.changes)
	if err != nil {
		t.Fatal(err)
	}
	yes, no := true, false
	for _, tc := range []struct {
		q     store.ParticipantQuery
		names []string
	}{
		{store.ParticipantQuery{}, []string{"Álvaro Silva", "Ana Souza", "Bruno Silveira", "joana silva", "João Conceição"}},
		{store.ParticipantQuery{Q: "JOAO"}, []string{"João Conceição"}},
		{store.ParticipantQuery{Q: "jo"}, []string{"joana silva", "João Conceição"}},
		{store.ParticipantQuery{Q: "silv"}, []string{"Álvaro Silva", "Bruno Silveira", "joana silva"}},
		{store.ParticipantQuery{Q: "silva jo"}, []string{"joana silva"}},
		{store.ParticipantQuery{Q: "12"}, []string{"Ana Souza", "joana silva"}}, // bib 12 and 120
		{store.ParticipantQuery{Q: "c@exemplo"}, []string{"joana silva"}},
		{store.ParticipantQuery{Q: "zzz"}, nil},
		{store.ParticipantQuery{Percurso: "5 km"}, []string{"Ana Souza", "Bruno Silveira", "joana silva"}},
		{store.ParticipantQuery{Q: "silva", Percurso: "10 km"}, []string{"Álvaro Silva"}},
		{store.ParticipantQuery{Pago: &no}, []string{"Ana Souza"}},
		{store.ParticipantQuery{KitRetirado: &yes}, nil},
		{store.ParticipantQuery{KitRetirado: &no, Pago: &yes, Percurso: "5 km"}, []string{"Bruno Silveira", "joana silva"}},
	} {
		page, err := r.Page(tc.q)
		if err != nil || !slices.Equal(rosterNames(page), tc.names) || page.Total != len(tc.names) || page.NextCursor != "" {
			t.Errorf("%+v: %v (total %d, cursor %q), %v; want %v", tc.q, rosterNames(page), page.Total, page.NextCursor, err, tc.names)
		}
	}

	// Small pages, following the cursor, give every match once, with the total on each.
	for _, tc := range []struct {
		q     store.ParticipantQuery
		names []string
	}{
		{store.ParticipantQuery{Limit: 2}, []string{"Álvaro Silva", "Ana Souza", "Bruno Silveira", "joana silva", "João Conceição"}},
		{store.ParticipantQuery{Limit: 1, Q: "silv"}, []string{"Álvaro Silva", "Bruno Silveira", "joana silva"}},
		{store.ParticipantQuery{Limit: 2, Percurso: "5 km"}, []string{"Ana Souza", "Bruno Silveira", "joana silva"}},
		{store.ParticipantQuery{Limit: 1, Q: "silv", Pago: &yes}, []string{"Álvaro Silva", "Bruno Silveira", "joana silva"}},
	} {
		var all []string
		q := tc.q
		for pages := 0; ; pages++ {
			page, err := r.Page(q)
			if err != nil || page.Total != len(tc.names) || pages > len(tc.names) {
				t.Fatalf("page %+v: %+v, %v", q, page, err)
			}
			all = append(all, rosterNames(page)...)
			if page.NextCursor == "" {
				break
			}
			q.Cursor = page.NextCursor
		}
		if !slices.Equal(all, tc.names) {
			t.Errorf("%+v paged: %v, want %v", tc.q, all, tc.names)
		}
	}
	if _, err := r.Page(store.ParticipantQuery{Cursor: "%%"}); err != store.ErrBadCursor {
		t.Fatalf("bad cursor: %v", err)
	}
}

func TestRostersFollowTheDatabase(t *testing.T) {
	ctx := context.Background()
	db := &fakeDB{}
	db.put(runner("a", "Ana Souza", "5 km", 1, true))
	db.put(runner("b", "Bia Lima", "5 km", 2, true))
	var c Rosters
	get := func() *Roster {
		t.Helper()
		r, err := c.Get(ctx, "ev", db.rev(), db.changes)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	search := func(q string) []string {
		t.Helper()
		page, _ := get().Page(store.ParticipantQuery{Q: q})
		return rosterNames(page)
	}
	first := get()
	if get() != first || db.fullReads != 1 {
		t.Fatalf("read %d times without a change", db.fullReads)
	}

	// A pickup replaces the participant alone: no read from the start.
	ana := db.people[0]
	ana.KitRetirado = &participant.Kit{Balcao: "1"}
	db.put(ana)
	yes := true
	if page, _ := get().Page(store.ParticipantQuery{KitRetirado: &yes}); !slices.Equal(rosterNames(page), []string{"Ana Souza"}) || db.fullReads != 1 {
		t.Fatalf("after a pickup: %v, %d full reads", rosterNames(page), db.fullReads)
	}
	if page, _ := first.Page(store.ParticipantQuery{KitRetirado: &yes}); page.Total != 0 {
		t.Fatal("a roster changed after it was made")
	}

	// A rename moves the participant and its terms, from what the roster holds.
	bia := db.people[1]
	bia.Nome = "Abigail Lima"
	db.put(bia)
	if got := search("lima"); !slices.Equal(got, []string{"Abigail Lima"}) || len(search("bia")) != 0 || db.fullReads != 1 {
		t.Fatalf("after a rename: %v, %d full reads", got, db.fullReads)
	}
	if page, _ := get().Page(store.ParticipantQuery{}); !slices.Equal(rosterNames(page), []string{"Abigail Lima", "Ana Souza"}) {
		t.Fatalf("order after a rename: %v", rosterNames(page))
	}

	// An addition reads the roster again from the start.
	db.put(runner("c", "Caio Reis", "10 km", 3, true))
	if got := search("caio"); !slices.Equal(got, []string{"Caio Reis"}) || db.fullReads != 2 {
		t.Fatalf("after an addition: %v, %d full reads", got, db.fullReads)
	}

	// The event deleted (no participants) and created again with the same id: only the new ones.
	db.people = nil
	if page, _ := get().Page(store.ParticipantQuery{}); page.Total != 0 {
		t.Fatalf("after the deletion: %+v", page)
	}
	db.put(runner("d", "Duda Melo", "5 km", 1, true))
	if page, _ := get().Page(store.ParticipantQuery{}); !slices.Equal(rosterNames(page), []string{"Duda Melo"}) {
		t.Fatalf("after the event was created again: %v", rosterNames(page))
	}
}

func TestRostersForgetTheLeastListed(t *testing.T) {
	ctx := context.Background()
	big := func(n int) *fakeDB {
		db := &fakeDB{}
		for i := range n {
			p := runner(fmt.Sprint(i), fmt.Sprint("Atleta ", i), "5 km", i+1, true)
			p.Rev = int64(i + 1)
			db.people = append(db.people, p)
		}
		return db
	}
	a, b, small := big(maxRosterParticipants/2), big(maxRosterParticipants/2), big(10)
	var c Rosters
	for _, step := range []struct {
		id string
		db *fakeDB
	}{{"a", a}, {"b", b}, {"a", a}, {"small", small}} {
		if _, err := c.Get(ctx, step.id, step.db.rev(), step.db.changes); err != nil {
			t.Fatal(err)
		}
	}
	// "b" was listed least lately and the three no longer fit: it goes; "a" stays.
	kept := func(id string) bool { _, ok := c.kept.get(id); return ok }
	if kept("b") || !kept("a") || !kept("small") || a.fullReads != 1 {
		t.Fatalf("kept: a %v, b %v, small %v; a read %d times", kept("a"), kept("b"), kept("small"), a.fullReads)
	}
}

// TestRosterPagesPastManyWords pages a search over more participants than a word of the match
// set holds, with pages that end anywhere in a word.
func TestRosterPagesPastManyWords(t *testing.T) {
	db := &fakeDB{}
	for i := range 200 {
		db.put(runner(fmt.Sprintf("id-%03d", i), fmt.Sprintf("Atleta %03d", i), "5 km", i+1, true))
	}
	var c Rosters
	r, err := c.Get(context.Background(), "ev", db.rev(), db.changes)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []store.ParticipantQuery{{Q: "atleta", Limit: 7}, {Q: "atleta", Limit: 64}, {Limit: 9}} {
		seen := 0
		for {
			page, err := r.Page(q)
			if err != nil || page.Total != 200 {
				t.Fatalf("%+v: total %d, %v", q, page.Total, err)
			}
			for _, p := range page.Participants {
				if want := fmt.Sprintf("Atleta %03d", seen); p.Nome != want {
					t.Fatalf("%+v: %q at %d, want %q", q, p.Nome, seen, want)
				}
				seen++
			}
			if page.NextCursor == "" {
				break
			}
			q.Cursor = page.NextCursor
		}
		if seen != 200 {
			t.Fatalf("%+v: %d seen", q, seen)
		}
	}
}

// REG-141: a whole registration code finds its registration however it is typed, beside what
// the same text finds as words; a part of a code finds nothing by code.
func TestRosterPageFindsRegistrationCodes(t *testing.T) {
	db := &fakeDB{}
	sold := runner("s", "Bia Paga", "5 km", 9, true)
	sold.Origem, sold.Codigo = participant.OrigemPelotao, "7XK2MP9QRZ"
	other := runner("o", "Davi Pago", "5 km", 10, true)
	other.Origem, other.Codigo = participant.OrigemPelotao, "CARLANEVES" // a code that also reads as a name
	for _, p := range []participant.Participant{sold, other, runner("c", "Carla Neves", "10 km", 11, true), runner("d", "Caio", "10 km", 12, true)} {
		db.put(p)
	}
	var c Rosters
	r, err := c.Get(context.Background(), "ev", db.rev(), db.changes)
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string][]string{
		"7XK2MP9QRZ":    {"Bia Paga"},
		"7xk2-mp9q-rz":  {"Bia Paga"},
		" 7XK2 MP9Q RZ": {"Bia Paga"},
		"7XK2":          nil,
		"7XK2MP9QR":     nil,
		"carla neves":   {"Carla Neves", "Davi Pago"},
		"CARLA-NEVES":   {"Carla Neves", "Davi Pago"},
		"ca":            {"Caio", "Carla Neves"},
	} {
		page, err := r.Page(store.ParticipantQuery{Q: q})
		if err != nil || !slices.Equal(rosterNames(page), want) || page.Total != len(want) {
			t.Errorf("%q: %v (total %d), %v; want %v", q, rosterNames(page), page.Total, err, want)
		}
	}
}
