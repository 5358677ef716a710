package salesapi

import (
	"strings"
	"testing"
	"time"

	"pelotao/internal/api"
	"pelotao/internal/api/apitest"
	"pelotao/internal/mail"
	"pelotao/internal/orders"
	"pelotao/internal/store"
	"pelotao/internal/store/dbtest"
)

// buyTwo makes an order of two athletes as bruno: Ana Souza (ana@, the i-th test document) and
// Carla Dias (carla@, the next).
func (w *moneyWorld) buyTwo(t *testing.T, i int) orderAnswer {
	t.Helper()
	one := strings.TrimSpace(testdata(t, "order.json"))
	athlete := one[strings.Index(one, "[")+1 : strings.LastIndex(one, "]")]
	first := strings.ReplaceAll(athlete, docs[0], docs[i])
	second := strings.NewReplacer(docs[0], docs[i+1], "Ana Souza", "Carla Dias", "ana@", "carla@").Replace(athlete)
	body := `{"atletas":[` + first + `,` + second + `]}`
	return w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", body, apitest.As(&bruno)), 201)
}

// verified gives u an account whose e-mail is verified (an athlete matched by e-mail).
func verified(t testing.TB, st store.Store, u api.User) {
	t.Helper()
	if err := st.CreateUser(t.Context(), store.User{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName, PasswordHash: "x",
		CreatedAt: time.Now(), EmailVerifiedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// mailsTo are the e-mails sent to the address, but the confirmations.
func (ts *testSite) mailsTo(to string) []mail.Message {
	var out []mail.Message
	for _, m := range ts.mailsButConfirmations() {
		if m.To == to {
			out = append(out, m)
		}
	}
	return out
}

// REG-240, REG-242, REG-245: a paid order of two athletes. A co-athlete cancels only their own
// registration; another account sees neither. Cancelled alone, a registration's total goes back
// (a devolução of that amount), it leaves the participants and the order stays pago; the buyer
// is e-mailed the refund and the athlete (another e-mail) that the registration was cancelled.
// The second, last, registration cancelled by the buyer takes the order's full-refund path to
// reembolsado, and its athlete is told once.
func TestCancelOneRegistration(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.paid(t, w.buyTwo(t, 0))
		annie, carlas := o.Inscricoes[0], o.Inscricoes[1]
		athleteCarla := api.User{ID: "u-carla-" + w.eventID, Email: "Carla@exemplo.com.br", DisplayName: "Carla"}
		verified(t, st, athleteCarla)
		dora := api.User{ID: "u-dora-" + w.eventID, Email: "dora@exemplo.com.br", DisplayName: "Dora"}
		verified(t, st, dora)
		cancel := func(id string) string { return "/api/inscricoes/" + id + "/cancelar" }

		for _, r := range w.myRegistrationsOf(t, bruno) { // REG-244: each card says what its own cancellation returns
			if r.Cancelamento == nil || r.Cancelamento.Valor != 8990 {
				t.Fatalf("a registration's cancellation before: %+v", r.Cancelamento)
			}
		}
		for _, u := range []*api.User{&dora, &w.retirada} {
			if rec := w.Call("POST", cancel(carlas.ID), "", apitest.As(u)); rec.Code != 404 {
				t.Fatalf("%s cancels another's registration: %d %s", u.Email, rec.Code, rec.Body)
			}
		}
		if rec := w.Call("POST", cancel(annie.ID), "", apitest.As(&athleteCarla)); rec.Code != 404 {
			t.Fatalf("a co-athlete cancels the other's registration: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Call("POST", "/api/inscricoes/nao-existe/cancelar", "", apitest.As(&bruno)); rec.Code != 404 {
			t.Fatalf("an unknown registration: %d", rec.Code)
		}

		got := w.order(t, w.Call("POST", cancel(carlas.ID), "", apitest.As(&athleteCarla)), 200)
		if got.Status != store.OrderPaid || len(got.Inscricoes) != 1 || got.Inscricoes[0].ID != carlas.ID ||
			got.Inscricoes[0].Status != store.RegistrationCanceled || len(got.Reembolsos) != 0 {
			t.Fatalf("the athlete's answer (their registration only): %+v", got)
		}
		byBuyer := w.get(t, o.ID)
		if byBuyer.Status != store.OrderPaid || byBuyer.Inscricoes[0].Status != store.RegistrationConfirmed ||
			len(byBuyer.Reembolsos) != 1 || byBuyer.Reembolsos[0].Valor != carlas.Total {
			t.Fatalf("the order after one registration: %+v", byBuyer)
		}
		ps, err := st.EventParticipants(t.Context(), w.eventID)
		if err != nil || len(ps) != 1 || ps[0].Inscricao != annie.ID {
			t.Fatalf("participants: %+v %v", ps, err)
		}
		if rec := w.Call("POST", cancel(carlas.ID), "", apitest.As(&bruno)); rec.Code != 409 ||
			decode[errorAnswer](t, rec.Body.Bytes()).Error.Message != "Esta inscrição já foi cancelada." {
			t.Fatalf("cancelled twice: %d %s", rec.Code, rec.Body)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.get(t, o.ID); got.Status != store.OrderPaid || got.Reembolsos[0].Status != store.RefundReturned {
			t.Fatalf("after its refund: %+v", got)
		}
		told := w.mailsTo("carla@exemplo.com.br")
		if len(told) != 1 || told[0].Subject != mail.AthleteCanceledSubject || !strings.Contains(told[0].Text, "Você cancelou a sua inscrição") ||
			!strings.Contains(told[0].Text, "R$ 89,90") {
			t.Fatalf("the athlete's e-mail: %+v", told)
		}
		refunds := w.mailsTo(bruno.Email)
		if len(refunds) != 1 || !strings.Contains(refunds[0].Text, "A inscrição de Carla Dias no seu pedido foi cancelada.") ||
			strings.Contains(refunds[0].Text, "As inscrições deste pedido foram canceladas.") {
			t.Fatalf("the buyer's refund e-mail: %+v", refunds)
		}

		// The last registration: the order's cancellation, then reembolsado.
		got = w.order(t, w.Call("POST", cancel(annie.ID), "", apitest.As(&bruno)), 200)
		if len(got.Reembolsos) != 2 || got.Reembolsos[1].Valor != annie.Total {
			t.Fatalf("the last registration: %+v", got)
		}
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.get(t, o.ID); got.Status != store.OrderRefunded {
			t.Fatalf("after the last registration's refund: %s", got.Status)
		}
		if ps, _ := st.EventParticipants(t.Context(), w.eventID); len(ps) != 0 {
			t.Fatalf("participants left: %+v", ps)
		}
		told = w.mailsTo("ana@exemplo.com.br")
		if len(told) != 1 || !strings.Contains(told[0].Text, "foi cancelada por quem fez a sua inscrição") {
			t.Fatalf("the last athlete's e-mail: %+v", told)
		}
		if n := len(w.mailsTo("carla@exemplo.com.br")); n != 1 {
			t.Fatalf("the first athlete told again: %d e-mails", n)
		}
	})
}

// REG-243, REG-244: near the event the buyer and the athlete are refused (409 fora-do-prazo) and
// the owner is not; a registration of an unpaid order is refused, telling to cancel the order.
func TestCancelOneRegistrationRefusals(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		tomorrow := time.Now().In(time.UTC).AddDate(0, 0, 1).Format(time.DateOnly)
		w := newMoneyWorld(t, st, `"2030-05-01"`, `"`+tomorrow+`"`)
		o := w.paid(t, w.buyTwo(t, 0))
		path := "/api/inscricoes/" + o.Inscricoes[1].ID + "/cancelar"
		rec := w.Call("POST", path, "", apitest.As(&bruno))
		if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 409 || e.Error.Code != "fora-do-prazo" {
			t.Fatalf("the buyer near the event: %d %s", rec.Code, rec.Body)
		}
		got := w.order(t, w.Call("POST", path, "", apitest.As(&ana)), 200)
		if got.Status != store.OrderPaid || got.Inscricoes[1].Status != store.RegistrationCanceled || len(got.Reembolsos) != 1 {
			t.Fatalf("the owner near the event: %+v", got)
		}
		if told := w.mailsTo("carla@exemplo.com.br"); len(told) != 1 || !strings.Contains(told[0].Text, "foi cancelada pela organização do evento") {
			t.Fatalf("the athlete's e-mail: %+v", w.mailsTo("carla@exemplo.com.br"))
		}

		unpaid := w.buyTwo(t, 2)
		rec = w.Call("POST", "/api/inscricoes/"+unpaid.Inscricoes[0].ID+"/cancelar", "", apitest.As(&bruno))
		if e := decode[errorAnswer](t, rec.Body.Bytes()); rec.Code != 409 || e.Error.Code != "nao-cancelavel" ||
			!strings.Contains(e.Error.Message, "cancele o pedido inteiro") {
			t.Fatalf("a registration of an unpaid order: %d %s", rec.Code, rec.Body)
		}
	})
}

// REG-245: the buyer's edit of a registration tells its athlete (another e-mail) what changed;
// the athlete's own edit, and an athlete with the buyer's e-mail, are not told.
func TestEditTellsTheAthlete(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.paid(t, w.buyTwo(t, 0))
		w.order(t, w.Call("PATCH", "/api/inscricoes/"+o.Inscricoes[1].ID, `{"camiseta":"G"}`, apitest.As(&bruno)), 200)
		told := w.mailsTo("carla@exemplo.com.br")
		if len(told) != 1 || told[0].Subject != mail.AthleteEditedSubject || !strings.Contains(told[0].Text, "alterados por quem fez a sua inscrição") ||
			!strings.Contains(told[0].Text, "Camiseta: M → G") {
			t.Fatalf("the athlete's e-mail: %+v", told)
		}
		athleteCarla := api.User{ID: "u-carla-" + w.eventID, Email: "carla@exemplo.com.br", DisplayName: "Carla"}
		verified(t, st, athleteCarla)
		w.order(t, w.Call("PATCH", "/api/inscricoes/"+o.Inscricoes[1].ID, `{"camiseta":"P"}`, apitest.As(&athleteCarla)), 200)
		if n := len(w.mailsTo("carla@exemplo.com.br")); n != 1 {
			t.Fatalf("the athlete told of their own edit: %d e-mails", n)
		}

		self := strings.NewReplacer(docs[0], docs[2], "ana@exemplo.com.br", bruno.Email).Replace(orderJSON(t, ""))
		own := w.paid(t, w.order(t, w.Call("POST", "/api/events/"+w.eventID+"/pedidos", self, apitest.As(&bruno)), 201))
		before := len(w.mailsButConfirmations())
		w.order(t, w.Call("PATCH", "/api/inscricoes/"+own.Inscricoes[0].ID, `{"camiseta":"G"}`, apitest.As(&bruno)), 200)
		if after := len(w.mailsButConfirmations()); after != before {
			t.Fatalf("an athlete with the buyer's e-mail was told: %d e-mails, want %d", after, before)
		}
	})
}

// REG-242, REG-245: the athlete cancels the order's last confirmed registration: the order's full
// refund, whose e-mail tells the buyer whose registration it was, and the athlete is told they did
// it (not the organization).
func TestAthleteCancelsTheLastRegistration(t *testing.T) {
	dbtest.OnBothDatabases(t, func(t *testing.T, st store.Store) {
		w := newMoneyWorld(t, st)
		o := w.paid(t, w.buyTwo(t, 0))
		athleteCarla := api.User{ID: "u-carla-" + w.eventID, Email: "carla@exemplo.com.br", DisplayName: "Carla"}
		verified(t, st, athleteCarla)
		w.order(t, w.Call("POST", "/api/inscricoes/"+o.Inscricoes[0].ID+"/cancelar", "", apitest.As(&bruno)), 200)
		w.order(t, w.Call("POST", "/api/inscricoes/"+o.Inscricoes[1].ID+"/cancelar", "", apitest.As(&athleteCarla)), 200)
		w.sales.reconcileAt(t.Context(), time.Now().Add(orders.WebhookGrace))
		if got := w.get(t, o.ID); got.Status != store.OrderRefunded || len(got.Reembolsos) != 2 {
			t.Fatalf("after both: %+v", got)
		}
		told := w.mailsTo("carla@exemplo.com.br")
		if len(told) != 1 || !strings.Contains(told[0].Text, "Você cancelou a sua inscrição") {
			t.Fatalf("the athlete's e-mail: %+v", told)
		}
		if told := w.mailsTo("ana@exemplo.com.br"); len(told) != 1 || !strings.Contains(told[0].Text, "foi cancelada por quem fez a sua inscrição") {
			t.Fatalf("the first athlete's e-mail: %+v", told)
		}
		refunds := w.mailsTo(bruno.Email)
		if len(refunds) != 2 || !strings.Contains(refunds[1].Text, "A inscrição de Carla Dias no seu pedido foi cancelada.") ||
			!strings.Contains(refunds[1].Text, "As inscrições deste pedido foram canceladas.") {
			t.Fatalf("the buyer's refund e-mails: %+v", refunds)
		}
	})
}
