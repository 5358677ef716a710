package demo

import (
	"context"
	"testing"
	"time"

	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// The upcoming demo events get their team and a few hundred valid participants in their own
// modalities; past events get none; a second run changes nothing.
func TestSeedRaceDay(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	upcoming := map[string]bool{}
	for _, de := range catalogue(today) {
		e := de.Event
		e.ID, e.OwnerID = de.slug, "organizador"
		if _, err := st.CreateEvent(ctx, e); err != nil {
			t.Fatal(err)
		}
		upcoming[e.ID] = e.DataEvento.String() >= today.String()
	}
	for _, u := range []struct{ id, email string }{{"u-gestao", "gestao@pelotao.demo"}, {"u-retirada", "retirada@pelotao.demo"}} {
		// Verified, as EnsureDemoUser makes the demo team: invitations give roles to verified accounts only.
		if err := st.CreateUser(ctx, store.User{ID: u.id, Email: u.email, DisplayName: u.id, PasswordHash: "x", EmailVerifiedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	members := Team{Gestao: "gestao@pelotao.demo", Retirada: "retirada@pelotao.demo"}
	if err := SeedRaceDay(ctx, st, "organizador", members, today); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	seeded := 0
	for id, up := range upcoming {
		ps, err := st.EventParticipants(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		counts[id] = len(ps)
		role, _ := st.EventRole(ctx, id, "u-retirada")
		if !up {
			if len(ps) != 0 || role != "" {
				t.Errorf("past event %s: %d participants, retirada %q", id, len(ps), role)
			}
			continue
		}
		e, _ := st.GetEvent(ctx, id)
		if len(e.Modalidades) == 0 {
			continue
		}
		seeded++
		if len(ps) < 150 || len(ps) > 400 || role != team.Retirada {
			t.Errorf("%s: %d participants, retirada %q", id, len(ps), role)
		}
		if r, _ := st.EventRole(ctx, id, "u-gestao"); r != team.Gestao {
			t.Errorf("%s: gestao %q", id, r)
		}
		modalidades := map[string]bool{}
		for _, m := range e.Modalidades {
			modalidades[m.Nome] = true
		}
		paid, bibs := 0, map[int]bool{}
		for _, p := range ps {
			if _, err := participant.ParseCPF(p.Documento.Numero); err != nil || !modalidades[p.Percurso] || p.Camiseta == "" ||
				p.NumeroPeito == nil || bibs[*p.NumeroPeito] || (p.Sexo != "F" && p.Sexo != "M") {
				t.Fatalf("%s: %+v (%v)", id, p, err)
			}
			bibs[*p.NumeroPeito] = true
			if p.Pago {
				paid++
			}
		}
		if paid == 0 || paid == len(ps) {
			t.Errorf("%s: %d of %d paid", id, paid, len(ps))
		}
	}
	if seeded < 2 {
		t.Fatalf("only %d upcoming demo events got participants", seeded)
	}
	if err := SeedRaceDay(ctx, st, "organizador", members, today); err != nil {
		t.Fatal(err)
	}
	for id, n := range counts {
		if ps, _ := st.EventParticipants(ctx, id); len(ps) != n {
			t.Errorf("%s: %d participants after a second run, %d before", id, len(ps), n)
		}
	}
}
