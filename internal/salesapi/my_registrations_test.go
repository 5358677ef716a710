package salesapi

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/participant"
	"pelotao/internal/results"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// myRegistrationsOf reads GET /api/me/inscricoes as u.
func (w *moneyWorld) myRegistrationsOf(t *testing.T, u api.User) []myRegistrationAnswer {
	t.Helper()
	rec := w.Call("GET", "/api/me/inscricoes", "", apitest.As(&u))
	if rec.Code != 200 {
		t.Fatalf("GET /api/me/inscricoes %d %s", rec.Code, rec.Body)
	}
	return decode[struct{ Inscricoes []myRegistrationAnswer }](t, rec.Body.Bytes()).Inscricoes
}

// REG-86, REG-87: each registration of "Minhas inscrições" carries what the athlete may edit (the
// shirt sizes, team and emergency contact, until the event's edicaoAte) and, for the buyer of a
// paid order, the end of the cancellation window (the earlier of 7 days after paying and 48 hours
// before the start), with the server's reason once it has passed; its athlete gets the window of
// their own registration (REG-244), not the buyer's refunds.
func TestMyRegistrationsWindows(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		unpaid := w.buyAs(t, bruno, 1, "Bia Lima")
		o := w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		mine := w.myRegistrationsOf(t, bruno)
		if len(mine) != 2 || mine[0].PedidoID != o.ID || mine[1].PedidoID != unpaid.ID {
			t.Fatalf("my registrations %+v", mine)
		}
		paid, awaiting := mine[0], mine[1]
		if paid.Cancelamento == nil || !paid.Cancelamento.Ate.Equal(o.PagoEm.AddDate(0, 0, 7)) || paid.Cancelamento.Motivo != nil {
			t.Fatalf("the paid order's window %+v", paid.Cancelamento)
		}
		if awaiting.Cancelamento != nil {
			t.Fatalf("an unpaid order has no refund window: %+v", awaiting.Cancelamento)
		}
		if paid.ContatoEmergencia.Nome != "José Souza" || paid.ContatoEmergencia.Telefone != "85 3333-4444" || paid.Equipe != "" ||
			paid.Evento.EdicaoAte.String() != "2030-04-24" || strings.Join(paid.Evento.TamanhosCamiseta, ",") == "" ||
			paid.Evento.FusoHorario != "America/Sao_Paulo" { // REG-222: the event names none, so Horário de Brasília
			t.Fatalf("what may be edited %+v %+v", paid, paid.Evento)
		}

		// The event is tomorrow: the window ended 48 hours before its start, and says why.
		loc := w.sales.cfg.Location
		tomorrow := time.Now().In(loc).AddDate(0, 0, 1)
		near := newMoneyWorld(t, st, `"2030-05-01"`, `"`+tomorrow.Format(time.DateOnly)+`"`)
		soon := near.paid(t, near.buyAs(t, bruno, 2, "Caio Reis"))
		var item myRegistrationAnswer
		for _, r := range near.myRegistrationsOf(t, bruno) {
			if r.PedidoID == soon.ID {
				item = r
			}
		}
		y, m, d := tomorrow.Date()
		start := time.Date(y, m, d, 6, 30, 0, 0, loc) // the event's only largada
		if item.Cancelamento == nil || !item.Cancelamento.Ate.Equal(start.Add(-48*time.Hour)) || item.Cancelamento.Motivo == nil ||
			!strings.Contains(*item.Cancelamento.Motivo, "48 horas antes do evento") {
			t.Fatalf("near the event %+v", item.Cancelamento)
		}

		// The athlete (a verified account with the athlete's e-mail) sees it, with the window to cancel
		// their registration (REG-244) and without the buyer's refunds.
		athlete := api.User{ID: "u-ana-atleta", Email: "ana@exemplo.com.br"}
		if err := st.CreateUser(t.Context(), store.User{ID: athlete.ID, Email: athlete.Email, DisplayName: "Ana", PasswordHash: "x",
			CreatedAt: time.Now(), EmailVerifiedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		theirs := w.myRegistrationsOf(t, athlete)
		if len(theirs) != 2 { // both paid orders have the athlete's e-mail; the unpaid one is bruno's alone
			t.Fatalf("the athlete's view %+v", theirs)
		}
		for _, r := range theirs {
			if r.Comprador || r.Cancelamento == nil || r.Cancelamento.Valor != 8990 || len(r.Reembolsos) != 0 {
				t.Fatalf("the athlete's view %+v", r)
			}
		}
	})
}

// REG-88, REG-89: once a result set of the registration's modality lists its bib, the item carries
// the athlete's result (the athlete page's answer) with the addresses of its page and certificate;
// a set of another modality with the same bib is not it, and a line that did not finish has no
// certificate.
func TestMyRegistrationsResult(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		if err := st.SetParticipantSettings(t.Context(), w.eventID, participant.Settings{
			FaixasPeito: []participant.FaixaPeito{{Percurso: "60 km", Inicio: 700, Fim: 799}}}); err != nil {
			t.Fatal(err)
		}
		w.paid(t, w.buyAs(t, bruno, 0, "Ana Souza"))
		before := w.myRegistrationsOf(t, bruno)
		if len(before) != 1 || before[0].NumeroPeito == nil || *before[0].NumeroPeito != 700 || before[0].Resultado != nil {
			t.Fatalf("before the race %+v", before)
		}
		bib := strconv.Itoa(*before[0].NumeroPeito)
		place := func(n int) *int { return &n }
		line := func(ordem int, peito, nome, tempo string, pos int) results.Result {
			return results.Result{Ordem: ordem, NumeroPeito: peito, Chave: peito, Nome: nome, Sexo: "F", Categoria: "Open",
				Posicao: place(pos), PosicaoSexo: place(pos), PosicaoCategoria: place(pos), TempoLiquido: tempo, TempoBruto: tempo, Status: results.StatusOK}
		}
		// Another modality's set with the same bib comes first; it is not the registration's.
		if _, err := st.ReplaceResultSet(t.Context(), results.Set{EventID: w.eventID, Percurso: "30 km", Status: results.Oficial},
			[]results.Result{line(1, bib, "Outra Pessoa", "0:59:00", 1)}); err != nil {
			t.Fatal(err)
		}
		set, err := st.ReplaceResultSet(t.Context(), results.Set{EventID: w.eventID, Percurso: "60 km", Status: results.Preliminar},
			[]results.Result{line(1, "701", "Bia Lima", "1:55:00", 1), line(2, bib, "Ana Souza", "2:01:30", 2)})
		if err != nil {
			t.Fatal(err)
		}
		got := w.myRegistrationsOf(t, bruno)[0].Resultado
		page := "/resultado/" + w.eventID + "/atleta/" + set.ID + "/" + bib
		pdf := "/api/events/" + w.eventID + "/results/" + set.ID + "/athletes/" + bib + "/certificado.pdf"
		if got == nil || got.TempoLiquido != "2:01:30" || got.Posicao == nil || *got.Posicao != 2 || *got.PosicaoSexo != 2 ||
			*got.PosicaoCategoria != 2 || got.Concluintes != 2 || got.TotalSexo != 2 || got.TotalCategoria != 2 ||
			got.ResultSet.ID != set.ID || got.ResultSet.Status != results.Preliminar || got.URL != page || got.Certificado == nil || *got.Certificado != pdf {
			t.Fatalf("the result %+v", got)
		}

		dnf := line(2, bib, "Ana Souza", "", 0)
		dnf.Posicao, dnf.PosicaoSexo, dnf.PosicaoCategoria, dnf.Status = nil, nil, nil, results.StatusDNF
		if _, err := st.ReplaceResultSet(t.Context(), results.Set{EventID: w.eventID, Percurso: "60 km", Status: results.Oficial},
			[]results.Result{line(1, "701", "Bia Lima", "1:55:00", 1), dnf}); err != nil {
			t.Fatal(err)
		}
		if got := w.myRegistrationsOf(t, bruno)[0].Resultado; got == nil || got.Status != results.StatusDNF || got.Certificado != nil || got.URL != page {
			t.Fatalf("a line that did not finish %+v", got)
		}
	})
}
