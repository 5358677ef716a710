package demo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/money"
	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/team"
	"pelotao/internal/textfold"
)

// RaceDayStore is what SeedRaceDay writes to.
type RaceDayStore interface {
	store.EventStore
	store.StaffStore
	store.ParticipantStore
}

// Team is the demo team's e-mails: one manager and one kit desk member.
type Team struct{ Gestao, Retirada string }

// SeedRaceDay readies the owner's upcoming demo events for race week: the demo team on each
// (a manager and a kit desk member), bib ranges by modality and a few hundred participants as a
// ticketing export would bring them (Brazilian names, valid CPFs, the event's modalities, shirt
// sizes, paid and unpaid). Safe on every start: a member already on a team stays, an event that
// has participants keeps them.
func SeedRaceDay(ctx context.Context, st RaceDayStore, ownerID string, members Team, today event.Date) error {
	page, err := st.ListEvents(ctx, store.EventQuery{When: store.Upcoming, Today: today, OwnerID: ownerID, Limit: store.MaxListLimit})
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	summaries, err := page.Summaries()
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	at := time.Now().UTC().Truncate(time.Millisecond)
	for _, sum := range summaries {
		e, err := st.GetEvent(ctx, sum.ID)
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		for role, email := range map[team.Role]string{team.Gestao: members.Gestao, team.Retirada: members.Retirada} {
			_, err := st.AddStaff(ctx, store.StaffMember{EventID: e.ID, Email: email, Role: role, InvitedBy: ownerID, InvitedAt: at})
			if err != nil && !errors.Is(err, store.ErrConflict) {
				return fmt.Errorf("demo: %s: team: %w", e.ID, err)
			}
		}
		existing, err := st.EventParticipants(ctx, e.ID)
		if err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if len(existing) > 0 || len(e.Modalidades) == 0 {
			continue
		}
		settings, plan := registrations(e)
		if err := st.SetParticipantSettings(ctx, e.ID, settings); err != nil {
			return fmt.Errorf("demo: %s: %w", e.ID, err)
		}
		err = st.ApplyImport(ctx, e.ID, plan, store.Actor{UserID: ownerID, Nome: "Organizador Demo", At: at})
		if err != nil && !errors.Is(err, store.ErrConflict) { // a conflict: another instance is seeding
			return fmt.Errorf("demo: %s: participants: %w", e.ID, err)
		}
	}
	return nil
}

var (
	camisetas    = []string{"PP", "P", "P", "M", "M", "M", "M", "G", "G", "G", "GG", "GG", "XG"}
	dddsPorUF    = map[string]string{"SP": "11", "RJ": "21", "MG": "31", "RS": "51", "PR": "41", "SC": "48", "BA": "71", "PE": "81", "CE": "85", "DF": "61", "GO": "62"}
	emailDomains = []string{"exemplo.com.br", "exemplo.com", "corredores.exemplo.com.br"}
)

// registrations makes an event's participants, the same on every run: bib ranges of a thousand
// numbers per modality (1000–1999 for the first…), 150 to 400 registrations spread over the
// modalities, most paid.
func registrations(e event.Event) (participant.Settings, participant.Plan) {
	rng := rand.New(rand.NewPCG(seedOf(e.ID), 19))
	var settings participant.Settings
	for i, m := range e.Modalidades {
		settings.FaixasPeito = append(settings.FaixasPeito, participant.FaixaPeito{Percurso: m.Nome, Inicio: 1000 * (i + 1), Fim: 1000*(i+1) + 999})
	}
	ddd := dddsPorUF[e.Local.Estado]
	if ddd == "" {
		ddd = "11"
	}
	n := 150 + rng.IntN(251)
	used := map[string]bool{}
	next := make([]int, len(e.Modalidades))
	var plan participant.Plan
	for len(plan.Add) < n {
		mi := rng.IntN(len(e.Modalidades))
		if mi > 0 && rng.IntN(3) == 0 {
			mi = 0 // the first modality is the most sought after
		}
		cpf := participant.CompleteCPF(fmt.Sprintf("%09d", 1+rng.IntN(999_999_998)))
		if _, err := participant.ParseCPF(cpf); err != nil || used[cpf] {
			continue
		}
		used[cpf] = true
		p := participant.Participant{Inscricao: fmt.Sprintf("PLT-%06d", 100000+len(plan.Add)*7+rng.IntN(7)),
			Documento: participant.Documento{Tipo: participant.CPF, Numero: cpf}, Percurso: e.Modalidades[mi].Nome,
			Camiseta: pick(rng, camisetas), Pago: rng.IntN(100) < 86}
		if rng.IntN(100) < 43 {
			p.Sexo, p.Nome = "F", pick(rng, nomesFemininos)
		} else {
			p.Sexo, p.Nome = "M", pick(rng, nomesMasculinos)
		}
		p.Nome += " " + pick(rng, sobrenomes)
		if rng.IntN(2) == 0 {
			p.Nome += " " + pick(rng, sobrenomes)
		}
		p.Email = strings.ReplaceAll(textfold.Fold(p.Nome), " ", ".") + fmt.Sprint(rng.IntN(100)) + "@" + pick(rng, emailDomains)
		p.Telefone = fmt.Sprintf("(%s) 9%04d-%04d", ddd, rng.IntN(10000), rng.IntN(10000))
		birth := time.Date(1958+rng.IntN(49), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), 0, 0, 0, 0, time.UTC).Format("2006-01-02")
		p.Nascimento = &birth
		if rng.IntN(10) < 5 {
			p.Equipe = pick(rng, equipes)
		}
		valor := money.Centavos(8990 + 3000*mi + 1000*rng.IntN(3))
		p.Valor = &valor
		bib := 1000*(mi+1) + next[mi]
		next[mi]++
		p.NumeroPeito = &bib
		plan.Add = append(plan.Add, participant.Row{Line: len(plan.Add) + 2, P: p})
	}
	return settings, plan
}
